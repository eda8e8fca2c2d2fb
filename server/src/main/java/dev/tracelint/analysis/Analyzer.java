package dev.tracelint.analysis;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.index.IndexBuilder;
import dev.tracelint.model.Phase;
import dev.tracelint.read.ReadBuffers;
import dev.tracelint.read.ReadResult;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.rules.WholeTraceRule;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.model.TraceModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/** Runs the reader and every enabled rule in one pass over a document. */
public final class Analyzer {
    /** Findings in document order; ties by rule id so output is stable. */
    public static final Comparator<Finding> ORDER = Comparator
            .comparingLong((Finding f) -> f.range().start())
            .thenComparingLong(f -> f.range().end())
            .thenComparing(Finding::ruleId)
            .thenComparing(Finding::message);

    private final Config config;
    /** Whether the document was handed over as a trace: decides what becomes of JSON that is not one. */
    private final Claim claim;
    /** Events checked on the reader's thread before the rules move to their own (see {@link Pipeline}). */
    private final long synchronousEvents;
    /** Which rules run and what their findings mean: the same for every document (see {@link RulePlan}). */
    private volatile RulePlan plan;

    public Analyzer(Config config) {
        this(config, Claim.ANY_JSON);
    }

    public Analyzer(Config config, Claim claim) {
        this(config, Pipeline.SYNCHRONOUS_EVENTS, claim);
    }

    /** For tests: {@code 0} runs the rules on their own thread from the first event, {@code Long.MAX_VALUE} never. */
    Analyzer(Config config, long synchronousEvents) {
        this(config, synchronousEvents, Claim.ANY_JSON);
    }

    private Analyzer(Config config, long synchronousEvents, Claim claim) {
        this.config = config;
        this.claim = claim;
        this.synchronousEvents = synchronousEvents;
    }

    public Analysis analyze(String text) {
        try {
            return analyze(new StringReader(text), () -> false);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
    }

    /**
     * Reads the whole document once. {@code cancelled} is polled between events; when it turns
     * true the analysis stops with a {@link java.util.concurrent.CancellationException}.
     */
    public Analysis analyze(Reader input, BooleanSupplier cancelled) throws IOException {
        return analyze(input, cancelled, false);
    }

    /** As {@link #analyze(Reader, BooleanSupplier)}, also building the editor's event index if asked. */
    public Analysis analyze(Reader input, BooleanSupplier cancelled, boolean withIndex) throws IOException {
        return analyze(new TraceSource(input), cancelled, withIndex);
    }

    /**
     * As {@link #analyze(Reader, BooleanSupplier)} for UTF-8 bytes (no byte order mark), which are
     * parsed as bytes: faster than decoding them first. Offsets are still in chars.
     */
    public Analysis analyze(InputStream utf8, BooleanSupplier cancelled) throws IOException {
        return analyze(new TraceSource(utf8), cancelled, false);
    }

    /** An opened file or stdin, in whatever encoding {@link TraceFiles} found. */
    public Analysis analyze(TraceFiles.Text text, BooleanSupplier cancelled) throws IOException {
        return analyze(text.source(), cancelled, false);
    }

    /**
     * As {@link #analyze(TraceFiles.Text, BooleanSupplier)}, the reader's window taken from (and,
     * once the analysis is done, given back to) {@code buffers}, this thread's: for a process that
     * checks file after file.
     */
    public Analysis analyze(TraceFiles.Text text, BooleanSupplier cancelled, ReadBuffers buffers) throws IOException {
        return analyze(text.source(buffers), cancelled, false);
    }

    /** As above, also building the editor's event index if asked (the timeline of a file checked by path). */
    public Analysis analyze(TraceFiles.Text text, BooleanSupplier cancelled, boolean withIndex) throws IOException {
        return analyze(text.source(), cancelled, withIndex);
    }

    /** Where {@link #byPhase} puts the rules for events of an unknown or missing phase. */
    private static final int UNKNOWN_PHASE = RulePlan.UNKNOWN_PHASE;

    /**
     * The rules for the events of each phase (by ordinal; the last for an unknown or missing phase):
     * those whose declared phases ({@link dev.tracelint.rules.RuleInfo#events()}) hold it, or are null. This is the only phase
     * check: a rule that declares its phases is handed no other event and does not check the phase again.
     */
    static <T> List<List<T>> byPhase(List<T> rules, Function<T, java.util.Collection<Phase>> phasesOf) {
        List<List<T>> lists = new ArrayList<>();
        for (int i = 0; i <= UNKNOWN_PHASE; i++) {
            lists.add(new ArrayList<>());
        }
        for (T r : rules) {
            java.util.Collection<Phase> phases = phasesOf.apply(r); // asked once per rule
            for (int i = 0; i <= UNKNOWN_PHASE; i++) {
                if (phases == null || i < UNKNOWN_PHASE && phases.contains(Phase.values()[i])) {
                    lists.get(i).add(r);
                }
            }
        }
        return lists;
    }

    private Analysis analyze(TraceSource source, BooleanSupplier cancelled, boolean withIndex) throws IOException {
        IndexBuilder indexer = withIndex ? new IndexBuilder() : null;
        List<Finding> findings = new ArrayList<>();
        Threads threads = new Threads();
        FactBus facts = new FactBus();
        List<Rules.Instance> rules = Rules.create(threads); // fresh: rules keep per-document state
        RulePlan plan = plan(rules);
        ActiveRule[] active = plan.activate(rules, config, findings);
        for (ActiveRule a : active) {
            facts.subscribe(a.rule.facts(), fact -> a.rule.accept(fact, a)); // asked once per rule
        }
        if (indexer != null) {
            indexer.subscribe(facts);
        }
        TraceModel model = new TraceModel(threads, facts);
        TraceOverview.Builder overview = new TraceOverview.Builder(threads);
        // the editor's index, the model and the rules all run on the rules' thread (see Pipeline), in that order
        RuleDispatch handler = new RuleDispatch(active, plan.byPhase(active), model, threads, overview, indexer, config,
                findings, cancelled);
        ReadResult result = read(source, handler);
        model.finish(); // its last facts reach the rules before their own finish
        for (ActiveRule a : active) {
            a.rule.eventsHead(result.eventsHead(), result.form());
            a.rule.finish(a);
        }
        result = judge(result, findings, active);
        if (indexer != null) {
            indexer.document(result.trace(), result.eventsHead());
        }
        // the rules' thread has ended and the findings hold their own strings: no one reads the text any more
        source.release();
        return new Analysis(result, List.copyOf(findings), source.lines(), indexer == null ? null : indexer.index(), config.viewers(),
                overview.build());
    }

    /** The plan of the first document, kept: concurrent first analyses may each make one, all alike. */
    private RulePlan plan(List<Rules.Instance> rules) {
        RulePlan p = plan;
        if (p == null) {
            p = RulePlan.of(rules, config);
            plan = p;
        }
        return p;
    }

    /** Reads the whole document, the handler on the rules' own thread once the document is long enough. */
    private ReadResult read(TraceSource source, TraceHandler handler) throws IOException {
        Pipeline pipeline = new Pipeline(handler, source, synchronousEvents);
        try {
            ReadResult result = new TraceReader(source, pipeline).read();
            pipeline.finish();
            return result;
        } catch (IOException | RuntimeException | Error e) {
            pipeline.abandon();
            throw e;
        }
    }

    /**
     * The findings as they stand once every rule has finished, sorted: without the whole-trace
     * judgements if part of the document went unread, with why JSON is judged (not) a trace, or
     * none at all if it is other JSON. The result as judged.
     */
    private ReadResult judge(ReadResult result, List<Finding> findings, ActiveRule[] active) {
        if (result.partlyRead()) {
            withoutWholeTraceJudgements(findings, active);
        }
        ReadResult judged = result;
        if (NearTrace.judged(result, claim)) {
            Finding why = NearTrace.finding(result, config);
            if (why != null) {
                findings.add(why);
            }
            judged = result.judged(true);
        } else {
            findings.clear(); // not a trace: other JSON is left alone
        }
        findings.sort(ORDER);
        return judged;
    }

    /**
     * Drops the findings of the rules whose findings rest on the whole trace ({@link WholeTraceRule}:
     * a B never closed, no B/E/X, an E without its B...): a syntax error kept the reader from some of
     * the events, and what it hid may close, hold or start what they say is missing. The syntax error
     * says what is wrong; they come back once it is fixed.
     */
    private static void withoutWholeTraceJudgements(List<Finding> findings, ActiveRule[] active) {
        java.util.Set<String> whole = new java.util.HashSet<>();
        for (ActiveRule a : active) {
            if (a.rule instanceof WholeTraceRule) {
                whole.add(a.info.id());
            }
        }
        if (!whole.isEmpty()) {
            findings.removeIf(f -> whole.contains(f.ruleId()));
        }
    }
}
