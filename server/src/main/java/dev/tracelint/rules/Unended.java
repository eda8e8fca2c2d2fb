package dev.tracelint.rules;

import dev.tracelint.columns.Sorted;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.duration.DurationFacts.CompleteUnended;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The findings of an X never ended (no dur, or a negative one), held from the event until the
 * model publishes its {@link CompleteUnended} fact at the end of the document, which says how far
 * its thread reaches: then each gets the fix that gives it the dur ending it there, where catapult
 * auto-closes it (processCompleteEvent: didNotFinish) and where its children end. One entry per
 * such X: they are findings all the same.
 */
public final class Unended {
    /** In event order (they come in file order), so a fact finds its own by binary search. */
    private final List<Held> held = new ArrayList<>();

    /** A held finding; {@code taken} once its fact came. */
    private static final class Held {
        final long index;
        final Finding.Builder finding;
        final Report to;
        boolean taken;

        Held(long index, Finding.Builder finding, Report to) {
            this.index = index;
            this.finding = finding;
            this.to = to;
        }
    }

    /** Holds the finding of the X at event {@code index}, to be added to {@code to} by {@link #close} or {@link #finish}. */
    public void hold(long index, Finding.Builder finding, Report to) {
        held.add(new Held(index, finding, to));
    }

    /** Holds the finding of the X at event {@code index} (reported to the rule's own condition). */
    public void hold(long index, Finding.Builder finding) {
        hold(index, finding, null);
    }

    /** The fact of an X: its held finding (if any) is added, with the fix giving it a dur ({@link #giveDur}) when there is one. */
    public void close(CompleteUnended x, Report out) {
        Held h = find(x.complete().index());
        if (h == null || h.taken) {
            return;
        }
        h.taken = true;
        Fix fix = giveDur(x);
        if (fix != null) {
            h.finding.fix(fix);
        }
        (h.to == null ? out : h.to).add(h.finding);
    }

    /** The end: what no fact came for is added without a fix. */
    public void finish(Report out) {
        for (Held h : held) {
            if (!h.taken) {
                (h.to == null ? out : h.to).add(h.finding);
            }
        }
        held.clear();
    }

    /** The held finding of event {@code index}, or null. */
    private Held find(long index) {
        int at = Sorted.lowerBound(held.size(), k -> held.get(k).index, index); // held in event order, one per event
        return at < held.size() && held.get(at).index == index ? held.get(at) : null;
    }

    /**
     * The fix giving {@code x} the dur that ends it at its thread's end, or null without a time to end
     * at: it replaces a negative dur, or is written after the ph of an X without one (the model keeps
     * the range of a negative dur only). Unsafe: the end is invented.
     */
    private static Fix giveDur(CompleteUnended x) {
        BigDecimal dur = x.durToThreadEnd();
        if (dur == null) {
            return null;
        }
        String d = dur.toPlainString();
        TextRange negative = x.dur();
        return Fix.unsafe("Set dur " + d + (x.enclosed() ? ", ending it with the B that encloses it" : ", ending it with its thread's last event")
                + " (invents an end: the recording stopped first)",
                negative != null ? TextEdit.replace(negative, d) : TextEdit.insert(x.complete().phEnd(), ", \"dur\": " + d));
    }
}
