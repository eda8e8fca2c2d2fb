package dev.tracelint.lsp;

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
 * most 20% of the heap free after a full collection, unless the user chose those flags, and (2)
 * runs one full collection, off the protocol threads, after the diagnostics of a large document
 * are published, which shrinks the heap to the live data (the text and its index).
 */
final class HeapTrimmer {
    /** Documents below this (in chars) leave too little garbage to be worth a collection. */
    static final long LARGE = 4L << 20;

    private final ExecutorService collector = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tracelint-heap-trim");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean pending = new AtomicBoolean();

    /** Sets the JVM's heap free ratios (manageable flags) where the user left them at their defaults. */
    static void configure() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (isDefault(vm, "MinHeapFreeRatio") && isDefault(vm, "MaxHeapFreeRatio")) {
                vm.setVMOption("MinHeapFreeRatio", "10"); // first: it must stay at or below the maximum
                vm.setVMOption("MaxHeapFreeRatio", "20");
            }
        } catch (RuntimeException e) {
            // not HotSpot, or the flags are not writable: the JVM's defaults then
        }
    }

    private static boolean isDefault(HotSpotDiagnosticMXBean vm, String flag) {
        return vm.getVMOption(flag).getOrigin() == VMOption.Origin.DEFAULT;
    }

    /** Called after a document's diagnostics went out; collects once if the document was large. */
    void afterAnalysis(long documentChars) {
        if (documentChars >= LARGE && pending.compareAndSet(false, true)) {
            collector.execute(() -> {
                pending.set(false);
                System.gc(); // an explicit full collection is what shrinks the committed heap
            });
        }
    }
}
