package dev.tracelint.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Waiting for the processes the benchmarks start: one bound, one way of giving up. */
final class Processes {
    private Processes() {
    }

    /**
     * The process's exit value, or -1 when it ran past {@code seconds} (then it is killed and reaped,
     * so no timed-out run keeps a core busy under the next one).
     */
    static int exitWithin(Process p, long seconds) throws IOException {
        try {
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                return -1;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
