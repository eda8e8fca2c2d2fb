package dev.tracelint.rules;

import dev.tracelint.read.EventView;

/** A rule whose findings come from the reader itself (syntax); it sees no events. */
public abstract class SyntaxRule implements Rule {
    @Override
    public final void accept(EventView event, Report out) {
        // the reader reports these while it parses
    }
}
