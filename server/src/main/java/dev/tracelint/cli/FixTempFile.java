package dev.tracelint.cli;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file {@code --fix} writes a fixed trace to, beside the trace: {@code .NAME.<random>.tracelint-tmp}.
 * From its creation until it is renamed over the trace or deleted it is locked (a POSIX lock, which
 * the kernel drops when the process dies, kill -9 included), so a later {@code --fix} can tell the
 * leftover of a killed run (unlocked: deleted) from the file of a run still going (locked: left
 * alone). Every read and write goes through the one locked channel, because closing any other
 * descriptor of the file would drop the process's lock; for the same reason its mode is set before
 * it is locked (Java may change attributes through a descriptor of its own).
 *
 * <p>Write failures come out as {@link CannotWrite}, so that they are never reported as read errors.
 */
final class FixTempFile implements Closeable {
    static final String SUFFIX = ".tracelint-tmp";
    /**
     * The name the file takes while it is copied over a hard-linked trace in place: a leftover with
     * this name holds the only complete copy of a fix that was interrupted half-way through the trace.
     */
    static final String COPY_SUFFIX = ".tracelint-copy";

    /** An I/O failure while writing, said in a message that starts "cannot write"; the trace is as it was unless it says otherwise. */
    static final class CannotWrite extends IOException {
        CannotWrite(String message, IOException cause) {
            super(message, cause);
        }
    }

    /** Holds the lock until {@link #close()} closes it. */
    private final FileChannel channel;
    /** Where the file is now; null once it has become the trace. */
    private Path path;

    private FixTempFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** A new, locked, empty temporary file in the folder of {@code target}, with the mode of {@code target}, for --fix. */
    static FixTempFile createBeside(Path target) throws CannotWrite {
        return createBeside(target, "--fix writes the fixed trace");
    }

    /**
     * A new, locked, empty temporary file in the folder of {@code target}, with the mode of
     * {@code target}; {@code purpose} says who writes what there ("format writes the formatted trace").
     */
    static FixTempFile createBeside(Path target, String purpose) throws CannotWrite {
        Path dir = target.getParent();
        for (int attempt = 0; attempt < 3; attempt++) {
            Path p;
            try {
                p = Files.createTempFile(dir, prefix(target), SUFFIX);
            } catch (AccessDeniedException e) {
                throw new CannotWrite("cannot write: the folder " + dir + " is not writable (permission denied): " + purpose
                        + " to a temporary file beside it, then renames that over it", e);
            } catch (IOException e) {
                throw new CannotWrite("cannot write a temporary file in " + dir + ": " + CheckCommand.describe(e), e);
            }
            FileChannel ch = null;
            try {
                ch = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE); // before a read-only mode
                copyPermissions(target, p); // before the lock: changing them later could drop it (see above)
                ch.lock(); // waits while a clean-up holds it (which then deletes it)
                if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                    return new FixTempFile(p, ch);
                }
                // another tracelint's clean-up took it for a leftover before we locked it: make another
                ch.close();
            } catch (IOException e) {
                closeQuietly(ch);
                deleteQuietly(p);
                throw new CannotWrite("cannot write the temporary file " + p + ": " + CheckCommand.describe(e), e);
            }
        }
        throw new CannotWrite("cannot write a temporary file in " + dir + ": the ones made there kept disappearing", null);
    }

    /** The trace's mode for its replacement; where there are no POSIX permissions the default stands. */
    private static void copyPermissions(Path from, Path to) throws IOException {
        try {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system
        }
    }

    private static String prefix(Path target) {
        return "." + target.getFileName() + ".";
    }

    /** Leftovers of earlier runs that were killed, found beside a trace. */
    record Leftovers(List<Path> removed, List<Path> interruptedCopies, List<String> problems) {
    }

    /**
     * The temporary files in each folder, grouped by the trace they belong to. A folder is listed
     * once per run: fixing every trace of a folder of n files would otherwise list it n times.
     */
    static final class Folders {
        /** {@code .NAME.<n>.tracelint-tmp} (or {@code -copy}): the random n is the last number, NAME all before it. */
        private static final Pattern OURS = Pattern.compile(
                "\\.(.+)\\.\\d+(" + Pattern.quote(SUFFIX) + "|" + Pattern.quote(COPY_SUFFIX) + ")");
        private final Map<Path, Map<String, List<Path>>> byFolder = new ConcurrentHashMap<>();

        /** The temporary files of {@code target} there were when its folder was listed; each is handed out once. */
        List<Path> take(Path target) throws IOException {
            Map<String, List<Path>> folder;
            try {
                folder = byFolder.computeIfAbsent(target.getParent(), Folders::list);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            synchronized (folder) {
                List<Path> ours = folder.remove(target.getFileName().toString());
                return ours == null ? List.of() : ours;
            }
        }

        private static Map<String, List<Path>> list(Path dir) {
            Map<String, List<Path>> found = new HashMap<>();
            try (DirectoryStream<Path> all = Files.newDirectoryStream(dir)) {
                for (Path p : all) {
                    Matcher m = OURS.matcher(p.getFileName().toString());
                    if (m.matches()) {
                        found.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(p);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return found;
        }
    }

    /**
     * Deletes the temporary files of {@code target} that no running tracelint holds (leftovers of a
     * killed {@code --fix}), and lists the interrupted in-place copies, which it leaves alone: they
     * hold the only complete version of an interrupted fix.
     */
    static Leftovers sweep(Path target, Folders folders) {
        List<Path> removed = new ArrayList<>();
        List<Path> copies = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<Path> found;
        try {
            found = folders.take(target);
        } catch (IOException e) {
            problems.add("cannot look for leftover temporary files in " + target.getParent() + ": " + CheckCommand.describe(e));
            found = List.of();
        }
        for (Path p : found) {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
                FileLock lock = ch.tryLock();
                if (lock == null) {
                    continue; // a running tracelint is writing it
                }
                if (p.getFileName().toString().endsWith(COPY_SUFFIX)) {
                    copies.add(p);
                } else {
                    Files.delete(p); // while holding the lock: see createBeside
                    removed.add(p);
                }
            } catch (NoSuchFileException e) {
                // gone since the folder was listed: its owner finished
            } catch (OverlappingFileLockException e) {
                // held by this process: in use
            } catch (IOException e) {
                problems.add("cannot remove the leftover temporary file " + p + ": " + CheckCommand.describe(e));
            }
        }
        return new Leftovers(removed, copies, problems);
    }

    /** A stream that writes the file from its current position; closing it leaves the file open. */
    OutputStream output() {
        OutputStream raw = new FilterOutputStream(Channels.newOutputStream(channel)) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    throw new CannotWrite("cannot write the temporary file " + path + ": " + CheckCommand.describe(e), e);
                }
            }

            @Override
            public void close() {
                // the channel holds the lock: it stays open until the temporary file is done with
            }
        };
        return new BufferedOutputStream(raw, 1 << 16);
    }

    /** A stream that reads the file from byte {@code from}; closing it leaves the file open. */
    InputStream input(long from) throws IOException {
        channel.position(from);
        return new FilterInputStream(Channels.newInputStream(channel)) {
            @Override
            public void close() {
                // as in output()
            }
        };
    }

    /** Makes what was written durable (fsync) before it takes the place of the trace. */
    void force() throws CannotWrite {
        try {
            channel.force(true);
        } catch (IOException e) {
            throw new CannotWrite("cannot write the temporary file " + path + ": " + CheckCommand.describe(e), e);
        }
    }

    /**
     * Puts the file in the place of {@code target}: renamed over it (atomic) when it has one name,
     * copied over it in place when it has several hard links, so that every name sees the new
     * contents ({@link #copyOver}). It has the mode of {@code target} already.
     */
    void replace(Path target) throws CannotWrite {
        if (links(target) > 1) {
            copyOver(target);
        } else {
            renameOver(target);
        }
    }

    /** How many names (hard links) a file has; 1 where the file system does not say. */
    private static int links(Path file) {
        try {
            return (Integer) Files.getAttribute(file, "unix:nlink");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
    }

    /** Renames the file over {@code target} (atomically where the file system can), then syncs the folder. */
    void renameOver(Path target) throws CannotWrite {
        try {
            try {
                Files.move(path, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(path, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new CannotWrite("cannot write " + target + ": renaming the temporary file over it failed: "
                    + CheckCommand.describe(e), e);
        }
        path = null;
        syncFolder(target.getParent());
    }

    /**
     * Copies the file's bytes over {@code target} in place (its inode, so every hard link, its
     * owner and mode stay as they are), then deletes it. Not atomic: before the first byte is
     * written the file is renamed to {@link #COPY_SUFFIX}, so that if the copy is interrupted the
     * complete result is still there, under a name a later run recognises and does not delete.
     */
    void copyOver(Path target) throws CannotWrite {
        try (FileChannel out = openForWriting(target)) {
            String name = path.getFileName().toString();
            Path copy = path.resolveSibling(name.substring(0, name.length() - SUFFIX.length()) + COPY_SUFFIX);
            try {
                Files.move(path, copy, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new CannotWrite("cannot write " + target + ": renaming the temporary file to " + copy + " failed: "
                        + CheckCommand.describe(e), e);
            }
            path = copy;
            syncFolder(copy.getParent());
            try {
                long size = channel.size();
                for (long done = 0, n; done < size; done += n) {
                    n = channel.transferTo(done, size - done, out.position(done));
                    if (n <= 0) {
                        throw new IOException("the copy stopped after " + done + " of " + size + " bytes");
                    }
                }
                out.truncate(size);
                out.force(true);
            } catch (IOException e) {
                path = null; // keep it: it may be the only complete copy now
                throw new CannotWrite("cannot write " + target + " in place: " + CheckCommand.describe(e)
                        + "; it may be half written: the complete fixed trace is in " + copy, e);
            }
        } catch (IOException e) { // closing the target
            throw e instanceof CannotWrite w ? w : new CannotWrite("cannot write " + target + ": " + CheckCommand.describe(e), e);
        }
    }

    private static FileChannel openForWriting(Path target) throws CannotWrite {
        try {
            return FileChannel.open(target, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new CannotWrite("cannot write " + target + " in place: " + CheckCommand.describe(e) + "; it is unchanged", e);
        }
    }

    /** fsync of a folder, so that a rename in it survives a crash; a no-op where folders cannot be synced. */
    static void syncFolder(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // not possible on this platform or file system: the rename is still atomic, only its durability waits
        }
    }

    /** Deletes the file unless it became the trace (or must be kept), and releases the lock. */
    @Override
    public void close() throws IOException {
        try {
            if (path != null) {
                Files.deleteIfExists(path);
            }
        } finally {
            channel.close(); // releases the lock
        }
    }

    private static void closeQuietly(Closeable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException e) {
            // already failing: the first error is the one to report
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // nothing more to do: a later run removes it (it is not locked)
        }
    }
}
