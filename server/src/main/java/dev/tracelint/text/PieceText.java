package dev.tracelint.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable text that is cheap to edit: a list of pieces of strings (a piece table). An edit
 * copies the list, splitting the piece it falls in, instead of copying the text, so a keystroke in
 * a 30 MB document costs microseconds; the whole String is built once, when first asked for
 * ({@link #toString}), and then replaces the pieces (so the older texts they point into can go),
 * and an edit of such a text starts again from that one piece. Typed characters are merged into one small piece as they come, and past
 * {@value #MAX_PIECES} pieces the text is rebuilt as one, so every operation stays bounded.
 */
public final class PieceText implements CharSequence {
    /** Past this many pieces an edit rebuilds the text as one (amortised over as many edits). */
    static final int MAX_PIECES = 1024;
    /** Neighbouring pieces shorter than this are joined into one new string. */
    private static final int SMALL = 256;

    private record Piece(String source, int from, int to) {
        int length() {
            return to - from;
        }
    }

    /** The text as pieces; {@code starts[i]} is where piece i begins in it. */
    private record Pieces(Piece[] list, int[] starts) {
    }

    /** The String once built (the pieces, and the older texts they hold, are then let go), else the {@link Pieces}. */
    private volatile Object content;
    private final int length;

    private PieceText(Piece[] pieces) {
        int[] starts = new int[pieces.length];
        long at = 0;
        for (int i = 0; i < pieces.length; i++) {
            starts[i] = (int) at;
            at += pieces[i].length();
        }
        if (at > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("text longer than a String can be");
        }
        this.length = (int) at;
        this.content = new Pieces(pieces, starts);
    }

    private PieceText(String s) {
        this.length = s.length();
        this.content = s;
    }

    public static PieceText of(String s) {
        return new PieceText(s);
    }

    /** This text with {@code [start, end)} replaced by {@code text}; {@code 0 <= start <= end <= length()}. */
    public PieceText replace(int start, int end, String text) {
        if (start < 0 || end < start || end > length) {
            throw new IndexOutOfBoundsException("[" + start + ", " + end + ") of " + length);
        }
        Pieces p = pieces();
        Piece[] from = p.list;
        int[] at = p.starts;
        List<Piece> out = new ArrayList<>(from.length + 2);
        int i = 0;
        for (; i < from.length && at[i] + from[i].length() <= start; i++) { // wholly before the edit
            out.add(from[i]);
        }
        if (i < from.length && at[i] < start) { // the piece the edit starts in: its part before
            out.add(new Piece(from[i].source, from[i].from, from[i].from + start - at[i]));
        }
        if (!text.isEmpty()) {
            out.add(new Piece(text, 0, text.length()));
        }
        for (; i < from.length && at[i] + from[i].length() <= end; i++) { // wholly replaced
        }
        if (i < from.length && at[i] < end) { // the piece the edit ends in: its part after
            out.add(new Piece(from[i].source, from[i].from + end - at[i], from[i].to));
            i++;
        }
        for (; i < from.length; i++) {
            out.add(from[i]);
        }
        joinSmallNeighbours(out);
        PieceText result = new PieceText(out.toArray(new Piece[0]));
        return out.size() > MAX_PIECES ? of(result.toString()) : result;
    }

    /** The pieces, or the one piece of the built String. */
    private Pieces pieces() {
        Object c = content;
        if (c instanceof Pieces p) {
            return p;
        }
        String s = (String) c;
        return s.isEmpty() ? new Pieces(new Piece[0], new int[0]) : new Pieces(new Piece[] {new Piece(s, 0, s.length())}, new int[] {0});
    }

    /** Joins runs of short pieces (what typing leaves behind) into one string each. */
    private static void joinSmallNeighbours(List<Piece> pieces) {
        for (int i = pieces.size() - 1; i > 0; i--) {
            Piece a = pieces.get(i - 1);
            Piece b = pieces.get(i);
            if (a.length() < SMALL && b.length() < SMALL) {
                String joined = a.source.substring(a.from, a.to) + b.source.substring(b.from, b.to);
                pieces.set(i - 1, new Piece(joined, 0, joined.length()));
                pieces.remove(i);
            }
        }
    }

    int pieceCount() {
        return content instanceof Pieces p ? p.list.length : 1;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        Object c = content;
        if (c instanceof String s) {
            return s.charAt(index);
        }
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        Pieces p = (Pieces) c;
        int i = Arrays.binarySearch(p.starts, index);
        if (i < 0) {
            i = -i - 2; // the piece that begins before index
        }
        Piece piece = p.list[i];
        return piece.source.charAt(piece.from + index - p.starts[i]);
    }

    /** The chars in [start, end), copied from the pieces they lie in: the whole String is not built for them. */
    @Override
    public String subSequence(int start, int end) {
        if (start < 0 || end < start || end > length) {
            throw new IndexOutOfBoundsException("[" + start + ", " + end + ") of " + length);
        }
        Object c = content;
        if (c instanceof String s) {
            return s.substring(start, end);
        }
        if (start == end) {
            return "";
        }
        Pieces p = (Pieces) c;
        int i = Arrays.binarySearch(p.starts, start);
        if (i < 0) {
            i = -i - 2; // the piece that begins before start
        }
        StringBuilder b = new StringBuilder(end - start);
        for (; i < p.list.length && p.starts[i] < end; i++) {
            Piece piece = p.list[i];
            int from = Math.max(start, p.starts[i]);
            int to = Math.min(end, p.starts[i] + piece.length());
            b.append(piece.source, piece.from + from - p.starts[i], piece.from + to - p.starts[i]);
        }
        return b.toString();
    }

    /** The whole text, built on the first call (the caller's thread pays for it) and kept instead of the pieces. */
    @Override
    public String toString() {
        Object c = content;
        if (c instanceof String s) {
            return s;
        }
        StringBuilder b = new StringBuilder(length);
        for (Piece p : ((Pieces) c).list) {
            b.append(p.source, p.from, p.to);
        }
        String built = b.toString();
        content = built;
        return built;
    }
}
