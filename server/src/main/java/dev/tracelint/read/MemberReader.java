package dev.tracelint.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.text.JsonStrings;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.util.function.LongToIntFunction;

/**
 * Records the members of the JSON objects jackson reads as {@link Field}s: key and value ranges
 * in the document's offsets, kinds, the text of strings and numbers, and the members of each object
 * member one level down. The one way members are read with jackson: the reader records so what its
 * scanner leaves to jackson, and {@link #object} reads a slice of text again later (the event under
 * the cursor, a stack-frame dictionary, a value two levels into an event).
 */
public final class MemberReader {
    /** The char at a document offset, or -1 if it is not at hand: to find where an escaped key ends. */
    private final LongToIntFunction chars;
    /** Members recorded per nested object; the rest are skipped (counted in {@link Members#droppedCount}). */
    private final int nestedLimit;
    /** Reads strings too long for jackson to make whole; null where the text is a slice in memory already. */
    private final LongStrings longStrings;
    private JsonParser parser;
    /** The document offset of the parser's offset 0. */
    private long base;

    MemberReader(LongToIntFunction chars, int nestedLimit, LongStrings longStrings) {
        this.chars = chars;
        this.nestedLimit = nestedLimit;
        this.longStrings = longStrings;
    }

    /**
     * True if the JSON object that {@code slice} holds certainly has no member named {@code key}
     * (a plain key: no quote, backslash or control char): a walk over its chars that follows
     * strings and nesting, which costs a fraction of {@link #object} (that parses and records every
     * member, nested ones too). False, "maybe", where a member has that key, where a key of the
     * object holds an escape (it may spell {@code key}), or where the slice is not one whole object;
     * then {@link #object} tells. {@code MemberReaderTest} checks it against {@link #object}.
     */
    public static boolean certainlyWithout(String slice, String key) {
        int n = slice.length();
        if (n < 2 || slice.charAt(0) != '{') {
            return false;
        }
        int depth = 0;
        boolean keyNext = false;
        for (int i = 0; i < n; i++) {
            char c = slice.charAt(i);
            if (c == '"') {
                int end = JsonStrings.end(slice, i) - 1; // its closing quote
                if (end >= n - 1) {
                    return false; // not closed, or nothing after it: not a whole object
                }
                if (keyNext && (hasBackslash(slice, i + 1, end) || end - i - 1 == key.length() && slice.startsWith(key, i + 1))) {
                    return false; // the key, or a key with an escape (it may spell the key)
                }
                keyNext = false;
                i = end;
            } else if (c == '{' || c == '[') {
                depth++;
                keyNext = depth == 1;
            } else if (c == '}' || c == ']') {
                depth--;
                if (depth == 0) {
                    return i == n - 1 || slice.substring(i + 1).isBlank();
                }
            } else if (c == ',' && depth == 1) {
                keyNext = true;
            }
        }
        return false; // never closed
    }

    private static boolean hasBackslash(String s, int from, int to) {
        for (int k = from; k < to; k++) {
            if (s.charAt(k) == '\\') {
                return true;
            }
        }
        return false;
    }

    /**
     * The members of the JSON object that {@code slice} holds, which starts at offset {@code at} of
     * its document: ranges are the document's, nested objects are recorded whole (the slice is in
     * memory already). Empty if the slice is no object; after a syntax error, the members read whole
     * before it.
     */
    public static Members object(String slice, long at) {
        Members out = new Members(true);
        MemberReader r = forSlice(slice, at);
        try (JsonParser p = Json.FACTORY.createParser(slice)) {
            r.on(p, at);
            if (p.nextToken() == JsonToken.START_OBJECT) {
                r.readObject(out);
            }
        } catch (IOException e) {
            // broken JSON is json-syntax's business: what was read whole is still useful
        }
        return out;
    }

    /**
     * The frames of the stack-frame dictionary that {@code slice} holds, which starts at offset
     * {@code at} of its document, in file order; with their names and categories if asked. After a
     * syntax error, the frames read whole before it.
     */
    public static void frames(String slice, long at, boolean withNames, StackFrame.Sink sink) {
        MemberReader r = forSlice(slice, at);
        try (JsonParser p = Json.FACTORY.createParser(slice)) {
            r.on(p, at);
            if (p.nextToken() == JsonToken.START_OBJECT) {
                r.readFrames(withNames, sink);
            }
        } catch (IOException e) {
            // broken JSON is json-syntax's business
        }
    }

    private static MemberReader forSlice(String slice, long at) {
        return new MemberReader(i -> i >= at && i - at < slice.length() ? slice.charAt((int) (i - at)) : -1, Integer.MAX_VALUE, null);
    }

    /** Reads from {@code parser} from now on, whose offset 0 is {@code base} in the document. */
    void on(JsonParser parser, long base) {
        this.parser = parser;
        this.base = base;
    }

    private long tokenStart() {
        return base + parser.currentTokenLocation().getCharOffset();
    }

    /**
     * The members of the object whose '{' is current, into {@code into} (cleared first), up to its
     * '}'. On an error, {@code into} holds the members read whole before it.
     */
    void readObject(Members into) throws IOException {
        into.clear();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            long keyStart = tokenStart();
            String key = parser.currentName();
            parser.nextToken();
            Field f = into.add();
            try {
                fill(f, key, keyStart, true);
            } catch (IOException | RuntimeException e) {
                into.removeLast();
                throw e;
            }
        }
    }

    /**
     * The entries of a stack-frame dictionary, its '{' current, each handed to {@code sink} once
     * read: the id (the key), the parent as catapult reads it (see {@link StackFrame}), the
     * frame's shape, and if asked the name and category; the frame's other members are skipped unread.
     */
    void readFrames(boolean withNames, StackFrame.Sink sink) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            long idStart = tokenStart();
            String id = parser.currentName();
            TextRange idRange = new TextRange(idStart, keyEnd(idStart, id));
            String parent = null;
            TextRange parentRange = null;
            String name = null;
            String category = null;
            boolean named = false;
            boolean categorized = false;
            TextRange nameRange = null;
            TextRange categoryRange = null;
            JsonToken frame = parser.nextToken();
            long valueStart = tokenStart();
            if (frame == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    JsonToken v = parser.nextToken();
                    boolean text = v == JsonToken.VALUE_STRING || v.isNumeric();
                    if (key.equals("parent") && (text || v.isBoolean() || v == JsonToken.VALUE_NULL)) {
                        long parentStart = tokenStart(); // before a long string restarts the parser
                        parent = text(v);
                        parentRange = new TextRange(parentStart, base + parser.currentLocation().getCharOffset());
                    } else if (key.equals("name")) {
                        named = v != JsonToken.VALUE_NULL;
                        long nameStart = tokenStart(); // before a long string restarts the parser
                        name = text && withNames ? text(v) : null;
                        if (text && !withNames) {
                            finishToken(); // its end, for the range
                        }
                        nameRange = text ? new TextRange(nameStart, base + parser.currentLocation().getCharOffset()) : null;
                    } else if (key.equals("category")) {
                        long categoryStart = tokenStart();
                        String c = text ? text(v) : null; // read once: a long one restarts the parser
                        categorized = truthy(v, c);
                        category = withNames ? c : null;
                        categoryRange = text ? new TextRange(categoryStart, base + parser.currentLocation().getCharOffset()) : null;
                    }
                    parser.skipChildren();
                }
            } else {
                parser.skipChildren(); // not a frame object; the id is still defined
                finishToken(); // a string's end is known only once it is read
            }
            TextRange valueRange = new TextRange(valueStart, base + parser.currentLocation().getCharOffset());
            sink.frame(new StackFrame(id, idRange, parent, parentRange, ValueKind.of(frame), valueRange, named, categorized,
                    nameRange, categoryRange),
                    name, category);
        }
    }

    /** Whether the current value, whose text (of a string or number) is {@code text}, is truthy in JavaScript ("", 0 and null are not). */
    private boolean truthy(JsonToken v, String text) throws IOException {
        return switch (v) {
            case VALUE_STRING -> !text.isEmpty();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getDoubleValue() != 0;
            case VALUE_FALSE, VALUE_NULL -> false;
            default -> true;
        };
    }

    /** Fills a member whose value token is current; {@code descend}: record an object value's members too. */
    void fill(Field f, String key, long keyStart, boolean descend) throws IOException {
        f.setKey(key);
        f.keyStart = keyStart;
        f.keyEnd = keyEnd(keyStart, key);
        f.valueStart = tokenStart();
        f.setText(null);
        switch (parser.currentToken()) {
            case VALUE_STRING -> {
                f.setKind(ValueKind.STRING);
                f.setText(text(JsonToken.VALUE_STRING));
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                f.setKind(ValueKind.NUMBER);
                f.setText(parser.getText());
            }
            case VALUE_TRUE -> f.setKind(ValueKind.TRUE);
            case VALUE_FALSE -> f.setKind(ValueKind.FALSE);
            case VALUE_NULL -> f.setKind(ValueKind.NULL);
            case START_OBJECT -> {
                f.setKind(ValueKind.OBJECT);
                if (descend && f.children != null) {
                    readNested(f.children);
                } else {
                    parser.skipChildren();
                }
            }
            default -> {
                f.setKind(ValueKind.ARRAY);
                parser.skipChildren();
            }
        }
        f.valueEnd = base + parser.currentLocation().getCharOffset();
    }

    /**
     * The text of the current value {@code token}: made whole by jackson, but for a string too
     * long for that, which {@link #longStrings} streams (and restarts the parser after it).
     */
    private String text(JsonToken token) throws IOException {
        if (token == JsonToken.VALUE_STRING && longStrings != null) {
            String text = longStrings.read(tokenStart(), parser.getParsingContext());
            if (text != null) {
                return text;
            }
        }
        return parser.getText();
    }

    /**
     * Finishes the current token, as jackson's {@code finishToken}, but streams a string too long
     * to make whole (and restarts the parser after it) instead of making it.
     */
    void finishToken() throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING && longStrings != null
                && longStrings.read(tokenStart(), parser.getParsingContext()) != null) {
            return;
        }
        parser.finishToken();
    }

    private void readNested(Members into) throws IOException {
        into.clear();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            long keyStart = tokenStart();
            String key = parser.currentName();
            parser.nextToken();
            if (into.size() < nestedLimit) {
                fill(into.add(), key, keyStart, false);
            } else {
                parser.skipChildren();
                finishToken(); // a string's end is known only once it is read
                into.drop(keyStart, base + parser.currentLocation().getCharOffset());
            }
        }
    }

    /** The offset after a key's closing quote. */
    long keyEnd(long keyStart, String key) {
        return Json.keyEnd(chars, keyStart, key);
    }
}
