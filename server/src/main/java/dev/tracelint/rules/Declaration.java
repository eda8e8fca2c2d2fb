package dev.tracelint.rules;

import static dev.tracelint.model.Severity.HINT;

import dev.tracelint.model.Phase;
import dev.tracelint.model.Severity;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.ConditionBuilder;
import dev.tracelint.viewer.Viewer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a rule is, declared in the rule's own class as its {@code RULE} constant: its SARIF index,
 * id, what it finds, the events it reads, its fix and how to make it for a document. {@code registry/Rules}
 * lists the declarations in the order of the docs; {@link #finds} and the events it reads (one of
 * {@link #phases(Phase, Phase...)}, {@link #everyEvent()} and their kin) are required, {@link #fix} is not.
 *
 * <p>The events it reads are said once, here: the analysis hands the rule the events of these
 * phases and no other ({@link RuleInfo#events()}), and the docs' cell lists them, written from the same
 * phases unless the rule says it in words.
 *
 * <p>The index is the rule's SARIF {@code ruleIndex}, written out so that it never moves when rules
 * are regrouped: the indexes are 0 to n-1, each once (Rules checks). Its conditions ({@link #when})
 * say what each viewer does with what it finds, and so its severity: its {@link RuleInfo} carries them, and
 * the viewer model ({@code registry/Rules#viewerModel}) is made of every rule's. A declaration gives a severity only for a hint (an editor
 * nudge, whatever the viewers do) or a rule no viewer is concerned with (invalid-config,
 * time-order-limited), which has no condition.
 *
 * <p>To add a condition to a rule: a {@link #when(String, String)} here ({@code <rule>/<what>}), the rule
 * reporting it with {@code out.condition(...)} of that id, and an oracle case for DevTools and speedscope.
 */
public final class Declaration {
    private final int index;
    private final String id;
    private final Severity severity;
    private final Function<RuleContext, Rule> make;
    private String summary;
    private String phases;
    /** The phases of the events it is handed, in the order of Phase; null for every event (see RuleInfo#events). */
    private List<Phase> events;
    private String fix;
    private Viewer onlyFor;
    private String splitFrom;
    private List<Tag> tags = List.of();
    private final List<Condition> conditions = new ArrayList<>();

    private Declaration(int index, String id, Severity severity, Function<RuleContext, Rule> make) {
        this.index = index;
        this.id = id;
        this.severity = severity;
        this.make = make;
    }

    /** A rule that checks events, made for each document by {@code make}; its severity follows from what the viewers do. */
    public static Declaration rule(int index, String id, Function<RuleContext, Rule> make) {
        return new Declaration(index, id, null, make);
    }

    /**
     * A rule with a severity of its own: {@link Severity#HINT} for an editor nudge (it stays a hint,
     * whatever the viewers do), or a rule about tracelint's own limits, which no viewer has
     * (time-order-limited).
     */
    public static Declaration rule(int index, String id, Severity severity, Function<RuleContext, Rule> make) {
        return new Declaration(index, id, severity, make);
    }

    /** A rule whose findings are made elsewhere (the reader): metadata only; its severity follows from what the viewers do. */
    public static Declaration reported(int index, String id) {
        return new Declaration(index, id, null, null);
    }

    /** As {@link #reported(int, String)}, for a rule no viewer reads (the config loader's): its severity is this. */
    public static Declaration reported(int index, String id, Severity severity) {
        return new Declaration(index, id, severity, null);
    }

    /** Its id, as in findings, {@code tracelint.json} and its page's name. */
    public String id() {
        return id;
    }

    /** What it finds, one line of Markdown (a table cell; its page says the rest). */
    public Declaration finds(String markdown) {
        summary = markdown;
        return this;
    }

    /** It reads the events of these phases, and is handed no other; the docs list them ({@code `N` `D`}, in the order of Phase). */
    public Declaration phases(Phase first, Phase... more) {
        return phases(EnumSet.of(first, more));
    }

    /** As {@link #phases(Phase, Phase...)}, for a set of phases (a family's: {@link Phase#where}). */
    public Declaration phases(Set<Phase> read) {
        return phases(read.stream().sorted().map(p -> "`" + p.letter() + "`").collect(Collectors.joining(" ")), read);
    }

    /**
     * It reads the events of these phases, and is handed no other; the docs say it in words where the
     * letters do not (it judges other events through the model's facts, or lists them in its own order).
     */
    public Declaration phases(String markdown, Phase first, Phase... more) {
        return phases(markdown, EnumSet.of(first, more));
    }

    /** As {@link #phases(String, Phase, Phase...)}, for a set of phases. */
    public Declaration phases(String markdown, Set<Phase> read) {
        phases = markdown;
        events = List.copyOf(EnumSet.copyOf(read));
        return this;
    }

    /**
     * It is handed no events: it reads the model's facts, the top-level members, the stack frames or
     * the samples; {@code markdown} says which events it looks at for the docs.
     */
    public Declaration phases(String markdown) {
        phases = markdown;
        events = List.of();
        return this;
    }

    /** It is handed every event, those of an unknown or missing phase too ("any" in the docs). */
    public Declaration everyEvent() {
        return everyEvent("any");
    }

    /** As {@link #everyEvent()}, with the docs saying in words which events it judges. */
    public Declaration everyEvent(String markdown) {
        phases = markdown;
        events = null;
        return this;
    }

    /** Its fixes and whether they are safe (Markdown). */
    public Declaration fix(String markdown) {
        fix = markdown;
        return this;
    }

    /** Runs only where {@code viewer} is targeted (or the user sets its severity): a condition no default viewer has. */
    public Declaration onlyFor(Viewer viewer) {
        onlyFor = viewer;
        return this;
    }

    /**
     * It reports what the rule {@code oldId} used to (one of that rule's conditions, given a rule of its own so
     * that its id says what it finds): a setting of {@code oldId} in tracelint.json or the editor's settings
     * still covers it, unless it is set by its own id (Config), and the config loader says so.
     */
    public Declaration splitFrom(String oldId) {
        splitFrom = oldId;
        return this;
    }

    /** How an editor marks its findings beyond their severity (faded, struck through): what they are, whatever the viewers do. */
    public Declaration tags(Tag first, Tag... more) {
        tags = List.copyOf(EnumSet.of(first, more)); // in the order of Tag
        return this;
    }

    /** Its own condition (its id), in a few words for the verdict lines, then what each viewer does with it. */
    public ConditionBuilder<Declaration> when(String label) {
        if (!conditions.isEmpty()) {
            throw new IllegalStateException(id + ": its own condition comes first");
        }
        return new ConditionBuilder<>(id, label, this::add);
    }

    /** One more of its conditions, {@code <rule>/<what>}: a defect the viewers treat unlike the rule's own. */
    public ConditionBuilder<Declaration> when(String conditionId, String label) {
        if (conditions.isEmpty() || !conditionId.startsWith(id + "/")) {
            throw new IllegalStateException(conditionId + ": a condition of " + id + " is named " + id
                    + "/<what> and comes after the rule's own");
        }
        return new ConditionBuilder<>(conditionId, label, this::add);
    }

    private Declaration add(Condition condition) {
        // rule ids are unique (Rules), so a condition id once per rule is once in the viewer model
        for (Condition c : conditions) {
            if (c.id().equals(condition.id())) {
                throw new IllegalStateException("condition " + condition.id() + " is declared twice");
            }
        }
        conditions.add(condition);
        return this;
    }

    /** Its conditions, its own first; empty for a rule no viewer is concerned with. */
    public List<Condition> conditions() {
        return List.copyOf(conditions);
    }

    /**
     * What describes the rule, once its declaration is complete; public for the registry
     * (registry/Rules), which pairs it with {@link #make()}: a declaration that named Rules would close
     * a cycle through every rule's file, since Rules lists them all.
     */
    public RuleInfo done() {
        Objects.requireNonNull(summary, id + ": finds(...) is missing");
        Objects.requireNonNull(phases, id + ": phases(...) is missing");
        boolean modelled = !conditions.isEmpty();
        if (severity == null && !modelled) {
            throw new IllegalStateException(id + ": no severity and no condition (when(...))");
        }
        if (severity != null && severity != HINT && modelled) {
            throw new IllegalStateException(id + ": its severity follows from the viewer model; only a hint is declared");
        }
        return new RuleInfo(index, id, severity, summary, phases, events, fix, onlyFor, splitFrom, conditions(), tags);
    }

    /** How to make the rule for a document; null for a rule whose findings are made elsewhere (the reader's, the config loader's). */
    public Function<RuleContext, Rule> make() {
        return make;
    }
}
