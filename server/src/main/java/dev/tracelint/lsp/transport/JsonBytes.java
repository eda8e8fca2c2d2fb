package dev.tracelint.lsp.transport;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonPrimitive;
import com.google.gson.internal.LazilyParsedNumber;
import java.math.BigDecimal;

/**
 * Parses one strict JSON document from UTF-8 bytes into a gson tree. It exists for the text of
 * {@code didOpen}/{@code didChange}: a 50 MB document arrives as one JSON string full of
 * {@code \"} escapes, which gson's streaming reader decodes through an InputStreamReader and a
 * growing StringBuilder; here each string is sized in one pass and decoded straight from the bytes
 * into a char array of exactly its length, so the text is built once. Anything it does not accept
 * throws {@link JsonParseException}, and the caller falls back to lsp4j's own parser.
 */
public final class JsonBytes {
    private static final int MAX_DEPTH = 200;

    private final byte[] in;
    private final int end;
    private int pos;

    private JsonBytes(byte[] in, int length) {
        this.in = in;
        this.end = length;
    }

    /** The JSON value in {@code in[0, length)}; only whitespace may follow it. */
    public static JsonElement parse(byte[] in, int length) {
        JsonBytes p = new JsonBytes(in, length);
        JsonElement value = p.value(0);
        p.skipWhitespace();
        if (p.pos != length) {
            throw p.error("trailing content");
        }
        return value;
    }

    private JsonElement value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested too deeply");
        }
        skipWhitespace();
        if (pos >= end) {
            throw error("unexpected end");
        }
        byte b = in[pos];
        return switch (b) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> new JsonPrimitive(string());
            case 't' -> literal("true", new JsonPrimitive(true));
            case 'f' -> literal("false", new JsonPrimitive(false));
            case 'n' -> literal("null", JsonNull.INSTANCE);
            default -> number();
        };
    }

    private JsonObject object(int depth) {
        JsonObject o = new JsonObject();
        pos++; // {
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return o;
        }
        do {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a member name");
            }
            String name = string();
            skipWhitespace();
            expect(':');
            o.add(name, value(depth + 1));
        } while (more('}'));
        return o;
    }

    private JsonArray array(int depth) {
        JsonArray a = new JsonArray();
        pos++; // [
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return a;
        }
        do {
            a.add(value(depth + 1));
        } while (more(']'));
        return a;
    }

    /** After a member or an element: true past a ',' (another follows), false past the container's {@code close}. */
    private boolean more(char close) {
        skipWhitespace();
        if (peek() == ',') {
            pos++;
            return true;
        }
        expect(close);
        return false;
    }

    private JsonElement literal(String word, JsonElement value) {
        for (int i = 0; i < word.length(); i++) {
            if (pos + i >= end || in[pos + i] != word.charAt(i)) {
                throw error("expected " + word);
            }
        }
        pos += word.length();
        return value;
    }

    private JsonPrimitive number() {
        int start = pos;
        while (pos < end && (in[pos] >= '0' && in[pos] <= '9' || in[pos] == '-' || in[pos] == '+'
                || in[pos] == '.' || in[pos] == 'e' || in[pos] == 'E')) {
            pos++;
        }
        String text = new String(in, start, pos - start, java.nio.charset.StandardCharsets.US_ASCII);
        if (text.isEmpty() || text.startsWith("+") || text.endsWith(".")) {
            throw error("unexpected character");
        }
        try {
            new BigDecimal(text); // validates the literal; gson keeps the text, as its reader does
        } catch (NumberFormatException e) {
            throw error("malformed number " + text);
        }
        return new JsonPrimitive(new LazilyParsedNumber(text));
    }

    /** The string starting at the quote at {@code pos}; leaves {@code pos} after its closing quote. */
    private String string() {
        int start = pos + 1;
        int close = measure(start);
        String s = measuredAscii ? asciiString(start, close, measuredLength) : decode(start, close, measuredLength);
        pos = close + 1;
        return s;
    }

    /** Set by {@link #measure}: the string's length in UTF-16 units. */
    private int measuredLength;
    /** Set by {@link #measure}: no multi-byte sequence and no \\u escape, so one byte per char. */
    private boolean measuredAscii;

    /**
     * Pass 1 over the string whose text starts at {@code start}: finds its closing quote (returned)
     * and its decoded length, so that pass 2 writes into an array of exactly that length.
     */
    private int measure(int start) {
        int extra = 0; // bytes beyond one per UTF-16 unit (escapes, multi-byte sequences)
        boolean ascii = true;
        int i = start;
        while (true) {
            if (i >= end) {
                throw error("unterminated string");
            }
            int b = in[i];
            if (b >= 0x20 && b != '"' && b != '\\') { // the common case first, with nothing to count
                i++;
                continue;
            }
            if (b == '"') {
                break;
            }
            if (b == '\\') {
                if (i + 1 >= end) {
                    throw error("unterminated string");
                }
                boolean u = in[i + 1] == 'u';
                ascii &= !u;
                i += u ? 6 : 2;
                extra += u ? 5 : 1;
            } else if (b >= 0) {
                throw error("control character in string"); // JSON wants it escaped
            } else {
                ascii = false;
                if ((b & 0xE0) == 0xC0) {
                    i += 2;
                    extra += 1;
                } else if ((b & 0xF0) == 0xE0) {
                    i += 3;
                    extra += 2;
                } else if ((b & 0xF8) == 0xF0) {
                    i += 4;
                    extra += 2; // a surrogate pair
                } else {
                    throw error("malformed UTF-8");
                }
            }
        }
        measuredLength = i - start - extra;
        measuredAscii = ascii;
        return i;
    }

    /** Pass 2: the string in[start, close), of {@code length} UTF-16 units, decoded from its escapes and UTF-8. */
    private String decode(int start, int close, int length) {
        char[] out = new char[length];
        int o = 0;
        int i;
        for (i = start; i < close; ) {
            int b = in[i];
            if (b >= 0 && b != '\\') {
                out[o++] = (char) b;
                i++;
            } else if (b == '\\') {
                out[o++] = escape(i);
                i += in[i + 1] == 'u' ? 6 : 2;
            } else if ((b & 0xE0) == 0xC0) {
                int c = (b & 0x1F) << 6 | continuation(i + 1, close);
                out[o++] = (char) check(c, 0x80, 0x7FF);
                i += 2;
            } else if ((b & 0xF0) == 0xE0) {
                int c = (b & 0x0F) << 12 | continuation(i + 1, close) << 6 | continuation(i + 2, close);
                if (Character.isSurrogate((char) c)) {
                    throw error("malformed UTF-8"); // an encoded surrogate is not UTF-8
                }
                out[o++] = (char) check(c, 0x800, 0xFFFF);
                i += 3;
            } else {
                int cp = check((b & 0x07) << 18 | continuation(i + 1, close) << 12 | continuation(i + 2, close) << 6
                        | continuation(i + 3, close), 0x10000, Character.MAX_CODE_POINT);
                out[o++] = Character.highSurrogate(cp);
                out[o++] = Character.lowSurrogate(cp);
                i += 4;
            }
        }
        if (i != close) {
            throw error("malformed string");
        }
        return new String(out);
    }

    /**
     * The string in[start, close) that holds only ASCII and two-char escapes: decoded into one
     * byte per char, which becomes a compact (Latin-1) String with a single copy and no char[].
     */
    private String asciiString(int start, int close, int length) {
        byte[] out = new byte[length];
        int o = 0;
        for (int i = start; i < close; ) {
            byte b = in[i];
            if (b != '\\') {
                out[o++] = b;
                i++;
            } else {
                out[o++] = (byte) escape(i);
                i += 2;
            }
        }
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * The six low bits of a UTF-8 continuation byte. Overlong or otherwise odd sequences are
     * rejected so that every questionable input takes the fallback and is decoded as lsp4j decodes it.
     */
    private int continuation(int i, int close) {
        if (i >= close || (in[i] & 0xC0) != 0x80) {
            throw error("malformed UTF-8");
        }
        return in[i] & 0x3F;
    }

    /** Rejects overlong and out-of-range sequences. */
    private int check(int c, int min, int max) {
        if (c < min || c > max) {
            throw error("malformed UTF-8");
        }
        return c;
    }

    private char escape(int i) {
        byte c = in[i + 1];
        return switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '/' -> '/';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'u' -> (char) (hex(i + 2) << 12 | hex(i + 3) << 8 | hex(i + 4) << 4 | hex(i + 5));
            default -> throw error("bad escape");
        };
    }

    private int hex(int i) {
        int d = i < end ? Character.digit(in[i], 16) : -1;
        if (d < 0) {
            throw error("bad \\u escape");
        }
        return d;
    }

    private void skipWhitespace() {
        while (pos < end && (in[pos] == ' ' || in[pos] == '\n' || in[pos] == '\r' || in[pos] == '\t')) {
            pos++;
        }
    }

    private int peek() {
        return pos < end ? in[pos] : -1;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private JsonParseException error(String what) {
        return new JsonParseException(what + " at byte " + pos);
    }
}
