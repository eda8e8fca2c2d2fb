package dev.tracelint.trace.duration;

import dev.tracelint.read.Json;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.EventRef;
import dev.tracelint.trace.EventSpan;
import dev.tracelint.trace.Fact;
import dev.tracelint.trace.ThreadReach;
import dev.tracelint.trace.Threads.TraceThread;
import java.math.BigDecimal;

/**
 * B/E pairs: per (pid, tid), in file order (as the spec says and catapult does), an E closes the
 * innermost open B.
 */
public sealed interface DurationFacts extends Fact {
    /**
     * An E and the B it closes, published at the E. The names' ranges are -1 when the event has
     * no name; {@link EventRef#name()} is null unless the name is a string.
     */
    public record BeginEnd(TraceThread thread, EventRef begin, long beginNameStart, long beginNameEnd,
                           EventRef end, long endNameStart, long endNameEnd) implements DurationFacts {
        /** The range of the B's name value, or null without one. */
        public TextRange beginNameRange() {
            return beginNameStart < 0 ? null : new TextRange(beginNameStart, beginNameEnd);
        }

        /** The range of the E's name value, or null without one. */
        public TextRange endNameRange() {
            return endNameStart < 0 ? null : new TextRange(endNameStart, endNameEnd);
        }
    }

    /**
     * A pair whose E and B both have a string name and the names differ (the E closes the B all
     * the same). Apart from {@link BeginEnd}, which the editor's index reads for every pair: most
     * names match, and a check needs only these.
     */
    public record MisnamedEnd(BeginEnd pair) implements DurationFacts {
    }

    /**
     * An E without a {@code name} member that closes a B whose name is a string ({@link EventRef#name()}
     * of {@code begin}): what a fix needs to give the E its B's name. Apart from {@link BeginEnd}, which
     * every pair makes: almost every E has a name.
     */
    public record NamelessEnd(EventRef begin, EventRef end) implements DurationFacts {
    }

    /**
     * An E whose tts (thread clock) is earlier than the tts of the B it closes: the slice's thread
     * duration would be negative. {@code ttsStart}/{@code ttsEnd}: the E's tts value.
     */
    public record ThreadTimeBackwards(TraceThread thread, EventRef begin, double beginTts, EventRef end, double endTts,
                                      long ttsStart, long ttsEnd) implements DurationFacts {
        public TextRange tts() {
            return new TextRange(ttsStart, ttsEnd);
        }
    }

    /** An E with no open B on its thread, and where it sits (for a fix that deletes it). */
    public record EndWithoutBegin(TraceThread thread, EventRef end, EventSpan span) implements DurationFacts {
    }

    /**
     * A B that no E closed by the end of the document (innermost first per thread), with its pid
     * and tid as it spells them (the text, and whether it was a string; null if absent), its cat
     * (null unless a string) and how far its thread reaches, for a fix that closes it.
     */
    public record BeginUnclosed(TraceThread thread, EventRef begin, String pidText, boolean pidIsString,
                                String tidText, boolean tidIsString, String cat, ThreadReach reach) implements DurationFacts {
    }

    /**
     * An X without a {@code dur} member ({@code durStart} -1) or with a negative one: what a producer
     * writes for a slice still open when the recording stopped (Chrome's MessageLoop::RunTask). Published
     * at the end of the document with how far its thread reaches, where catapult closes it
     * (processCompleteEvent: didNotFinish, auto-closed): for a fix that gives it that dur. When B's
     * were open around it ({@code enclosed}), {@code reach} is instead the ts of the E that closed the
     * innermost of them: it must end inside its parent, or it would overlap it.
     */
    public record CompleteUnended(TraceThread thread, EventRef complete, long durStart, long durEnd, ThreadReach reach,
                                  boolean enclosed) implements DurationFacts {
        /** The range of its dur value, or null without one. */
        public TextRange dur() {
            return durStart < 0 ? null : new TextRange(durStart, durEnd);
        }

        /**
         * The dur that ends it where its thread's last event ends (its children, when it is the
         * last slice open), or its enclosing B's E: exact decimals, as a viewer reads them back; null
         * without a numeric ts, or if that end is earlier than it.
         */
        public BigDecimal durToThreadEnd() {
            BigDecimal end = reach == null ? null : reach.latest();
            if (end == null || !Double.isFinite(complete.ts())) {
                return null;
            }
            BigDecimal d = end.subtract(new BigDecimal(Json.number(complete.ts())));
            return d.signum() < 0 ? null : d;
        }
    }
}
