package dev.tracelint.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.tracelint.Corpus;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Verdicts;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Perfetto's own tests of its JSON importer as an oracle for the Perfetto rows of the viewer model.
 *
 * <p>{@code ../shared/oracles/perfetto-json-tests/} holds, for each of the 30 tests of
 * {@code test/trace_processor/diff_tests/parser/json/tests.py} (google/perfetto at the commit its
 * tests.json names), the trace, the SQL query and the table Perfetto must produce. For each test this
 * derives from the table what Perfetto shows ({@link Shown}: events dropped, left open with dur -1,
 * moved to a spill track, the file refused), where the query makes that visible, and checks it against
 * our own classification in {@code tests/oracle/perfetto-expectations.tsv} (one line per test, with the
 * reason where the table cannot say). It then analyses the trace in-process, every default viewer
 * targeted, and compares what tracelint says of Perfetto: the verdict (loads / degraded / fails) and
 * the Perfetto part of every finding's message ("Perfetto drops it", "chrome://tracing and Perfetto show
 * it wrongly", ...). A disagreement fails the test unless {@code tests/oracle/perfetto-known-disagreements.tsv}
 * lists it with its reason (and a listed one that no longer occurs fails it too). The traces are read
 * from ../shared only: the project keeps no copy of them.
 */
class PerfettoOracleTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();
    private static final Path TESTS = Corpus.SHARED_ORACLES.resolve("perfetto-json-tests");
    private static final Path EXPECTATIONS = REPO.resolve("tests/oracle/perfetto-expectations.tsv");
    private static final Path KNOWN = REPO.resolve("tests/oracle/perfetto-known-disagreements.tsv");
    private static final JsonFactory LENIENT = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .build();

    /** What Perfetto's table shows of the trace. */
    enum Shown {
        /** An event is not in the table (or a stats counter says one was dropped). */
        DROPPED,
        /** A slice with dur -1: a B or b never closed. */
        OPEN,
        /** An X moved to a spill track (`slice_spill_overlapping_complete_event`). */
        SPILLED,
        /** The whole file refused. */
        REFUSED;

        static Shown of(String word) {
            return valueOf(word.toUpperCase(Locale.ROOT));
        }

        /** The viewer model's consequence of what is shown. */
        Consequence consequence() {
            return switch (this) {
                case DROPPED -> Consequence.DROPPED;
                case OPEN, SPILLED -> Consequence.WRONG;
                case REFUSED -> Consequence.FAILS;
            };
        }
    }

    record Expectation(String test, Set<Shown> shown, boolean fromTable, String reason) {
        Verdict verdict() {
            return shown.contains(Shown.REFUSED) ? Verdict.FAILS : shown.isEmpty() ? Verdict.LOADS : Verdict.DEGRADED;
        }

        Set<Consequence> consequences() {
            Set<Consequence> out = new TreeSet<>();
            for (Shown s : shown) {
                out.add(s.consequence());
            }
            return out;
        }
    }

    record PerfettoTest(String name, String trace, String query, String expected) {
    }

    @Test
    void tracelintSaysWhatPerfettosOwnTestsShow() throws IOException {
        if (!Files.isRegularFile(TESTS.resolve("tests.json"))) {
            System.out.println("PerfettoOracleTest: did not run: " + TESTS + " is not beside the checkout");
            return;
        }
        List<PerfettoTest> tests = readTests(TESTS.resolve("tests.json"));
        Map<String, Expectation> expectations = readExpectations();
        Map<String, String> known = readKnown();
        assertEquals(new TreeSet<>(expectations.keySet()), new TreeSet<>(tests.stream().map(PerfettoTest::name).toList()),
                "perfetto-expectations.tsv must have one line per test of tests.json");

        List<String> problems = new ArrayList<>();
        List<String> disagreements = new ArrayList<>();
        Set<String> stillKnown = new TreeSet<>();
        int agree = 0;
        Viewers targets = Viewers.DEFAULT;
        for (PerfettoTest t : tests) {
            Expectation e = expectations.get(t.name());
            List<Event> events = events(TESTS.resolve(t.trace()));
            Set<Shown> derived = derive(t, events);
            if (derived != null && e.fromTable() && !derived.equals(e.shown())) {
                problems.add(t.name() + ": the table shows " + derived + ", perfetto-expectations.tsv says " + e.shown());
            } else if (derived != null && !e.shown().containsAll(derived)) {
                problems.add(t.name() + ": the table shows " + derived + ", more than perfetto-expectations.tsv says: " + e.shown());
            } else if (derived == null && e.fromTable()) {
                problems.add(t.name() + ": perfetto-expectations.tsv says `table`, but the query shows none of it: give the reason");
            }

            Analysis a;
            try (InputStream in = Files.newInputStream(TESTS.resolve(t.trace()))) {
                a = new Analyzer(Config.DEFAULT.withViewers(targets)).analyze(in, () -> false);
            }
            Verdict verdict = Verdict.LOADS;
            for (Verdicts.ViewerVerdict v : a.verdicts()) {
                if (v.viewer() == Viewer.PERFETTO) {
                    verdict = v.verdict();
                }
            }
            Set<Consequence> said = new TreeSet<>();
            for (Finding f : a.findings()) {
                Consequence fromMessage = perfettoPart(f.message());
                Consequence fromImpact = f.impact().consequence(Viewer.PERFETTO);
                if (fromMessage != fromImpact) {
                    problems.add(t.name() + ": the message says " + fromMessage + " for Perfetto, the model " + fromImpact + ": " + f.message());
                }
                if (fromMessage != Consequence.NONE) {
                    said.add(fromMessage);
                }
            }
            String ours = verdict.id() + " " + said;
            String theirs = e.verdict().id() + " " + e.consequences();
            if (ours.equals(theirs)) {
                agree++;
                if (known.containsKey(t.name())) {
                    problems.add(t.name() + ": listed in perfetto-known-disagreements.tsv but tracelint now agrees (" + ours + "): remove the line");
                }
            } else if (known.containsKey(t.name())) {
                stillKnown.add(t.name());
                disagreements.add(t.name() + ": Perfetto " + theirs + ", tracelint " + ours + " (known: " + known.get(t.name()) + ")");
            } else {
                problems.add(t.name() + ": Perfetto " + theirs + " (" + e.reason() + "), tracelint " + ours);
            }
        }
        System.out.println("PerfettoOracleTest: tracelint agrees with Perfetto's own JSON importer tests on " + agree + " of "
                + tests.size() + " (Perfetto " + commit(TESTS.resolve("tests.json")) + ")");
        disagreements.forEach(d -> System.out.println("  known disagreement: " + d));
        assertEquals(List.of(), problems);
        assertTrue(agree > 0);
    }

    /**
     * The Perfetto part of a finding's message: the clause after the last ": " groups the targeted viewers
     * by consequence ("DevTools cannot load the file; chrome://tracing and Perfetto drop it").
     */
    private static final Pattern PERFETTO = Pattern.compile("(?:^|[ ,])Perfetto(?:[ ,]|$)");

    static Consequence perfettoPart(String message) {
        int colon = message.lastIndexOf(": ");
        String clause = colon < 0 ? message : message.substring(colon + 2);
        for (String part : clause.split("; ")) {
            if (!PERFETTO.matcher(part).find()) {
                continue;
            }
            if (part.endsWith("cannot load the file")) {
                return Consequence.FAILS;
            }
            if (part.endsWith(" drop it") || part.endsWith(" drops it")) {
                return Consequence.DROPPED;
            }
            if (part.endsWith(" show it wrongly") || part.endsWith(" shows it wrongly")) {
                return Consequence.WRONG;
            }
        }
        return Consequence.NONE;
    }

    // ---- what the expected table shows ----

    record Event(String ph, String name, String scope) {
        char phase() {
            return ph == null || ph.isEmpty() ? '\0' : ph.charAt(0); // Perfetto reads the first character
        }
    }

    private static final Pattern FROM = Pattern.compile("\\bfrom\\s+(slice|thread_or_process_slice)\\b(?:\\s+as\\s+slice)?");
    private static final Pattern WHERE_NAME = Pattern.compile("\\bwhere\\s+slice\\.name\\s*=\\s*\"([^\"]*)\"");

    /**
     * What the expected table shows, or null when its query shows nothing of what is kept or lost
     * (metadata, process names, counters, thread states: perfetto-expectations.tsv then gives the reason).
     */
    static Set<Shown> derive(PerfettoTest t, List<Event> events) {
        String q = t.query().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        List<Map<String, String>> rows = csv(t.expected());
        List<String> header = csvHeader(t.expected());
        Set<Shown> shown = EnumSet.noneOf(Shown.class);
        if (q.contains("'slice_spill_overlapping_complete_event'") && q.contains("_trace_import_logs")) {
            if (!rows.isEmpty()) {
                shown.add(Shown.SPILLED);
            }
            return shown;
        }
        if (header.contains("slice_count")) {
            Map<String, String> r = rows.get(0);
            if (positive(r.get("spill_count"))) {
                shown.add(Shown.SPILLED);
            }
            if (positive(r.get("drop_count")) || positive(r.get("tokenizer_failures"))
                    || Long.parseLong(r.get("slice_count")) < slices(events, true, null).size()) {
                shown.add(Shown.DROPPED);
            }
            return shown;
        }
        Matcher from = FROM.matcher(q);
        if (!from.find() || q.contains("count(")) {
            return null; // not a list of slices (an aggregate gives one row whatever was dropped)
        }
        String where = null;
        Matcher w = WHERE_NAME.matcher(q);
        if (w.find()) {
            where = w.group(1);
        } else if (q.contains(" where ")) {
            return null;
        }
        List<String> candidates = slices(events, from.group(1).equals("slice"), where);
        if (header.contains("name")) {
            Set<String> names = new TreeSet<>();
            for (Map<String, String> r : rows) {
                names.add(r.get("name"));
            }
            for (String c : candidates) {
                if (!names.contains(c)) {
                    shown.add(Shown.DROPPED);
                }
            }
        } else if (rows.size() < candidates.size()) { // one row per slice (no join)
            shown.add(Shown.DROPPED);
        }
        if (header.contains("dur")) {
            for (Map<String, String> r : rows) {
                if ("-1".equals(r.get("dur"))) {
                    shown.add(Shown.OPEN);
                }
            }
        }
        return shown;
    }

    /**
     * The names of the events that make a slice the query can show: B and X on thread tracks; I, i and R
     * on thread or process tracks (a global one only in {@code slice}); b and n only in {@code slice}
     * (their tracks are async ones). A slice without name is "[No name]".
     */
    private static List<String> slices(List<Event> events, boolean allTracks, String onlyName) {
        List<String> out = new ArrayList<>();
        for (Event e : events) {
            boolean shown = switch (e.phase()) {
                case 'B', 'X' -> true;
                case 'I', 'i', 'R' -> allTracks || !"g".equals(e.scope());
                case 'b', 'n' -> allTracks;
                default -> false;
            };
            String name = e.name() == null || e.name().isEmpty() ? "[No name]" : e.name();
            if (shown && (onlyName == null || onlyName.equals(name))) {
                out.add(name);
            }
        }
        return out;
    }

    private static boolean positive(String v) {
        return v != null && !v.equals("[NULL]") && Double.parseDouble(v) > 0;
    }

    /** The CSV Perfetto's diff tests compare with: a header, quoted strings, "[NULL]". */
    static List<Map<String, String>> csv(String text) {
        List<String> header = csvHeader(text);
        List<Map<String, String>> rows = new ArrayList<>();
        String[] lines = text.strip().split("\n");
        for (int i = 1; i < lines.length; i++) {
            List<String> cells = cells(lines[i]);
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < header.size() && c < cells.size(); c++) {
                row.putIfAbsent(header.get(c), cells.get(c));
            }
            rows.add(row);
        }
        return rows;
    }

    private static List<String> csvHeader(String text) {
        String first = text.strip().split("\n")[0];
        return first.isEmpty() ? List.of() : cells(first);
    }

    private static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out;
    }

    // ---- reading the data ----

    /** The events of a trace as Perfetto's tests feed them (trailing commas, raw line breaks, a missing ']'). */
    static List<Event> events(Path trace) throws IOException {
        List<Event> out = new ArrayList<>();
        try (JsonParser p = LENIENT.createParser(Files.readAllBytes(trace))) {
            JsonToken root = p.nextToken();
            if (root == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    if (p.nextToken() == JsonToken.START_ARRAY && key.equals("traceEvents")) {
                        readArray(p, out);
                    } else {
                        p.skipChildren();
                    }
                }
            } else if (root == JsonToken.START_ARRAY) {
                readArray(p, out);
            }
        } catch (com.fasterxml.jackson.core.JsonParseException cut) {
            // the array form may end without ']' (test_json_incomplete): the events read so far are the trace
            if (!cut.getOriginalMessage().startsWith("Unexpected end-of-input")) {
                throw cut;
            }
        }
        return out;
    }

    private static void readArray(JsonParser p, List<Event> out) throws IOException {
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String ph = null;
            String name = null;
            String scope = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                if (v == JsonToken.VALUE_STRING) {
                    switch (key) {
                        case "ph" -> ph = p.getText();
                        case "name" -> name = p.getText();
                        case "s" -> scope = p.getText();
                        default -> {
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
            out.add(new Event(ph, name, scope));
        }
    }

    static List<PerfettoTest> readTests(Path testsJson) throws IOException {
        List<PerfettoTest> out = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(testsJson.toFile())) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                if (p.nextToken() == JsonToken.START_ARRAY && key.equals("tests")) {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        Map<String, String> fields = new LinkedHashMap<>();
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String k = p.currentName();
                            p.nextToken();
                            fields.put(k, p.getValueAsString());
                            p.skipChildren();
                        }
                        out.add(new PerfettoTest(fields.get("test"), fields.get("trace"), fields.get("query"), fields.get("expected")));
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
        return out;
    }

    private static String commit(Path testsJson) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(testsJson.toFile())) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                if (key.equals("commit")) {
                    return p.getText();
                }
                p.skipChildren();
            }
        }
        return "?";
    }

    /** perfetto-expectations.tsv: test, shown (comma-separated, or none), basis (table or source), reason. */
    static Map<String, Expectation> readExpectations() throws IOException {
        Map<String, Expectation> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(EXPECTATIONS, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("test\t")) {
                continue;
            }
            String[] c = line.split("\t", -1);
            assertEquals(4, c.length, "perfetto-expectations.tsv: four columns: " + line);
            Set<Shown> shown = EnumSet.noneOf(Shown.class);
            if (!c[1].equals("none")) {
                for (String w : c[1].split(",")) {
                    shown.add(Shown.of(w.strip()));
                }
            }
            assertTrue(c[2].equals("table") || c[2].equals("source"), "basis is table or source: " + line);
            assertTrue(!c[3].isBlank(), "no reason: " + line);
            out.put(c[0], new Expectation(c[0], shown, c[2].equals("table"), c[3]));
        }
        return out;
    }

    /** perfetto-known-disagreements.tsv: test, reason. */
    static Map<String, String> readKnown() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(KNOWN, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("test\t")) {
                continue;
            }
            String[] c = line.split("\t", -1);
            assertTrue(c.length == 2 && !c[1].isBlank(), "perfetto-known-disagreements.tsv: test, reason: " + line);
            out.put(c[0], c[1]);
        }
        return out;
    }
}
