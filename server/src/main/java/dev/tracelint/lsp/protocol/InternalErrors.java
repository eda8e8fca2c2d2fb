package dev.tracelint.lsp.protocol;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Logs the server's own failures to stderr: the stack once per kind of failure (its class and the
 * frame that threw), a single line when the same failure comes again (an edit that keeps crashing
 * the analysis must not repeat a thousand-frame StackOverflowError on every keystroke).
 */
public final class InternalErrors {
    private static final int MAX_FRAMES = 40;
    private static final int MAX_KINDS = 100;
    private static final Set<String> logged = ConcurrentHashMap.newKeySet();

    private InternalErrors() {
    }

    public static void log(String doing, Throwable t) {
        StackTraceElement[] stack = t.getStackTrace();
        String kind = t.getClass().getName() + (stack.length > 0 ? " at " + stack[0] : "");
        if (logged.size() >= MAX_KINDS || !logged.add(kind)) {
            System.err.println("[tracelint] internal error while " + doing + ": " + summary(t) + " (stack logged before)");
            return;
        }
        StringBuilder b = new StringBuilder("[tracelint] internal error while ").append(doing).append(": ").append(t);
        int head = stack.length <= MAX_FRAMES ? stack.length : MAX_FRAMES / 2;
        for (int i = 0; i < head; i++) {
            b.append("\n\tat ").append(stack[i]);
        }
        if (head < stack.length) { // a StackOverflowError's top is the recursion; its bottom says what started it
            b.append("\n\t... ").append(stack.length - MAX_FRAMES).append(" frames ...");
            for (int i = stack.length - MAX_FRAMES / 2; i < stack.length; i++) {
                b.append("\n\tat ").append(stack[i]);
            }
        }
        for (Throwable c = t.getCause(); c != null && c != t; c = c.getCause() == c ? null : c.getCause()) {
            b.append("\nCaused by: ").append(c);
            StackTraceElement[] cs = c.getStackTrace();
            for (int i = 0; i < cs.length && i < MAX_FRAMES / 4; i++) {
                b.append("\n\tat ").append(cs[i]);
            }
        }
        System.err.println(b);
    }

    /** The failure in a few words for a person: its simple class name and message, cut short. */
    public static String summary(Throwable t) {
        String s = t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
        int nl = s.indexOf('\n');
        s = nl < 0 ? s : s.substring(0, nl);
        return s.length() <= 120 ? s : s.substring(0, 120) + "…";
    }
}
