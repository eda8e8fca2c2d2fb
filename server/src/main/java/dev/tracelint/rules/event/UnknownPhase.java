package dev.tracelint.rules.event;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.Fact;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A ph that is not in the spec's phase table: catapult warns and drops the event. */
public final class UnknownPhase implements Rule {
    public static final Declaration RULE = Declaration.rule(10, "unknown-phase", c -> new UnknownPhase())
            .finds("A `ph` that is not a phase of the spec")
            .everyEvent()
            .fix("The intended phase, when unambiguous: safe only where the event, so read, adds no finding (what it needs, its B/E partner, alone on its thread); else unsafe, saying why")
            .when("unknown phase")
                .catapultDropsUnknownPhase()
                .perfetto(DROPPED, "only the first character counts; a first character it does not import is dropped",
                        PERFETTO_EVENT + "; " + PERFETTO_PARSER + " (no case for it)")
                .devtoolsAndSpeedscopeSkipIt("rule-unknown-phase.json")
            .when(UnknownPhase.FIRST_CHAR, "phase read by its first character")
                .catapultDropsUnknownPhase()
                .perfetto(NONE, "read as the phase of its first character: `XXX` is an X (test_string_pid_tid)", PERFETTO_EVENT)
                .devtoolsAndSpeedscopeSkipIt("cond-unknown-phase-first-char.json");
    static final String FIRST_CHAR = "unknown-phase/first-char";

    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("begin", "B"), Map.entry("end", "E"), Map.entry("complete", "X"),
            Map.entry("instant", "i"), Map.entry("counter", "C"), Map.entry("metadata", "M"),
            Map.entry("mark", "R"), Map.entry("sample", "P"));

    /** Per thread, the last B/E/X it had, canonical or meant (small: one per thread). */
    private final Map<String, Slice> lastSlice = new HashMap<>();
    /** The E the model found no open B for, most recent (the model tells it before the rule sees that E). */
    private long unmatchedEnd = -1;
    /** Meant E (with their findings) by the index of the canonical B each would close, if no E closes it by the end. */
    private final Map<Long, Slice> endsAwaitingTheirB = new HashMap<>();

    /**
     * A B, E or X as this rule keeps it: a meant B not yet judged ({@code pending} its finding and
     * the fix it would get) waits for the next slice event of its thread.
     */
    private record Slice(char phase, long index, String name, double ts, Finding.Builder pending, TextRange ph, String intended,
                         String thread) {
    }

    /**
     * Per thread with a slice fix judged safe so far: how many B/E/X it has, and the fixes that
     * stay safe only while they are all (a slice made canonical beside others may overlap them or
     * lie far from them in time, which the model judges, not this rule: overlapping-slices,
     * timestamp-outlier). At most two slices' fixes wait: a third slice makes them unsafe.
     */
    private final Map<String, Alone> alone = new HashMap<>();

    private static final class Alone {
        int slices;
        final List<Waiting> waiting = new ArrayList<>(2);
    }

    /** A fix safe while its thread has no more than {@code own} slices (those it fixes and their partners). */
    private record Waiting(Fix fix, int own, List<Finding.Builder> findings) {
    }

    private static final String NOT_ALONE = "its thread has other slices, which it may overlap or lie far from in time"
            + " (overlapping-slices, timestamp-outlier), not judged here";

    /** One more B/E/X on {@code thread}: the fixes waiting there that it outnumbers are unsafe. */
    private void countSlice(String thread, Report out) {
        Alone a = alone.computeIfAbsent(thread, t -> new Alone());
        a.slices++;
        a.waiting.removeIf(w -> {
            if (a.slices > w.own()) {
                unsafeNow(w, out);
                return true;
            }
            return false;
        });
    }

    /** {@code fix}, safe for its own events, for {@code findings}: safe if the thread stays at {@code own} slices. */
    private void safeIfAlone(String thread, Fix fix, int own, Report out, Finding.Builder... findings) {
        Waiting w = new Waiting(fix, own, List.of(findings));
        Alone a = alone.get(thread);
        if (a == null || a.slices > own) {
            unsafeNow(w, out);
        } else {
            a.waiting.add(w);
        }
    }

    private static void unsafeNow(Waiting w, Report out) {
        Fix unsafe = new Fix(w.fix().title() + "; unsafe: " + NOT_ALONE, false, w.fix().edits());
        w.findings().forEach(f -> out.add(f.fix(unsafe)));
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Fact.kinds(DurationFacts.EndWithoutBegin.class, DurationFacts.BeginUnclosed.class);
    }

    @Override
    public void accept(Fact fact, Report out) {
        if (fact instanceof DurationFacts.EndWithoutBegin end) {
            unmatchedEnd = end.end().index();
        } else if (fact instanceof DurationFacts.BeginUnclosed b) {
            Slice end = endsAwaitingTheirB.remove(b.begin().index());
            if (end != null) { // the B stays open without it: this E closes it and nothing else
                safeIfAlone(end.thread(), fix(end.ph(), end.intended(), true, ""), 2, out, end.pending());
            }
        }
    }

    @Override
    public void accept(EventView e, Report out) {
        Field ph = e.get("ph");
        if (ph == null || ph.kind() != ValueKind.STRING) {
            return;
        }
        Phase known = e.phase(); // phase(): without making the text
        if (known != null) {
            char p = known.letter().charAt(0);
            if (p == 'B' || p == 'E' || p == 'X') {
                countSlice(thread(e), out);
                slice(e, p, null, null, null, out);
            }
            return;
        }
        String text = ph.text();
        // Perfetto reads only the first character (JsonTraceTokenizer::ParseTraceEventContents)
        Report to = text.length() > 1 && PERFETTO_PHASES.indexOf(text.charAt(0)) >= 0 ? out.condition(FIRST_CHAR) : out;
        var f = to.at(ph.valueRange(), "unknown phase " + Quoted.quoted(text)
                + " (a phase is one letter such as B, E, X, i, C, b, e, M)");
        String intended = intended(ph.text());
        if (intended == null) {
            to.add(f);
            return;
        }
        String lacking = lacking(e, intended);
        char p = intended.charAt(0);
        if (p == 'B' || p == 'E' || p == 'X') {
            countSlice(thread(e), out);
        }
        if (lacking != null) {
            f.fix(unsafe(ph, intended, lacking));
            if (p == 'B' || p == 'E' || p == 'X') {
                slice(e, '?', null, null, null, out); // it ends what waited on its thread; it pairs with nothing
            }
            to.add(f);
        } else if (p == 'B' || p == 'E' || p == 'X') {
            slice(e, p, f, ph, intended, to); // judged by its partner: added when known
        } else {
            f.fix(fix(ph, intended, true, ""));
            to.add(f);
        }
    }

    /**
     * A B, E or X on its thread, canonical ({@code finding} null) or meant by an unknown phase: a
     * meant B becomes safe only when the next slice event of its thread is an E that closes it and
     * nothing else (an E the model finds no open B for, or an E meant too, the two fixed together),
     * a meant E when the slice event before it is a B that no E closes by the end; else its fix
     * would leave a B open or an E without a B, which viewers draw differently (unmatched-begin,
     * unmatched-end). Findings wait unadded until judged: a finding is written when added.
     */
    private void slice(EventView e, char p, Finding.Builder finding, Field phField, String intended, Report out) {
        String thread = thread(e);
        TextRange ph = phField == null ? null : phField.valueRange(); // the view and its fields are reused for the next event
        String phText = phField == null ? null : phField.text();
        Slice before = lastSlice.get(thread);
        Slice now = new Slice(p, e.index(), e.name(), e.number("ts"), finding, ph, intended, thread);
        boolean closes = p == 'E' && before != null && before.phase() == 'B' && sameName(before.name(), e.name())
                && !Double.isNaN(now.ts()) && !Double.isNaN(before.ts()) && now.ts() >= before.ts();
        if (before != null && before.pending() != null) { // a meant B waiting for its E
            if (closes && finding != null) { // both meant: one fix of both, safe only together
                Fix both = new Fix(title(before.intended(), "") + ", and the " + Quoted.quoted(phText)
                        + " that closes it to \"" + intended + "\"", true,
                        List.of(TextEdit.replace(before.ph(), Json.quote(before.intended())),
                                TextEdit.replace(ph, Json.quote(intended))));
                safeIfAlone(thread, both, 2, out, before.pending(), finding);
                lastSlice.put(thread, new Slice(p, e.index(), e.name(), now.ts(), null, ph, intended, thread));
                return;
            }
            if (closes && finding == null && e.index() == unmatchedEnd) {
                safeIfAlone(thread, fix(before.ph(), before.intended(), true, ""), 2, out, before.pending());
            } else {
                out.add(before.pending().fix(unsafe(before.ph(), before.intended(), UNCLOSED)));
            }
            closes = false; // that B is judged: an E after it closes nothing of this rule's
        }
        lastSlice.put(thread, p == 'B' ? now : new Slice(p, e.index(), e.name(), now.ts(), null, ph, intended, thread));
        if (finding == null || p == 'B') {
            return;
        }
        if (p == 'E' && closes) { // safe if that B stays open to the end (BeginUnclosed), else unsafe
            endsAwaitingTheirB.put(before.index(), now);
        } else if (p == 'E') {
            out.add(finding.fix(unsafe(ph, intended, UNOPENED)));
        } else {
            safeIfAlone(thread, fix(ph, intended, true, ""), 1, out, finding);
        }
    }

    @Override
    public void finish(Report out) {
        for (Slice s : lastSlice.values()) {
            if (s.pending() != null && s.phase() == 'B') {
                out.add(s.pending().fix(unsafe(s.ph(), s.intended(), UNCLOSED)));
            }
        }
        lastSlice.clear();
        for (Slice end : endsAwaitingTheirB.values()) { // its B was closed by a later E after all
            out.add(end.pending().fix(unsafe(end.ph(), end.intended(), "its B is closed by a later E, so it would add unmatched-end")));
        }
        endsAwaitingTheirB.clear();
        for (Alone a : alone.values()) { // alone on their threads to the end: safe
            a.waiting.forEach(w -> w.findings().forEach(f -> out.add(f.fix(w.fix()))));
        }
        alone.clear();
    }

    /**
     * The members whose value, on an event of a meant phase, this rule judges (below) or no rule
     * reads differently once the phase is known: anything else (a cname, a stack, a thread clock, an
     * id, a bind_id...) is read by other rules and viewers only on an event of a known phase, so a fix
     * that makes the phase known may bring its fault out (FixBytesFuzzTest: an unknown cname on an
     * {@code "X "} made chrome://tracing fail once the X was read).
     */
    private static final Set<String> JUDGED_MEMBERS = Set.of("name", "cat", "ph", "ts", "dur", "pid", "tid", "args", "s");

    /** The first member of {@code e} outside {@link #JUDGED_MEMBERS}, or a name, cat or args of an odd type; else null. */
    private static String unjudgedMember(EventView e) {
        Members members = e.members();
        for (int i = 0; i < members.size(); i++) {
            Field m = members.get(i);
            String key = m.key();
            boolean typed = switch (key) {
                case "name", "cat" -> m.kind() == ValueKind.STRING;
                case "args" -> m.kind() == ValueKind.OBJECT;
                default -> true;
            };
            if (!JUDGED_MEMBERS.contains(key) || !typed) {
                return key;
            }
        }
        return members.droppedCount() > 0 ? "..." : null;
    }

    private static final String UNCLOSED = "no E is known to close it on its thread, so it would add unmatched-begin";
    private static final String UNOPENED = "no open B is known for it to close on its thread, so it would add unmatched-end";

    /** Its thread as the model keys B/E: pid and tid by kind and text. */
    private static String thread(EventView e) {
        return key(e.get("pid")) + "\u0000" + key(e.get("tid"));
    }

    private static String key(Field f) {
        return f == null ? "" : f.kind().name() + ":" + f.identity();
    }

    private static boolean sameName(String b, String end) {
        return end == null || end.equals(b);
    }

    /**
     * Why the event, with the phase meant, would have findings of other rules, or null: a member
     * the phase requires (the schema's {@code required}) missing or of the wrong type, a B/E/X
     * without a number pid and tid (speedscope's), a negative
     * dur, an instant's scope or stack; phases whose events pair by id or carry values other
     * rules judge (counters, metadata, async, flows, objects) are not judged here, so not safe.
     */
    static String lacking(EventView e, String intended) {
        Phase phase = Phase.of(intended);
        String unjudged = unjudgedMember(e);
        if (unjudged != null) {
            return "its " + Quoted.quoted(unjudged) + " is not judged here as the member of " + article(intended)
                    + ", which other rules may then find fault with";
        }
        for (String key : TraceSchema.get().requiredMembers(intended)) {
            Field m = e.get(key);
            boolean number = key.equals("ts") || key.equals("dur");
            if (m == null || m.kind() == ValueKind.NULL || number && m.kind() != ValueKind.NUMBER) {
                return "it has no " + (number ? "number " : "") + Quoted.quoted(key) + ", which " + article(intended)
                        + " needs, so it would add " + (m == null ? "missing-field" : "invalid-type");
            }
        }
        if ("BEX".contains(intended)) { // speedscope imports these by Number(pid), Number(tid): missing-pid-tid, thread-id-not-number
            for (String key : List.of("pid", "tid")) {
                Field id = e.get(key);
                if (id == null) {
                    return "it has no " + key + ", which " + article(intended) + " needs, so it would add missing-pid-tid";
                }
                if (id.kind() != ValueKind.NUMBER) {
                    return "its " + key + " is not a number, so it may add thread-id-not-number";
                }
            }
        }
        switch (intended) {
            case "B", "E", "R" -> {
                return null;
            }
            case "X" -> {
                return e.number("dur") < 0 ? "its dur is negative, so it would add negative-duration" : null;
            }
            case "i", "I" -> {
                Field s = e.get("s");
                if (s != null && !(s.isString() && "gpt".contains(s.text()) && s.text().length() == 1)) {
                    return "its \"s\" is not g, p or t, so it would add invalid-value";
                }
                return e.has("stack") || e.has("sf") || e.has("estack") || e.has("esf")
                        ? "it has a stack, which the instant rules judge by its scope" : null;
            }
            default -> {
                return "what " + article(intended) + " event (" + phase.description()
                        + ") needs beyond its members is not checked here";
            }
        }
    }

    private static String article(String phase) {
        return ("aeiouAEFHILMNORSX".indexOf(phase.charAt(0)) >= 0 ? "an " : "a ") + phase;
    }

    private static Fix unsafe(Field ph, String intended, String why) {
        return unsafe(ph.valueRange(), intended, why);
    }

    private static Fix unsafe(TextRange ph, String intended, String why) {
        return fix(ph, intended, false, "; unsafe: " + why);
    }

    private static Fix fix(Field ph, String intended, boolean safe, String why) {
        return fix(ph.valueRange(), intended, safe, why);
    }

    private static Fix fix(TextRange ph, String intended, boolean safe, String why) {
        return new Fix(title(intended, why), safe, List.of(TextEdit.replace(ph, Json.quote(intended))));
    }

    private static String title(String intended, String why) {
        return "Change to \"" + intended + "\" (" + Phase.of(intended).description() + ")" + why;
    }

    /** The phases JsonTraceParser::ParseJsonPacket imports (P only as V8's ProfileChunk, so not here). */
    private static final String PERFETTO_PHASES = "BEXbenCRIistfTM";

    /** The phase clearly meant, or null when it is not unambiguous. */
    public static String intended(String ph) {
        String trimmed = ph.trim();
        if (!trimmed.equals(ph) && Phase.of(trimmed) != null) {
            return trimmed;
        }
        String word = WORDS.get(trimmed.toLowerCase(Locale.ROOT));
        if (word != null) {
            return word;
        }
        if (trimmed.length() == 1) {
            String other = Character.isUpperCase(trimmed.charAt(0))
                    ? trimmed.toLowerCase(Locale.ROOT) : trimmed.toUpperCase(Locale.ROOT);
            if (Phase.of(other) != null) {
                return other;
            }
        }
        return null;
    }
}
