package dev.tracelint.read;

import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextRange;

/**
 * One key/value member of an event object (or of a nested object such as {@code args}), with the
 * offsets of its key and value. Instances are reused from event to event: a rule that wants to
 * remember something copies the range or the text, never the Field.
 */
public final class Field {
    /*
     * Fields are long-lived and refilled for every event, so the reader sets their reference
     * members through setKey/setKind and the source only when they change: a reference store into
     * an old object costs a fence and a card for G1's refinement thread, which on a large trace
     * took as much CPU as a whole core; the same key, kind and source recur event after event.
     */
    String key;
    long keyStart;
    long keyEnd;
    long valueStart;
    long valueEnd;
    ValueKind kind;
    /** Source text of a scalar: the decoded string for STRING, the literal for NUMBER. */
    String text;
    /**
     * Set while a string's text is still only in the source: nested values (args) are many, long
     * and mostly never asked for, so the scanner leaves them to be decoded on first ask.
     */
    private boolean undecoded;
    private TraceSource source;
    private boolean undecodedEscapes;
    /** Where {@link ValueStrings} keeps the text of a short undecoded string or number once asked (stamp 0: not asked). */
    int textSlot;
    long textStamp;
    /** For a STRING: its only char, -1 if it has not exactly one, {@link #UNKNOWN} if not known yet. */
    private int oneChar = UNKNOWN;
    static final int UNKNOWN = -2;
    private double number;
    /** True once {@link #number} holds the value of this NUMBER's literal. */
    private boolean numberKnown;
    /** For a NUMBER: 1 if its literal is only digits ("1000", not "-1", "1.5" or "1e3"), 0 if not, -1 unknown. */
    private byte digitsOnly = -1;
    /** Direct members of an object value (only for objects the reader descends into). */
    final Members children;

    Field(boolean withChildren) {
        this.children = withChildren ? new Members(false) : null;
    }

    public String key() {
        return key;
    }

    public ValueKind kind() {
        return kind;
    }

    /** Number literals up to this long go through {@link ValueStrings}: pids, tids and ids repeat, timestamps do not. */
    private static final int SHORT_NUMBER = 10;

    /** The decoded string value, or the number literal; null for containers, true/false/null. */
    public String text() {
        if (!undecoded) {
            return text;
        }
        ValueStrings values = source.values();
        if (textStamp != 0) {
            String s = values.still(textSlot, textStamp);
            if (s != null) {
                return s;
            }
        }
        boolean repeatable = kind == ValueKind.STRING
                ? !undecodedEscapes && source.repeatedText(valueStart + 1, valueEnd - 1, this)
                : kind == ValueKind.NUMBER && valueEnd - valueStart <= SHORT_NUMBER
                        && source.repeatedText(valueStart, valueEnd, this); // pids, tids, ids; not timestamps, which rarely repeat
        if (repeatable) {
            String s = values.still(textSlot, textStamp);
            if (s != null) {
                return s;
            }
        }
        // an escaped or long string or number: kept here (the rare reference store)
        text = kind == ValueKind.NUMBER
                ? source.slice(valueStart, valueEnd)
                : source.stringAt(valueStart, valueEnd, undecodedEscapes);
        undecoded = false;
        return text;
    }

    void setKey(String k) {
        if (key != k) {
            key = k;
        }
    }

    void setKind(ValueKind k) {
        if (kind != k) {
            kind = k;
        }
    }

    /**
     * The value's only char if it is a one-char string (as every {@code ph}), else -1: read from
     * the source when the text is not made yet, so asking allocates nothing.
     */
    public int singleChar() {
        if (kind != ValueKind.STRING) {
            return -1;
        }
        if (oneChar != UNKNOWN) {
            return oneChar; // noted by the scanner, which sees every string without escapes
        }
        String t = text();
        return t != null && t.length() == 1 ? t.charAt(0) : -1;
    }

    /** Sets the text of a scalar (null for others). */
    void setText(String value) {
        text = value;
        undecoded = false;
        oneChar = UNKNOWN;
        numberKnown = false;
        digitsOnly = -1;
    }

    /**
     * A string or number value whose text {@link #text()} takes from {@code source} when asked
     * (for a string: decoding {@code escapes}).
     */
    void setUndecoded(TraceSource source, boolean escapes) {
        setUndecoded(source, escapes, UNKNOWN);
    }

    /** As {@link #setUndecoded(TraceSource, boolean)}, for a string whose only char (or -1) the reader saw. */
    void setUndecoded(TraceSource source, boolean escapes, int onlyChar) {
        oneChar = onlyChar;
        text = null;
        undecoded = true;
        textStamp = 0;
        if (this.source != source) {
            this.source = source;
        }
        undecodedEscapes = escapes;
        numberKnown = false;
        digitsOnly = -1;
    }

    public boolean isString() {
        return kind == ValueKind.STRING;
    }

    public boolean isNumber() {
        return kind == ValueKind.NUMBER;
    }

    /** The number value, or for a string the number it spells (or NaN). */
    public double asDouble() {
        if (kind != ValueKind.NUMBER) {
            return Double.NaN;
        }
        if (!numberKnown) { // parsed once per value, however many rules ask
            number = Double.parseDouble(text());
            numberKnown = true;
        }
        return number;
    }

    /** The value of this NUMBER, converted by the reader itself (exactly as Double.parseDouble would). */
    void setNumber(double value, boolean onlyDigits) {
        number = value;
        numberKnown = true;
        digitsOnly = (byte) (onlyDigits ? 1 : 0);
    }

    /** True for a NUMBER whose literal is only ASCII digits (a whole number, no sign, point or exponent). */
    public boolean isDigitsOnly() {
        if (kind != ValueKind.NUMBER) {
            return false;
        }
        if (digitsOnly < 0) {
            String s = text();
            boolean only = !s.isEmpty();
            for (int i = 0; i < s.length() && only; i++) {
                only = s.charAt(i) >= '0' && s.charAt(i) <= '9';
            }
            digitsOnly = (byte) (only ? 1 : 0);
        }
        return digitsOnly == 1;
    }

    /** A canonical text for identity (pid, tid, id): numbers and strings by their text. */
    public String identity() {
        if (kind == ValueKind.STRING) {
            return text();
        }
        String literal = jsonLiteral();
        return literal != null ? literal : kind.name().toLowerCase();
    }

    public TextRange keyRange() {
        return new TextRange(keyStart, keyEnd);
    }

    public TextRange valueRange() {
        return new TextRange(valueStart, valueEnd);
    }

    public long keyStart() {
        return keyStart;
    }

    public long valueStart() {
        return valueStart;
    }

    public long valueEnd() {
        return valueEnd;
    }

    /** Members of this object value as far as they were recorded; empty for non-objects. */
    public Members children() {
        return children == null || kind != ValueKind.OBJECT ? Members.EMPTY : children;
    }

    /**
     * The value as a message shows it ({@link Quoted}): a string quoted, escaped and cut, a number's
     * literal cut (jackson reads literals of 100,000 digits), true, false or null; null for an
     * object or an array.
     */
    public String shown() {
        if (kind == ValueKind.STRING) {
            return Quoted.quoted(text());
        }
        String literal = jsonLiteral();
        return literal == null ? null : Quoted.plain(literal);
    }

    /** The value as JSON source: for strings re-quoted, for numbers the literal. */
    public String jsonLiteral() {
        switch (kind) {
            case STRING:
                return Json.quote(text());
            case NUMBER:
                return text();
            case TRUE:
                return "true";
            case FALSE:
                return "false";
            case NULL:
                return "null";
            default:
                return null;
        }
    }
}
