package dev.tracelint.lsp.transport;

/** Exits the server when the editor process that started it dies (initialize.processId). */
public final class ParentWatcher {
    private ParentWatcher() {
    }

    public static void watch(long pid) {
        ProcessHandle.of(pid).ifPresentOrElse(
                handle -> {
                    handle.onExit().thenRun(ParentWatcher::parentGone);
                    Thread poll = new Thread(() -> {
                        while (true) {
                            try {
                                Thread.sleep(3000);
                            } catch (InterruptedException e) {
                                return;
                            }
                            if (!handle.isAlive()) {
                                parentGone();
                            }
                        }
                    }, "tracelint-parent-watch");
                    poll.setDaemon(true);
                    poll.start();
                },
                // Not visible (another pid namespace, a remote editor): cannot watch, do not guess.
                () -> System.err.println("[tracelint] editor process " + pid + " is not visible; not watching it"));
    }

    private static void parentGone() {
        System.err.println("[tracelint] the editor process is gone; exiting");
        Runtime.getRuntime().halt(1);
    }
}
