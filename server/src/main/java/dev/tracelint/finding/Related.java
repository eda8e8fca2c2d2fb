package dev.tracelint.finding;

import dev.tracelint.text.TextRange;

/** Another place that explains a finding, e.g. the B that an E fails to match. */
public record Related(TextRange range, String message) {
}
