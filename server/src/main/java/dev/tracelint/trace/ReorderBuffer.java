package dev.tracelint.trace;

import java.util.Arrays;

/**
 * Hands entries on in time order within each lane (a thread's slices, one async tree's events,
 * one flow's, one object's) although they may arrive out of order, within a bound. Entries wait in
 * a ring of {@code capacity} slots in arrival order; when the ring is full the oldest leaves, after
 * every entry of its lane that is earlier in time. So an entry may arrive up to {@code capacity}
 * arrivals late (counted over all lanes of the buffer) and still be handed on in its place.
 *
 * <p>The common case costs no sorting: while a lane's entries arrive in time order it keeps them
 * as a list in arrival order, and each leaves when the ring passes it. Only a lane whose waiting
 * entries are out of order keeps them in a small heap, until none of them waits any more.
 *
 * <p>An entry earlier than what its lane already handed on cannot be put in its place: {@link #add}
 * says so (returns -1) and the caller judges it as it can (the model then says the check was
 * limited there). The owner keeps each entry's payload in its own arrays, by the slot {@code add}
 * returns; the slot is the entry's until {@link Sink#leave} has been called for it. Lanes are
 * referred to by number, not reference: the ring is long-lived, and a reference stored into it on
 * every entry would cost G1 a card each time.
 */
public final class ReorderBuffer {
    /** A lane's ordering state; the owner's per-lane state extends it. */
    public abstract static class Lane {
        /** Time of the last entry handed on, or Long.MIN_VALUE. */
        long handedOn = Long.MIN_VALUE;
        /** Latest time that arrived (waiting or handed on), or Long.MIN_VALUE. */
        long latest = Long.MIN_VALUE;
        /** Entries of this lane in the ring, not yet handed on. */
        int waiting;
        /** While in list order: first and last waiting slot, linked through {@link #next}. */
        int first = -1;
        int last = -1;
        /** While out of order: the waiting slots as a binary heap by (time, arrival). */
        int[] heap;
        int heapSize;

        /** Whether entries of this lane still wait in the buffer. */
        final boolean hasWaiting() {
            return waiting > 0;
        }

        /**
         * The lane's present: the latest time that arrived. An entry without a time of its own
         * takes this one, so it keeps its place in arrival order.
         */
        final long now() {
            return latest;
        }
    }

    /** Receives the entries in lane time order. */
    public interface Sink {
        /** The entry in {@code slot} leaves: handed on in time order within its lane. */
        void leave(int slot);

        /** The lane numbered {@code lane}. */
        Lane lane(int lane);
    }

    private final int capacity;
    private final int mask;
    private final long[] time;
    private final int[] laneOf;
    private final int[] next;
    private final boolean[] gone;
    /** Arrival numbers: the oldest entry still in the ring, and the next to arrive. */
    private long head;
    private long tail;
    private final Sink sink;

    /** A buffer of {@code capacity} slots (a power of two). */
    public ReorderBuffer(int capacity, Sink sink) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.time = new long[capacity];
        this.laneOf = new int[capacity];
        this.next = new int[capacity];
        this.gone = new boolean[capacity];
        this.sink = sink;
    }

    int capacity() {
        return capacity;
    }

    /**
     * Takes a new entry of lane {@code laneNumber} at time {@code t}: returns its slot, where the owner
     * puts its payload before the next call, or -1 if the lane has already handed on a later entry
     * (the entry is then not taken). May first let the oldest entries leave, to make room.
     */
    public int add(int laneNumber, long t) {
        if (tail - head == capacity) {
            leaveOldest(); // first: that may hand on later entries of this lane
        }
        Lane lane = sink.lane(laneNumber);
        if (t < lane.handedOn) {
            return -1;
        }
        int slot = (int) (tail & mask);
        time[slot] = t;
        laneOf[slot] = laneNumber;
        gone[slot] = false;
        next[slot] = -1;
        tail++;
        if (lane.heapSize > 0) {
            push(lane, slot);
        } else if (lane.waiting > 0 && t < lane.latest) {
            toHeap(lane);
            push(lane, slot);
        } else {
            if (lane.last >= 0) {
                next[lane.last] = slot;
            } else {
                lane.first = slot;
            }
            lane.last = slot;
        }
        if (t > lane.latest) {
            lane.latest = t;
        }
        lane.waiting++;
        return slot;
    }

    /** Time of the entry in {@code slot}. */
    long time(int slot) {
        return time[slot];
    }

    /** Whether the entry that arrived as {@code slot} (at arrival number {@code arrival}) is still waiting. */
    public boolean waiting(int slot, long arrival) {
        return arrival >= head && arrival < tail && (arrival & mask) == slot && !gone[slot];
    }

    /** Arrival number of the entry {@link #add} placed last. */
    public long lastArrival() {
        return tail - 1;
    }

    /** Lets every entry leave, in lane time order. */
    public void drain() {
        while (head < tail) {
            leaveOldest();
        }
    }

    /** Lets the oldest waiting entry leave, after the earlier entries of its lane. */
    private void leaveOldest() {
        while (head < tail && gone[(int) (head & mask)]) {
            head++;
        }
        if (head == tail) {
            return;
        }
        int slot = (int) (head & mask);
        Lane lane = sink.lane(laneOf[slot]);
        if (lane.heapSize == 0) {
            lane.first = next[slot]; // in list order the oldest arrival is the lane's first
            if (lane.first < 0) {
                lane.last = -1;
            }
            hand(lane, slot);
        } else {
            int s;
            do {
                s = pop(lane);
                hand(lane, s);
            } while (s != slot);
        }
        head++;
    }

    private void hand(Lane lane, int slot) {
        gone[slot] = true;
        lane.waiting--;
        lane.handedOn = time[slot];
        if (lane.waiting == 0) {
            lane.first = -1;
            lane.last = -1;
            lane.heapSize = 0;
        }
        sink.leave(slot);
    }

    /** Moves the lane's waiting list into its heap: its entries stopped arriving in time order. */
    private void toHeap(Lane lane) {
        for (int s = lane.first; s >= 0; s = next[s]) {
            push(lane, s);
        }
        lane.first = -1;
        lane.last = -1;
    }

    /** Earlier time first; at equal times, earlier arrival first. */
    private boolean before(int a, int b) {
        if (time[a] != time[b]) {
            return time[a] < time[b];
        }
        return ((a - (int) (head & mask)) & mask) < ((b - (int) (head & mask)) & mask);
    }

    private void push(Lane lane, int slot) {
        if (lane.heap == null) {
            lane.heap = new int[8];
        } else if (lane.heapSize == lane.heap.length) {
            lane.heap = Arrays.copyOf(lane.heap, lane.heapSize * 2);
        }
        int[] h = lane.heap;
        int i = lane.heapSize++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(slot, h[parent])) {
                break;
            }
            h[i] = h[parent];
            i = parent;
        }
        h[i] = slot;
    }

    private int pop(Lane lane) {
        int[] h = lane.heap;
        int top = h[0];
        int lastSlot = h[--lane.heapSize];
        int n = lane.heapSize;
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && before(h[child + 1], h[child])) {
                child++;
            }
            if (!before(h[child], lastSlot)) {
                break;
            }
            h[i] = h[child];
            i = child;
        }
        if (n > 0) {
            h[i] = lastSlot;
        }
        return top;
    }
}
