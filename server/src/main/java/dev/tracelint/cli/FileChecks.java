package dev.tracelint.cli;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.cli.Inputs.Input;
import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.config.ConfigProblem;
import dev.tracelint.read.ReadBuffers;
import dev.tracelint.viewer.Viewers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@code check} run sets up once and uses for every file it checks: the configuration of
 * each folder, the analyzer of each configuration (with its plan of the rules, see
 * {@link Analyzer}), and each checking thread's reader buffers. A run over a folder of 400 traces
 * looked for tracelint.json, made a configuration for its viewers and an analyzer, and allocated
 * the reader's 3 MB window, once per file.
 *
 * <p>The configurations and analyzers are made on the thread that lists the jobs; the analyzers
 * are then shared by the checking threads (an analyzer keeps no per-document state), the buffers
 * are each thread's own.
 */
final class FileChecks {
    /** --config, else null: each trace's own tracelint.json (or none). */
    private final Config explicit;
    /** --viewers, else null: each configuration's own. */
    private final Viewers targets;
    /** Every tracelint.json read, by file, in the order first read (their problems are reported in it). */
    private final Map<Path, Config> byFile = new LinkedHashMap<>();
    /** The configuration of each folder of a trace: found once per folder. */
    private final Map<Path, Config> byFolder = new HashMap<>();
    /** Each configuration as used (with --viewers), and its analyzer for each claim. */
    private final Map<Config, Config> used = new IdentityHashMap<>();
    private final Map<Config, Map<Claim, Analyzer>> analyzers = new IdentityHashMap<>();
    private final ThreadLocal<ReadBuffers> buffers = ThreadLocal.withInitial(ReadBuffers::new);

    FileChecks(Config explicit, Viewers targets) {
        this.explicit = explicit;
        this.targets = targets;
    }

    /** The configuration a trace is checked under (before --viewers): --config, else the tracelint.json above it. */
    Config configFor(Input in) throws IOException {
        if (explicit != null) {
            return explicit;
        }
        Path dir = in.path() == null ? Path.of("").toAbsolutePath() : in.path().toAbsolutePath().getParent();
        Config c = byFolder.get(dir);
        if (c == null) {
            c = load(dir);
            byFolder.put(dir, c);
        }
        return c;
    }

    private Config load(Path dir) throws IOException {
        Optional<Path> found = ConfigLoader.find(dir);
        if (found.isEmpty()) {
            return Config.DEFAULT;
        }
        Config c = byFile.get(found.get());
        if (c == null) {
            c = ConfigLoader.load(found.get());
            byFile.put(found.get(), c);
        }
        return c;
    }

    /** The analyzer of a configuration (as {@link #configFor} gave it) for traces of this claim. */
    Analyzer analyzer(Config config, Claim claim) {
        Config withTargets = used.computeIfAbsent(config, c -> targets == null ? c : c.withViewers(targets));
        return analyzers.computeIfAbsent(withTargets, c -> new EnumMap<>(Claim.class))
                .computeIfAbsent(claim, k -> new Analyzer(withTargets, k));
    }

    /** The reader buffers of the calling thread. */
    ReadBuffers buffers() {
        return buffers.get();
    }

    /** The problems of --config, else of every tracelint.json read, in the order read. */
    List<ConfigProblem> configProblems() {
        List<ConfigProblem> problems = new ArrayList<>();
        if (explicit != null) {
            problems.addAll(explicit.problems());
        }
        byFile.values().stream().distinct().forEach(c -> problems.addAll(c.problems()));
        return problems;
    }
}
