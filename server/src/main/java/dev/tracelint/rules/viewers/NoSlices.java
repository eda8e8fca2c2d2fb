package dev.tracelint.rules.viewers;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;
import java.util.Set;

/**
 * A trace with events but no B, E or X at all (only instants, async slices, counters...):
 * speedscope imports nothing else, makes no profile and says "Successfully imported profile, but
 * it's empty!". Reported once per file, on the events array's head (its {@code [}, from the
 * {@code "traceEvents"} key on), since no one event is to blame. Not reported when speedscope
 * reads the file otherwise: with top-level {@code samples}, or as a Chrome CPU profile (its
 * isChromeTimeline: the first event has pid, tid, ph and cat, and some event is named
 * {@code Profile}, {@code ProfileChunk} or {@code CpuProfile}). A trace with no events at all is
 * not this condition: speedscope says "Unrecognized format!" and DevTools fails too, which the
 * viewer model's entry for no-slices (DevTools draws the other events) would misstate.
 */
public final class NoSlices implements Rule {
    private static final Set<String> CPU_PROFILE = Set.of("CpuProfile", "Profile", "ProfileChunk");

    private boolean anyEvent;
    /** Whether the first event has what speedscope's isChromeTimeline asks of it. */
    private boolean firstLikeChrome;
    private boolean slice;
    private boolean cpuProfile;
    private boolean samples;
    private TextRange head;

    @Override
    public void acceptSample(EventView sample, Report out) {
        samples = true;
    }

    @Override
    public void accept(EventView e, Report out) {
        if (slice) {
            return; // decided: nothing more to learn
        }
        if (!anyEvent) {
            anyEvent = true;
            firstLikeChrome = e.has("pid") && e.has("tid") && e.has("ph") && e.has("cat");
        }
        Phase p = e.phase();
        if (p == Phase.BEGIN || p == Phase.END || p == Phase.COMPLETE) {
            slice = true;
        } else if (!cpuProfile) {
            String name = e.name();
            cpuProfile = name != null && CPU_PROFILE.contains(name); // Set.of does not take null
        }
    }

    @Override
    public void eventsHead(TextRange head) {
        this.head = head;
    }

    @Override
    public void finish(Report out) {
        if (!slice && !samples && anyEvent && head != null && !(cpuProfile && firstLikeChrome)) {
            out.add(out.at(head, "the trace has no B, E or X event"));
        }
    }
}
