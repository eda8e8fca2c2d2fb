package dev.tracelint.config;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Effective settings for a run: per-rule severity overrides ("off" = disabled) and ignore globs
 * (relative to the folder of the tracelint.json they came from). Immutable.
 */
public final class Config {
    public static final Config DEFAULT = new Config(null, Map.of(), List.of(), List.of());

    private final Path file;
    private final Map<String, Optional<Severity>> severities; // empty Optional = off
    private final List<String> ignoreGlobs;
    private final List<PathMatcher> ignores;
    private final List<ConfigProblem> problems;

    Config(Path file, Map<String, Optional<Severity>> severities, List<String> ignoreGlobs,
           List<ConfigProblem> problems) {
        this.file = file;
        this.severities = Map.copyOf(severities);
        this.ignoreGlobs = List.copyOf(ignoreGlobs);
        List<PathMatcher> m = new ArrayList<>();
        for (String g : ignoreGlobs) {
            // Like .gitignore: a pattern without '/' matches a file or folder name at any depth.
            m.add(FileSystems.getDefault().getPathMatcher("glob:" + (g.contains("/") ? g : "{" + g + ",**/" + g + "}")));
        }
        this.ignores = Collections.unmodifiableList(m);
        this.problems = List.copyOf(problems);
    }

    /** The tracelint.json this came from, or null for defaults. */
    public Path file() {
        return file;
    }

    public List<ConfigProblem> problems() {
        return problems;
    }

    public List<String> ignoreGlobs() {
        return ignoreGlobs;
    }

    /** The severity a rule reports at, or null if it is off. */
    public Severity severity(RuleInfo rule) {
        Optional<Severity> s = severities.get(rule.id());
        if (s == null) {
            return rule.defaultSeverity();
        }
        return s.orElse(null);
    }

    /** A copy with more overrides on top (rule id to "off"/severity); unknown values are skipped. */
    public Config withOverrides(Map<String, String> overrides) {
        Map<String, Optional<Severity>> merged = new HashMap<>(severities);
        overrides.forEach((id, value) -> {
            if ("off".equalsIgnoreCase(value)) {
                merged.put(id, Optional.empty());
            } else if (Severity.parse(value) != null) {
                merged.put(id, Optional.of(Severity.parse(value)));
            }
        });
        return new Config(file, merged, ignoreGlobs, problems);
    }

    /** True if {@code path} matches an ignore glob, relative to the config file's folder. */
    public boolean ignores(Path path) {
        if (ignores.isEmpty()) {
            return false;
        }
        Path abs = path.toAbsolutePath().normalize();
        Path base = file != null ? file.toAbsolutePath().getParent() : Path.of("").toAbsolutePath();
        if (!abs.startsWith(base)) {
            return false;
        }
        Path rel = base.relativize(abs);
        for (PathMatcher m : ignores) {
            for (Path p = rel; p != null; p = p.getParent()) {
                if (m.matches(p)) {
                    return true;
                }
            }
        }
        return false;
    }
}
