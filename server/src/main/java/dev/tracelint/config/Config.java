package dev.tracelint.config;

import dev.tracelint.model.Severity;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.viewer.Condition;
import dev.tracelint.viewer.Impact;
import dev.tracelint.viewer.Viewers;
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
 * Effective settings for a run: the targeted viewers, per-rule severity overrides ("off" =
 * disabled) and ignore globs (relative to the folder of the tracelint.json they came from). Immutable.
 */
public final class Config {
    public static final Config DEFAULT = new Config(null, Map.of(), Viewers.DEFAULT, List.of(), List.of());

    private final Path file;
    private final Map<String, Optional<Severity>> severities; // empty Optional = off
    private final Viewers viewers;
    private final List<String> ignoreGlobs;
    private final List<PathMatcher> ignores;
    private final List<ConfigProblem> problems;

    Config(Path file, Map<String, Optional<Severity>> severities, Viewers viewers, List<String> ignoreGlobs,
           List<ConfigProblem> problems) {
        this.file = file;
        this.severities = Map.copyOf(severities);
        this.viewers = viewers;
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

    /** The viewers the user targets: the severities and the verdicts are theirs. */
    public Viewers viewers() {
        return viewers;
    }

    /** Whether the rule reports at all: it is not "off", and a rule about one viewer only ({@link RuleInfo#onlyFor}) runs where that viewer is targeted or its severity is set. */
    public boolean enabled(RuleInfo rule) {
        Optional<Severity> s = set(rule);
        return s == null ? rule.runsFor(viewers) : s.isPresent();
    }

    /**
     * What a finding of the rule's condition {@code conditionId} (null: the rule's own) means under
     * this configuration, or null if the rule is off. Its severity: the one the user set for the
     * rule, else {@link RuleInfo#severity(Condition, Viewers)} for the targeted viewers.
     */
    public Impact impact(RuleInfo rule, String conditionId) {
        Optional<Severity> set = set(rule);
        if (set != null && set.isEmpty()) {
            return null;
        }
        Condition condition = rule.condition(conditionId == null ? rule.id() : conditionId);
        if (conditionId != null && condition == null) {
            throw new IllegalArgumentException("no condition " + conditionId + " of rule " + rule.id() + " in the viewer model");
        }
        return Impact.of(condition, set != null ? set.get() : rule.severity(condition, viewers), viewers);
    }

    /**
     * What the user set for the rule (empty: off), or null for nothing: by its id, else, for a rule split from
     * another ({@link RuleInfo#splitFrom}), by that rule's id, which meant both when the setting was written.
     */
    private Optional<Severity> set(RuleInfo rule) {
        Optional<Severity> own = severities.get(rule.id());
        return own != null || rule.splitFrom() == null ? own : severities.get(rule.splitFrom());
    }

    /** The severity of the rule's own condition, or null if it is off. */
    public Severity severity(RuleInfo rule) {
        Impact i = impact(rule, null);
        return i == null ? null : i.severity();
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
        return new Config(file, merged, viewers, ignoreGlobs, problems);
    }

    /** A copy targeting other viewers ({@code --viewers}, the editor's setting). */
    public Config withViewers(Viewers targets) {
        return new Config(file, severities, targets, ignoreGlobs, problems);
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
