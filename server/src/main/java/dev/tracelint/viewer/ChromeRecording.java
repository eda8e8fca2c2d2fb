package dev.tracelint.viewer;

import java.util.Set;

/**
 * How DevTools' trace engine tells a Chrome recording from a generic trace ({@link Sources#DEVTOOLS_RECORDING}):
 * one event of these names, whatever its phase, and the trace is a recording, whose processes the engine keeps
 * only where a frame gave them a URL (a trace of another producer, or an old Chrome whose frames its
 * {@code TracingStartedInBrowser} does not list, then draws no thread). Without them the trace is generic and
 * every thread with slices is drawn. A fix that repairs such an event chooses by this what it removes.
 */
public final class ChromeRecording {
    /** Written by Chrome as the recording's start, read for nothing else but this ({@code TracingStartedInPage}, workers'). */
    public static final Set<String> START_MARKERS = Set.of("TracingStartedInPage", "TracingSessionIdForWorker");
    /** Chrome's session start: the engine also reads its {@code args.data.frames} and takes its ts as the trace's start. */
    public static final String TRACING_STARTED = "TracingStartedInBrowser";
    /** A V8 CPU profile: a marker that carries samples, never removed for a fix. */
    public static final String CPU_PROFILE = "CpuProfile";

    private ChromeRecording() {
    }
}
