package dev.tracelint.lsp.transport;

import java.io.PrintStream;

/**
 * One short stderr line per problem with the incoming byte stream, and a bound on how many: a
 * client stuck sending garbage must not fill the disk with the server's log.
 */
final class ProtocolLog {
    static final int MAX_LINES = 100;
    private static final int MAX_DETAIL = 160;

    private final PrintStream out;
    private int lines;

    ProtocolLog(PrintStream out) {
        this.out = out;
    }

    void problem(String what) {
        lines++;
        if (lines <= MAX_LINES) {
            out.println("[tracelint] protocol: " + what);
        } else if (lines == MAX_LINES + 1) {
            out.println("[tracelint] protocol: " + MAX_LINES + " problems logged; further ones are not");
        }
    }

    /** An exception's message as a short single line (parsers' messages may run on, or span lines). */
    static String detail(Throwable t) {
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        m = nl < 0 ? m : m.substring(0, nl);
        return m.length() <= MAX_DETAIL ? m : m.substring(0, MAX_DETAIL) + "…";
    }

    /** At most 40 bytes of header text, shown as printable ASCII (anything else as '?'). */
    static String snippet(byte[] b, int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i < to && s.length() < 40; i++) {
            s.append(b[i] >= 0x20 && b[i] < 0x7f ? (char) b[i] : '?');
        }
        return to - from > 40 ? s + "…" : s.toString();
    }
}
