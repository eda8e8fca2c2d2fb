package dev.tracelint.api;

import java.util.List;

/**
 * A finding that still stops a targeted viewer after {@link Tracelint#repair}.
 *
 * @param rule    its rule
 * @param message its message
 * @param at      where it is in the input
 * @param blocks  the ids of the targeted viewers it degrades or fails
 * @param reason  why no mechanical remedy was applied (no fix, a refused fix, nothing to fix)
 * @param lost    what each of those viewers does with it, as the viewer model says ("perfetto dropped: ...")
 */
public record Unrepaired(String rule, String message, Position at, List<String> blocks, String reason, List<String> lost) {
}
