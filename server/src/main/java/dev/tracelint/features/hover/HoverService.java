package dev.tracelint.features.hover;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.features.EventMembers;
import dev.tracelint.features.EventMembers.Member;
import dev.tracelint.features.Hover;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.text.TextRange;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Hover on any part of an event: what it is, where, when, how long, and what its fields mean, as
 * the participants say it (each describes one kind of thing), from the analysis's index and the
 * text at the offsets it recorded. {@code cancelled} is polled in every loop over the events; once
 * it is true the hover stops with a {@link java.util.concurrent.CancellationException}.
 */
public final class HoverService {
    /** In the order their lines appear: the event first, what its phase makes it next, its args last. */
    private static final List<HoverParticipant> PARTICIPANTS = List.of(new EventHover(), new SliceHover(),
            new AsyncHover(), new FlowHover(), new ObjectHover(), new CounterHover(), new MetadataHover(),
            new FrameHover(), new ArgsHover());

    public Optional<Hover> hover(String text, Analysis analysis, long offset, BooleanSupplier cancelled) {
        TraceIndex index = analysis.index();
        if (index == null || !index.isTrace()) {
            return Optional.empty();
        }
        int i = index.eventAt(offset);
        if (i == TraceIndex.NONE) {
            return TraceOverviewHover.at(analysis, offset);
        }
        TraceIndex.IdRef ref = index.idRefAt(offset);
        if (ref != null) {
            return Optional.of(ObjectHover.reference(index, ref));
        }
        EventMembers members = EventMembers.of(text, index, i);
        EventMembers.Hit hit = members.at(offset);
        Member m = hit == null ? null : hit.member();
        boolean own = hit != null && hit.own();
        double origin = analysis.overview() == null ? Double.NaN : analysis.overview().first();
        HoverRequest r = new HoverRequest(text, index, i, members, origin, cancelled);
        if (own && m.valueRange().contains(offset)) {
            StringBuilder b = new StringBuilder();
            for (HoverParticipant p : PARTICIPANTS) {
                String s = p.onValue(r, m);
                b.append(s == null ? "" : s);
            }
            if (!b.isEmpty()) {
                return Optional.of(new Hover(b.toString(), m.valueRange()));
            }
        }
        if (own && m.keyRange().contains(offset)) {
            StringBuilder b = new StringBuilder();
            for (HoverParticipant p : PARTICIPANTS) {
                String s = p.onKey(r, m);
                b.append(s == null ? "" : s);
            }
            return Optional.of(new Hover(describe(r, b), m.keyRange()));
        }
        return Optional.of(new Hover(describe(r, new StringBuilder()), m != null ? m.valueRange()
                : new TextRange(index.start(i), index.end(i))));
    }

    /** The event's description, every participant's lines in turn, after {@code b}. */
    private static String describe(HoverRequest r, StringBuilder b) {
        for (HoverParticipant p : PARTICIPANTS) {
            p.describe(r, b);
        }
        return b.toString();
    }
}
