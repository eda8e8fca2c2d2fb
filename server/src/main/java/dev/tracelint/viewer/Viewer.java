package dev.tracelint.viewer;

import java.util.Locale;

/**
 * The viewers whose behaviour the {@link ViewerModel} records. DevTools, speedscope and tracerbench
 * are JavaScript importers that npm publishes, so their entries are verified by running them
 * (tests/oracle); catapult and Perfetto have no runnable importer here, their entries cite source.
 */
public enum Viewer {
    CHROME_TRACING("chrome-tracing", "chrome://tracing", false),
    PERFETTO("perfetto", "Perfetto", false),
    DEVTOOLS("devtools", "DevTools", true),
    SPEEDSCOPE("speedscope", "speedscope", true),
    /**
     * {@code @tracerbench/trace-model}, the model tracerbench's analyses start from: not a viewer a
     * person opens, and strict (any event without {@code cat} aborts it), so targeted only when named.
     */
    TRACERBENCH("tracerbench", "tracerbench", true, false);

    private final String id;
    private final String title;
    private final boolean runnable;
    private final boolean targetedByDefault;

    Viewer(String id, String title, boolean runnable) {
        this(id, title, runnable, true);
    }

    Viewer(String id, String title, boolean runnable, boolean targetedByDefault) {
        this.id = id;
        this.title = title;
        this.runnable = runnable;
        this.targetedByDefault = targetedByDefault;
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
