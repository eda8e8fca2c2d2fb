package dev.tracelint.cli;

import dev.tracelint.schema.TraceSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * Loads the trace JSON Schema ({@link TraceSchema#get()}: reading it and compiling its pre-check,
 * ~25 ms of a cold JVM) on a second thread, while the main thread reads the arguments, looks for
 * config files and sets up the rules; the schema rules need it from the first event on. On a
 * machine with a free core this takes it off the critical path of a short {@code check} run.
 *
 * <p>Only a head start: a failure here is ignored, the first real use of the schema reports it.
 * Whether it starts changes no output, only who pays for the schema: a check whose every input
 * visibly holds no event (an empty trace, as in pre-commit's start-up figure) never needs it, and
 * there the thread was about 40 M instructions of a 280 M start-up competing for the two cores.
 */
final class SchemaPreload implements Runnable {
    /**
     * Larger inputs are not looked into: a trace with an event in it needs the schema anyway, and
     * this look must stay a single small read on the start-up path.
     */
    static final int EVENT_FREE_MAX_BYTES = 64;

    private SchemaPreload() {
    }

    /**
     * Starts the preload unless every one of {@code paths} is a small file without an event;
     * true if it started.
     */
    static boolean startUnlessEventFree(List<String> paths) {
        for (String p : paths) {
            if (!eventFree(p)) {
                start();
                return true;
            }
        }
        return false;
    }

    static void start() {
        Thread t = new Thread(new SchemaPreload(), "tracelint-schema-preload");
        t.setDaemon(true); // never keeps the JVM alive
        t.start();
    }

    /**
     * True only when {@code path} is a regular file of at most {@link #EVENT_FREE_MAX_BYTES} that
     * starts (after blanks) with {@code [} or {@code {} and has no other {@code {}: JSON text whose
     * only possible object is the outer one ({@code []}, {@code {"traceEvents":[]}}), so it holds
     * no event. Anything else (gzip, a folder, a FIFO, an unreadable file) is false: preload.
     */
    static boolean eventFree(String path) {
        try {
            Path file = Path.of(path);
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (!a.isRegularFile() || a.size() > EVENT_FREE_MAX_BYTES) {
                return false;
            }
            byte[] head;
            try (InputStream in = Files.newInputStream(file)) {
                head = in.readNBytes(EVENT_FREE_MAX_BYTES + 1);
            }
            return head.length <= EVENT_FREE_MAX_BYTES && onlyOuterBrace(head);
        } catch (IOException | InvalidPathException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static boolean onlyOuterBrace(byte[] text) {
        int i = 0;
        while (i < text.length && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) {
            i++;
        }
        if (i == text.length || (text[i] != '[' && text[i] != '{')) {
            return false;
        }
        for (int j = i + 1; j < text.length; j++) {
            if (text[j] == '{') {
                return false;
            }
        }
        return true;
    }

    @Override
    public void run() {
        try {
            TraceSchema.get();
        } catch (RuntimeException | LinkageError e) {
            // the main thread meets the same problem when it needs the schema, and reports it
        }
    }
}
