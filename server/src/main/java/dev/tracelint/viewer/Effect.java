package dev.tracelint.viewer;

import java.util.Objects;

/**
 * What one viewer does with one condition, and how we know.
 *
 * @param consequence what becomes of the event or the file
 * @param what        what happens, in a few words (Markdown: code in backticks)
 * @param source      the viewer's source file and function that do it, at the version the model pins
 *                    ({@link Viewer#version()}), in one form: {@code [repo] path function[, function] [(note)]},
 *                    joined by {@code "; "} (another place) or {@code " -> "} (what it calls), a citation
 *                    without a path being in the previous one's file (docs/will-it-load.md; CitedFunctionsTest
 *                    checks each file and function against the names the pinned sources define)
 * @param oracleCase  for a viewer the oracle runs, the case in tests/oracle/cases that shows it; else null
 */
public record Effect(Viewer viewer, Consequence consequence, String what, String source, String oracleCase) {
    public Effect {
        Objects.requireNonNull(viewer);
        Objects.requireNonNull(consequence);
        Objects.requireNonNull(what);
        Objects.requireNonNull(source);
        if (viewer.runnable() != (oracleCase != null)) {
            throw new IllegalArgumentException(viewer.id() + ": " + (viewer.runnable()
                    ? "an entry of a viewer the oracle runs names the case that verified it"
                    : "only the viewers the oracle runs have oracle cases"));
        }
    }
}
