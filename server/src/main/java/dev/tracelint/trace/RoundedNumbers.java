package dev.tracelint.trace;

import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.Map;

/**
 * The integer literals of 2^53 or more met in a document, per kind of field (ids, pids, the tids of
 * one pid), with the first literal met for each number JavaScript reads them as: what tells that
 * two distinct literals become one number in a JavaScript viewer. Bounded: at most
 * {@value #MAX_REMEMBERED} distinct literals (a producer writing random 64-bit ids has one per
 * event); past that, {@link #meet} answers {@link Met#OVER_BOUND}. Each remembered literal costs a
 * bounded key whatever its length (jackson reads literals of up to 100,000 digits): a long one is
 * kept as its first digits, its length and a hash of the whole.
 */
public final class RoundedNumbers {
    public static final int MAX_REMEMBERED = 10_000;
    /** Literals up to this long are kept and shown as they are. */
    private static final int KEPT_AS_IS = 40;
    private static final int SHOWN_DIGITS = 20;

    /** What meeting a literal found. */
    public enum Met {
        /** The first time for this literal, and no other literal reads as its number. */
        NEW,
        /** This literal was met before: the same number, judged then. */
        AGAIN,
        /** A new literal that reads as the number of an earlier, distinct one ({@link #earlier()}). */
        COLLISION,
        /** A new literal, but the bound is reached: not remembered, not compared. */
        OVER_BOUND
    }

    /** The first literal met for a number, and where it is. */
    public record First(String literal, TextRange at) {
    }

    /** By "kind:number as JavaScript reads it". */
    private final Map<String, First> byNumber = new HashMap<>();
    /** By "kind:literal". */
    private final Map<String, Boolean> literals = new HashMap<>();
    private First earlier;

    /** Whether {@code literal} of field kind {@code kind} was met before (then {@link #meet} would answer {@link Met#AGAIN}). */
    public boolean metBefore(String kind, String literal) {
        return literals.containsKey(kind + ':' + key(literal));
    }

    /** Whether the bound is reached: {@link #meet} answers {@link Met#OVER_BOUND} for any literal not met before. */
    public boolean full() {
        return literals.size() >= MAX_REMEMBERED;
    }

    /**
     * Meets {@code literal} (read by JavaScript as {@code number}) of field kind {@code kind} at
     * {@code at}, remembering it if new and the bound allows.
     */
    public Met meet(String kind, String literal, String number, TextRange at) {
        String literalKey = kind + ':' + key(literal);
        if (literals.containsKey(literalKey)) {
            return Met.AGAIN;
        }
        if (literals.size() >= MAX_REMEMBERED) {
            return Met.OVER_BOUND;
        }
        literals.put(literalKey, Boolean.TRUE);
        earlier = byNumber.putIfAbsent(kind + ':' + number, new First(shown(literal), at));
        return earlier == null ? Met.NEW : Met.COLLISION;
    }

    /** The literal as a message shows it: a long one as its first digits and how many there are. */
    public static String shown(String literal) {
        return literal.length() <= KEPT_AS_IS ? literal
                : literal.substring(0, SHOWN_DIGITS) + "… (" + String.format(java.util.Locale.ROOT, "%,d", literal.length()) + " chars)";
    }

    /** A key of bounded length that tells literals apart: a long one as its head, its length and a hash of the whole. */
    private static String key(String literal) {
        return literal.length() <= KEPT_AS_IS ? literal
                : literal.substring(0, SHOWN_DIGITS) + '#' + literal.length() + '#' + Integer.toHexString(literal.hashCode());
    }

    /** After {@link Met#COLLISION}: the earlier literal (as {@link #shown} shows it) that reads as the same number. */
    public First earlier() {
        return earlier;
    }
}
