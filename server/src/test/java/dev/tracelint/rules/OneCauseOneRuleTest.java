package dev.tracelint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.TraceAssert;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Phase;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Consequence;
import dev.tracelint.viewer.Effect;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One cause, one rule (issue 36): a condition is declared by the rule that names its cause, whatever the phase the
 * event arrives on, so that a severity set for a rule in tracelint.json means what it says.
 *
 * <p>How: every declaration's triggers are run, each condition's own (the rule page's Bad example, the oracle cases
 * its entries cite); for each event a finding is on, the same trace is run again with that event's {@code ph} set to
 * every other phase, nothing else changed. A finding another rule makes on the very same range (the same key or value
 * of the same event) in any of these variants is a cause two rules can report, told apart by the phase alone: the test
 * fails. This is what caught {@code TracingStartedInBrowser} without {@code args.data}: as {@code "ph": "M"} it was
 * unknown-metadata-name's (on the name), as {@code "I"} chrome-event-without-data's (on the name).
 *
 * <p>Two findings are one cause when a viewer does the same harm with both (the same consequence, not none) and one
 * of the two rules is handed the event in both phases: its cause is there in both, and the other rule claims it in
 * one. Where each rule reads only its own phase (a thread name as {@code M}, a counter's values as {@code C}), the
 * phase is the cause. A condition no viewer is hurt by is left out: no setting of it hides a failure.
 *
 * <p>The findings on the {@code ph} value itself are left out: changing it is what the variants do, so which rule
 * speaks of it changes with it (deprecated-phase, unknown-phase, and a key missing from the event, which has no
 * other place: an X without dur, an async event without id). Their one missing key with a cause of its own in every
 * phase, the name, is checked phase by phase in ViewerImporterRulesTest.aMissingNameIsReportedByExactlyOneRule (it
 * was missing-field's where the spec requires a name until issue 36).
 */
class OneCauseOneRuleTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", ".."));
    private static final Pattern BAD = Pattern.compile("## Bad\\s*\\n+```json\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PH = Pattern.compile("\"ph\"\\s*:\\s*\"([^\"\\\\])\"");
    /** Every viewer targeted (a rule about one viewer runs too); no-slices, a whole-file finding, off. */
    private static final Config CONFIG = TraceAssert.FRAGMENTS.withViewers(Viewers.of(EnumSet.allOf(Viewer.class)));

    @Test
    void noCauseIsReportedByTwoRulesDependingOnThePhase() throws IOException {
        Map<String, String> triggers = triggers();
        assertTrue(triggers.size() > Rules.declarations().size(), "triggers found: " + triggers.size());
        Map<String, Set<String>> wrong = new TreeMap<>(); // trigger, the two conditions and the range -> the other phases
        int variants = 0;
        for (Map.Entry<String, String> t : triggers.entrySet()) {
            String text = t.getValue();
            List<int[]> events = events(text);
            Map<Integer, Map<TextRange, Condition>> byEvent = new LinkedHashMap<>(); // ph value offset -> range -> condition
            for (Finding f : analyze(text)) {
                Condition condition = f.impact().condition();
                if (condition == null || !harms(condition)) {
                    continue; // no viewer is concerned: no severity override of it hides a failure
                }
                int[] event = events.stream().filter(ev -> ev[0] <= f.range().start() && f.range().end() <= ev[1]).findFirst().orElse(null);
                if (event == null || event[2] < 0 || f.range().equals(new TextRange(event[2] - 1, event[2] + 2))) {
                    continue; // not inside one event with a one-letter ph, or on the ph value itself
                }
                byEvent.computeIfAbsent(event[2], k -> new LinkedHashMap<>()).putIfAbsent(f.range(), condition);
            }
            for (Map.Entry<Integer, Map<TextRange, Condition>> e : byEvent.entrySet()) {
                int at = e.getKey();
                for (Phase p : Phase.values()) {
                    if (p.letter().length() != 1 || p.letter().charAt(0) == text.charAt(at)) {
                        continue;
                    }
                    String variant = text.substring(0, at) + p.letter() + text.substring(at + 1);
                    variants++;
                    for (Finding g : analyze(variant)) {
                        Condition mine = e.getValue().get(g.range());
                        Condition other = g.impact().condition();
                        if (mine != null && other != null && !mine.rule().equals(other.rule()) && sameHarm(mine, other)
                                && (reads(mine.rule(), p) || reads(other.rule(), Phase.of(text.charAt(at))))) {
                            wrong.computeIfAbsent(t.getKey() + ": " + mine.id() + " as " + text.charAt(at) + ", " + other.id() + " at "
                                    + text.substring((int) g.range().start(), (int) g.range().end()) + " as", k -> new TreeSet<>()).add(p.letter());
                        }
                    }
                }
            }
        }
        assertTrue(variants > 1000, "variants run: " + variants);
        assertEquals(Map.of(), wrong);
    }

    /**
     * Whether the rule is handed events of this phase. Where one of the two rules reads the event in both phases, the
     * cause it names is there in both, and the other rule claims it in one: the bug. Where each reads only its own
     * phase (a counter's values as {@code C}, a thread name as {@code M}), the phase is the cause: a name that is a
     * fine thread name is a non-numeric value as a counter.
     */
    private static boolean reads(String rule, Phase phase) {
        List<Phase> events = Rules.info(rule).events();
        return events == null || phase != null && events.contains(phase);
    }

    /** Whether some viewer drops, degrades or fails on it. */
    private static boolean harms(Condition c) {
        return EnumSet.allOf(Viewer.class).stream().anyMatch(v -> c.effect(v).consequence() != Consequence.NONE);
    }

    /**
     * Whether a viewer does the same harm with both (the same consequence, other than none): the same failure of the
     * same importer at the same key of the same event is one cause. A rule whose cause is what the phase makes of the
     * event (a name judged as a metadata name as {@code M}, as a clock-sync name as {@code c}) finds no harm there
     * that the other rule's viewer does.
     */
    private static boolean sameHarm(Condition a, Condition b) {
        for (Viewer v : Viewer.values()) {
            Consequence c = a.effect(v).consequence();
            if (c != Consequence.NONE && c == b.effect(v).consequence()) {
                return true;
            }
        }
        return false;
    }

    /** Each declaration's triggers: its page's Bad example and the oracle cases its conditions cite, by name. */
    private static Map<String, String> triggers() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (Declaration d : Rules.declarations()) {
            Path page = REPO.resolve("docs/rules/" + d.id() + ".md");
            if (Files.exists(page)) {
                Matcher bad = BAD.matcher(Files.readString(page));
                if (bad.find() && !bad.group(1).contains("\\x")) { // raw bytes (invalid-utf8's page) move the offsets
                    out.put(d.id() + ".md", bad.group(1));
                }
            }
            Set<String> cases = new LinkedHashSet<>();
            for (Condition c : d.conditions()) {
                for (Viewer v : Viewer.values()) {
                    Effect e = c.effect(v);
                    if (e.oracleCase() != null) {
                        cases.add(e.oracleCase());
                    }
                }
            }
            for (String name : cases) {
                if (name.startsWith("rule-") && out.containsKey(d.id() + ".md")) {
                    continue; // the page's Bad example with a cat added (make-rule-cases.mjs): run above
                }
                Path file = REPO.resolve("tests/oracle/cases/" + name);
                if (Files.exists(file) && Files.size(file) < 200_000) {
                    try {
                        out.put(name, Files.readString(file, StandardCharsets.UTF_8));
                    } catch (MalformedInputException notUtf8) {
                        // invalid-utf8's cases: the bytes a finding's offsets count are not the text's chars
                    }
                }
            }
        }
        return out;
    }

    /**
     * The offset of the one-letter {@code ph} value of each event (an object in the top-level array, or in an array
     * member of the top-level object), by the event's start and end: one pass over the text, strings skipped.
     */
    private static List<int[]> events(String text) {
        List<int[]> out = new ArrayList<>(); // {open, close, ph value offset or -1, depth}
        List<Character> stack = new ArrayList<>();
        int[] event = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = stringEnd(text, i);
                if (event != null && stack.size() == event[3] && text.startsWith("\"ph\"", i)) {
                    Matcher m = PH.matcher(text).region(i, text.length());
                    if (m.lookingAt()) {
                        event[2] = m.start(1);
                    }
                }
                i = end;
            } else if (c == '{' || c == '[') {
                stack.add(c);
                boolean isEvent = c == '{' && (stack.size() == 2 && stack.get(0) == '['
                        || stack.size() == 3 && stack.get(0) == '{' && stack.get(1) == '[');
                if (isEvent) {
                    event = new int[] {i, -1, -1, stack.size()};
                }
            } else if (c == '}' || c == ']') {
                if (event != null && stack.size() == event[3] && c == '}') {
                    event[1] = i + 1;
                    out.add(event);
                    event = null;
                }
                if (!stack.isEmpty()) {
                    stack.remove(stack.size() - 1);
                }
            }
        }
        return out;
    }

    /** The offset of the closing quote of the string opening at {@code open}. */
    private static int stringEnd(String text, int open) {
        for (int i = open + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return text.length();
    }

    private static List<Finding> analyze(String text) throws IOException {
        return new Analyzer(CONFIG).analyze(new ByteArrayInputStream(TraceAssert.utf8WithRawBytes(text)), () -> false).findings();
    }
}
