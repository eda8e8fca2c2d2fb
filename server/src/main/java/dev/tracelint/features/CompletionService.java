package dev.tracelint.features;

import dev.tracelint.model.ColorNames;
import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
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

    /** The items at {@code offset}, the likely ones first (the order is the ranking). */
    public List<Item> complete(String text, long offset) {
        int lineStart = offset == 0 ? 0 : text.lastIndexOf('\n', (int) offset - 1) + 1;
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
                for (Phase p : likelyFirst()) { // the description says "deprecated" already where it is
                    out.add(value(p.letter(), p.description(), PhaseDocs.of(p), quoted, replace));
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
                    for (MetadataName m : MetadataName.all()) {
                        if (m.documentation() != null) {
                            out.add(value(m.id(), "metadata", m.documentation(), quoted, replace));
                        }
                    }
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** The phases in the order a trace most likely wants them: the common ones first, deprecated ones last. */
    static List<Phase> likelyFirst() {
        List<Phase> out = new ArrayList<>(List.of(Phase.COMPLETE, Phase.BEGIN, Phase.END, Phase.INSTANT, Phase.METADATA,
                Phase.COUNTER, Phase.ASYNC_BEGIN, Phase.ASYNC_END, Phase.ASYNC_INSTANT, Phase.FLOW_START, Phase.FLOW_STEP,
                Phase.FLOW_END));
        for (Phase p : Phase.values()) {
            if (!p.deprecated() && !out.contains(p)) {
                out.add(p);
            }
        }
        for (Phase p : Phase.values()) {
            if (p.deprecated()) {
                out.add(p);
            }
        }
        return out;
    }

    private static Item value(String v, String detail, String doc, boolean quoted, TextRange replace) {
        return new Item(v, detail, doc, quoted ? v : "\"" + v + "\"", replace, false);
    }

    /** The keys an event of phase {@code ph} may have, in a useful order. */
    static List<String> keysFor(String ph) {
        List<String> keys = new ArrayList<>(List.of("name", "cat", "ph", "ts", "tts", "pid", "tid", "args", "cname"));
        Phase p = Phase.of(ph);
        if (p == null) {
            return keys;
        }
        switch (p.family()) {
            case DURATION -> {
                keys.addAll(List.of("sf", "stack"));
                if (p == Phase.COMPLETE) {
                    keys.addAll(List.of("dur", "tdur", "esf", "estack"));
                }
            }
            case INSTANT -> keys.addAll(List.of("s", "sf", "stack"));
            case ASYNC, OBJECT -> keys.addAll(List.of("id", "id2", "scope"));
            case FLOW -> {
                keys.add("id");
                if (p == Phase.FLOW_END) {
                    keys.add("bp");
                }
            }
            case COUNTER -> keys.add("id");
            default -> {
            }
        }
        return keys;
    }

    private static List<Item> keys(String ph, boolean quoted, TextRange replace) {
        List<Item> out = new ArrayList<>();
        for (String k : keysFor(ph)) {
            // the schema is the one source of truth for what a key means
            out.add(new Item(k, "key", TraceSchema.get().markdownDescription(k), quoted ? k : "\"" + k + "\": ", replace, true));
        }
        return out;
    }
}
