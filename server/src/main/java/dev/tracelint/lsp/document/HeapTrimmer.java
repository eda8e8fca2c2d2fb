package dev.tracelint.lsp.document;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Gives the memory of a large analysis back to the system. Reading a 50 MB document allocates
 * several hundred MB of short-lived objects, the collector grows the heap to match, and by default
 * it keeps that heap committed (up to 70% free) long after the analysis is done: the server's
 * resident memory stayed at over 10 times the document. So the server (1) asks the JVM to keep at
 * most 20% of the heap free after a full collection, unless the user chose those flags, (2) runs
 * one full collection, off the protocol threads, after the diagnostics of a large document are
 * published, which shrinks the heap to the live data (the text and its index), and (3) has G1
 * collect after {@link #IDLE_COLLECTION_MS} without a collection (G1PeriodicGCInterval, unless the
 * user set it), so an editor left alone gives back what its last edits took. These are the JVM's
 * manageable flags, so they hold however the editor starts the server; the flags only a command
 * line can set (a small initial heap) are the launcher's and the VS Code extension's (issue 29:
 * the JVM's default initial heap, a 64th of the machine, let ten small documents edited 6,000
 * times hold 520-710 MB).
 */
public final class HeapTrimmer {
    /** Documents below this (in chars) leave too little garbage to be worth a collection. */
    static final long LARGE = 4L << 20;

    private final ExecutorService collector = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tracelint-heap-trim");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean pending = new AtomicBoolean();

    /** G1's periodic collection when the server is idle: long enough never to run while a user types. */
    static final long IDLE_COLLECTION_MS = 15_000;

    /**
     * Sets the JVM's heap free ratios and G1's periodic collection (manageable flags) where the user
     * left them at their defaults; returns the memory settings in effect, in one line for the log.
     */
    public static String configure() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (isDefault(vm, "MinHeapFreeRatio") && isDefault(vm, "MaxHeapFreeRatio")) {
                vm.setVMOption("MinHeapFreeRatio", "10"); // first: it must stay at or below the maximum
                vm.setVMOption("MaxHeapFreeRatio", "20");
            }
            boolean g1 = "true".equals(vm.getVMOption("UseG1GC").getValue());
            if (g1 && isDefault(vm, "G1PeriodicGCInterval")) {
                vm.setVMOption("G1PeriodicGCInterval", Long.toString(IDLE_COLLECTION_MS));
            }
            return settingsInEffect(vm, g1);
        } catch (RuntimeException e) {
            return "the JVM's own (not HotSpot, or its flags are not writable)";
        }
    }

    /** "G1, heap 32 MB initial, 2,048 MB max, GC time ratio 4, 10-20% free after a full collection, a collection after 15 s idle". */
    private static String settingsInEffect(HotSpotDiagnosticMXBean vm, boolean g1) {
        String collector = g1 ? "G1" : "true".equals(vm.getVMOption("UseSerialGC").getValue()) ? "Serial"
                : "true".equals(vm.getVMOption("UseParallelGC").getValue()) ? "Parallel" : "another collector";
        long idle = g1 ? Long.parseLong(vm.getVMOption("G1PeriodicGCInterval").getValue()) : 0;
        return String.format(java.util.Locale.ROOT, "%s, heap %,d MB initial, %,d MB max, GC time ratio %s, %s-%s%% free after a"
                        + " full collection, %s", collector, mb(vm, "InitialHeapSize"), mb(vm, "MaxHeapSize"),
                vm.getVMOption("GCTimeRatio").getValue(), vm.getVMOption("MinHeapFreeRatio").getValue(),
                vm.getVMOption("MaxHeapFreeRatio").getValue(),
                idle > 0 ? "a collection after " + idle / 1000 + " s idle" : "no collection when idle");
    }

    private static long mb(HotSpotDiagnosticMXBean vm, String flag) {
        return Long.parseLong(vm.getVMOption(flag).getValue()) >> 20;
    }

    private static boolean isDefault(HotSpotDiagnosticMXBean vm, String flag) {
        return vm.getVMOption(flag).getOrigin() == VMOption.Origin.DEFAULT;
    }

    /** Called after a document's diagnostics went out; collects once if the document was large. */
    public void afterAnalysis(long documentChars) {
        if (documentChars >= LARGE && pending.compareAndSet(false, true)) {
            collector.execute(() -> {
                pending.set(false);
                System.gc(); // an explicit full collection is what shrinks the committed heap
            });
        }
    }
}
