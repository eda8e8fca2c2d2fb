package dev.tracelint.viewer;

import java.util.Locale;

/**
 * The viewers whose behaviour the {@link ViewerModel} records. DevTools, speedscope and tracerbench
 * are JavaScript importers that npm publishes, so their entries are verified by running them
 * (tests/oracle); catapult and Perfetto have no runnable importer here, their entries cite source.
 */
public enum Viewer {
    CHROME_TRACING("chrome-tracing", "chrome://tracing", false,
            ViewerVersion.commit("catapult-project/catapult", "6fd8bbe723677254ff1130a1a416988b8b3e285e", "2025-11-18")),
    PERFETTO("perfetto", "Perfetto", false,
            ViewerVersion.commit("google/perfetto", "ec5d16b14b743ba6063d720956d6d6af6610fd72", "2026-08-22")),
    /**
     * The trace engine the oracle runs, {@code @paulirish/trace_engine}, is built from devtools-frontend
     * sources; 0.0.65 carries them in its source maps, and they are those of {@code chrome-devtools-frontend}
     * 1.0.1640418 (the release whose {@code front_end/} files its 144 sources equal, but for the package's
     * own Node patches and one file changed after), where the entries' other files (panels/timeline) are read.
     */
    DEVTOOLS("devtools", "DevTools", true,
            new ViewerVersion("@paulirish/trace_engine", "0.0.65", "npm:chrome-devtools-frontend", "1.0.1640418", null)),
    SPEEDSCOPE("speedscope", "speedscope", true,
            new ViewerVersion("speedscope", "1.25.0", "github:jlfwong/speedscope", "810efdf0a4868bb28f1300f4daacd0db6b8a95bd", "2025-12-03")),
    /**
     * {@code @tracerbench/trace-model}, the model tracerbench's analyses start from: not a viewer a
     * person opens, and strict (any event without {@code cat} aborts it), so targeted only when named.
     */
    TRACERBENCH("tracerbench", "tracerbench", true, false,
            new ViewerVersion("@tracerbench/trace-model", "8.0.0", "github:TracerBench/tracerbench", "97bab563cd35a2df94ce02d48d49f2f024911879", "2022-08-30"));

    private final String id;
    private final String title;
    private final boolean runnable;
    private final boolean targetedByDefault;
    private final ViewerVersion version;

    Viewer(String id, String title, boolean runnable, ViewerVersion version) {
        this(id, title, runnable, true, version);
    }

    Viewer(String id, String title, boolean runnable, boolean targetedByDefault, ViewerVersion version) {
        this.id = id;
        this.title = title;
        this.runnable = runnable;
        this.targetedByDefault = targetedByDefault;
        this.version = version;
        if (runnable != (version.npmPackage() != null)) {
            throw new IllegalArgumentException(id + ": the version of a viewer the oracle runs names the package it runs, and only its");
        }
    }

    /** The version of the viewer that the model's entries describe (and the oracle runs). */
    public ViewerVersion version() {
        return version;
    }

    /** Whether it is among the viewers targeted when the user names none ({@link Viewers#DEFAULT}). */
    public boolean targetedByDefault() {
        return targetedByDefault;
    }

    /** As in {@code --viewers}, {@code "viewers"} of tracelint.json and the JSON output. */
    public String id() {
        return id;
    }

    /** As a person names it in a sentence. */
    public String title() {
        return title;
    }

    /** Whether the oracle runs its real importer, so that each entry names the case that verified it. */
    public boolean runnable() {
        return runnable;
    }

    /** The viewer with this id (any case), or null. */
    public static Viewer of(String id) {
        if (id == null) {
            return null;
        }
        String wanted = id.toLowerCase(Locale.ROOT);
        for (Viewer v : values()) {
            if (v.id.equals(wanted)) {
                return v;
            }
        }
        return null;
    }
}
