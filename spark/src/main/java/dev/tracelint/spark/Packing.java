package dev.tracelint.spark;

import java.util.ArrayList;
import java.util.List;

/**
 * Packs the listed files, largest first, into the job's partitions by Spark's own rule for its file
 * sources (Spark 4.0.1, {@code FilePartition.maxSplitBytes} and {@code getFilePartitions}): a
 * partition takes files in order until the next would take it past the split size, each file
 * counting its bytes plus an opening cost; the split size is the bytes (with opening costs) per
 * core, between the opening cost and {@code spark.sql.files.maxPartitionBytes}. Why: one task per
 * file cost a scheduled, serialised task and a cache block per file (tens of milliseconds each on a
 * loaded machine, thousands of files in a bucket), and small files cost more to open than to check.
 * A file bigger than the split size is a partition of its own, and the partitions keep the files'
 * order, so the largest files still start first (docs/fleet.md, "How the work is spread").
 */
final class Packing {
    private Packing() {
    }

    /** {@code files} (sorted largest first) in partitions of at most {@link #splitBytes} each, in order. */
    static List<List<CheckTraces.Listed>> pack(List<CheckTraces.Listed> files, long maxPartitionBytes, long openCost, int cores) {
        long split = splitBytes(files, maxPartitionBytes, openCost, cores);
        List<List<CheckTraces.Listed>> parts = new ArrayList<>();
        List<CheckTraces.Listed> current = new ArrayList<>();
        long size = 0;
        for (CheckTraces.Listed f : files) {
            if (!current.isEmpty() && size + f.bytes() > split) {
                parts.add(current);
                current = new ArrayList<>();
                size = 0;
            }
            current.add(f);
            size += f.bytes() + openCost;
        }
        if (!current.isEmpty()) {
            parts.add(current);
        }
        return parts;
    }

    /** The bytes one partition may hold: the bucket's bytes (each file with its opening cost) per core, within [openCost, maxPartitionBytes]. */
    static long splitBytes(List<CheckTraces.Listed> files, long maxPartitionBytes, long openCost, int cores) {
        long total = 0;
        for (CheckTraces.Listed f : files) {
            total += f.bytes() + openCost;
        }
        long perCore = total / Math.max(1, cores);
        return Math.min(maxPartitionBytes, Math.max(openCost, perCore));
    }
}
