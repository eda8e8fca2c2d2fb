package dev.tracelint.cli;

/**
 * A main class that does nothing: the JVM's own start and exit with tracelint's jar on the class
 * path, the launcher's flags and its class-data archive, but none of tracelint's work. Subtracted
 * from an empty trace's whole {@code check}, it leaves tracelint's own start-up (the registry,
 * configuration, reading and reporting); the benchmarks' {@code startup} mode runs it as
 * {@code java <the launcher's options> -cp tracelint.jar dev.tracelint.cli.StartupBaseline}.
 * It lives in the product jar because the archive only applies to the class path it was made for.
 */
public final class StartupBaseline {
    private StartupBaseline() {
    }

    public static void main(String[] args) {
        // nothing: the JVM's start and exit are what is measured
    }
}
