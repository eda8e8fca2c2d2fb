package dev.tracelint;

import java.io.IOException;

/** Every single-character insertion and deletion at every position of a text, never splitting an emoji. */
public final class SingleEdits {
    private SingleEdits() {
    }

    /** Small traces of both forms with non-ASCII and emoji names, args, stackFrames and ids: edited by several tests. */
    public static final String[] SMALL_TRACES = {
        "[{\"name\":\"日本\",\"ph\":\"B\",\"pid\":1,\"tid\":2,\"ts\":1,\"args\":{\"k\":\"ä😀\"}},\n"
                    + " {\"name\":\"x\",\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":2.5}]",
        "{\"traceEvents\":[{\"name\":\"😀\",\"ph\":\"X\",\"ts\":1,\"dur\":3,\"pid\":1,\"tid\":1},"
                    + "{\"ph\":\"i\",\"name\":\"é\",\"ts\":2,\"s\":\"t\"}],\"displayTimeUnit\":\"ns\",\"meta\":\"ü\"}",
        "{\"stackFrames\":{\"1\":{\"name\":\"ƒ\"},\"2\":{\"parent\":\"1\"}},\"traceEvents\":[{\"ph\":\"C\",\"name\":\"c\",\"ts\":1,"
                    + "\"pid\":1,\"args\":{\"a\":[1,{\"b\":\"😀\"}],\"n\":-1e3}},{\"ph\":\"b\",\"id\":\"0x1\",\"cat\":\"ä\",\"ts\":3,\"sf\":2}]}",
    };

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
