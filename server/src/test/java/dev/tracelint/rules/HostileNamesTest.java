package dev.tracelint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.TraceAssert;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.model.MetadataName;
import dev.tracelint.rules.config.InvalidConfig;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.text.Quoted;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Output no name can forge, for every rule: each rule page's Bad example with every string a
 * trace names things by (the values of name, cat, id, id2's local and global, scope, tid, pid,
 * parent, sf, esf and bind_id, every string under args, args' keys and the frame ids, keys of
 * stackFrames) made hostile, a prefix of the chars a message must never carry raw, or a
 * 5,000-char run. The rule still reports (else this would prove nothing), and no message, related
 * message or fix title of any finding holds such a char raw, and none grows with the names.
 */
class HostileNamesTest {
    /**
     * ESC with a colour sequence, CR, LF, U+202E (right-to-left override), U+200B (zero-width
     * space), U+FEFF, U+00AD (soft hyphen), U+E0041 (a tag), U+2066 (an isolate), U+3164 (a
     * Hangul filler), a lone high surrogate; written as JSON escapes, so the trace stays valid JSON.
     */
    static final String HOSTILE = "\\u001b[31m\\r\\n\\u202e\\u200b\\ufeff\\u00ad\\udb40\\udc41\\u2066\\u3164\\ud800";
    /** What a message must not hold, whatever else it says (the lone surrogate: any half without its partner). */
    private static final String RAW = "\u001b\r\n\u202e\u200b\ufeff\u00ad\u2066\u3164";
    /** A long name: 5,000 chars, which made a 5,130-char message. */
    static final String LONG = "\\u202e" + "W".repeat(5_000);
    /**
     * How long a message may be: each trace string a message quotes is shown in at most
     * {@link Quoted#SHOWN_ESCAPED} chars and its cut note, and a message quotes a few; the longest
     * here was 418 chars (a 5,000-char name made a 5,130-char message before).
     */
    private static final int MAX_MESSAGE = 600;
    /** The values that name things; their strings are made hostile. */
    /** The values whose numbers are written long. */
    private static final Set<String> TIMES = Set.of("ts", "dur", "tdur", "tts");
    private static final Set<String> NAMING = Set.of("name", "cat", "id", "tid", "pid", "scope", "local", "global", "parent", "sf",
            "esf", "bind_id");
    /**
     * Strings a rule reads as words of the format or of a viewer, kept as written so that the rule
     * still judges the same event: the metadata names, the names and category a viewer knows, a
     * near miss of a metadata name (a prefix would make it none), and the args keys the model reads.
     */
    private static final Set<String> RESERVED = reserved();

    @Test
    void everyRuleReportsHostileNamesEscapedAndShort() throws IOException {
        Map<String, String> wrong = new TreeMap<>();
        int findings = 0;
        int checkedRules = 0;
        for (RuleInfo rule : Rules.infos().values()) {
            if (rule.id().equals(InvalidConfig.ID) || rule.id().equals("time-order-limited")) {
                continue; // tracelint.json examples; an example larger than the model's bound (e2e TimeOrderLimitedTest)
            }
            String bad = RulePages.bad(rule);
            checkedRules++;
            Map<String, String> variants = Map.of("hostile", withPrefix(bad, HOSTILE), "long", withPrefix(bad, LONG),
                    "long numbers", withLongNumbers(bad));
            for (Map.Entry<String, String> v : variants.entrySet()) {
                List<Finding> found = analyze(v.getValue(), RulePages.config(rule));
                // an args field over Raw.MAX_REF_LENGTH chars is not looked at for an id_ref
                boolean notLookedAt = v.getKey().equals("long") && rule.id().equals("dangling-id-ref");
                if (!notLookedAt && found.stream().noneMatch(f -> f.ruleId().equals(rule.id()))) {
                    wrong.put(rule.id() + " " + v.getKey(), "no longer reports on\n" + shortened(v.getValue()));
                }
                for (Finding f : found) {
                    findings++;
                    check(f.ruleId() + " message", f.message(), wrong);
                    for (Related r : f.related()) {
                        check(f.ruleId() + " related", r.message(), wrong);
                    }
                    for (Fix x : f.fixes()) {
                        check(f.ruleId() + " fix title", x.title(), wrong);
                    }
                }
            }
        }
        assertEquals(Map.of(), wrong);
        assertTrue(findings >= 3 * checkedRules, findings + " findings checked");
    }

    private static void check(String what, String text, Map<String, String> wrong) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean lone = Character.isHighSurrogate(c) && (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1)))
                    || Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
            if (RAW.indexOf(c) >= 0 || lone || c == '\udb40') {
                wrong.put(what + " U+" + Integer.toHexString(c), shortened(text));
                return;
            }
        }
        if (!Quoted.safe(text).equals(text)) {
            wrong.put(what + " unsafe", shortened(text));
        } else if (text.length() > MAX_MESSAGE) {
            wrong.put(what + " " + text.length() + " chars", shortened(text));
        }
    }

    /**
     * The example with {@code prefix} (JSON-escaped text) put before every string that names
     * something: equal strings stay equal and different ones different, so the rule's judgement
     * does not change. A light scan, not a parser: examples may be broken JSON on purpose; a string
     * is a key when a ':' follows it, and the keys of the objects and arrays it sits in say what it is.
     */
    static String withPrefix(String example, String prefix) {
        return mutate(example, prefix, false);
    }

    /**
     * The example with every number of ts, dur, tdur and tts written with 5,000 more zeros after
     * its point: the same number (a message that shows the literal must cut it), and the strings as they are.
     */
    static String withLongNumbers(String example) {
        return mutate(example, "", true);
    }

    private static String mutate(String example, String prefix, boolean longNumbers) {
        StringBuilder out = new StringBuilder(example.length() * 2);
        Deque<String> containers = new ArrayDeque<>(); // the key each open object or array is the value of ("" for none)
        String lastKey = "";
        char lastSignificant = 0;
        int i = 0;
        int n = example.length();
        while (i < n) {
            char c = example.charAt(i);
            if (c == '"') {
                int end = i + 1;
                while (end < n && example.charAt(end) != '"' && example.charAt(end) != '\n') {
                    end += example.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end, n - 1);
                String content = example.substring(i + 1, end);
                int after = end + 1;
                while (after < n && Character.isWhitespace(example.charAt(after))) {
                    after++;
                }
                boolean key = after < n && example.charAt(after) == ':';
                boolean inArgs = containers.contains("args");
                boolean frameId = "stackFrames".equals(containers.peek()); // a frame's id is its key
                boolean hostile = !RESERVED.contains(content) && (key ? inArgs || frameId : inArgs || lastSignificant == ':' && NAMING.contains(lastKey));
                out.append('"').append(hostile ? prefix : "").append(content).append(example.charAt(end));
                if (key) {
                    lastKey = content;
                }
                lastSignificant = '"';
                i = end + 1;
                continue;
            }
            if (longNumbers && (c == '-' || c >= '0' && c <= '9') && lastSignificant == ':' && TIMES.contains(lastKey)) {
                int end = i + 1;
                while (end < n && "0123456789.eE+-".indexOf(example.charAt(end)) >= 0) {
                    end++;
                }
                String number = example.substring(i, end);
                int exponent = number.toLowerCase(java.util.Locale.ROOT).indexOf('e');
                String mantissa = exponent < 0 ? number : number.substring(0, exponent);
                out.append(mantissa).append(mantissa.contains(".") ? "" : ".").append("0".repeat(5_000))
                        .append(exponent < 0 ? "" : number.substring(exponent));
                lastSignificant = '0';
                i = end;
                continue;
            }
            if (c == '{' || c == '[') {
                containers.push(lastSignificant == ':' ? lastKey : "");
            } else if ((c == '}' || c == ']') && !containers.isEmpty()) {
                containers.pop();
            }
            if (!Character.isWhitespace(c)) {
                lastSignificant = c;
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    /** A failure's text, short enough to read: a 5,000-char name shown by its first and last chars. */
    private static String shortened(String s) {
        return Quoted.safe(s.replaceAll("W{20,}", "W…W").replaceAll("0{20,}", "0…0")); // a raw ESC or CR would garble the report itself
    }

    private static Set<String> reserved() {
        Set<String> words = new HashSet<>(Set.of("clock_sync", "firstPaint", "blink.user_timing", "thread_nam",
                "name", "sync_id", "issue_ts", "id_ref", "snapshot", "stackFrames", "base_type", "id", "sort_index",
                "labels", "data", "frame"));
        for (MetadataName m : MetadataName.values()) {
            words.add(m.id());
        }
        return words;
    }

    private static List<Finding> analyze(String example, Config config) throws IOException {
        return new Analyzer(config).analyze(new ByteArrayInputStream(TraceAssert.utf8WithRawBytes(example)), () -> false)
                .findings();
    }
}
