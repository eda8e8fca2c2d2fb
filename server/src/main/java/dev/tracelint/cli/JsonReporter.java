package dev.tracelint.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Verdicts.ViewerVerdict;
import dev.tracelint.config.ConfigProblem;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.read.Json;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code --format json}: a stable document, version 1. Lines and columns are 1-based, columns in
 * UTF-16 code units; offsets are 0-based UTF-16 char offsets. See README "JSON output".
 */
final class JsonReporter implements Reporter {
    @Override
    public void write(PrintStream out, List<FileResult> results, List<ConfigProblem> configProblems, boolean showHints) {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out).useDefaultPrettyPrinter()) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeNumberField("version", 1);
            g.writeArrayFieldStart("findings");
            int errors = 0;
            int warnings = 0;
            int infos = 0;
            int hints = 0;
            for (Located l : Located.all(results, configProblems, showHints)) {
                writeFinding(g, l.path(), l.lines(), l.finding());
                switch (l.finding().severity()) {
                    case ERROR -> errors++;
                    case WARNING -> warnings++;
                    case INFORMATION -> infos++;
                    default -> hints++;
                }
            }
            g.writeEndArray();
            g.writeArrayFieldStart("files");
            int base = configProblems.size(); // where the findings of the next trace start in "findings"
            for (FileResult r : results) {
                g.writeStartObject();
                g.writeStringField("path", r.display());
                // a file --fix could not write was still read: its status is what the check found, with the error
                g.writeStringField("status", r.analysis() == null ? "unreadable" : r.isTrace() ? "checked" : "not-a-trace");
                if (r.error() != null) {
                    g.writeStringField("error", r.error());
                }
                if (r.isTrace()) {
                    writeVerdicts(g, r.analysis(), base, showHints);
                    base += Shown.count(r.analysis().findings(), showHints);
                }
                if (!r.fixed().isEmpty()) {
                    g.writeArrayFieldStart("fixed");
                    for (String t : r.fixed()) {
                        g.writeString(t);
                    }
                    g.writeEndArray();
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("summary");
            g.writeNumberField("errors", errors);
            g.writeNumberField("warnings", warnings);
            g.writeNumberField("information", infos);
            g.writeNumberField("hints", hints);
            g.writeEndObject();
            g.writeEndObject();
            g.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code "viewers": {"devtools": {"verdict": "fails", "because": [indexes into "findings"]}, ...}}, the targeted viewers only. */
    /** Also SARIF's run properties: the same object in both formats. */
    static void writeVerdicts(JsonGenerator g, Analysis a, int base, boolean showHints) throws IOException {
        int[] positions = Shown.positions(a.findings(), showHints);
        g.writeObjectFieldStart("viewers");
        for (ViewerVerdict v : a.verdicts()) {
            g.writeObjectFieldStart(v.viewer().id());
            g.writeStringField("verdict", v.verdict().id());
            int[] because = Shown.because(v, positions, base);
            g.writeFieldName("because");
            g.writeArray(because, 0, because.length);
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void writeFinding(JsonGenerator g, String path, LineIndex lines, Finding f) throws IOException {
        g.writeStartObject();
        g.writeStringField("path", path);
        g.writeStringField("rule", f.ruleId());
        g.writeStringField("severity", f.severity().id());
        g.writeStringField("message", f.message());
        writeRange(g, "range", lines, f.range());
        g.writeArrayFieldStart("related");
        for (Related r : f.related()) {
            g.writeStartObject();
            g.writeStringField("message", r.message());
            writeRange(g, "range", lines, r.range());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("fixes");
        for (Fix fix : f.fixes()) {
            g.writeStartObject();
            g.writeStringField("title", fix.title());
            g.writeBooleanField("safe", fix.safe());
            g.writeArrayFieldStart("edits");
            for (TextEdit e : fix.edits()) {
                g.writeStartObject();
                writeRange(g, "range", lines, e.range());
                g.writeStringField("newText", e.newText());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeRange(JsonGenerator g, String name, LineIndex lines, TextRange r) throws IOException {
        g.writeObjectFieldStart(name);
        writePos(g, "start", lines.position(r.start()), r.start());
        writePos(g, "end", lines.position(r.end()), r.end());
        g.writeEndObject();
    }

    private static void writePos(JsonGenerator g, String name, LineCol pos, long offset) throws IOException {
        g.writeObjectFieldStart(name);
        g.writeNumberField("line", pos.oneBasedLine());
        g.writeNumberField("column", pos.oneBasedColumn());
        g.writeNumberField("offset", offset);
        g.writeEndObject();
    }
}
