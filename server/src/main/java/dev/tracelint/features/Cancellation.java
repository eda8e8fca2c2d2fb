package dev.tracelint.features;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * How a feature's loops over the events stop when their request is cancelled: every 1,024
 * steps they ask, and throw a {@link CancellationException} once it is. (The analyzer asks every
 * 256 events the same way.)
 */
public final class Cancellation {
    private Cancellation() {
    }

    /** Throws if {@code step} is a multiple of 1,024 and the request is cancelled. */
    public static void poll(BooleanSupplier cancelled, int step) {
        if ((step & 1023) == 0 && cancelled.getAsBoolean()) {
            throw new CancellationException("request cancelled");
        }
    }
}
