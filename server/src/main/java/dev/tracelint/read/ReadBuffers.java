package dev.tracelint.read;

/**
 * The reader's large buffer (the window of text of a {@link TraceSource}, 3 MB), kept for the next
 * document read on the same thread: a process that checks many files allocated and zeroed one per
 * file, and the collector copied each file's window, then promoted it. One per thread, never
 * shared: a source takes the window for its read and gives it back only once the read and every
 * consumer of its text are done ({@link TraceSource#release()}); a read that failed or was
 * cancelled never gives it back (a consumer may still be reading it), and the next read makes a
 * new one.
 */
public final class ReadBuffers {
    private Ring spare;

    /** The kept window, or a new one if it is taken or was never given back. */
    Ring take(int size) {
        Ring r = spare;
        spare = null;
        return r != null && r.size() == size ? r : new Ring(size);
    }

    void giveBack(Ring ring) {
        spare = ring;
    }
}
