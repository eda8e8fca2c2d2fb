package dev.tracelint.cli;

import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.finding.Finding;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.fix.FixPlan;
import dev.tracelint.read.TraceReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * --fix for one file: analyse, apply the chosen fixes into a temporary file beside it, check the
 * result, then rename it over the original. Repeats while fixes remain (a fix can unblock another).
 * A file that cannot be read to the end, or that is gzip or not UTF-8, is never written.
 */
final class FileFixer {
    private static final int MAX_ROUNDS = 10;

    private final Analyzer analyzer;
    private final boolean unsafe;

    FileFixer(Analyzer analyzer, boolean unsafe) {
        this.analyzer = analyzer;
        this.unsafe = unsafe;
    }

    FileResult fix(String display, Path path) throws IOException {
        Analysis analysis = analyze(path);
        List<String> applied = new ArrayList<>();
        TraceFiles.Layout layout = TraceFiles.layout(path);
        if (layout.gzip()) {
            return notRewritten(display, analysis, "--fix does not rewrite gzip files; decompress it to apply fixes");
        }
        if (!layout.utf8()) {
            return notRewritten(display, analysis, "--fix rewrites UTF-8 files only, this one is " + layout.charset()
                    + "; convert it to apply fixes");
        }
        boolean bom = layout.bom() > 0;
        for (int round = 0; round < MAX_ROUNDS && analysis.isTrace(); round++) {
            FixPlan plan = FixPlan.of(analysis.findings(), unsafe);
            if (plan.isEmpty()) {
                break;
            }
            Path tmp = Files.createTempFile(path.toAbsolutePath().getParent(), "." + path.getFileName(), ".tracelint-tmp");
            try {
                try (Reader in = TraceFiles.open(path);
                     Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                    if (bom) {
                        out.write('\uFEFF'); // keep the file's byte order mark; offsets start after it
                    }
                    EditApplier.apply(in, out, plan.edits());
                }
                Analysis after = analyze(tmp);
                if (syntaxErrors(after) > syntaxErrors(analysis)) {
                    throw new IOException("internal: fixes would have broken the JSON; file left unchanged");
                }
                copyPermissions(path, tmp);
                move(tmp, path);
                for (FixPlan.Chosen c : plan.chosen()) {
                    applied.add(c.fix().title() + " [" + c.finding().ruleId() + "]");
                }
                analysis = after;
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        return new FileResult(display, analysis, null, applied, List.of());
    }

    /** The result of a file --fix leaves alone, with a note saying why if it had something to fix. */
    static FileResult notRewritten(String display, Analysis analysis, String why) {
        boolean fixable = analysis.findings().stream().anyMatch(f -> !f.fixes().isEmpty());
        return new FileResult(display, analysis, null, List.of(), fixable ? List.of("not rewritten: " + why) : List.of());
    }

    private Analysis analyze(Path p) throws IOException {
        try (Reader r = TraceFiles.open(p)) {
            return analyzer.analyze(r, () -> false);
        }
    }

    private static long syntaxErrors(Analysis a) {
        return a.findings().stream().map(Finding::ruleId).filter(TraceReader.JSON_SYNTAX::equals).count();
    }

    private static void copyPermissions(Path from, Path to) {
        try {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        } catch (IOException | UnsupportedOperationException e) {
            // not a POSIX file system: the default permissions stand
        }
    }

    private static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
