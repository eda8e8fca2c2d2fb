package dev.tracelint.cli;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.fix.EditApplier;
import dev.tracelint.fix.FixLoop;
import dev.tracelint.fix.FixPlan;
import dev.tracelint.text.TextEdit;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * --fix for one file: analyse it, then run the engine's fix loop ({@link FixLoop}, the one the
 * editor's fix-all runs) on the file: each round's fixes are written into a temporary file beside
 * it (see {@link FixTempFile}), which the loop checks before it is put in the file's place. The
 * fixes are spliced into the file's bytes as read, so every byte outside a fix stays as it was,
 * malformed UTF-8 and the byte order mark included.
 *
 * <p>A symbolic link is followed: the file it points to is fixed, the link stays a link. A file with
 * one name is replaced by renaming the temporary file over it (atomic: a reader sees the old file or
 * the new one, also after kill -9). A file with several hard links is copied over in place instead,
 * so that every name sees the fix; that copy is not atomic (see {@link FixTempFile#copyOver}).
 * A file that cannot be read to the end, gzip, or not UTF-8 is never written.
 */
final class FileFixer {
    /** One fix at a time per file in this process, whatever name (link) it was given by. */
    private static final Map<Path, Object> BUSY = new ConcurrentHashMap<>();

    private final Analyzer analyzer;
    private final boolean unsafe;
    /** Where the leftover temporary files are, for the whole run. */
    private final FixTempFile.Folders folders;

    FileFixer(Analyzer analyzer, boolean unsafe, FixTempFile.Folders folders) {
        this.analyzer = analyzer;
        this.unsafe = unsafe;
        this.folders = folders;
    }

    FileResult fix(String display, Path path) throws IOException {
        Path target = path.toRealPath(); // through symbolic links: fix the file, keep the link
        synchronized (BUSY.computeIfAbsent(target, k -> new Object())) {
            return fixFile(display, target);
        }
    }

    private FileResult fixFile(String display, Path target) throws IOException {
        TraceFiles.Layout layout = TraceFiles.layout(target);
        String notRewritten = layout.gzip() ? "--fix does not rewrite gzip files; decompress it to apply fixes"
                : !layout.utf8() ? "--fix rewrites UTF-8 files only, this one is " + layout.charset() + "; convert it to apply fixes"
                : null;
        if (notRewritten != null) {
            return checkOnly(display, target, notRewritten);
        }
        List<String> notes = new ArrayList<>();
        FixTempFile.Leftovers leftovers = FixTempFile.sweep(target, folders);
        for (Path p : leftovers.removed()) {
            notes.add("removed " + p.getFileName() + ", the temporary file of an earlier --fix that was killed");
        }
        notes.addAll(leftovers.problems());
        int bom = layout.bom();
        FileStamp stamp = FileStamp.of(target);
        Analysis analysis = analyzeFile(target, bom);
        if (!leftovers.interruptedCopies().isEmpty()) {
            return new FileResult(display, analysis, "cannot fix: an earlier --fix was interrupted while it copied its result"
                    + " over this file (it has several hard links), so the file may be half written; the complete fixed"
                    + " trace is in " + leftovers.interruptedCopies().get(0) + ": check it, move it over the file (or"
                    + " delete it), then run --fix again", List.of(), notes);
        }
        FixLoop.Outcome fixed = FixLoop.run(analysis, new FileVersions(target, bom, stamp), unsafe);
        List<String> applied = new ArrayList<>();
        for (FixPlan.Chosen c : fixed.applied()) {
            applied.add(c.fix().title() + " [" + c.finding().ruleId() + "]");
        }
        String error = fixed.refused() ? "internal error: the fixes would have broken the JSON; the file is unchanged"
                : fixed.stopped();
        return new FileResult(display, fixed.analysis(), error, applied, notes);
    }

    /**
     * The versions of a file being fixed: a round's fixes are spliced into the file's bytes in a
     * temporary file beside it (fsynced), which is analysed as the file is read, then put in the
     * file's place, unless the file changed since it was read.
     */
    private final class FileVersions implements FixLoop.Versions<FixTempFile> {
        private final Path target;
        private final int bom;
        /** The file as the current version was read or written. */
        private FileStamp stamp;

        FileVersions(Path target, int bom, FileStamp stamp) {
            this.target = target;
            this.bom = bom;
            this.stamp = stamp;
        }

        @Override
        public FixTempFile write(List<TextEdit> sortedEdits) throws IOException, FixLoop.Stopped {
            boolean written = false;
            FixTempFile tmp = null;
            try {
                tmp = FixTempFile.createBeside(target);
                try (InputStream in = new BufferedInputStream(Files.newInputStream(target), 1 << 16);
                     OutputStream out = tmp.output()) {
                    out.write(in.readNBytes(bom)); // the byte order mark: offsets start after it
                    EditApplier.apply(in, out, sortedEdits);
                }
                tmp.force();
                written = true;
                return tmp;
            } catch (FixTempFile.CannotWrite e) {
                throw new FixLoop.Stopped(e.getMessage());
            } finally {
                if (!written && tmp != null) {
                    tmp.close();
                }
            }
        }

        @Override
        public Analysis analyze(FixTempFile tmp) throws IOException {
            try (InputStream in = tmp.input(bom)) {
                return analyzer.analyze(in, () -> false);
            }
        }

        @Override
        public void keep(FixTempFile tmp) throws IOException, FixLoop.Stopped {
            if (!stamp.equals(FileStamp.of(target))) {
                throw new FixLoop.Stopped("cannot fix: the file changed while it was being fixed; it is left as it is");
            }
            try {
                tmp.replace(target);
            } catch (FixTempFile.CannotWrite e) {
                throw new FixLoop.Stopped(e.getMessage());
            }
            stamp = FileStamp.of(target);
        }

        @Override
        public void release(FixTempFile tmp) throws IOException {
            tmp.close();
        }
    }

    /** A file --fix does not rewrite: only checked, with a note if it had fixes. */
    private FileResult checkOnly(String display, Path target, String why) throws IOException {
        try (TraceFiles.Text text = TraceFiles.text(target)) {
            return notRewritten(display, analyzer.analyze(text, () -> false), why);
        }
    }

    /** The result of a file --fix leaves alone, with a note saying why if it had something to fix. */
    static FileResult notRewritten(String display, Analysis analysis, String why) {
        boolean fixable = analysis.findings().stream().anyMatch(f -> !f.fixes().isEmpty());
        return new FileResult(display, analysis, null, List.of(), fixable ? List.of("not rewritten: " + why) : List.of());
    }

    /** The file's bytes after {@code bom} bytes, read as the check of a file reads them. */
    private Analysis analyzeFile(Path file, int bom) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(bom);
            return analyzer.analyze(in, () -> false);
        }
    }

}
