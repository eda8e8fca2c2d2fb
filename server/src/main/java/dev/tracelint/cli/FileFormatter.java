package dev.tracelint.cli;

import dev.tracelint.analysis.Claim;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.fix.EventsPerLine;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code format} for one file: the formatter ({@link EventsPerLine}) streams the file's bytes into
 * a temporary file beside it, which is put in its place as {@code --fix} puts a fixed trace
 * ({@link FixTempFile}: fsynced, renamed over it atomically, or copied over a file with several
 * hard links; a symbolic link is followed and stays a link; nothing is replaced if the file
 * changed meanwhile). Only the whitespace between events changes, so the result is not checked
 * again; a file it would not change is left alone (not even rewritten). gzip files and files
 * that are not UTF-8 are not rewritten.
 */
final class FileFormatter {
    /** How much of a file found in a folder is looked at to tell a trace (an array of objects) from other JSON. */
    private static final int SNIFF = 1 << 16;

    enum Status { FORMATTED, UNCHANGED, SKIPPED }

    /**
     * What became of one file.
     *
     * @param status what was done (with --check: would be done)
     * @param notes  lines for stderr (a file not rewritten and why, leftovers removed)
     * @param error  why it could not be formatted, or null
     */
    record Result(Status status, List<String> notes, String error) {
        static Result failed(String error) {
            return new Result(Status.SKIPPED, List.of(), error);
        }
    }

    private final boolean check;
    private final FixTempFile.Folders folders;

    FileFormatter(boolean check, FixTempFile.Folders folders) {
        this.check = check;
        this.folders = folders;
    }

    Result format(Inputs.Input in) throws IOException {
        Path target = in.path().toRealPath(); // through symbolic links: format the file, keep the link
        if (!Files.isRegularFile(target)) {
            return Result.failed("cannot format: not a regular file (format rewrites files in place; "
                    + "`format -` formats standard input to standard output)");
        }
        TraceFiles.Layout layout = TraceFiles.layout(target);
        if (layout.gzip() || !layout.utf8()) {
            return new Result(Status.SKIPPED, List.of("not formatted: format rewrites UTF-8 files only, this one is "
                    + (layout.gzip() ? "gzip" : layout.charset().toString()) + "; decompress or convert it first"), null);
        }
        if (in.claim() == Claim.ANY_JSON && !looksLikeTrace(target, layout.bom())) {
            return new Result(Status.SKIPPED, List.of(), null);
        }
        if (check) {
            try (InputStream bytes = open(target, layout.bom())) {
                return outcome(EventsPerLine.format(bytes, OutputStream.nullOutputStream()), List.of());
            }
        }
        List<String> notes = new ArrayList<>();
        FixTempFile.Leftovers leftovers = FixTempFile.sweep(target, folders);
        for (Path p : leftovers.removed()) {
            notes.add("removed " + p.getFileName() + ", the temporary file of an earlier run that was killed");
        }
        notes.addAll(leftovers.problems());
        if (!leftovers.interruptedCopies().isEmpty()) {
            return new Result(Status.SKIPPED, notes, "cannot format: an earlier run was interrupted while it copied its result"
                    + " over this file (it has several hard links), so the file may be half written; the complete"
                    + " result is in " + leftovers.interruptedCopies().get(0) + ": check it, move it over the file (or"
                    + " delete it), then run again");
        }
        FileStamp stamp = FileStamp.of(target);
        try (FixTempFile tmp = FixTempFile.createBeside(target, "format writes the formatted trace")) {
            EventsPerLine.Outcome outcome;
            try (InputStream bytes = new BufferedInputStream(Files.newInputStream(target), 1 << 16);
                 OutputStream out = tmp.output()) {
                out.write(bytes.readNBytes(layout.bom()));
                outcome = EventsPerLine.format(bytes, out);
            }
            if (!outcome.changed()) {
                return outcome(outcome, notes); // the temporary file goes: the file stays as it is
            }
            tmp.force();
            if (!stamp.equals(FileStamp.of(target))) {
                return new Result(Status.SKIPPED, notes, "cannot format: the file changed while it was being formatted;"
                        + " it is left as it is");
            }
            tmp.replace(target);
            return outcome(outcome, notes);
        } catch (FixTempFile.CannotWrite e) {
            return new Result(Status.SKIPPED, notes, e.getMessage());
        }
    }

    private static Result outcome(EventsPerLine.Outcome o, List<String> notes) {
        Status s = !o.events() ? Status.SKIPPED : o.changed() ? Status.FORMATTED : Status.UNCHANGED;
        return new Result(s, notes, null);
    }

    private static InputStream open(Path file, int bom) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.skipNBytes(bom);
        return in;
    }

    /**
     * Whether a file found in a folder is a trace to format: an object (the formatter touches only
     * its {@code traceEvents} array), or an array whose first element is an object (or an empty
     * array), as docs/cli.md "Which JSON is a trace" says. An array of anything else is other JSON.
     */
    private static boolean looksLikeTrace(Path file, int bom) throws IOException {
        byte[] head;
        try (InputStream in = open(file, bom)) {
            head = in.readNBytes(SNIFF);
        }
        int i = skipWhitespace(head, 0);
        if (i < head.length && head[i] == '{') {
            return true;
        }
        if (i >= head.length || head[i] != '[') {
            return false;
        }
        i = skipWhitespace(head, i + 1);
        return i < head.length && (head[i] == '{' || head[i] == ']');
    }

    private static int skipWhitespace(byte[] b, int i) {
        while (i < b.length && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) {
            i++;
        }
        return i;
    }
}
