package dev.tracelint.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where each event's members are, recorded as the reader read them, so that the editor features
 * find the member at the cursor without parsing the event again: for each member of the event,
 * and of its {@code args} and {@code id2} objects (those past the reader's limit too, up to {@code Members.LOCATED}), the offset
 * of its key's opening quote and the end of its value. Kept as unsigned varint deltas in one byte
 * column (an event of ten members costs about twenty bytes) and one int per event: the rest (key,
 * value start, kind) follows from the text at those offsets.
 */
public final class MemberOffsets {
    /**
     * A member's key start and value end; {@code children} those of its object (args, id2), or
     * null; {@code unlocated} how many more members that object has, counted but not located.
     */
    public record Span(long keyStart, long valueEnd, List<Span> children, int unlocated) {
    }

    private byte[] bytes = new byte[4096];
    private int length;
    /** Per event: where its record starts in {@link #bytes}. */
    private int[] at = new int[1024];
    private long previous;

    /** Starts event {@code row}'s record (rows come in order), whose object starts at {@code start}, with {@code members} own members. */
    void event(int row, long start, int members) {
        if (row == at.length) {
            at = Arrays.copyOf(at, row * 2);
        }
        at[row] = length;
        previous = start;
        write(members);
    }

    /** A member of the event whose value's members are not kept: its key start and value end. */
    void member(long keyStart, long valueEnd) {
        write(keyStart - previous);
        write((valueEnd - keyStart) << 1); // the low bit: no children follow
        previous = valueEnd;
    }

    /** A member of the event whose object's {@code count} recorded members follow ({@link #child}), then {@link #endChildren}. */
    void memberWithChildren(long keyStart, long valueEnd, int count) {
        write(keyStart - previous);
        write((valueEnd - keyStart) << 1 | 1);
        write(count);
        previous = keyStart; // its children are measured from its key
    }

    void child(long keyStart, long valueEnd) {
        write(keyStart - previous);
        write(valueEnd - keyStart);
        previous = valueEnd;
    }

    /** After an object member's children: how many more it has, not located, and its end, which the next member is measured from. */
    void endChildren(int unlocated, long valueEnd) {
        write(unlocated);
        previous = valueEnd;
    }

    /** Gives back the room grown for events that never came (once all are read): {@code rows} events were added. */
    void trim(int rows) {
        bytes = Arrays.copyOf(bytes, length);
        at = Arrays.copyOf(at, rows);
    }

    private void write(long v) {
        if (length + 10 > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + 10));
        }
        while ((v & ~0x7FL) != 0) {
            bytes[length++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[length++] = (byte) v;
    }

    /** The members of event {@code row}, whose object starts at {@code start}, in file order. */
    public List<Span> of(int row, long start) {
        Reader r = new Reader(at[row], start);
        int n = (int) r.next();
        List<Span> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            long keyStart = r.previous + r.next();
            long span = r.next();
            long valueEnd = keyStart + (span >>> 1);
            List<Span> kids = null;
            int unlocated = 0;
            if ((span & 1) != 0) {
                int children = (int) r.next();
                r.previous = keyStart;
                kids = new ArrayList<>(children);
                for (int c = 0; c < children; c++) {
                    long childKey = r.previous + r.next();
                    long childEnd = childKey + r.next();
                    r.previous = childEnd;
                    kids.add(new Span(childKey, childEnd, null, 0));
                }
                unlocated = (int) r.next();
            }
            r.previous = valueEnd;
            out.add(new Span(keyStart, valueEnd, kids, unlocated));
        }
        return out;
    }

    private final class Reader {
        int pos;
        long previous;

        Reader(int pos, long previous) {
            this.pos = pos;
            this.previous = previous;
        }

        long next() {
            long v = 0;
            int shift = 0;
            byte b;
            do {
                b = bytes[pos++];
                v |= (long) (b & 0x7F) << shift;
                shift += 7;
            } while (b < 0);
            return v;
        }
    }

    /** Bytes held, for the memory figures. */
    public long bytes() {
        return bytes.length + 4L * at.length;
    }
}
