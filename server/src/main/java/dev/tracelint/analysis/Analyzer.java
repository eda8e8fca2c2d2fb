package dev.tracelint.analysis;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Details;
import dev.tracelint.finding.Finding;
import dev.tracelint.index.IndexBuilder;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Problem;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.ReadResult;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.Rules;
import dev.tracelint.text.TextRange;
import dev.tracelint.trace.FactBus;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.model.TraceModel;
import dev.tracelint.viewer.Impact;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /** As above, also building the editor's event index if asked (the timeline of a file checked by path). */
    public Analysis analyze(TraceFiles.Text text, BooleanSupplier cancelled, boolean withIndex) throws IOException {
        return analyze(text.source(), cancelled, withIndex);
    }

    /** Where {@link #byPhase} puts the rules for events of an unknown or missing phase. */
    private static final int UNKNOWN_PHASE = Phase.values().length;

    /**
     * The rules for the events of each phase (by ordinal; the last for an unknown or missing phase):
     * those whose declared phases ({@link RuleInfo#events()}) hold it, or are null. This is the only phase
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
        List<Active> active = new ArrayList<>();
        Threads threads = new Threads();
        FactBus facts = new FactBus();
        for (Rules.Instance r : Rules.create(threads)) {
            if (config.enabled(r.info())) {
                Active a = new Active(r.info(), r.rule(), config, findings);
                active.add(a);
                facts.subscribe(a.rule.facts(), fact -> a.rule.accept(fact, a)); // asked once per rule
            }
        }
        if (indexer != null) {
            indexer.subscribe(facts);
        }
        TraceModel model = new TraceModel(threads, facts);
        TraceOverview.Builder overview = new TraceOverview.Builder(threads);
        Map<String, Impact> problemImpacts = new HashMap<>(); // by condition: the reader reports few kinds
        Active[][] byPhase = byPhase(active, a -> a.info.events()).stream() // arrays: the loop below runs for every rule on every event
                .map(l -> l.toArray(new Active[0])).toArray(Active[][]::new);
        // the editor's index, the model and the rules all run on the rules' thread (see Pipeline), in that order
        TraceHandler handler = new TraceHandler() {
            private int sinceCheck;

            @Override
            public void event(EventView event) {
                if (++sinceCheck >= 256) {
                    sinceCheck = 0;
                    if (cancelled.getAsBoolean()) {
                        throw new java.util.concurrent.CancellationException("analysis cancelled");
                    }
                }
                if (indexer != null) {
                    indexer.event(event); // first: the model's facts about this event fill in its row
                }
                model.event(event);
                Phase phase = event.phase();
                overview.event(event, phase, threads.current());
                for (Active a : byPhase[phase == null ? UNKNOWN_PHASE : phase.ordinal()]) {
                    a.rule.accept(event, a);
                }
            }

            @Override
            public void topLevelMember(Field member) {
                model.topLevel(member);
                if (member.key().equals("displayTimeUnit") && member.isString()) {
                    overview.displayTimeUnit(member.text());
                }
                if (indexer != null) {
                    indexer.topLevel(member);
                }
                for (Active a : active) {
                    a.rule.acceptTopLevel(member, a);
                }
            }

            @Override
            public void stackFrame(StackFrame frame) {
                if (indexer != null) {
                    indexer.stackFrame(frame);
                }
                model.stackFrame(frame);
                for (Active a : active) {
                    a.rule.acceptStackFrame(frame, a);
                }
            }

            @Override
            public void sample(EventView sample) {
                model.sample(sample);
                for (Active a : active) {
                    a.rule.acceptSample(sample, a);
                }
            }

            @Override
            public void problem(Problem p) {
                RuleInfo rule = Rules.info(p.ruleId()); // every id the reader reports is registered
                if (config.enabled(rule)) {
                    Impact impact = problemImpacts.computeIfAbsent(p.condition() == null ? p.ruleId() : p.condition(),
                            c -> config.impact(rule, p.condition()));
                    findings.add(new Finding(p.ruleId(), impact, p.range(), p));
                }
            }
        };
        Pipeline pipeline = new Pipeline(handler, source, synchronousEvents);
        ReadResult result;
        try {
            result = new TraceReader(source, pipeline).read();
            pipeline.finish();
        } catch (IOException | RuntimeException | Error e) {
            pipeline.abandon();
            throw e;
        }
        model.finish(); // its last facts reach the rules before their own finish
        for (Active a : active) {
            a.rule.eventsHead(result.eventsHead(), result.form());
            a.rule.finish(a);
        }
        if (result.partlyRead()) {
            withoutWholeTraceJudgements(findings, active);
        }
        if (NearTrace.judged(result, claim)) {
            Finding why = NearTrace.finding(result, config);
            if (why != null) {
                findings.add(why);
            }
            result = result.judged(true);
        } else {
            findings.clear(); // not a trace: other JSON is left alone
        }
        findings.sort(ORDER);
        if (indexer != null) {
            indexer.document(result.trace(), result.eventsHead());
        }
        return new Analysis(result, List.copyOf(findings), source.lines(), indexer == null ? null : indexer.index(), config.viewers(),
                overview.build());
    }

    /**
     * Drops the findings of the rules whose findings rest on the whole trace ({@link Rule#judgesWholeTrace()}:
     * a B never closed, no B/E/X, an E without its B...): a syntax error kept the reader from some of
     * the events, and what it hid may close, hold or start what they say is missing. The syntax error
     * says what is wrong; they come back once it is fixed.
     */
    private static void withoutWholeTraceJudgements(List<Finding> findings, List<Active> active) {
        java.util.Set<String> whole = new java.util.HashSet<>();
        for (Active a : active) {
            if (a.rule.judgesWholeTrace()) {
                whole.add(a.info.id());
            }
        }
        if (!whole.isEmpty()) {
            findings.removeIf(f -> whole.contains(f.ruleId()));
        }
    }

    /**
     * An enabled rule with what its findings mean (severity, condition: {@link Impact}); also the
     * Report it writes to, and the one of each of its other conditions.
     */
    private static final class Active implements Report {
        final Rule rule;
        private final RuleInfo info;
        private final Config config;
        private final Impact impact;
        private final List<Finding> sink;
        /** The reports of the rule's other conditions, made when first asked for. */
        private Map<String, Active> conditions;

        Active(RuleInfo info, Rule rule, Config config, List<Finding> sink) {
            this(info, rule, config, config.impact(info, null), sink);
        }

        private Active(RuleInfo info, Rule rule, Config config, Impact impact, List<Finding> sink) {
            this.info = info;
            this.rule = rule;
            this.config = config;
            this.impact = impact;
            this.sink = sink;
        }

        @Override
        public Report condition(String conditionId) {
            if (conditions == null) {
                conditions = new HashMap<>();
            }
            return conditions.computeIfAbsent(conditionId, c -> new Active(info, rule, config, config.impact(info, c), sink));
        }

        @Override
        public Finding.Builder at(TextRange range, String message) {
            return Finding.of(info.id(), impact, range, message);
        }

        @Override
        public Finding.Builder summaryAt(TextRange range, String message) {
            return Finding.of(info.id(), Impact.plain(impact.severity()), range, message);
        }

        @Override
        public void add(Finding.Builder finding) {
            sink.add(finding.build());
        }

        @Override
        public void add(TextRange range, Details details) {
            sink.add(new Finding(info.id(), impact, range, details));
        }
    }
}
