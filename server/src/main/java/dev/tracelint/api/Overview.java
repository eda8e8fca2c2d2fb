package dev.tracelint.api;

/**
 * A trace's overview, as {@code check --stats} gives it.
 *
 * @param events    the events read
 * @param first     the earliest timestamp in µs, NaN for none
 * @param last      the latest end in µs, NaN for none
 * @param processes the processes with events
 * @param threads   the threads with events
 */
public record Overview(long events, double first, double last, int processes, int threads) {
    /** {@code last - first} in µs, NaN for a trace without timed events. */
    public double span() {
        return last - first;
    }
}
