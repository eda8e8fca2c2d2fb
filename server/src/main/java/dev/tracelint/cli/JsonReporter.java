package dev.tracelint.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.TraceOverview;
import dev.tracelint.analysis.Verdicts.ViewerVerdict;
import dev.tracelint.model.Phase;
import dev.tracelint.model.Severity;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import dev.tracelint.config.ConfigProblem;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.read.Json;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.ViewerVersion;
import dev.tracelint.text.Quoted;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code --format json}: a stable document, version 1. Lines and columns are 1-based, columns in
 * UTF-16 code units; offsets are 0-based UTF-16 char offsets. See docs/cli.md "JSON output".
 */
final class JsonReporter implements Reporter {
    /** --stats: each trace's {@code stats} object. */
    private final boolean stats;

    JsonReporter(boolean stats) {
        this.stats = stats;
    }

    @Override
    public void write(PrintStream out, List<FileResult> results, List<ConfigProblem> configProblems, boolean showHints) {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out).useDefaultPrettyPrinter()) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeNumberField("version", 1);
            writeViewerVersions(g);
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
                    if (stats) {
                        writeStats(g, r.analysis(), showHints);
                    }
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

    /**
     * {@code "viewerVersions": {"perfetto": {"npmPackage": null, "npmVersion": null, "sources":
     * "github:google/perfetto", "revision": commit, "date": "2026-08-22", "text": "google/perfetto
     * ec5d16b1 (2026-08-22)"}, ...}}: for every viewer of the model, in its order, the version its
     * entries (and so the verdicts) describe. Also in {@code rules --format json} and SARIF's run properties.
     */
    static void writeViewerVersions(JsonGenerator g) throws IOException {
        g.writeObjectFieldStart("viewerVersions");
        for (Viewer viewer : Viewer.values()) {
            ViewerVersion v = viewer.version();
            g.writeObjectFieldStart(viewer.id());
            g.writeStringField("npmPackage", v.npmPackage());
            g.writeStringField("npmVersion", v.npmVersion());
            g.writeStringField("sources", v.sources());
            g.writeStringField("revision", v.revision());
            g.writeStringField("date", v.date());
            g.writeStringField("text", v.text());
            g.writeEndObject();
        }
        g.writeEndObject();
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

    /**
     * {@code "stats"}: the trace's overview (times in µs as in the trace), its events by phase, its
     * processes and threads in viewer order, and its listed findings per severity and per rule.
     */
    private static void writeStats(JsonGenerator g, Analysis a, boolean showHints) throws IOException {
        TraceOverview o = a.overview();
        g.writeObjectFieldStart("stats");
        if (Double.isNaN(o.first())) {
            g.writeNullField("timeSpan");
        } else {
            g.writeObjectFieldStart("timeSpan");
            writeMicros(g, "first", o.first());
            writeMicros(g, "last", o.last());
            writeMicros(g, "duration", o.last() - o.first());
            g.writeStringField("displayTimeUnit", o.displayTimeUnit());
            g.writeEndObject();
        }
        g.writeNumberField("events", o.events());
        g.writeObjectFieldStart("phases");
        for (Phase p : Phase.values()) {
            if (o.count(p) > 0) {
                g.writeNumberField(p.letter(), o.count(p));
            }
        }
        if (o.unknownPhase() > 0) {
            g.writeNumberField("unknown", o.unknownPhase());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("processes");
        for (TraceOverview.Process p : o.processes()) {
            g.writeStartObject();
            g.writeStringField("pid", p.pid());
            g.writeStringField("name", p.name());
            g.writeArrayFieldStart("threads");
            for (TraceOverview.Thread t : p.threads()) {
                g.writeStartObject();
                g.writeStringField("tid", t.tid());
                g.writeStringField("name", t.name());
                g.writeNumberField("events", t.events());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        Map<Severity, Integer> bySeverity = new EnumMap<>(Severity.class);
        Map<String, Integer> byRule = new TreeMap<>();
        for (Finding f : a.findings()) {
            if (Shown.shown(f, showHints)) {
                bySeverity.merge(f.severity(), 1, Integer::sum);
                byRule.merge(f.ruleId(), 1, Integer::sum);
            }
        }
        g.writeObjectFieldStart("findings");
        for (Severity s : Severity.values()) {
            g.writeNumberField(s.id(), bySeverity.getOrDefault(s, 0));
        }
        g.writeObjectFieldStart("byRule");
        for (Map.Entry<String, Integer> e : byRule.entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndObject();
    }

    /** A time in µs: a whole number as one ({@code 1000}, not {@code 1000.0}). */
    private static void writeMicros(JsonGenerator g, String name, double micros) throws IOException {
        if (micros == Math.rint(micros) && Math.abs(micros) < 1L << 53) {
            g.writeNumberField(name, (long) micros);
        } else {
            g.writeNumberField(name, micros);
        }
    }

    private static void writeFinding(JsonGenerator g, String path, LineIndex lines, Finding f) throws IOException {
        g.writeStartObject();
        g.writeStringField("path", path);
        g.writeStringField("rule", f.ruleId());
        g.writeStringField("severity", f.severity().id());
        g.writeStringField("message", Quoted.safe(f.message())); // as the text output shows it
        writeRange(g, "range", lines, f.range());
        g.writeArrayFieldStart("related");
        for (Related r : f.related()) {
            g.writeStartObject();
            g.writeStringField("message", Quoted.safe(r.message()));
            writeRange(g, "range", lines, r.range());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("fixes");
        for (Fix fix : f.fixes()) {
            g.writeStartObject();
            g.writeStringField("title", Quoted.safe(fix.title()));
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
