package dev.tracelint.viewer;

import java.util.Objects;

/**
 * Which version of a viewer the {@link ViewerModel}'s entries describe: what the oracle runs (an npm
 * package and version, for the viewers it runs) and the sources the entries cite, at one revision.
 * The oracle's pins (tests/oracle/package.json) must be these (ViewerVersionsTest); the functions the
 * entries cite must exist in those sources at that revision (CitedFunctionsTest, against the names
 * recorded by tools/viewer-names).
 *
 * @param npmPackage the npm package the oracle runs (tests/oracle/package.json), or null
 * @param npmVersion its version, or null
 * @param sources    where the cited files are: {@code github:owner/name} or {@code npm:package}
 * @param revision   the commit of a repository (40 hex digits), or the version of an npm package
 * @param date       the commit's date (ISO), or null where no one date applies
 */
public record ViewerVersion(String npmPackage, String npmVersion, String sources, String revision, String date) {
    public ViewerVersion {
        Objects.requireNonNull(sources);
        Objects.requireNonNull(revision);
        if ((npmPackage == null) != (npmVersion == null)) {
            throw new IllegalArgumentException("an npm package goes with its version");
        }
        if (!sources.startsWith("github:") && !sources.startsWith("npm:")) {
            throw new IllegalArgumentException("sources are github:owner/name or npm:package: " + sources);
        }
        if (sources.startsWith("github:") && !revision.matches("[0-9a-f]{40}")) {
            throw new IllegalArgumentException("a repository's revision is a full commit hash: " + revision);
        }
    }

    /** A repository at a commit, as read (catapult, Perfetto). */
    static ViewerVersion commit(String repository, String commit, String date) {
        return new ViewerVersion(null, null, "github:" + repository, commit, date);
    }

    /** Whether the sources are a git repository (else an npm package). */
    public boolean isCommit() {
        return sources.startsWith("github:");
    }

    /** The repository ({@code owner/name}) or package the sources are in, without its prefix. */
    public String sourcesName() {
        return sources.substring(sources.indexOf(':') + 1);
    }

    /**
     * In a few words, as the tables show it: {@code google/perfetto ec5d16b1 (2026-08-22)}, {@code
     * @paulirish/trace_engine 0.0.65 (chrome-devtools-frontend 1.0.1640418)}, {@code speedscope 1.25.0
     * (jlfwong/speedscope 810efdf0, 2025-12-03)}: what the oracle runs, then the sources the entries cite.
     */
    public String text() {
        String read = sourcesName() + " " + (isCommit() ? revision.substring(0, 8) : revision);
        if (npmPackage == null) {
            return read + (date == null ? "" : " (" + date + ")");
        }
        return npmPackage + " " + npmVersion + " (" + read + (date == null ? "" : ", " + date) + ")";
    }

    /**
     * The version in a word or two, beside the viewer's name: the commit's first 8 digits for a
     * viewer read from source ({@code ec5d16b1}), else the package the oracle runs ({@code
     * trace_engine 0.0.65}; its version alone where the package is named as the viewer: {@code 1.25.0}).
     */
    public String shortText(String title) {
        if (npmPackage == null) {
            return revision.substring(0, 8);
        }
        String name = npmPackage.substring(npmPackage.lastIndexOf('/') + 1);
        return name.equals(title) ? npmVersion : name + " " + npmVersion;
    }
}
