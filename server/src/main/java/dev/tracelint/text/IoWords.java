package dev.tracelint.text;

import java.io.IOException;

/** How tracelint says what went wrong reading or writing a file: plain words, one place. */
public final class IoWords {
    private IoWords() {
    }

    /**
     * An I/O failure in plain words, never a Java class name: the system's reason where it gave
     * one ("File name too long", "Too many levels of symbolic links"), else what the failure means.
     */
    public static String describe(IOException e) {
        String m = e.getMessage();
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return loopSaid(f.getReason()); // the path is shown already
        }
        if (e instanceof java.util.zip.ZipException) {
            return "broken gzip data" + (m == null ? "" : " (" + m + ")");
        }
        if (e instanceof java.io.EOFException) {
            return "the file ends too early";
        }
        if (m == null || m.isBlank()) {
            return e.getCause() instanceof IOException cause ? describe(cause) : "input/output error";
        }
        return loopSaid(m);
    }

    /** The system's "Too many levels of symbolic links" (ELOOP), with what it means. */
    public static String loopSaid(String reason) {
        return reason.regionMatches(true, 0, "Too many levels of symbolic links", 0, 33)
                ? "too many levels of symbolic links (a link loop, such as a link to itself)" : reason;
    }
}
