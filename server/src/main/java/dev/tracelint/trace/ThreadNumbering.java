package dev.tracelint.trace;

import dev.tracelint.finding.Fix;
import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.Threads.TraceThread;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Numbers for the processes and threads whose {@code pid}/{@code tid} is missing or a string that is
 * not a number as JavaScript writes it (Kineto's {@code "Spans"}, {@code "stream 7"}; Ray's
 * {@code "worker:3"}), and where every event naming them sits: the remedy of thread-id-not-number and
 * missing-pid-tid. A process whose pid needs a number is renumbered as a whole, with its threads that
 * need one, in one fix (its threads' names carry its new pid); in a process with a number, each thread
 * that needs one gets a fix of its own. A number collides with no number the trace already uses for a
 * pid (for a tid, in that process); the original text survives as a {@code process_name}/{@code thread_name}
 * metadata event where the process or thread has no name yet.
 *
 * <p>Fed by {@link Threads} (each thread once, when first seen) and by the model (every event), only
 * once a rule asked for it ({@link Threads#numbering()}). Memory: per process and thread a small
 * record, and two offsets per event of a process or thread that needs a number, at most
 * {@link #MAX_SITES} in all: a process or thread past that gets no fix ({@link Renumbering#tooMany()}).
 * The numbers are chosen at {@link #finish}, when every event is known; a {@link Renumbering} gives its
 * fix only from then on.
 */
public final class ThreadNumbering {
    /** The pid/tid values held for all renumberings together (two longs each: 16 MB at most). */
    public static final int MAX_SITES = 1_000_000;
    /** Up to this many digits, a whole number is written back by JavaScript as it was read. */
    private static final int EXACT_DIGITS = 15;
    /** A fix's title names this many renumbered pids and tids, then how many more. */
    private static final int SHOWN_PARTS = 4;

    private final Threads threads;
    private boolean wanted;
    private boolean finished;
    private int held;

    private ThreadState[] states = new ThreadState[16];
    private final Map<String, Process> processes = new LinkedHashMap<>();
    private final Numbers pids = new Numbers();

    private final int maxSites;

    ThreadNumbering(Threads threads, int maxSites) {
        this.threads = threads;
        this.maxSites = maxSites;
    }

    /** Whether JavaScript's {@code "" + Number(s)} is {@code s}: a plain decimal number, written without extra zeros. */
    public static boolean readBackAsWritten(String s) {
        if (s.isEmpty() || s.length() > EXACT_DIGITS + 2) {
            return false;
        }
        if (wholeWithoutLeadingZero(s)) {
            return true; // what most string tids are ("25738"): no BigDecimal per event (a quarter of the rules' thread on a Kineto trace)
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9') && c != '.' && !(c == '-' && i == 0)) {
                return false;
            }
        }
        try {
            BigDecimal d = new BigDecimal(s);
            String back = d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
            return back.equals(s) && d.precision() <= EXACT_DIGITS;
        } catch (NumberFormatException notANumber) {
            return false;
        }
    }

    /** Digits only, at most {@link #EXACT_DIGITS}, no leading zero but in "0": JavaScript writes such a number back as it is. */
    private static boolean wholeWithoutLeadingZero(String s) {
        int n = s.length();
        if (n > EXACT_DIGITS || (s.charAt(0) == '0' && n > 1)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a pid or tid needs a number: missing, or a string that is not one (a boolean, null or
     * object is invalid-type's and is left as it is).
     */
    public static boolean needsNumber(Field f) {
        return f == null || (f.isString() && !readBackAsWritten(f.text()));
    }

    /** Starts collecting (a rule that offers the fix asks before the first event). */
    public ThreadNumbering want() {
        wanted = true;
        return this;
    }

    /** A thread seen for the first time, with the event that named it. */
    void newThread(TraceThread t, EventView e) {
        if (!wanted) {
            return;
        }
        Field pid = e.get("pid");
        Field tid = e.get("tid");
        String pidKey = pid == null ? "" : pid.identity();
        Process p = processes.get(pidKey);
        if (p == null) {
            p = new Process(pidKey, needsNumber(pid), literal(pid));
            processes.put(pidKey, p);
            if (!p.needs) {
                pids.use(wholeValue(pid));
            }
        }
        ThreadState s = new ThreadState(p, tid == null ? "" : tid.identity(), needsNumber(tid), literal(tid));
        if (s.needs) {
            p.threads.add(s);
        } else {
            p.tids.use(wholeValue(tid));
        }
        if (t.index() >= states.length) {
            states = Arrays.copyOf(states, Math.max(t.index() + 1, states.length * 2));
        }
        states[t.index()] = s;
    }

    /** One event of the events array, of any phase, after {@link Threads#enter} found its thread. */
    public void event(TraceThread t, EventView e) {
        if (!wanted || t.index() >= states.length || states[t.index()] == null) {
            return;
        }
        ThreadState s = states[t.index()];
        Process p = s.process;
        Phase phase = e.phase();
        if (phase == Phase.METADATA) {
            named(e, p, s);
        }
        if (e.members().size() == 0) {
            return; // no ph either: no viewer reads it, and there is nowhere to write a member before
        }
        boolean slice = phase == Phase.BEGIN || phase == Phase.END || phase == Phase.COMPLETE;
        if (p.needs) {
            if (p.firstEnd < 0) {
                p.firstEnd = e.end();
                p.firstThread = s;
            }
            if (slice && p.firstSlice < 0) {
                p.firstSlice = e.index();
            }
            site(p.sites, e, "pid");
        }
        if (s.needs) {
            if (s.firstEnd < 0) {
                s.firstEnd = e.end();
            }
            if (slice && s.firstSlice < 0) {
                s.firstSlice = e.index();
            }
            site(s.sites, e, "tid");
        }
    }

    private static void named(EventView e, Process p, ThreadState s) {
        Field name = e.arg("name");
        if (name == null || !name.isString()) {
            return;
        }
        if (MetadataName.THREAD_NAME.id().equals(e.name())) {
            s.named = true;
        } else if (MetadataName.PROCESS_NAME.id().equals(e.name())) {
            p.named = true;
        }
    }

    private void site(Sites sites, EventView e, String key) {
        if (sites.tooMany) {
            return;
        }
        if (held >= maxSites) {
            held -= sites.n;
            sites.drop();
            return;
        }
        Field f = e.get(key);
        if (f != null) {
            sites.add(f.valueStart(), f.valueEnd());
        } else {
            sites.add(e.members().get(0).keyStart(), -1); // a missing member: written before the first one
        }
        held++;
    }

    /**
     * Every event was seen: chooses the numbers, first those a text is read as where they are free (a missing tid
     * is the pid, digits their value), then the others, each in order of first sight (the same trace gets the same ones).
     */
    public void finish() {
        if (!wanted || finished) {
            return;
        }
        finished = true;
        for (boolean read : new boolean[] {true, false}) {
            for (Process p : processes.values()) {
                if (p.needs && p.firstSlice >= 0 && p.number == null) {
                    Long pref = preferred(p.text, 0L);
                    if (!read || pref != null && pids.isFree(pref)) {
                        p.number = pids.take(pref);
                    }
                }
            }
        }
        for (Process p : processes.values()) {
            Long pid = p.needs ? p.number : wholeValueOfLiteral(p.literal);
            for (boolean read : new boolean[] {true, false}) {
                for (ThreadState s : p.threads) {
                    if ((p.number != null || s.firstSlice >= 0) && s.number == null) {
                        Long pref = preferred(s.text, pid); // a missing tid is read as the pid where it is read at all
                        if (!read || pref != null && p.tids.isFree(pref)) {
                            s.number = p.tids.take(pref);
                        }
                    }
                }
            }
        }
    }

    /**
     * The number a text would be read as: the pid for a missing or empty tid, 0 for a missing pid (as
     * Perfetto reads them), the value of digits with leading zeros; else none.
     */
    private static Long preferred(String text, Long ifEmpty) {
        if (text.isEmpty()) {
            return ifEmpty;
        }
        if (text.length() <= EXACT_DIGITS && text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Long.parseLong(text);
        }
        return null;
    }

    /**
     * The renumbering whose fix belongs on the finding about {@code key} ("pid" or "tid") of the event
     * the rules now see, or null: a process's on the pid of its first B/E/X, a thread's (in a process
     * with a number) on the tid of its first B/E/X.
     */
    public Renumbering at(EventView e, String key) {
        TraceThread t = threads.current();
        if (!wanted || t == null || t.index() >= states.length || states[t.index()] == null) {
            return null;
        }
        ThreadState s = states[t.index()];
        if ("pid".equals(key) && s.process.needs && s.process.firstSlice == e.index()) {
            return new Renumbering(s.process, null);
        }
        if ("tid".equals(key) && s.needs && !s.process.needs && s.firstSlice == e.index()) {
            return new Renumbering(s.process, s);
        }
        return null;
    }

    /**
     * One process (with its threads that need a number) or one thread to renumber. Its answers are
     * final once the model finished the trace, which is before anyone reads a finding's fixes.
     */
    public final class Renumbering {
        private final Process process;
        private final ThreadState thread; // null: the whole process

        private Renumbering(Process process, ThreadState thread) {
            this.process = process;
            this.thread = thread;
        }

        /** Whether its events were more than the trace's budget ({@link #MAX_SITES}) let it hold: then it has no fix. */
        public boolean tooMany() {
            if (thread != null) {
                return thread.sites.tooMany;
            }
            if (process.sites.tooMany) {
                return true;
            }
            for (ThreadState s : process.threads) {
                if (s.sites.tooMany) {
                    return true;
                }
            }
            return false;
        }

        /** The fix, or null before the end of the trace or when {@link #tooMany()}. */
        public Fix fix() {
            if (!finished || tooMany()) {
                return null;
            }
            List<TextEdit> edits = new ArrayList<>();
            List<String> parts = new ArrayList<>();
            List<ThreadState> renumbered = new ArrayList<>();
            String pidText;
            if (thread == null) {
                pidText = Long.toString(process.number);
                parts.add(shown("pid", process.text) + " as " + pidText);
                process.sites.edits(pidText, "pid", edits);
                for (ThreadState s : process.threads) {
                    if (s.number != null) {
                        renumbered.add(s);
                    }
                }
            } else {
                pidText = process.literal;
                renumbered.add(thread);
            }
            for (ThreadState s : renumbered) {
                parts.add(shown("tid", s.text) + " as " + s.number);
                s.sites.edits(Long.toString(s.number), "tid", edits);
            }
            int all = parts.size();
            if (all > SHOWN_PARTS) {
                parts = new ArrayList<>(parts.subList(0, SHOWN_PARTS));
                parts.add("and " + (all - SHOWN_PARTS) + " more");
            }
            boolean names = false;
            if (thread == null && !process.named && !process.text.isEmpty()) {
                String tid = process.firstThread.number != null ? process.firstThread.number.toString() : process.firstThread.literal;
                edits.add(TextEdit.insert(process.firstEnd, ", " + nameEvent(MetadataName.PROCESS_NAME, pidText, tid, process.text)));
                names = true;
            }
            for (ThreadState s : renumbered) {
                if (!s.named && !s.text.isEmpty() && pidText != null) {
                    edits.add(TextEdit.insert(s.firstEnd, ", " + nameEvent(MetadataName.THREAD_NAME, pidText, s.number.toString(), s.text)));
                    names = true;
                }
            }
            return new Fix("Number " + String.join(", ", parts) + " in every event naming " + (all > 1 ? "them" : "it")
                    + " (invented numbers" + (names ? "; a name metadata event keeps the text" : "") + ")", false, edits);
        }

        /** How many events it would rewrite (so far, before the end). */
        public int events() {
            return thread != null ? thread.sites.n : process.sites.n;
        }
    }

    private static String shown(String key, String text) {
        return text.isEmpty() ? "the missing " + key : key + " " + Quoted.quoted(text);
    }

    private static String nameEvent(MetadataName which, String pid, String tid, String name) {
        // a cat as Chrome writes on metadata: tracerbench splits every event's cat and throws on none
        return "{\"name\": \"" + which.id() + "\", \"cat\": \"__metadata\", \"ph\": \"M\", \"pid\": " + pid
                + (tid == null ? "" : ", \"tid\": " + tid) + ", \"args\": {\"name\": " + Json.quote(name) + "}}";
    }

    /** The JSON literal of a pid/tid that has a number, or null. */
    private static String literal(Field f) {
        return f == null || needsNumber(f) || !(f.isString() || f.isNumber()) ? null : f.jsonLiteral();
    }

    private static Long wholeValue(Field f) {
        if (f == null || !(f.isNumber() || f.isString())) {
            return null;
        }
        return wholeValueOfText(f.text());
    }

    private static Long wholeValueOfLiteral(String literal) {
        if (literal == null) {
            return null;
        }
        return wholeValueOfText(literal.startsWith("\"") ? literal.substring(1, literal.length() - 1) : literal);
    }

    private static Long wholeValueOfText(String s) {
        if (s == null) {
            return null;
        }
        try {
            BigDecimal d = new BigDecimal(s);
            return d.stripTrailingZeros().scale() <= 0 && d.abs().compareTo(BigDecimal.valueOf(1L << 53)) < 0 ? d.longValueExact() : null;
        } catch (NumberFormatException | ArithmeticException notWhole) {
            return null;
        }
    }

    /** Numbers in use (pids of the trace, or tids of one process), and the next free one to hand out. */
    private static final class Numbers {
        private final Set<Long> used = new HashSet<>();
        private long next = 1;

        void use(Long n) {
            if (n != null) {
                used.add(n);
            }
        }

        boolean isFree(long n) {
            return !used.contains(n);
        }

        /** {@code preferred} where it is free, else the smallest free number from 1. */
        long take(Long preferred) {
            long n;
            if (preferred != null && !used.contains(preferred)) {
                n = preferred;
            } else {
                while (used.contains(next)) {
                    next++;
                }
                n = next;
            }
            used.add(n);
            return n;
        }
    }

    /** Where one process's pids or one thread's tids are: a value's range, or (end -1) the offset to write a missing one at. */
    private static final class Sites {
        private long[] at = new long[8];
        int n;
        boolean tooMany;

        void add(long start, long end) {
            if (2 * n + 2 > at.length) {
                at = Arrays.copyOf(at, at.length * 2);
            }
            at[2 * n] = start;
            at[2 * n + 1] = end;
            n++;
        }

        void drop() {
            tooMany = true;
            at = new long[0];
            n = 0;
        }

        void edits(String number, String key, List<TextEdit> out) {
            for (int i = 0; i < n; i++) {
                long start = at[2 * i];
                long end = at[2 * i + 1];
                out.add(end < 0 ? TextEdit.insert(start, "\"" + key + "\": " + number + ", ")
                        : TextEdit.replace(new TextRange(start, end), number));
            }
        }
    }

    private static final class Process {
        final String text;
        final boolean needs;
        final String literal;
        final Numbers tids = new Numbers();
        final List<ThreadState> threads = new ArrayList<>();
        final Sites sites = new Sites();
        long firstEnd = -1;
        long firstSlice = -1;
        ThreadState firstThread;
        boolean named;
        Long number;

        Process(String text, boolean needs, String literal) {
            this.text = text;
            this.needs = needs;
            this.literal = literal;
        }
    }

    private static final class ThreadState {
        final Process process;
        final String text;
        final boolean needs;
        final String literal;
        final Sites sites = new Sites();
        long firstEnd = -1;
        long firstSlice = -1;
        boolean named;
        Long number;

        ThreadState(Process process, String text, boolean needs, String literal) {
            this.process = process;
            this.text = text;
            this.needs = needs;
            this.literal = literal;
        }
    }
}
