package dev.tracelint.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracelint.read.Json;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Effect;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import dev.tracelint.rules.registry.Rules;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tracelint rules}: every rule the registry holds, as text, JSON or the Markdown tables of docs/rules/ (with the viewers' versions). */
@Command(name = "rules", mixinStandardHelpOptions = true,
        description = "Lists every rule: its id, default severity and what it finds (text), everything the registry"
                + " says about it (json), or the tables of docs/rules/README.md: the viewer versions the model describes, then the rules (markdown).")
public final class RulesCommand implements Callable<Integer> {
    enum Format { text, json, markdown }

    @Option(names = "--format", defaultValue = "text", description = "text (default), json or markdown")
    Format format;

    @Override
    public Integer call() throws IOException {
        List<RuleInfo> rules = Rules.listed();
        PrintStream out = System.out;
        switch (format) {
            case json -> writeJson(out, rules);
            case markdown -> out.print(RuleTables.index(rules));
            default -> out.print(RuleTables.text(rules));
        }
        out.flush();
        return Main.EXIT_OK;
    }

    /**
     * The viewer model of the rule: {@code "conditions": [{"id", "label", "severity" (all viewers
     * targeted), "nothingToFix", "viewers": {"devtools": {"consequence", "what", "source", "oracleCase"}, ...}}]},
     * the rule's own condition first; empty for a rule the model does not know.
     */
    private static void writeConditions(JsonGenerator g, RuleInfo r) throws IOException {
        g.writeArrayFieldStart("conditions");
        for (Condition c : r.conditions()) {
            g.writeStartObject();
            g.writeStringField("id", c.id());
            g.writeStringField("label", c.label());
            g.writeStringField("severity", r.severity(c, Viewers.DEFAULT).id());
            g.writeBooleanField("nothingToFix", c.nothingToFix()); // allowed by the spec: information whatever the viewers
            g.writeObjectFieldStart("viewers");
            for (Viewer v : Viewer.values()) {
                Effect e = c.effect(v);
                g.writeObjectFieldStart(v.id());
                g.writeStringField("consequence", e.consequence().id());
                g.writeStringField("what", e.what());
                g.writeStringField("source", e.source());
                g.writeStringField("oracleCase", e.oracleCase()); // null for catapult and Perfetto
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** Version 1: {@code {"version": 1, "viewerVersions": {...}, "rules": [...]}}, in the order of the docs; docs/cli.md describes it. */
    static void writeJson(PrintStream out, List<RuleInfo> rules) throws IOException {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out).useDefaultPrettyPrinter()) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeNumberField("version", 1);
            JsonReporter.writeViewerVersions(g);
            g.writeArrayFieldStart("rules");
            for (RuleInfo r : rules) {
                g.writeStartObject();
                g.writeStringField("id", r.id());
                g.writeNumberField("sarifIndex", r.index());
                g.writeStringField("defaultSeverity", r.defaultSeverity().id());
                g.writeStringField("summary", r.summary());
                g.writeStringField("phases", r.phases());
                Condition own = r.condition(r.id());
                g.writeObjectFieldStart("viewers"); // what each does with the rule's own condition, in words
                g.writeStringField("catapult", own == null ? "n/a" : own.effect(Viewer.CHROME_TRACING).what());
                g.writeStringField("perfetto", own == null ? "n/a" : own.effect(Viewer.PERFETTO).what());
                g.writeStringField("devtools", own == null ? "n/a" : own.effect(Viewer.DEVTOOLS).what());
                g.writeStringField("speedscope", own == null ? "n/a" : own.effect(Viewer.SPEEDSCOPE).what());
                g.writeEndObject();
                g.writeStringField("fix", r.fix()); // null: no fix
                g.writeStringField("docs", r.docUrl());
                writeConditions(g, r);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }
}
