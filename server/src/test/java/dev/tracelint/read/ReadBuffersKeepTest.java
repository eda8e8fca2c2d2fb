package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The window goes back to its buffers only when the source is released (after a read that ended
 * normally): one that was not (a failed or cancelled read, whose rules may still be reading it)
 * is never handed to the next read.
 */
class ReadBuffersKeepTest {

    private static TraceSource source(ReadBuffers buffers) {
        return new TraceSource(new ByteArrayInputStream("[]".getBytes(StandardCharsets.UTF_8)), buffers);
    }

    @Test
    void aReleasedWindowIsTheNextReadsAndOnlyOnce() {
        ReadBuffers buffers = new ReadBuffers();
        TraceSource first = source(buffers);
        first.release();
        first.release(); // a second release gives nothing back twice
        TraceSource second = source(buffers);
        assertSame(first.ring(), second.ring());
        TraceSource third = source(buffers); // the window is the second's until it is released
        assertNotSame(second.ring(), third.ring());
    }

    @Test
    void aWindowNeverReleasedIsNotReused() {
        ReadBuffers buffers = new ReadBuffers();
        TraceSource failed = source(buffers);
        assertNotSame(failed.ring(), source(buffers).ring());
    }

    @Test
    void aSourceWithAWindowOfItsOwnGivesNothingBack() {
        ReadBuffers buffers = new ReadBuffers();
        TraceSource own = new TraceSource(new ByteArrayInputStream(new byte[0]));
        own.release();
        TraceSource kept = source(buffers);
        assertNotSame(own.ring(), kept.ring());
    }
}
