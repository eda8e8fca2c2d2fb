package dev.tracelint.read;

import dev.tracelint.text.TextRange;
import java.math.BigDecimal;

/**
 * One key/value member of an event object (or of a nested object such as {@code args}), with the
 * offsets of its key and value. Instances are reused from event to event: a rule that wants to
 * remember something copies the range or the text, never the Field.
 */
public final class Field {
    String key;
    long keyStart;
    long keyEnd;
    long valueStart;
    long valueEnd;
    ValueKind kind;
    /** Source text of a scalar: the decoded string for STRING, the literal for NUMBER. */
    String text;
    private double number;
    private String parsedFrom;

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

    /** The decoded string value, or the number literal; null for containers, true/false/null. */
    public String text() {
        return text;
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
        if (parsedFrom != text) { // parsed once per value, however many rules ask
            number = Double.parseDouble(text);
            parsedFrom = text;
        }
        return number;
    }

    /** Exact decimal value of a number literal, or null. */
    public BigDecimal asDecimal() {
        if (kind != ValueKind.NUMBER) {
            return null;
        }
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A canonical text for identity (pid, tid, id): numbers and strings by their text. */
    public String identity() {
        switch (kind) {
            case STRING:
            case NUMBER:
                return text;
            case TRUE:
                return "true";
            case FALSE:
                return "false";
            case NULL:
                return "null";
            default:
                return kind.name().toLowerCase();
        }
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

    public long valueEnd() {
        return valueEnd;
    }

    /** Members of this object value as far as they were recorded; empty for non-objects. */
    public Members children() {
        return children == null || kind != ValueKind.OBJECT ? Members.EMPTY : children;
    }

    /** The value as JSON source: for strings re-quoted, for numbers the literal. */
    public String jsonLiteral() {
        switch (kind) {
            case STRING:
                return Json.quote(text);
            case NUMBER:
                return text;
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

    void copyFrom(Field o) {
        key = o.key;
        keyStart = o.keyStart;
        keyEnd = o.keyEnd;
        valueStart = o.valueStart;
        valueEnd = o.valueEnd;
        kind = o.kind;
        text = o.text;
    }
}
