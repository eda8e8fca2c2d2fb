package dev.tracelint.cli;

import dev.tracelint.text.Quoted;
import dev.tracelint.analysis.Claim;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What a {@code check} command line names, in argument order: stdin ({@code -}), files (whatever
 * their kind: a pipe or FIFO named on the command line is read), and the trace files found by
 * walking folders (sorted per folder). A walk takes only regular files (and links to them): a FIFO
 * found there would block the check, a socket or a dangling link cannot be read. It goes on past
 * what it cannot read, a folder without permission say; each such path becomes an input that
 * failed, reported like an unreadable file.
 */
final class Inputs {
    /**
     * One input.
     *
     * @param display the path as shown ("-" for stdin)
     * @param path    null for stdin
     * @param claim   whether it is claimed to be a trace: named, piped in, or named *trace*
     * @param error   why it could not be read while walking, or null
     */
    record Input(String display, Path path, Claim claim, String error) {
    }

    private final List<Input> all = new ArrayList<>();
    private boolean missing;

    private Inputs() {
    }

    /** The inputs of {@code args}; a path that does not exist is reported on {@code err} and makes {@link #missing()} true. */
    static Inputs of(List<String> args, PrintStream err) {
        Inputs inputs = new Inputs();
        for (String p : args) {
            if (p.equals("-")) {
                inputs.all.add(new Input("-", null, Claim.TRACE, null));
                continue;
            }
            Path path = Path.of(p);
            if (Files.isDirectory(path)) {
                inputs.walk(path);
            } else if (Files.exists(path)) {
                inputs.all.add(new Input(p, path, Claim.TRACE, null));
            } else if (Files.isSymbolicLink(path)) {
                // a link that leads nowhere: a loop (ELOOP) or a missing target, said as such
                String why;
                try {
                    path.toRealPath();
                    why = "no such file or directory";
                } catch (IOException e) {
                    why = e instanceof NoSuchFileException ? "a symbolic link to a missing file" : CheckCommand.describe(e);
                }
                err.println(Quoted.safe("tracelint: " + why + ": " + p));
                inputs.missing = true;
            } else {
                err.println(Quoted.safe("tracelint: no such file or directory: " + p));
                inputs.missing = true;
            }
        }
        return inputs;
    }

    List<Input> all() {
        return all;
    }

    /** True if a named path does not exist. */
    boolean missing() {
        return missing;
    }

    static boolean isTraceName(String name) {
        return name.endsWith(".json") || name.endsWith(".json.gz");
    }

    /** Adds the trace files under {@code folder}, and the paths under it that could not be read. */
    private void walk(Path folder) {
        List<Input> found = new ArrayList<>();
        // a folder named through a link is walked where it leads; links inside are not followed
        Path root;
        try {
            root = Files.isSymbolicLink(folder) ? folder.toRealPath() : folder;
        } catch (IOException e) {
            all.add(failed(folder, folder, e));
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String name = file.getFileName().toString();
                    if (isTraceName(name) && (attrs.isRegularFile() || attrs.isSymbolicLink() && Files.isRegularFile(file))) {
                        Path shown = shown(folder, root, file);
                        found.add(new Input(shown.toString(), shown, Claim.byName(name), null));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    if (!(e instanceof NoSuchFileException)) { // gone since it was listed: nothing to read
                        found.add(failed(shown(folder, root, file), file, e));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    if (e != null) { // failed while listing it, after some entries
                        found.add(failed(shown(folder, root, dir), dir, e));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            found.add(failed(folder, folder, e)); // only a visitor that throws makes the walk throw: not this one
        }
        found.sort(Comparator.comparing(Input::path));
        all.addAll(found);
    }

    /** The path as the user would write it: under the folder they named, not where a link led. */
    private static Path shown(Path named, Path walked, Path file) {
        return named == walked ? file : named.resolve(walked.relativize(file));
    }

    private static Input failed(Path shown, Path actual, IOException e) {
        String what = Files.isDirectory(actual, LinkOption.NOFOLLOW_LINKS) ? "cannot read folder: " : "cannot read: ";
        // "File name too long" rather than "<the whole path>: File name too long": the path is shown already
        String why = CheckCommand.describe(e);
        return new Input(shown.toString(), shown, Claim.TRACE, what + why);
    }
}
