package dev.tracelint;

import java.io.IOException;

/** Every single-character insertion and deletion at every position of a text, never splitting an emoji. */
public final class SingleEdits {
    private SingleEdits() {
    }

    /** A check of one edited text; {@code what} names the edit for the failure message. */
    public interface Check {
        void accept(String edited, String what) throws IOException;
    }

    /** Runs {@code check} on {@code base} with each of {@code inserts} inserted at each position, and each char deleted. */
    public static void forEach(String base, String[] inserts, Check check) throws IOException {
        for (int at = 0; at <= base.length(); at++) {
            if (at > 0 && at < base.length() && Character.isLowSurrogate(base.charAt(at))) {
                continue; // never split an emoji: the text would not be UTF-8
            }
            for (String insert : inserts) {
                check.accept(base.substring(0, at) + insert + base.substring(at), "insert " + insert + " at " + at);
            }
            if (at < base.length()) {
                int len = Character.isHighSurrogate(base.charAt(at)) ? 2 : 1;
                check.accept(base.substring(0, at) + base.substring(at + len), "delete at " + at);
            }
        }
    }
}
