package dev.tracelint.lsp.protocol;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tracelint.TraceAssert.Marked;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.text.LineIndex;
import java.util.List;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DiagnosticTag;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.junit.jupiter.api.Test;

/** Findings as diagnostics: the tags come from the rule's declaration, the columns are UTF-16 code units. */
class ConvertTest {
    private static final String TRACE = """
            [{"ph": "C", "name": "🔥 ctr", «"cname"»: "bad", "pid": 1, "ts": 1, ‹"cname"›: "good", "args": {"v": 1}},
             {"ph": «"S"», "name": "é", "id": 1, "pid": 1, "tid": 1, "ts": 2},
             {"ph": «"F"», "name": "é", "id": 1, "pid": 1, "tid": 1, "ts": 3},
             {"cat": "c", "name": "🔥", "ph": «"N"», "pid": 1, "tid": 1, "ts": 4}]""";

    @Test
    void tagsAreTheRulesAndColumnsCountUtf16() {
        List<Finding> findings = assertFindings(TRACE,
                finding("duplicate-key", "\"cname\" appears again later in this event, whose last value counts: no viewer shows it")
                        .severity(Severity.INFORMATION).related("the value that counts"),
                finding("deprecated-phase", "phase \"S\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it")
                        .severity(Severity.HINT),
                finding("deprecated-phase", "phase \"F\" is a deprecated async phase (use nestable b/n/e): Perfetto drops it"),
                finding("missing-id", "N '🔥' is an object event without \"id\" or \"id2\": chrome://tracing and Perfetto drop it"));
        LineIndex lines = LineIndex.of(Marked.parse(TRACE).text());
        List<Diagnostic> d = findings.stream().map(f -> Convert.diagnostic("file:///t.json", lines, f, 7)).toList();

        assertEquals(List.of(DiagnosticTag.Unnecessary), d.get(0).getTags()); // the earlier key: shown faded
        // 🔥 is two UTF-16 code units: "cname" starts at column 31, not 30 (code points) or 33 (UTF-8 bytes)
        assertEquals(new Range(new Position(0, 31), new Position(0, 38)), d.get(0).getRange());
        assertEquals(DiagnosticSeverity.Information, d.get(0).getSeverity());
        assertEquals(List.of(DiagnosticTag.Deprecated), d.get(1).getTags()); // the phase: struck through
        assertEquals(new Range(new Position(1, 8), new Position(1, 11)), d.get(1).getRange());
        assertEquals(DiagnosticSeverity.Hint, d.get(1).getSeverity());
        assertEquals(List.of(DiagnosticTag.Deprecated), d.get(2).getTags());
        assertNull(d.get(3).getTags()); // most rules declare none
        assertEquals(new Range(new Position(3, 34), new Position(3, 37)), d.get(3).getRange()); // after a 🔥 too
    }
}
