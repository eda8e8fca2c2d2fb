package dev.tracelint.features;

import dev.tracelint.model.ColorNames;
import dev.tracelint.model.Phase;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Completion from the text around the cursor: values for ph, cname, s, bp, metadata names and
 * displayTimeUnit, and the keys an event of the current phase may have.
 */
public final class CompletionService {
    /** One proposal; {@code replace} is the text it replaces, {@code insert} what goes there. */
    public record Item(String label, String detail, String documentation, String insert, TextRange replace, boolean isKey) {
    }

    private static final Pattern VALUE = Pattern.compile("\"([A-Za-z_]+)\"\\s*:\\s*(\"?)([^\",{}\\[\\]:]*)$");
    private static final Pattern KEY = Pattern.compile("[{,]\\s*(\"?)([A-Za-z_]*)$");
    private static final Pattern PH = Pattern.compile("\"ph\"\\s*:\\s*\"([^\"]*)\"");
    private static final Map<String, String> COMMON_KEYS = new LinkedHashMap<>();
    private static final Map<String, String> METADATA = new LinkedHashMap<>();

    static {
        COMMON_KEYS.put("name", "The event's name, as shown by viewers.");
        COMMON_KEYS.put("cat", "Comma-separated categories.");
        COMMON_KEYS.put("ph", "The phase: one letter such as B, E, X, i, C, b, e, M.");
        COMMON_KEYS.put("ts", "Timestamp in microseconds.");
        COMMON_KEYS.put("tts", "Thread-clock timestamp in microseconds.");
        COMMON_KEYS.put("pid", "Process id.");
        COMMON_KEYS.put("tid", "Thread id.");
        COMMON_KEYS.put("args", "Arguments shown with the event.");
        COMMON_KEYS.put("cname", "A reserved colour name.");
        METADATA.put("process_name", "Names the process: args.name.");
        METADATA.put("process_labels", "Labels the process: args.labels.");
        METADATA.put("process_sort_index", "Orders processes: args.sort_index.");
        METADATA.put("thread_name", "Names the thread: args.name.");
        METADATA.put("thread_sort_index", "Orders threads: args.sort_index.");
        METADATA.put("num_cpus", "Number of CPUs: args.number.");
        METADATA.put("process_uptime_seconds", "Process uptime: args.uptime.");
    }

    public List<Item> complete(String text, long offset) {
        int lineStart = text.lastIndexOf('\n', (int) Math.max(0, offset - 1)) + 1;
        String before = text.substring(lineStart, (int) offset);
        Matcher v = VALUE.matcher(before);
        if (v.find()) {
            String key = v.group(1);
            boolean quoted = !v.group(2).isEmpty();
            TextRange replace = new TextRange(offset - v.group(3).length(), offset);
            return values(key, quoted, replace, isMetadata(text, lineStart, offset));
        }
        Matcher k = KEY.matcher(before);
        if (k.find()) {
            boolean quoted = !k.group(1).isEmpty();
            TextRange replace = new TextRange(offset - k.group(2).length(), offset);
            return keys(phaseAround(text, lineStart, offset), quoted, replace);
        }
        return List.of();
    }

    private static boolean isMetadata(String text, int lineStart, long offset) {
        return "M".equals(phaseAround(text, lineStart, offset));
    }

    /** The ph of the event being edited, looked for on the cursor's line. */
    private static String phaseAround(String text, int lineStart, long offset) {
        int lineEnd = text.indexOf('\n', (int) offset);
        String line = text.substring(lineStart, lineEnd < 0 ? text.length() : lineEnd);
        Matcher m = PH.matcher(line);
        return m.find() ? m.group(1) : null;
    }

    private static List<Item> values(String key, boolean quoted, TextRange replace, boolean metadata) {
        List<Item> out = new ArrayList<>();
        switch (key) {
            case "ph" -> {
                for (Phase p : Phase.values()) {
                    out.add(value(p.letter(), p.description() + (p.deprecated() ? " (deprecated)" : ""), PhaseDocs.of(p), quoted, replace));
                }
            }
            case "cname" -> ColorNames.ALL.forEach(c -> out.add(value(c, "reserved colour", null, quoted, replace)));
            case "s" -> {
                out.add(value("t", "thread scope (default)", "The instant is drawn on its thread.", quoted, replace));
                out.add(value("p", "process scope", "The instant spans its process.", quoted, replace));
                out.add(value("g", "global scope", "The instant spans the whole trace.", quoted, replace));
            }
            case "bp" -> out.add(value("e", "enclosing slice", "Binds a flow end to the enclosing slice instead of the next one.", quoted, replace));
            case "displayTimeUnit" -> {
                out.add(value("ms", "milliseconds (default)", null, quoted, replace));
                out.add(value("ns", "nanoseconds", null, quoted, replace));
            }
            case "name" -> {
                if (metadata) {
                    METADATA.forEach((n, doc) -> out.add(value(n, "metadata", doc, quoted, replace)));
                }
            }
            default -> {
            }
        }
        return out;
    }

    private static Item value(String v, String detail, String doc, boolean quoted, TextRange replace) {
        return new Item(v, detail, doc, quoted ? v : "\"" + v + "\"", replace, false);
    }

    static Map<String, String> keysFor(String ph) {
        Map<String, String> keys = new LinkedHashMap<>(COMMON_KEYS);
        Phase p = Phase.of(ph);
        if (p == null) {
            return keys;
        }
        switch (p.family()) {
            case DURATION -> {
                keys.put("sf", "Stack frame id (in stackFrames) where the slice starts.");
                keys.put("stack", "Explicit stack (array of frames) where the slice starts.");
                if (p == Phase.COMPLETE) {
                    keys.put("dur", "Duration in microseconds.");
                    keys.put("tdur", "Thread-clock duration in microseconds.");
                    keys.put("esf", "Stack frame id where the slice ends.");
                    keys.put("estack", "Explicit stack where the slice ends.");
                }
            }
            case INSTANT -> {
                keys.put("s", "Scope: t (thread), p (process) or g (global).");
                keys.put("sf", "Stack frame id (thread-scoped instants only).");
                keys.put("stack", "Explicit stack (thread-scoped instants only).");
            }
            case ASYNC, OBJECT -> {
                keys.put("id", "Id matching the events of one async slice or object.");
                keys.put("id2", "Id with explicit scope: {\"local\": ...} or {\"global\": ...}.");
                keys.put("scope", "Scope string that disambiguates ids.");
            }
            case FLOW -> {
                keys.put("id", "Id matching the events of one flow.");
                if (p == Phase.FLOW_END) {
                    keys.put("bp", "Binding point: \"e\" binds to the enclosing slice.");
                }
            }
            case COUNTER -> keys.put("id", "Together with name, names the counter.");
            default -> {
            }
        }
        return keys;
    }

    private static List<Item> keys(String ph, boolean quoted, TextRange replace) {
        List<Item> out = new ArrayList<>();
        keysFor(ph).forEach((k, doc) -> out.add(new Item(k, "key", doc, quoted ? k : "\"" + k + "\": ", replace, true)));
        return out;
    }
}
