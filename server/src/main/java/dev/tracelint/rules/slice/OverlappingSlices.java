package dev.tracelint.rules.slice;

import dev.tracelint.rules.FactRule;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.SliceFacts;
import dev.tracelint.trace.SliceFacts.SliceRef;

/**
 * Slices on one thread that partially overlap in time (the later one starts inside the earlier one
 * and ends after it, wherever each is in the file): they cannot nest, and Perfetto and DevTools
 * drop the later one.
 */
public final class OverlappingSlices extends FactRule<SliceFacts.Overlap> {
    public OverlappingSlices() {
        super(Fact.Kind.SLICE_OVERLAP);
    }

    @Override
    protected void judge(SliceFacts.Overlap o, Report out) {
        SliceRef later = o.later();
        SliceRef earlier = o.earlier();
        out.add(out.at(later.ph(), later.label() + " (ts " + SliceFacts.micros(later.start()) + " to "
                        + SliceFacts.micros(later.end()) + ") starts inside " + earlier.label() + " (ts "
                        + SliceFacts.micros(earlier.start()) + " to " + SliceFacts.micros(earlier.end())
                        + ") on thread " + o.thread().key() + " and ends after it: slices on one thread must nest;"
                        + " Perfetto and DevTools drop " + later.label())
                .related(earlier.ph(), "the slice it overlaps"));
    }
}
