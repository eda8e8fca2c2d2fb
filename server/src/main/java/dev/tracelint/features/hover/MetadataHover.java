package dev.tracelint.features.hover;

import dev.tracelint.features.Cancellation;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import java.util.function.BooleanSupplier;

/** A metadata event (M) that names a process or a thread: how many events that process or thread has. */
final class MetadataHover implements HoverParticipant {
    @Override
    public void describe(HoverRequest r, StringBuilder b) {
        TraceIndex index = r.index();
        int i = r.row();
        if (r.phase() != Phase.METADATA) {
            return;
        }
        MetadataName name = MetadataName.of(index.name(i));
        MetadataName.Subject subject = name == null ? null : name.subject();
        if (subject == MetadataName.Subject.PROCESS) {
            b.append("- names process ").append(HoverRequest.shown(index.pid(i))).append(": ").append(count(index, i, false, r.cancelled())).append(" events\n");
        } else if (subject == MetadataName.Subject.THREAD) {
            b.append("- names thread ").append(HoverRequest.shown(index.tid(i))).append(" of process ").append(HoverRequest.shown(index.pid(i))).append(": ")
                    .append(count(index, i, true, r.cancelled())).append(" events\n");
        }
    }

    /** Non-metadata events of the metadata event's process (or thread). */
    private static int count(TraceIndex index, int m, boolean thread, BooleanSupplier cancelled) {
        int n = 0;
        for (int j = 0; j < index.size(); j++) {
            Cancellation.poll(cancelled, j);
            if ("M".equals(index.phase(j))) {
                continue;
            }
            if (thread ? index.threadOf(j) == index.threadOf(m) : index.pid(j).equals(index.pid(m))) {
                n++;
            }
        }
        return n;
    }
}
