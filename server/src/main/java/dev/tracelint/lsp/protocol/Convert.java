package dev.tracelint.lsp.protocol;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.MostSevereFirst;
import dev.tracelint.finding.Related;
import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.rules.Tag;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import dev.tracelint.text.Quoted;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.DiagnosticCodeDescription;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DiagnosticTag;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/** Engine values to lsp4j values and back. The only place that knows both. */
public final class Convert {
    private Convert() {
    }

    public static Position position(LineIndex lines, long offset) {
        LineCol lc = lines.position(offset);
        return new Position(lc.line(), lc.column());
    }

    public static Range range(LineIndex lines, TextRange r) {
        return new Range(position(lines, r.start()), position(lines, r.end()));
    }

    static DiagnosticSeverity severity(Severity s) {
        return switch (s) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case INFORMATION -> DiagnosticSeverity.Information;
            case HINT -> DiagnosticSeverity.Hint;
        };
    }

    /** A diagnostic whose data carries the rule id, the document version and the fixes (as offsets). */
    public static Diagnostic diagnostic(String uri, LineIndex lines, Finding f, int version) {
        Diagnostic d = new Diagnostic(range(lines, f.range()), Quoted.safe(f.message()), severity(f.severity()), "tracelint");
        d.setCode(f.ruleId());
        RuleInfo info = Rules.info(f.ruleId());
        if (info != null) {
            d.setCodeDescription(new DiagnosticCodeDescription(info.docUrl()));
            if (!info.tags().isEmpty()) {
                d.setTags(info.tags().stream().map(Convert::tag).toList());
            }
        }
        List<DiagnosticRelatedInformation> related = new ArrayList<>();
        for (Related r : f.related()) {
            related.add(new DiagnosticRelatedInformation(new Location(uri, range(lines, r.range())), Quoted.safe(r.message())));
        }
        if (!related.isEmpty()) {
            d.setRelatedInformation(related);
        }
        d.setData(data(f, version));
        return d;
    }

    /**
     * The diagnostics of a document, at most {@code max} ({@code maxProblems}), the most severe
     * first ({@link MostSevereFirst}); beyond them, one information diagnostic at the top says how
     * many of each severity are not shown and how to list them all with {@code check} on {@code path}.
     */
    public static List<Diagnostic> diagnostics(String uri, LineIndex lines, List<Finding> findings, int version, int max, String path) {
        return diagnostics(uri, lines, findings, version, max, "maxProblems is " + max, path);
    }

    /** As above; {@code why} says where the cap comes from ("maxProblems is 1000"). */
    public static List<Diagnostic> diagnostics(String uri, LineIndex lines, List<Finding> findings, int version, int max, String why,
            String path) {
        MostSevereFirst capped = MostSevereFirst.of(findings, max);
        List<Diagnostic> out = new ArrayList<>(capped.shown().size() + 1);
        for (Finding f : capped.shown()) {
            out.add(diagnostic(uri, lines, f, version));
        }
        if (capped.hiddenCount() > 0) {
            Diagnostic more = new Diagnostic(new Range(new Position(0, 0), new Position(0, 1)),
                    capped.hiddenCount() + " more problems are not shown (" + why + "): " + capped.hiddenBySeverity()
                            + " (the most severe are shown); run `java -jar tracelint.jar check " + path + "` to see them all",
                    DiagnosticSeverity.Information, "tracelint");
            more.setCode("max-problems");
            out.add(more);
        }
        return out;
    }

    static DiagnosticTag tag(Tag t) {
        return switch (t) {
            case UNNECESSARY -> DiagnosticTag.Unnecessary;
            case DEPRECATED -> DiagnosticTag.Deprecated;
        };
    }

    static JsonObject data(Finding f, int version) {
        JsonObject o = new JsonObject();
        o.addProperty("rule", f.ruleId());
        o.addProperty("version", version);
        JsonArray fixes = new JsonArray();
        for (Fix fix : f.fixes()) {
            JsonObject jf = new JsonObject();
            jf.addProperty("title", Quoted.safe(fix.title())); // the code action's title, as the CLI shows it
            jf.addProperty("safe", fix.safe());
            JsonArray edits = new JsonArray();
            for (TextEdit e : fix.edits()) {
                JsonObject je = new JsonObject();
                je.addProperty("start", e.range().start());
                je.addProperty("end", e.range().end());
                je.addProperty("newText", e.newText());
                edits.add(je);
            }
            jf.add("edits", edits);
            fixes.add(jf);
        }
        o.add("fixes", fixes);
        return o;
    }

    /** The fixes carried in a diagnostic's data, or empty if it is not ours or malformed. */
    public static List<Fix> fixes(Object data) {
        List<Fix> out = new ArrayList<>();
        JsonObject o = asObject(data);
        if (o == null || !o.has("fixes")) {
            return out;
        }
        try {
            for (JsonElement jf : o.getAsJsonArray("fixes")) {
                JsonObject f = jf.getAsJsonObject();
                List<TextEdit> edits = new ArrayList<>();
                for (JsonElement je : f.getAsJsonArray("edits")) {
                    JsonObject e = je.getAsJsonObject();
                    edits.add(new TextEdit(new TextRange(e.get("start").getAsLong(), e.get("end").getAsLong()),
                            e.get("newText").getAsString()));
                }
                out.add(new Fix(f.get("title").getAsString(), f.get("safe").getAsBoolean(), edits));
            }
        } catch (RuntimeException e) {
            return List.of(); // not data we wrote
        }
        return out;
    }

    /** The data of a fix-all action whose edit is worked out when it is resolved: the document and its version. */
    public static JsonObject fixAllData(String uri, int version) {
        return resolveData(FIX_ALL, uri, version);
    }

    /** The document of a fix-all action's data, or null if it is not such data. */
    public static String fixAllUri(Object data) {
        return resolveUri(FIX_ALL, data);
    }

    /** What a code action offered without its edit is, in its data: fix-all, "Make it load", "Put one event per line". */
    public static final String FIX_ALL = "fixAll";
    public static final String REPAIR = "repair";
    public static final String EVENTS_PER_LINE = "eventsPerLine";

    /** The data of a code action {@code what} whose edit is worked out when it is resolved: the document and its version. */
    public static JsonObject resolveData(String what, String uri, int version) {
        JsonObject o = new JsonObject();
        o.addProperty(what, uri);
        o.addProperty("version", version);
        return o;
    }

    /** The document of a code action {@code what}'s data, or null if it is not such data. */
    public static String resolveUri(String what, Object data) {
        JsonObject o = asObject(data);
        return o != null && o.has(what) && o.get(what).isJsonPrimitive() ? o.get(what).getAsString() : null;
    }

    public static int version(Object data) {
        JsonObject o = asObject(data);
        return o != null && o.has("version") ? o.get("version").getAsInt() : -1;
    }

    private static JsonObject asObject(Object data) {
        if (data instanceof JsonObject o) {
            return o;
        }
        if (data instanceof JsonElement e && e.isJsonObject()) {
            return e.getAsJsonObject();
        }
        return null;
    }

    public static org.eclipse.lsp4j.TextEdit edit(LineIndex lines, TextEdit e) {
        return new org.eclipse.lsp4j.TextEdit(range(lines, e.range()), e.newText());
    }
}
