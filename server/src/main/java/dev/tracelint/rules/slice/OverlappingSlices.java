package dev.tracelint.rules.slice;

import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;

/**
 * Slices on one thread that partially overlap (the later one starts inside the earlier one and
 * ends after it): they cannot nest, and Perfetto and DevTools drop the later one.
 */
public final class OverlappingSlices implements Rule {
    private final ThreadSlices slices;

    public OverlappingSlices(SharedState shared) {
        slices = ThreadSlices.shared(shared);
    }

    @Override
    public void accept(EventView e, Report out) {
        ThreadSlices.Overlap o = slices.accept(e);
        if (o == null) {
            return;
        }
        out.add(out.at(o.laterRange(), o.later() + " (ts " + ThreadSlices.micros(o.laterStart()) + " to "
                        + ThreadSlices.micros(o.laterEnd()) + ") starts inside " + o.earlier() + " (ts "
                        + ThreadSlices.micros(o.earlierStart()) + " to " + ThreadSlices.micros(o.earlierEnd())
                        + ") on thread " + o.thread() + " and ends after it: slices on one thread must nest;"
                        + " Perfetto and DevTools drop " + o.later())
                .related(o.earlierRange(), "the slice it overlaps"));
    }
}
