package dev.tracelint.trace;

import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.Map;

/**
 * The integer literals of 2^53 or more met in a document, per kind of field (ids, pids, the tids of
 * one pid), with the first literal met for each number JavaScript reads them as: what tells that
 * two distinct literals become one number in a JavaScript viewer. Bounded: at most
 * {@value #MAX_REMEMBERED} distinct literals (a producer writing random 64-bit ids has one per
 * event); past that, {@link #meet} answers {@link Met#OVER_BOUND}.
 */
public final class RoundedNumbers {
    public static final int MAX_REMEMBERED = 10_000;

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
        return literals.containsKey(kind + ':' + literal);
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
        String literalKey = kind + ':' + literal;
        if (literals.containsKey(literalKey)) {
            return Met.AGAIN;
        }
        if (literals.size() >= MAX_REMEMBERED) {
            return Met.OVER_BOUND;
        }
        literals.put(literalKey, Boolean.TRUE);
        earlier = byNumber.putIfAbsent(kind + ':' + number, new First(literal, at));
        return earlier == null ? Met.NEW : Met.COLLISION;
    }

    /** After {@link Met#COLLISION}: the earlier literal that reads as the same number. */
    public First earlier() {
        return earlier;
    }
}
