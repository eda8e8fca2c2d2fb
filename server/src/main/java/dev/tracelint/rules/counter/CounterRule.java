package dev.tracelint.rules.counter;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** A rule about a counter's values: it reads C events only (its declaration says so), and of them their {@code args} (a counter's series). */
abstract class CounterRule implements Rule {
    @Override
    public final void accept(EventView e, Report out) {
        judge(e, e.get("args"), out);
    }

    /** One C event {@code e} and its {@code args} member, null without one. */
    protected abstract void judge(EventView e, Field args, Report out);
}
