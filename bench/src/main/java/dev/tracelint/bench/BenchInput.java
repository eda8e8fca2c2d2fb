package dev.tracelint.bench;

import java.nio.file.Path;

/**
 * One file {@code bench --whole-process} measures: its name in the table, where it is (inflated,
 * if it was gzip: every program then reads the same bytes), and where it came from, which orders
 * the table (real traces first).
 */
record BenchInput(String name, Path path, Origin origin) {
    enum Origin {
        /** One of the real traces issue 27 names, from the shared corpus. */
        REAL,
        /** A file given on the command line. */
        GIVEN,
        /** A trace of the generator's. */
        GENERATED
    }
}
