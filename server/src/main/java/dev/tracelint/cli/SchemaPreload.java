package dev.tracelint.cli;

import dev.tracelint.schema.TraceSchema;

/**
 * Loads the trace JSON Schema ({@link TraceSchema#get()}: reading it and compiling its pre-check,
 * ~25 ms of a cold JVM) on a second thread, while the main thread reads the arguments, looks for
 * config files and sets up the rules; the schema rules need it from the first event on. On a
 * machine with a free core this takes it off the critical path of a short {@code check} run.
 *
 * <p>Only a head start: a failure here is ignored, the first real use of the schema reports it.
 */
final class SchemaPreload implements Runnable {
    private SchemaPreload() {
    }

    static void start() {
        Thread t = new Thread(new SchemaPreload(), "tracelint-schema-preload");
        t.setDaemon(true); // never keeps the JVM alive
        t.start();
    }

    @Override
    public void run() {
        try {
            TraceSchema.get();
        } catch (RuntimeException | LinkageError e) {
            // the main thread meets the same problem when it needs the schema, and reports it
        }
    }
}
