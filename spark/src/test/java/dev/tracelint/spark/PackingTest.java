package dev.tracelint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The files' partitions: Spark's own packing rule for its file sources, largest files first. */
class PackingTest {
    private static final long MB = 1 << 20;

    private static List<CheckTraces.Listed> files(long... sizes) {
        List<CheckTraces.Listed> l = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            l.add(new CheckTraces.Listed("file:/t/" + i + ".json", sizes[i], null));
        }
        return l;
    }

    private static List<List<Long>> sizes(List<List<CheckTraces.Listed>> parts) {
        return parts.stream().map(p -> p.stream().map(CheckTraces.Listed::bytes).toList()).toList();
    }

    /** The split is the bytes (each file with its opening cost) per core, at least the opening cost, at most the maximum. */
    @Test
    void splitIsBytesPerCoreWithinBounds() {
        assertEquals(128 * MB, Packing.splitBytes(files(1000 * MB), 128 * MB, 4 * MB, 1));
        assertEquals((40 * MB + 4 * 4 * MB) / 2, Packing.splitBytes(files(10 * MB, 10 * MB, 10 * MB, 10 * MB), 128 * MB, 4 * MB, 2));
        assertEquals(4 * MB, Packing.splitBytes(files(1, 1), 128 * MB, 4 * MB, 64));
    }

    /** A file over the split is a partition of its own; small ones share, in order, so the largest still start first. */
    @Test
    void packsInOrderUpToTheSplit() {
        // split: min(128 MB, (300 + 6 x 4) MB / 1 core) = 128 MB
        List<List<CheckTraces.Listed>> parts = Packing.pack(files(200 * MB, 60 * MB, 30 * MB, 20 * MB, 1 * MB, 1), 128 * MB, 4 * MB, 1);
        assertEquals(List.of(List.of(200 * MB), List.of(60 * MB, 30 * MB, 20 * MB, 1 * MB, 1L)), sizes(parts));
        // four cores: split (300 + 24) MB / 4 = 81 MB
        parts = Packing.pack(files(200 * MB, 60 * MB, 30 * MB, 20 * MB, 1 * MB, 1), 128 * MB, 4 * MB, 4);
        assertEquals(List.of(List.of(200 * MB), List.of(60 * MB), List.of(30 * MB, 20 * MB, 1 * MB, 1L)), sizes(parts));
    }

    /** A thousand small files on one core: a few partitions, each file in exactly one, in the listed order. */
    @Test
    void everyFileOnceInOrder() {
        long[] sizes = new long[1000];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = (1000 - i) * 1000L;
        }
        List<CheckTraces.Listed> listed = files(sizes);
        List<List<CheckTraces.Listed>> parts = Packing.pack(listed, 128 * MB, 4 * MB, 1);
        assertEquals(listed, parts.stream().flatMap(List::stream).toList());
        // each file counts its bytes plus 4 MB, 4.19 to 5.19 MB, and a file joins while its bytes (not yet
        // its opening cost) fit: 26 of the largest fill the first 128 MB, 32 of the smallest the last full one
        assertEquals(35, parts.size());
        assertEquals(26, parts.get(0).size());
        assertEquals(32, parts.get(33).size());
    }

    @Test
    void noFilesNoPartitions() {
        assertEquals(List.of(), Packing.pack(List.of(), 128 * MB, 4 * MB, 2));
    }
}
