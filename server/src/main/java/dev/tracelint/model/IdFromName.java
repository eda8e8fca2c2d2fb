package dev.tracelint.model;

import java.util.Locale;

/**
 * An enum whose id in outputs (JSON, SARIF, settings) is its constant's name in lower case, words joined by
 * {@code -}: {@code NOT_A_TRACE} is {@code not-a-trace}. The id is then said once, as the constant.
 */
public interface IdFromName {
    String name();

    default String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
