package dev.tracelint.trace;

import dev.tracelint.model.MetadataName;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.text.TextEdit;
import dev.tracelint.trace.Threads.TraceThread;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The threads a slice that cannot nest on its own thread can move to: the thread's overlap lanes,
 * numbered as Perfetto numbers the spill tracks it draws such slices on (lane 1 the first spill
 * track; see {@code SliceTimeline}). A lane is a new thread of the same process, named after the
 * thread ({@code "<name> (overlap 1)"}), whose tid collides with no tid of the process: one above
 * the process's largest integer tid, in the order the lanes were first needed in the document.
 *
 * <p>What it keeps per thread is small and fixed (pid literal, tid, name, sort index, the end of its
 * last event); per process the largest tid. A lane's place ({@link #place}) is asked for only once
 * the document is read (a fix is written when asked), and is the same object for every slice moved
 * to that lane, so that its metadata edit is one edit that fix-all applies once.
 */
public final class ThreadLanes {
    /** Tids above this are not made larger: a double holds integers exactly only up to 2^53. */
    private static final long LARGEST_TID = 1L << 52;

    /** Where a lane is: its tid, its name, and the edit that names it (null when a thread of that name exists). */
    public record Place(long tid, String name, TextEdit metadata) {
    }

    private String[] pid = new String[16];
    private long[] tid = new long[16];
    private boolean[] tidInteger = new boolean[16];
    private String[] name = new String[16];
    private String[] sortIndex = new String[16];
    private long[] lastEnd = new long[16];
    private int[][] laneOrder = new int[16][];
    private final Map<String, long[]> largestTid = new HashMap<>();
    private final Map<String, int[]> lanesOfProcess = new HashMap<>();
    private final Map<Long, Place> places = new HashMap<>();
    private int seen;

    /** Every event, with its thread: the thread's identity on first sight, its name and sort index, its last event. */
    public void event(EventView e, TraceThread t) {
        int i = t.index();
        if (i >= seen) {
            grow(i + 1);
            Field p = e.get("pid");
            Field d = e.get("tid");
            // a string pid would be one more event for the rules that judge it: only a number is written again
            pid[i] = p == null || !p.isNumber() ? null : p.jsonLiteral();
            tidInteger[i] = integer(d);
            tid[i] = tidInteger[i] ? Long.parseLong(d.text()) : 0;
            if (pid[i] != null && tidInteger[i]) {
                long[] max = largestTid.computeIfAbsent(pid[i], k -> new long[] {Long.MIN_VALUE});
                max[0] = Math.max(max[0], tid[i]);
            }
            seen = i + 1;
        }
        lastEnd[i] = e.end();
        if (e.phase() == Phase.METADATA) {
            String n = e.name();
            if (MetadataName.THREAD_NAME.id().equals(n)) {
                Field v = e.arg("name");
                if (v != null && v.isString()) {
                    name[i] = v.text();
                }
            } else if (MetadataName.THREAD_SORT_INDEX.id().equals(n)) {
                Field v = e.arg("sort_index");
                if (v != null && v.isNumber()) {
                    sortIndex[i] = v.text();
                }
            }
        }
    }

    /** An integer tid of at most 16 digits (string or number), as the process's tids are compared. */
    private static boolean integer(Field f) {
        if (f == null || !(f.isNumber() || f.isString())) {
            return false;
        }
        String s = f.text();
        int from = s.startsWith("-") ? 1 : 0;
        if (s.length() == from || s.length() - from > 16) {
            return false;
        }
        for (int j = from; j < s.length(); j++) {
            if (s.charAt(j) < '0' || s.charAt(j) > '9') {
                return false;
            }
        }
        return true;
    }

    private void grow(int n) {
        if (n <= pid.length) {
            return;
        }
        int size = Math.max(n, pid.length * 2);
        pid = Arrays.copyOf(pid, size);
        tid = Arrays.copyOf(tid, size);
        tidInteger = Arrays.copyOf(tidInteger, size);
        name = Arrays.copyOf(name, size);
        sortIndex = Arrays.copyOf(sortIndex, size);
        lastEnd = Arrays.copyOf(lastEnd, size);
        laneOrder = Arrays.copyOf(laneOrder, size);
    }

    /**
     * The slice timeline opened overlap lane {@code lane} (1, 2...) of thread {@code t}: it is the
     * process's next lane, in the order lanes are first needed (so the tids do not depend on which
     * fix is asked first).
     */
    public void opened(TraceThread t, int lane) {
        int i = t.index();
        if (i >= seen || pid[i] == null) {
            return;
        }
        int[] order = laneOrder[i] == null ? new int[4] : laneOrder[i];
        if (lane >= order.length) {
            order = Arrays.copyOf(order, Math.max(lane + 1, order.length * 2));
        }
        laneOrder[i] = order;
        if (order[lane] == 0) {
            order[lane] = ++lanesOfProcess.computeIfAbsent(pid[i], k -> new int[1])[0];
        }
    }

    /**
     * Where overlap lane {@code lane} of thread {@code t} is, once the document is read; null when
     * the thread's pid or tid cannot be written again (a missing or string pid, a tid missing or
     * not an integer, a tid too large to go above). A thread of the process already named as the lane is the lane (a fix applied
     * alone, then another: the second goes where the first went).
     */
    public synchronized Place place(TraceThread t, int lane) {
        int i = t.index();
        if (i >= seen || pid[i] == null || !tidInteger[i] || laneOrder[i] == null || lane >= laneOrder[i].length
                || laneOrder[i][lane] == 0) {
            return null;
        }
        long key = (long) i << 20 | lane;
        Place p = places.get(key);
        if (p != null) {
            return p;
        }
        String laneName = (name[i] != null ? name[i] : Long.toString(tid[i])) + " (overlap " + lane + ")";
        Long existing = named(pid[i], laneName);
        if (existing != null) {
            p = new Place(existing, laneName, null);
        } else {
            long max = largestTid.get(pid[i])[0];
            if (max > LARGEST_TID) {
                return null;
            }
            long newTid = max + laneOrder[i][lane];
            StringBuilder m = new StringBuilder(", ").append(metadata(pid[i], newTid, "thread_name", "name", Json.quote(laneName)));
            if (sortIndex[i] != null) {
                m.append(", ").append(metadata(pid[i], newTid, "thread_sort_index", "sort_index", sortIndex[i]));
            }
            p = new Place(newTid, laneName, TextEdit.insert(lastEnd[i], m.toString()));
        }
        places.put(key, p);
        return p;
    }

    /** The tid of a thread of process {@code p} named {@code n}, or null. */
    private Long named(String p, String n) {
        for (int j = 0; j < seen; j++) {
            if (n.equals(name[j]) && p.equals(pid[j]) && tidInteger[j]) {
                return tid[j];
            }
        }
        return null;
    }

    /** A metadata event as Chrome writes one, with its category: tracerbench reads every event's cat. */
    private static String metadata(String pid, long tid, String what, String arg, String value) {
        return "{\"name\": \"" + what + "\", \"cat\": \"__metadata\", \"ph\": \"M\", \"pid\": " + pid + ", \"tid\": " + tid
                + ", \"args\": {\"" + arg + "\": " + value + "}}";
    }
}
