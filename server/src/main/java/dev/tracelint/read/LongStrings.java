package dev.tracelint.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.text.LongText;
import java.io.IOException;
import java.util.ArrayDeque;

/**
 * Reads the string values that jackson would make whole (it buffers a string entirely before
 * handing over its text) when they are {@link LongText#LIMIT} chars or longer: streamed through
 * the source char by char into their {@link LongText} form, so a 1 GiB event name costs a few
 * KiB. The parser, which cannot follow (the string left the source's window), is then restarted
 * at the string's closing quote, or at the first char that is not JSON in it, inside the same
 * nesting with the same member names: jackson then reads (and words any error) exactly as it
 * would have had it read the whole string itself.
 */
final class LongStrings {
    /** Restarts the reader's parser at {@code offset}, reading the synthetic {@code prefix} first; returns it. */
    interface Restart {
        JsonParser at(long offset, String prefix) throws IOException;
    }

    private final TraceSource src;
    private final Restart restart;

    LongStrings(TraceSource src, Restart restart) {
        this.src = src;
        this.restart = restart;
    }

    /**
     * The text of the string value whose opening quote is at {@code start} if it is too long to
     * make whole, and then the parser is restarted after it with its current token that string;
     * null (the parser untouched) if it ends, or has an error, within {@link LongText#LIMIT} chars.
     */
    String read(long start, JsonStreamContext ctx) throws IOException {
        if (shortString(start)) {
            return null;
        }
        LongText.Builder text = new LongText.Builder();
        Ring ring = src.ring();
        long q = start + 1;
        while (true) {
            // the plain chars already read, straight from the ring; the rest one by one
            long readTo = src.available();
            while (q < readTo) {
                char c = ring.charAt(q);
                if (c == '"' || c == '\\' || c < 0x20) {
                    break;
                }
                text.add(c);
                q++;
            }
            int c = src.charAt(q);
            if (c == '"' || c < 0x20) {
                break; // the end, a control char or the end of input: jackson reads (or words) it
            }
            if (c == '\\') {
                int decoded = escape(q);
                if (decoded < 0) {
                    break; // jackson words the broken escape
                }
                text.add((char) decoded);
                q += src.charAt(q + 1) == 'u' ? 6 : 2;
            } else {
                text.add((char) c);
                q++;
            }
        }
        JsonParser parser = restart.at(q, prefix(ctx) + '"');
        while (parser.nextToken() != JsonToken.VALUE_STRING) {
            // the synthetic '[', '{' and names: the prefix's only string value is this one
        }
        parser.finishToken(); // reads its closing quote, or throws jackson's error at the broken char
        return text.text();
    }

    /** True if the string at {@code start} ends (or breaks off) within {@link LongText#LIMIT} chars. */
    private boolean shortString(long start) throws IOException {
        Ring ring = src.ring();
        long q = start + 1;
        long reach = q + LongText.LIMIT;
        while (q < reach) {
            // what is read already straight from the ring (the string is in it: jackson just met its quote)
            long readTo = Math.min(src.available(), reach);
            while (q < readTo) {
                char c = ring.charAt(q);
                if (c == '"' || c < 0x20) {
                    return true;
                }
                q += c == '\\' ? 2 : 1;
            }
            if (q >= reach) {
                break;
            }
            int c = src.charAt(q); // reads on
            if (c == '"' || c < 0x20) {
                return true;
            }
            q += c == '\\' ? 2 : 1;
        }
        return false;
    }

    /** The char the escape whose backslash is at {@code q} stands for, or -1 if it is not JSON. */
    private int escape(long q) throws IOException {
        int e = src.charAt(q + 1);
        switch (e) {
            case '"', '\\', '/':
                return e;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                int v = 0;
                for (int k = 2; k < 6; k++) {
                    int d = Character.digit(src.charAt(q + k), 16);
                    int h = src.charAt(q + k);
                    if (d < 0 || h > 'f') { // ASCII hex digits only, as JSON (Character.digit takes fullwidth ones)
                        return -1;
                    }
                    v = v << 4 | d;
                }
                return v;
            default:
                return -1;
        }
    }

    /**
     * The JSON text that puts a parser where {@code ctx} is, at a member's value: each enclosing
     * array's '[' and object's '{' with the name of the member being read in it.
     */
    private static String prefix(JsonStreamContext ctx) {
        ArrayDeque<JsonStreamContext> path = new ArrayDeque<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            path.push(c);
        }
        StringBuilder b = new StringBuilder();
        for (JsonStreamContext c : path) {
            if (c.inArray()) {
                b.append('[');
            } else {
                b.append('{').append(Json.quote(c.getCurrentName())).append(':');
            }
        }
        return b.toString();
    }
}
