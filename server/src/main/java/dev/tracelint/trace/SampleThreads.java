package dev.tracelint.trace;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextRange;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Which global samples (the object form's top-level {@code samples}) have a thread, as catapult's
 * importSampleData binds them: by {@code tid} alone, as a JavaScript object key (1 and "1" are one
 * thread, the pid is not read), among the threads its importer made for the events. State as small as
 * the trace's threads: the events' thread keys, and each distinct sample tid with its first sample and
 * how many name it. Resolved at the end, since samples may come before the events.
 */
public final class SampleThreads {
    /** One sample tid: where it first appears, as it is written there, and how many samples name it. */
    public static final class Sampled {
        private final TextRange first;
        private final String text;
        private final boolean string;
        private int samples = 1;

        Sampled(TextRange first, String text, boolean string) {
            this.first = first;
            this.text = text;
            this.string = string;
        }

        public TextRange first() {
            return first;
        }

        /** The tid's text (a string's value, a number's literal) as its first sample writes it. */
        public String text() {
            return text;
        }

        /** Whether the first sample writes it as a string. */
        public boolean isString() {
            return string;
        }

        public int samples() {
            return samples;
        }
    }

    private final Set<String> threads = new HashSet<>();
    private final Map<String, Sampled> sampled = new LinkedHashMap<>();

    /** An event of the trace: its thread counts if catapult's importer makes one for it (getOrCreateThread). */
    public void event(EventView e) {
        if (makesThread(e)) {
            Field tid = e.get("tid");
            threads.add(tid == null ? "undefined" : key(tid));
        }
    }

    /** A sample's tid: a string or an integer (other kinds are for the rules on samples' fields). */
    public void sample(Field tid) {
        String key = key(tid);
        Sampled s = sampled.get(key);
        if (s == null) {
            sampled.put(key, new Sampled(tid.valueRange(), tid.text(), tid.kind() == ValueKind.STRING));
        } else {
            s.samples++;
        }
    }

    /** Each distinct sample tid that is no event's thread, in file order. */
    public void forEachWithoutThread(Consumer<Sampled> action) {
        sampled.forEach((key, s) -> {
            if (!threads.contains(key)) {
                action.accept(s);
            }
        });
    }

    /** C events, process metadata and process or global instants make a process only; memory dumps and clock syncs neither. */
    private static boolean makesThread(EventView e) {
        Phase p = e.phase();
        if (p == null) {
            return false;
        }
        return switch (p.family()) {
            case DURATION, ASYNC, FLOW, OBJECT, CONTEXT, SAMPLE -> true;
            case INSTANT, MARK -> {
                String s = e.string("s");
                yield s == null && !e.has("s") || "t".equals(s);
            }
            case METADATA -> "thread_name".equals(e.name()) || "thread_sort_index".equals(e.name());
            default -> false;
        };
    }

    /** The tid as a JavaScript object key: a string as it is, a number as JavaScript prints it (1.0 and 1 alike). */
    private static String key(Field tid) {
        if (tid.kind() == ValueKind.STRING) {
            return tid.text();
        }
        if (tid.kind() != ValueKind.NUMBER) {
            return tid.kind().name().toLowerCase();
        }
        if (tid.isDigitsOnly()) {
            return tid.text();
        }
        double d = tid.asDouble();
        return d == Math.rint(d) && Math.abs(d) < 1e21 ? new BigDecimal(d).toPlainString() : Double.toString(d);
    }
}
