package dev.tracelint.read;

import java.io.IOException;

/**
 * The reader's fast path: reads the events of the events array straight from the bytes of the
 * source's {@link Ring} (an ASCII char is its byte; a string's other chars are stepped over without
 * being looked at) and records the same members, offsets and values jackson's path would. It accepts a strict
 * subset of what jackson accepts and declines everything else (a syntax error, an element that is
 * no object, the end of the array, an event longer than {@link TraceSource#LONGEST_SCANNED_EVENT},
 * a key or recorded string longer than {@link TraceSource#WINDOW}) by stopping
 * just after the last event it read, or after the '['. The reader restarts jackson at that point,
 * in the same parsing context, so every error is still found, worded and placed by jackson.
 */
final class EventScanner {
    /** Returned by {@link #at} for chars beyond what one event may span: never a char a caller expects. */
    private static final int TOO_FAR = -2;
    /** Deeper values are left to jackson (which allows far more; such traces are rare). */
    private static final int MAX_DEPTH = 200;
    /** Longer numbers are left to jackson, which checks its own length limit. */
    private static final int MAX_NUMBER_LENGTH = 1000;

    private final TraceSource src;
    private final Ring ring;
    /** The ring's bytes, which the scanner reads (see {@link #at}). */
    private final byte[] bytes;
    private final int mask;
    /** Event keys, and apart from them the keys of nested objects (args), which are many more and must not evict them. */
    private final Strings keys = new Strings(512);
    private final Strings nestedKeys = new Strings(512);
    /** Out-value of {@link #string}: the slot of the key it read in the cache it was given, -1 if none. */
    private int lastSlot = -1;
    /**
     * The key each member position had in the last event (most events repeat them), as its slot
     * in {@link #keys} (+1; 0 for none or a key with escapes): ints, so a phase change, which changes keys at several positions, stores no reference
     * (each one costs G1 a card to refine).
     */
    private int[] lastKeySlots = new int[32];
    /** Chars the source has read: {@code ring} holds [limit - ring.length, limit). */
    private long limit;
    /** Where jackson resumes if the scanner stops: after '[' or after the last event's '}'. */
    private long pos;
    private boolean afterElement;

    /** Out-value of {@link #rawString} and {@link #string}: whether the string holds a backslash escape. */
    private boolean escapes;

    EventScanner(TraceSource src) {
        this.src = src;
        this.ring = src.ring();
        this.bytes = ring.bytes;
        this.mask = ring.mask;
    }

    /** Starts at {@code from}: just after the events array's '[' or (if {@code afterElement}) after an element. */
    void start(long from, boolean afterElement) {
        this.pos = from;
        this.afterElement = afterElement;
        this.limit = src.available();
    }

    /** Where the reader resumes with jackson once {@link #next} returned false. */
    long stop() {
        return pos;
    }

    /** True if an element precedes {@link #stop()} in the array (else it is just after the '['). */
    boolean stoppedAfterElement() {
        return afterElement;
    }

    /** Reads the next event into {@code v} (members, start, end); false if the scanner declines. */
    boolean next(EventView v) throws IOException {
        long p = skipWs(pos);
        int c = at(p);
        long comma = -1;
        if (afterElement) {
            if (c != ',') {
                return false;
            }
            comma = p;
            p = skipWs(p + 1);
            c = at(p);
        }
        if (c != '{') {
            return false;
        }
        long end = object(v.members, p, true);
        if (end < 0 || end - pos > TraceSource.LONGEST_SCANNED_EVENT) {
            return false; // a longer event's raw text and undecoded strings may leave the ring
        }
        v.start = p;
        v.end = end;
        v.commaBefore = comma; // only JSON whitespace lies between it and the '{' (-1: the reader looks)
        separatorsSeen = separatorsAfter(v, end);
        pos = end;
        afterElement = true;
        return true;
    }

    /** True when {@link #next} also set the event's {@code commaAfter} and {@code nextElement}. */
    boolean separatorsSeen;

    /**
     * Sets the comma after the event and the element after it, as {@link TraceReader} finds them
     * (any Unicode whitespace skipped, within 4096 chars), by looking ahead over JSON whitespace;
     * false, leaving them to the reader, where the two could differ.
     */
    private boolean separatorsAfter(EventView v, long end) throws IOException {
        long q = skipWs(end);
        int c = charAt(q);
        if (q - end >= SEPARATOR_REACH || unsure(c)) {
            return false;
        }
        if (c != ',') {
            v.commaAfter = -1;
            v.nextElement = -1;
            return true;
        }
        long r = skipWs(q + 1);
        int n = charAt(r);
        if (r - (q + 1) >= SEPARATOR_REACH || unsure(n)) {
            return false;
        }
        v.commaAfter = q;
        v.nextElement = n < 0 ? -1 : r;
        return true;
    }

    /** How far the reader looks for a separator. */
    private static final int SEPARATOR_REACH = 4096;

    /** A char where the scanner's whitespace and the reader's differ, or beyond the scanner's reach. */
    private static boolean unsure(int c) {
        return c == TOO_FAR || c >= 0 && Character.isWhitespace(c);
    }

    // ---- chars ----

    /**
     * The char at {@code p} (at or after {@link #pos}) as far as JSON's grammar needs it: an ASCII
     * char itself, any other char some value of at least 0x80 (not always the char: see
     * {@link #charAt}); -1 at end of input, or {@link #TOO_FAR}. Most of the scanner's reads are
     * these, of the ring's bytes alone.
     */
    private int at(long p) throws IOException {
        if (p < limit) {
            return bytes[(int) p & mask] & 0xFF;
        }
        return more(p);
    }

    /** As {@link #at}, but the char itself where it is not ASCII. */
    private int charAt(long p) throws IOException {
        int c = at(p);
        return c >= 0x80 ? ring.charAt(p) : c;
    }

    private int more(long p) throws IOException {
        limit = src.available(); // the reader may have read ahead (looking for separators)
        if (p < limit) {
            return bytes[(int) p & mask] & 0xFF;
        }
        if (p - pos > TraceSource.LONGEST_SCANNED_EVENT) {
            return TOO_FAR; // jackson reads such an event: its start stays in the ring
        }
        while (p >= limit) {
            if (!src.fill()) {
                return -1;
            }
            limit = src.available();
        }
        return bytes[(int) p & mask] & 0xFF;
    }

    private long skipWs(long p) throws IOException {
        while (true) {
            int c = at(p);
            if (c == ' ') {
                p = spacesEnd(p + 1); // indentation: eight at a time
            } else if (c == '\n' || c == '\r' || c == '\t') {
                p++;
            } else {
                return p;
            }
        }
    }

    /** The first offset from {@code q} on, within what is read and the ring's contiguous part, that is not a space. */
    private long spacesEnd(long q) {
        long readAhead = limit - q;
        if (readAhead <= 0) {
            return q;
        }
        int from = (int) q & mask;
        return q + (ring.spacesEnd(from, contiguousEnd(from, readAhead)) - from);
    }

    // ---- values ----

    /**
     * Reads an object whose '{' is at {@code p} into {@code into}; returns the offset after its
     * '}', or -1 to decline. Nested objects are recorded if {@code descend} (one level deep).
     */
    private long object(Members into, long p, boolean descend) throws IOException {
        into.clear();
        p = skipWs(p + 1);
        int c = at(p);
        if (c == '}') {
            return p + 1;
        }
        while (true) {
            if (c != '"') {
                return -1;
            }
            long keyStart = p;
            int i = into.size();
            boolean record = descend || i < TraceReader.MAX_NESTED_MEMBERS;
            Field f = record ? into.add() : null;
            long keyEnd = !record ? rawString(p) : descend ? key(f, p, i) : string(f, p, nestedKeys);
            if (keyEnd < 0) {
                return -1;
            }
            p = skipWs(keyEnd);
            if (at(p) != ':') {
                return -1;
            }
            p = skipWs(p + 1);
            long valueEnd;
            if (record) {
                valueEnd = value(f, p, descend);
                if (valueEnd < 0) {
                    return -1;
                }
                f.keyStart = keyStart;
                f.keyEnd = keyEnd;
                f.valueStart = p;
                f.valueEnd = valueEnd;
            } else {
                valueEnd = skip(p, 1);
                if (valueEnd < 0) {
                    return -1;
                }
                into.drop(keyStart, valueEnd);
            }
            p = skipWs(valueEnd);
            c = at(p);
            if (c == ',') {
                p = skipWs(p + 1);
                c = at(p);
            } else if (c == '}') {
                return p + 1;
            } else {
                return -1;
            }
        }
    }

    /** Reads a member's value at {@code p} into {@code f}; returns its end or -1. */
    private long value(Field f, long p, boolean descend) throws IOException {
        int c = at(p);
        f.setText(null);
        switch (c) {
            case '"': {
                // decoded only when a rule asks: on the rules' thread, and for most args never
                f.setKind(ValueKind.STRING);
                long end = rawString(p);
                if (end - p > TraceSource.WINDOW) {
                    return -1; // its text would not be handed out (TraceSource.slice); jackson makes it whole
                }
                // its one char, if it has one (every ph), seen here rather than read back by the rules
                int only = escapes ? Field.UNKNOWN : end - p == 3 ? ring.charAt(p + 1) : -1;
                f.setUndecoded(src, escapes, only);
                return end;
            }
            case '{':
                f.setKind(ValueKind.OBJECT);
                return descend && f.children != null ? object(f.children, p, false) : skip(p, 1);
            case '[':
                f.setKind(ValueKind.ARRAY);
                return skip(p, 1);
            case 't':
                f.setKind(ValueKind.TRUE);
                return literal(p, "true");
            case 'f':
                f.setKind(ValueKind.FALSE);
                return literal(p, "false");
            case 'n':
                f.setKind(ValueKind.NULL);
                return literal(p, "null");
            default:
                f.setKind(ValueKind.NUMBER);
                return number(f, p);
        }
    }

    /** Skips (and checks) any value at {@code p}; returns its end or -1. */
    private long skip(long p, int depth) throws IOException {
        int c = at(p);
        switch (c) {
            case '"':
                return rawString(p);
            case '{':
            case '[':
                return depth > MAX_DEPTH ? -1 : skipContainer(p, c == '{', depth);
            case 't':
                return literal(p, "true");
            case 'f':
                return literal(p, "false");
            case 'n':
                return literal(p, "null");
            default:
                return number(null, p);
        }
    }

    private long skipContainer(long p, boolean object, int depth) throws IOException {
        int close = object ? '}' : ']';
        p = skipWs(p + 1);
        int c = at(p);
        if (c == close) {
            return p + 1;
        }
        while (true) {
            if (object) {
                if (c != '"') {
                    return -1;
                }
                p = rawString(p);
                if (p < 0) {
                    return -1;
                }
                p = skipWs(p);
                if (at(p) != ':') {
                    return -1;
                }
                p = skipWs(p + 1);
            }
            p = skip(p, depth + 1);
            if (p < 0) {
                return -1;
            }
            p = skipWs(p);
            c = at(p);
            if (c == ',') {
                p = skipWs(p + 1);
                c = at(p);
            } else if (c == close) {
                return p + 1;
            } else {
                return -1;
            }
        }
    }

    private long literal(long p, String word) throws IOException {
        for (int i = 0; i < word.length(); i++) {
            if (at(p + i) != word.charAt(i)) {
                return -1;
            }
        }
        return p + word.length();
    }

    /**
     * Reads the key at {@code p} of an event's member {@code i}: first as the key the last event
     * had there (one compare per char, no hashing), else as any key.
     */
    private long key(Field f, long p, int i) throws IOException {
        int slot = i < lastKeySlots.length ? lastKeySlots[i] - 1 : -1;
        if (slot >= 0 && keys.at(slot) != null) {
            byte[] predicted = keys.bytes(slot); // ASCII: Strings caches no other key
            int n = predicted.length;
            long q = p + 1 + n;
            int from = (int) (p + 1) & mask;
            // predicted keys hold no backslash, so a '"' after them is the key's end
            if (q < limit && from + n <= bytes.length && same(predicted, from) && at(q) == '"') {
                f.setKey(keys.at(slot));
                return q + 1;
            }
        }
        long end = string(f, p, keys);
        if (end >= 0) {
            if (i >= lastKeySlots.length) {
                lastKeySlots = java.util.Arrays.copyOf(lastKeySlots, i * 2);
            }
            lastKeySlots[i] = escapes ? 0 : lastSlot + 1; // a key that was not cached has slot -1: no prediction
        }
        return end;
    }

    /** True if the ring's bytes from slot {@code from} on are {@code key}'s (which fit before the ring's end). */
    private boolean same(byte[] key, int from) {
        for (int k = 0; k < key.length; k++) {
            if (bytes[from + k] != key[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a key whose opening quote is at {@code p}; returns the offset after its closing quote,
     * or -1. Sets it, interned, as the key of {@code f}, and sets {@link #escapes}.
     */
    private long string(Field f, long p, Strings cache) throws IOException {
        long q = p + 1;
        while (true) {
            q = plainEnd(q);
            int c = at(q);
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                long end = rawString(p);
                if (end - p > TraceSource.WINDOW) {
                    return -1; // as a value's (see value): jackson makes it whole
                }
                if (end >= 0) {
                    f.setKey(src.stringAt(p, end, true).intern());
                    lastSlot = -1;
                }
                return end;
            }
            if (c < 0x20) {
                return -1; // a control char, the end of input, or too far: jackson words it
            }
            q++; // a plain char at the end of what is read or of the ring's contiguous part
        }
        if (q - p > TraceSource.WINDOW) {
            return -1;
        }
        f.setKey(cache.get(ring, p + 1, q));
        lastSlot = cache.lastSlot;
        escapes = false;
        return q + 1;
    }

    /**
     * Checks a string whose opening quote is at {@code p} without making its text; returns the
     * offset after its closing quote, or -1. Sets {@link #escapes}.
     */
    private long rawString(long p) throws IOException {
        long q = p + 1;
        boolean escaped = false;
        while (true) {
            q = plainRun(q);
            escaped |= runEscaped;
            int c = at(q);
            if (c == '"') {
                escapes = escaped;
                return q + 1;
            }
            if (c == '\\') {
                q = escapeEnd(q);
                if (q < 0) {
                    return -1;
                }
                escaped = true;
            } else if (c < 0x20) {
                return -1;
            } else {
                q++; // a plain char at the end of the ring or of what is read
            }
        }
    }

    /** Out-value of {@link #plainRun}: whether the run held a common escape. */
    private boolean runEscaped;

    /**
     * The first offset from {@code q} on, within what is read and the ring's contiguous part,
     * where a string's plain run ends: at its closing quote, a control char, or an escape other
     * than the common two-char ones ({@code \\" \\\\ \\/ \\n \\t \\r}), which the run steps over.
     * Eight bytes at a time ({@link Ring#plainEnd}): the bulk of a trace's chars are in strings.
     */
    private long plainRun(long q) {
        runEscaped = false;
        long readAhead = limit - q;
        if (readAhead <= 0) {
            return q;
        }
        int from = (int) q & mask;
        int to = contiguousEnd(from, readAhead);
        int i = from;
        boolean escaped = false;
        while (true) {
            i = plainEnd(i, to);
            if (i + 1 < to && bytes[i] == '\\' && isCommonEscape(bytes[i + 1])) {
                i += 2;
                escaped = true;
            } else {
                break;
            }
        }
        runEscaped = escaped;
        return q + (i - from);
    }

    /**
     * As {@link #plainRun}, but stopping at any backslash: the first offset from {@code q} on, within
     * what is read and the ring's contiguous part, that holds a '"', a '\\' or a control char.
     */
    private long plainEnd(long q) {
        long readAhead = limit - q;
        if (readAhead <= 0) {
            return q;
        }
        int from = (int) q & mask;
        return q + (plainEnd(from, contiguousEnd(from, readAhead)) - from);
    }

    /** Longest run {@link #plainEnd(int, int)} steps over a byte at a time before it hands over to {@link Ring#plainEnd}. */
    private static final int SHORT_RUN = 16;

    /**
     * As {@link Ring#plainEnd}: most strings of a trace are short, and for them a loop here is
     * faster than a call that reads eight bytes at a time (C1 does not inline that call).
     */
    private int plainEnd(int from, int to) {
        int stop = Math.min(to, from + SHORT_RUN);
        int i = from;
        while (i < stop) {
            byte b = bytes[i];
            if (b == '"' || b == '\\' || b >= 0 && b < 0x20) {
                return i;
            }
            i++;
        }
        return i < to ? ring.plainEnd(i, to) : i;
    }

    /** The end of the slots from {@code from} that hold what is read ({@code readAhead} chars) without wrapping. */
    private int contiguousEnd(int from, long readAhead) {
        return readAhead >= bytes.length - from ? bytes.length : from + (int) readAhead;
    }

    private static boolean isCommonEscape(byte e) {
        return e == '"' || e == '\\' || e == '/' || e == 'n' || e == 't' || e == 'r';
    }

    /** The offset after the escape sequence whose backslash is at {@code q}, or -1 if it is not JSON. */
    private long escapeEnd(long q) throws IOException {
        switch (at(q + 1)) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
                return q + 2;
            case 'u':
                for (int k = 2; k < 6; k++) {
                    if (hexDigit(at(q + k)) < 0) {
                        return -1;
                    }
                }
                return q + 6;
            default:
                return -1;
        }
    }

    private static int hexDigit(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }

    /**
     * Reads a number at {@code p} with JSON's grammar (as jackson's defaults: no leading zeros, no
     * '+', no NaN); returns its end or -1. Into {@code f} (if any) goes its literal and, when it
     * converts exactly, its value, so rules need not parse it again.
     */
    private long number(Field f, long p) throws IOException {
        long q = p;
        boolean negative = at(q) == '-';
        if (negative) {
            q++;
        }
        int c = at(q);
        if (c < '0' || c > '9') {
            return -1;
        }
        mantissa = 0;
        digits = 0;
        scale = 0;
        exact = true;
        if (c == '0') {
            q++;
            c = at(q);
            if (c >= '0' && c <= '9') {
                return -1; // a leading zero
            }
        } else {
            q = digitRun(q, false);
            c = at(q);
        }
        if (c == '.') {
            q++;
            c = at(q);
            if (c < '0' || c > '9') {
                return -1;
            }
            q = digitRun(q, true);
            c = at(q);
        }
        if (c == 'e' || c == 'E') {
            exact = false; // rare in traces: Double.parseDouble converts it when asked
            q++;
            c = at(q);
            if (c == '+' || c == '-') {
                q++;
                c = at(q);
            }
            if (c < '0' || c > '9') {
                return -1;
            }
            while (c >= '0' && c <= '9') {
                q++;
                c = at(q);
            }
        }
        if (q - p > MAX_NUMBER_LENGTH) {
            return -1;
        }
        if (f != null) {
            f.setUndecoded(src, false); // most literals (timestamps) are only ever asked for their value
            // at most 18 digits, so the mantissa is below 2^60; rounded as Double.parseDouble rounds
            if (exact && scale <= DecimalToDouble.MAX_SCALE) {
                double v = DecimalToDouble.of(mantissa, scale);
                f.setNumber(negative ? -v : v, !negative && scale == 0);
            }
        }
        return q;
    }

    /** The number {@link #number} reads: its first 18 significant digits, without the point. */
    private long mantissa;
    /** Significant digits in {@link #mantissa} (leading zeros do not count). */
    private int digits;
    /** Digits of {@link #mantissa} after the point. */
    private int scale;
    /** False once a digit did not fit in {@link #mantissa} (or an exponent came). */
    private boolean exact;

    /**
     * Reads the digits from {@code q} on into {@link #mantissa}, of the fraction if {@code fraction};
     * returns the offset after them. The state is in locals while it runs: timestamps are the
     * longest runs of a trace outside strings.
     */
    private long digitRun(long q, boolean fraction) throws IOException {
        long m = mantissa;
        int n = digits;
        int sc = scale;
        boolean fits = exact;
        while (true) {
            int d;
            if (q < limit) {
                d = bytes[(int) q & mask] - '0';
            } else {
                d = at(q) - '0'; // -1 and TOO_FAR are no digit either
            }
            if (d < 0 || d > 9) {
                break;
            }
            if (n < 18) {
                m = m * 10 + d;
                if (m != 0) { // a leading zero of a fraction is not significant
                    n++;
                }
                if (fraction) {
                    sc++;
                }
            } else {
                fits = false;
            }
            q++;
        }
        mantissa = m;
        digits = n;
        scale = sc;
        exact = fits;
        return q;
    }

    /**
     * A small 4-way cache of the keys last made from the ring, interned as jackson's are
     * (the members' slot lookup compares identity first).
     */
    private static final class Strings {
        private static final int LONGEST = 64;
        private final String[] strings;
        private final byte[][] bytes;
        /** Where {@link #get} found or put its key; -1 if it did not cache it. */
        int lastSlot;

        /** The key cached in {@code slot}, or null (also for slot -1). */
        String at(int slot) {
            return slot < 0 ? null : strings[slot];
        }

        /** The bytes of the key cached in {@code slot} (its chars: cached keys are ASCII). */
        byte[] bytes(int slot) {
            return bytes[slot];
        }

        Strings(int size) {
            this.strings = new String[size];
            this.bytes = new byte[size][];
        }

        /** Ways per key: keys whose slots collide (two event keys did) would otherwise evict each other on every event. */
        private static final int WAYS = 4;
        private int victim;

        /** The text of the ring's [from, to) (absolute offsets). */
        String get(Ring ring, long from, long to) {
            int len = (int) (to - from);
            int start = (int) from & ring.mask;
            // cached keys are ASCII and do not wrap: the bytes are the chars
            boolean cacheable = len <= LONGEST && start + len <= ring.size() && ring.ascii(start, start + len);
            int hash = ring.sampledHash(start, len);
            int mask = strings.length - 1;
            int first = (hash ^ hash >>> 11) & mask;
            int free = -1;
            String s;
            for (int w = 0; w < WAYS; w++) {
                int slot = (first + w) & mask;
                s = strings[slot];
                if (s == null) {
                    free = free < 0 ? slot : free;
                } else if (cacheable && java.util.Arrays.equals(bytes[slot], 0, bytes[slot].length, ring.bytes, start, start + len)) {
                    lastSlot = slot;
                    return s;
                }
            }
            int slot = free >= 0 ? free : (first + (victim++ & (WAYS - 1))) & mask;
            s = ring.text(from, len);
            s = s.intern();
            if (cacheable) {
                strings[slot] = s;
                bytes[slot] = java.util.Arrays.copyOfRange(ring.bytes, start, start + len);
                lastSlot = slot;
            } else {
                lastSlot = -1;
            }
            return s;
        }
    }
}
