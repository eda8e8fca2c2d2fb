package dev.tracelint.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.config.ConfigProblem;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.model.Severity;
import dev.tracelint.read.Json;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.text.Quoted;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** {@code --format sarif}: SARIF 2.1.0, one run, every rule in tool.driver.rules. */
final class SarifReporter implements Reporter {
    @Override
    public void write(PrintStream out, List<FileResult> results, List<ConfigProblem> configProblems, boolean showHints) {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out).useDefaultPrettyPrinter()) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
            g.writeStringField("version", "2.1.0");
            g.writeArrayFieldStart("runs");
            g.writeStartObject();
            g.writeObjectFieldStart("tool");
            g.writeObjectFieldStart("driver");
            g.writeStringField("name", "tracelint");
            String v = SarifReporter.class.getPackage().getImplementationVersion();
            g.writeStringField("semanticVersion", v == null ? "0.0.0" : v);
            g.writeStringField("informationUri", "https://github.com/tracelint/tracelint");
            g.writeArrayFieldStart("rules");
            for (RuleInfo info : Rules.infos().values()) { // in ruleIndex order
                g.writeStartObject();
                g.writeStringField("id", info.id());
                g.writeObjectFieldStart("shortDescription");
                g.writeStringField("text", info.plainSummary());
                g.writeEndObject();
                g.writeStringField("helpUri", info.docUrl());
                g.writeObjectFieldStart("defaultConfiguration");
                g.writeStringField("level", level(info.defaultSeverity()));
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeEndObject();
            g.writeStringField("columnKind", "utf16CodeUnits");
            g.writeArrayFieldStart("results");
            for (Located l : Located.all(results, configProblems, showHints)) {
                RuleInfo rule = Rules.info(l.finding().ruleId());
                writeResult(g, l, rule == null ? -1 : rule.index());
            }
            g.writeEndArray();
            writeVerdicts(g, results, configProblems.size(), showHints);
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The run's {@code properties}: {@code "verdicts": [{"artifact": uri, "viewers": {"devtools":
     * {"verdict": "fails", "because": [indexes into results]}}}]}, one entry per trace, and
     * {@code "viewerVersions"} as in {@code --format json}.
     */
    private static void writeVerdicts(JsonGenerator g, List<FileResult> results, int base, boolean showHints) throws IOException {
        g.writeObjectFieldStart("properties");
        JsonReporter.writeViewerVersions(g);
        g.writeArrayFieldStart("verdicts");
        for (FileResult r : results) {
            if (!r.isTrace()) {
                continue;
            }
            Analysis a = r.analysis();
            g.writeStartObject();
            g.writeStringField("artifact", uri(r.display()));
            JsonReporter.writeVerdicts(g, a, base, showHints);
            g.writeEndObject();
            base += Shown.count(a.findings(), showHints);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    static String level(Severity s) {
        switch (s) {
            case ERROR: return "error";
            case WARNING: return "warning";
            default: return "note";
        }
    }

    private static void writeResult(JsonGenerator g, Located l, int ruleIndex) throws IOException {
        Finding f = l.finding();
        g.writeStartObject();
        g.writeStringField("ruleId", f.ruleId());
        if (ruleIndex >= 0) {
            g.writeNumberField("ruleIndex", ruleIndex);
        }
        g.writeStringField("level", level(f.severity()));
        g.writeObjectFieldStart("message");
        g.writeStringField("text", Quoted.safe(f.message())); // as the text output shows it
        g.writeEndObject();
        g.writeArrayFieldStart("locations");
        g.writeStartObject();
        writePhysical(g, l.path(), l.lines(), f.range());
        g.writeEndObject();
        g.writeEndArray();
        if (!f.related().isEmpty()) {
            g.writeArrayFieldStart("relatedLocations");
            int id = 1;
            for (Related r : f.related()) {
                g.writeStartObject();
                g.writeNumberField("id", id++);
                writePhysical(g, l.path(), l.lines(), r.range());
                g.writeObjectFieldStart("message");
                g.writeStringField("text", Quoted.safe(r.message()));
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (!f.fixes().isEmpty()) {
            g.writeArrayFieldStart("fixes");
            for (Fix fix : f.fixes()) {
                g.writeStartObject();
                g.writeObjectFieldStart("description");
                g.writeStringField("text", Quoted.safe(fix.title()) + (fix.safe() ? "" : " (unsafe)"));
                g.writeEndObject();
                g.writeArrayFieldStart("artifactChanges");
                g.writeStartObject();
                writeArtifact(g, l.path());
                g.writeArrayFieldStart("replacements");
                for (TextEdit e : fix.edits()) {
                    g.writeStartObject();
                    g.writeFieldName("deletedRegion");
                    writeRegion(g, l.lines(), e.range());
                    g.writeObjectFieldStart("insertedContent");
                    g.writeStringField("text", e.newText());
                    g.writeEndObject();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void writePhysical(JsonGenerator g, String path, LineIndex lines, TextRange r) throws IOException {
        g.writeObjectFieldStart("physicalLocation");
        writeArtifact(g, path);
        g.writeFieldName("region");
        writeRegion(g, lines, r);
        g.writeEndObject();
    }

    private static void writeArtifact(JsonGenerator g, String path) throws IOException {
        g.writeObjectFieldStart("artifactLocation");
        g.writeStringField("uri", uri(path));
        g.writeEndObject();
    }

    private static void writeRegion(JsonGenerator g, LineIndex lines, TextRange r) throws IOException {
        LineCol s = lines.position(r.start());
        LineCol e = lines.position(r.end());
        g.writeStartObject();
        g.writeNumberField("startLine", s.oneBasedLine());
        g.writeNumberField("startColumn", s.oneBasedColumn());
        g.writeNumberField("endLine", e.oneBasedLine());
        g.writeNumberField("endColumn", e.oneBasedColumn());
        g.writeNumberField("charOffset", r.start());
        g.writeNumberField("charLength", r.length());
        g.writeEndObject();
    }

    /** A relative path as a relative URI reference; absolute paths as file URIs. */
    static String uri(String path) {
        if (path.equals("-")) {
            return "stdin";
        }
        Path p = Path.of(path);
        if (p.isAbsolute()) {
            return p.toUri().toString();
        }
        StringBuilder b = new StringBuilder();
        for (Path part : p.normalize()) {
            if (b.length() > 0) {
                b.append('/');
            }
            b.append(java.net.URLEncoder.encode(part.toString(), java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return b.toString();
    }
}
