package dev.tracelint.rules;

import static dev.tracelint.model.Severity.HINT;

import dev.tracelint.model.Severity;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.ViewerModel;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a rule is, declared in the rule's own class as its {@code RULE} constant: its SARIF index,
 * id, what it finds, the events it reads, its fix and how to make it for a document. {@link Rules}
 * lists the declarations in the order of the docs; {@link #finds} and {@link #phases} are
 * required, {@link #fix} is not.
 *
 * <p>The index is the rule's SARIF {@code ruleIndex}, written out so that it never moves when rules
 * are regrouped: the indexes are 0 to n-1, each once (Rules checks). What viewers do with what a rule
 * finds, and so its severity, is not declared here but in the viewer model ({@link ViewerModel}); a
 * declaration gives a severity only for a hint (an editor nudge, whatever the viewers do) or a rule no
 * viewer is concerned with (invalid-config, time-order-limited).
 */
public final class Declaration {
    private final int index;
    private final String id;
    private final Severity severity;
    private final Function<RuleContext, Rule> make;
    private String summary;
    private String phases;
    private String fix;
    private Viewer onlyFor;

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

    /** The events it looks at (Markdown). */
    public Declaration phases(String markdown) {
        phases = markdown;
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

    Rules.Registered done() {
        Objects.requireNonNull(summary, id + ": finds(...) is missing");
        Objects.requireNonNull(phases, id + ": phases(...) is missing");
        boolean modelled = ViewerModel.condition(id) != null;
        if (severity == null && !modelled) {
            throw new IllegalStateException(id + ": no severity and no entry in the viewer model (viewer/ViewerModel.java)");
        }
        if (severity != null && severity != HINT && modelled) {
            throw new IllegalStateException(id + ": its severity follows from the viewer model; only a hint is declared");
        }
        return new Rules.Registered(new RuleInfo(index, id, severity, summary, phases, fix, onlyFor), make);
    }
}
