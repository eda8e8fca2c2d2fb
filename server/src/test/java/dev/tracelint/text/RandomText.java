package dev.tracelint.text;

import java.util.Random;

/** Random text for the edit tests: {@code length} UTF-16 units drawn from {@code alphabet} (half a surrogate pair included). */
public final class RandomText {
    private RandomText() {
    }

    public static StringBuilder of(Random random, String alphabet, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b;
    }
}
