package dev.tracelint.fix;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.text.IoWords;
import dev.tracelint.text.TextEdit;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * {@code repair IN -o OUT} on files: the input is only read; each round's version is spliced from
 * the current one ({@link EditApplier}: a 64 KB buffer, every byte outside an edit as it was) into a
 * temporary file beside OUT, analysed as a file is read, and kept or deleted; at the end the last
 * version is fsynced and renamed over OUT (atomically where the file system can), so a reader of
 * OUT sees the old file or the repaired one, never half of it. OUT may be IN (in place: the caller
 * decides whether that is allowed). Memory: two analyses at most, never the text.
 */
public final class RepairFile {
    /** The suffix of the temporary files ({@code check --fix} uses the same, and removes leftovers of killed runs). */
    static final String SUFFIX = ".tracelint-tmp";

    private RepairFile() {
    }

    /** Why a file cannot be repaired (gzip, not UTF-8); the message says what to do. */
    public static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * Repairs {@code in} into {@code out} for the viewers {@code analyzer}'s config targets. A gzip
     * {@code in} is inflated first into a temporary file beside {@code out} (positions in the log are
     * then in the inflated text, as a check of the gzip file gives them); {@code out} is plain JSON,
     * so it may not be the gzip file itself nor be named *.gz.
     */
    public static Repair.Report repair(Path in, Path out, Analyzer analyzer) throws IOException {
        TraceFiles.Layout layout = TraceFiles.layout(in);
        if (!layout.utf8()) {
            throw new Refused("repair rewrites UTF-8 files only and this one is " + layout.charset() + "; convert it first");
        }
        Path dir = out.toAbsolutePath().getParent();
        String name = out.getFileName().toString();
        if (!layout.gzip()) {
            return repairPlain(in, out, dir, name, layout.bom(), analyzer);
        }
        if ((Files.exists(out) && Files.isSameFile(in, out)) || name.endsWith(".gz")) {
            throw new Refused("repair writes plain JSON and this file is gzip: write it to a file not named *.gz"
                    + " (-o trace.json), or decompress it first (gunzip -k)");
        }
        Path plain = temporary(dir, name);
        try {
            try (InputStream z = TraceFiles.inflated(in); OutputStream to = Files.newOutputStream(plain)) {
                z.transferTo(to);
            }
            return repairPlain(plain, out, dir, name, layout.bom(), analyzer);
        } finally {
            Files.deleteIfExists(plain);
        }
    }

    private static Repair.Report repairPlain(Path in, Path out, Path dir, String name, int bom, Analyzer analyzer) throws IOException {
        Versions versions = new Versions(in, dir, name, bom, analyzer);
        try {
            Analysis first = versions.analyzeFile(in);
            Repair.Report report = Repair.run(first, versions);
            versions.finish(out);
            return report;
        } finally {
            versions.discard();
        }
    }

    /** The versions: the input, then the temporary file of the last round kept. */
    private static final class Versions implements FixLoop.Versions<Path> {
        private final Path input;
        private final Path dir;
        private final String name;
        private final int bom;
        private final Analyzer analyzer;
        /** The input, or the temporary file of the last round kept (ours to delete). */
        private Path current;

        Versions(Path input, Path dir, String name, int bom, Analyzer analyzer) {
            this.input = input;
            this.dir = dir;
            this.name = name;
            this.bom = bom;
            this.analyzer = analyzer;
            this.current = input;
        }

        @Override
        public Path write(List<TextEdit> sortedEdits) throws IOException {
            Path tmp = temporary();
            try (InputStream from = new BufferedInputStream(Files.newInputStream(current), 1 << 16);
                 OutputStream to = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                to.write(from.readNBytes(bom)); // the byte order mark: offsets start after it
                EditApplier.apply(from, to, sortedEdits);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            return tmp;
        }

        @Override
        public Analysis analyze(Path version) throws IOException {
            return analyzeFile(version);
        }

        Analysis analyzeFile(Path file) throws IOException {
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
                in.skipNBytes(bom);
                return analyzer.analyze(in, () -> false);
            }
        }

        @Override
        public void keep(Path version) throws IOException {
            if (!current.equals(input)) {
                Files.deleteIfExists(current);
            }
            current = version;
        }

        @Override
        public void release(Path version) throws IOException {
            if (!version.equals(current)) {
                Files.deleteIfExists(version);
            }
        }

        /** Puts the last version in the place of {@code out}: a copy of the input when no round was kept (unless out is the input). */
        void finish(Path out) throws IOException {
            if (current.equals(input)) {
                if (Files.exists(out) && Files.isSameFile(input, out)) {
                    return;
                }
                Path tmp = temporary();
                Files.copy(input, tmp, StandardCopyOption.REPLACE_EXISTING);
                current = tmp;
            }
            try (FileChannel ch = FileChannel.open(current, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            try { // a temporary file is private: OUT keeps its mode, a new OUT takes IN's, writable by its owner
                java.util.Set<java.nio.file.attribute.PosixFilePermission> mode = Files.getPosixFilePermissions(Files.exists(out) ? out : input);
                if (!Files.exists(out)) {
                    mode.add(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
                }
                Files.setPosixFilePermissions(current, mode);
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the default stands
            }
            try {
                Files.move(current, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(current, out, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new IOException("cannot write " + out + ": renaming the temporary file over it failed: " + IoWords.describe(e), e);
            }
            current = input;
            try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                d.force(true); // the rename survives a crash
            } catch (IOException e) {
                // not possible on this platform or file system: the rename is still atomic
            }
        }

        /** Deletes the temporary file still held after a failure. */
        void discard() throws IOException {
            if (!current.equals(input)) {
                Files.deleteIfExists(current);
                current = input;
            }
        }

        private Path temporary() throws IOException {
            return RepairFile.temporary(dir, name);
        }
    }

    private static Path temporary(Path dir, String name) throws IOException {
        try {
            return Files.createTempFile(dir, "." + name + ".", SUFFIX);
        } catch (IOException e) {
            throw new IOException("cannot write a temporary file in " + dir + ": " + IoWords.describe(e), e);
        }
    }
}
