package dev.tracelint.analysis;

import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.index.IndexBuilder;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Problem;
import dev.tracelint.read.StackFrame;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.trace.Threads;
import dev.tracelint.trace.model.TraceModel;
import dev.tracelint.viewer.Impact;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * What the reader finds in one document, handed to its consumers in order: the editor's index
 * (if built), the trace model, the overview and the enabled rules (events only to the rules of
 * their phase); the reader's own problems become findings. Runs on the rules' thread (see
 * {@link Pipeline}).
 */
final class RuleDispatch implements TraceHandler {
    private final ActiveRule[] active;
    private final ActiveRule[][] byPhase;
    private final TraceModel model;
    private final Threads threads;
    private final TraceOverview.Builder overview;
    /** Null unless the editor's index is built. */
    private final IndexBuilder indexer;
    private final Config config;
    private final List<Finding> findings;
    private final BooleanSupplier cancelled;
    /** By condition: the reader reports few kinds. */
    private final Map<String, Impact> problemImpacts = new HashMap<>();
    private int sinceCheck;

    RuleDispatch(ActiveRule[] active, ActiveRule[][] byPhase, TraceModel model, Threads threads, TraceOverview.Builder overview,
                 IndexBuilder indexer, Config config, List<Finding> findings, BooleanSupplier cancelled) {
        this.active = active;
        this.byPhase = byPhase;
        this.model = model;
        this.threads = threads;
        this.overview = overview;
        this.indexer = indexer;
        this.config = config;
        this.findings = findings;
        this.cancelled = cancelled;
    }

    @Override
    public void event(EventView event) {
        if (++sinceCheck >= 256) {
            sinceCheck = 0;
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("analysis cancelled");
            }
        }
        if (indexer != null) {
            indexer.event(event); // first: the model's facts about this event fill in its row
        }
        model.event(event);
        Phase phase = event.phase();
        overview.event(event, phase, threads.current());
        for (ActiveRule a : byPhase[phase == null ? RulePlan.UNKNOWN_PHASE : phase.ordinal()]) {
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
        for (ActiveRule a : active) {
            a.rule.acceptTopLevel(member, a);
        }
    }

    @Override
    public void stackFrame(StackFrame frame) {
        if (indexer != null) {
            indexer.stackFrame(frame);
        }
        model.stackFrame(frame);
        for (ActiveRule a : active) {
            a.rule.acceptStackFrame(frame, a);
        }
    }

    @Override
    public void sample(EventView sample) {
        model.sample(sample);
        for (ActiveRule a : active) {
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
}
