package dev.tracelint.config;

import dev.tracelint.text.Quoted;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.rules.config.InvalidConfig;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.EditDistance;
import dev.tracelint.model.Severity;
import dev.tracelint.read.Json;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.registry.Rules;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Viewers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Finds and reads tracelint.json. Every problem in it becomes an invalid-config finding. */
public final class ConfigLoader {
    public static final String FILE_NAME = "tracelint.json";

    private ConfigLoader() {
    }

    /** The nearest tracelint.json in {@code dir} or a parent folder, if any. */
    public static Optional<Path> find(Path dir) {
        for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            Path candidate = d.resolve(FILE_NAME);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Config for a trace in {@code dir}: the nearest tracelint.json, or the defaults. */
    public static Config forDirectory(Path dir) throws IOException {
        Optional<Path> f = find(dir);
        return f.isPresent() ? load(f.get()) : Config.DEFAULT;
    }

    public static Config load(Path file) throws IOException {
        return parse(file, Files.readString(file, StandardCharsets.UTF_8));
    }

    public static Config parse(Path file, String text) {
        LineIndex lines = LineIndex.of(text);
        List<ConfigProblem> problems = new ArrayList<>();
        Map<String, Optional<Severity>> severities = new HashMap<>();
        List<String> ignores = new ArrayList<>();
        Viewers[] viewers = {Viewers.DEFAULT};
        try (JsonParser p = Json.FACTORY.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                problem(problems, file, lines, at(p, 1), "tracelint.json must hold a JSON object");
                return new Config(file, severities, viewers[0], ignores, problems);
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                TextRange keyRange = new TextRange(tokenStart(p), tokenStart(p) + key.length() + 2);
                JsonToken value = p.nextToken();
                switch (key) {
                    case "rules" -> readRules(p, value, file, lines, severities, problems);
                    case "ignore" -> readIgnores(p, value, file, lines, ignores, problems);
                    case "viewers" -> viewers[0] = readViewers(p, value, file, lines, problems);
                    case "$schema" -> p.skipChildren();
                    default -> {
                        problem(problems, file, lines, keyRange, "unknown setting \"" + key
                                + "\" (tracelint.json has \"viewers\", \"rules\" and \"ignore\")");
                        p.skipChildren();
                    }
                }
            }
        } catch (JsonProcessingException e) {
            long at = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getCharOffset());
            at = Math.min(at, text.length());
            problem(problems, file, lines, new TextRange(at, Math.min(text.length(), at + 1)),
                    "tracelint.json is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            problem(problems, file, lines, TextRange.at(0), "cannot read tracelint.json: " + dev.tracelint.text.IoWords.describe(e));
        }
        return new Config(file, severities, viewers[0], ignores, problems);
    }

    /** {@code "viewers": ["devtools", ...]}: the viewers targeted, or the default ones when the value is wrong (each mistake is a problem). */
    private static Viewers readViewers(JsonParser p, JsonToken value, Path file, LineIndex lines, List<ConfigProblem> problems)
            throws IOException {
        long start = tokenStart(p);
        if (value != JsonToken.START_ARRAY) {
            p.skipChildren();
            problem(problems, file, lines, new TextRange(start, end(p)), "\"viewers\" must be an array of viewer names ("
                    + Viewers.known() + ")");
            return Viewers.DEFAULT;
        }
        List<String> ids = new ArrayList<>();
        boolean bad = false;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            long at = tokenStart(p);
            p.skipChildren();
            List<String> why = new ArrayList<>();
            if (t == JsonToken.VALUE_STRING && Viewers.parse(List.of(p.getText()), why) != null) {
                ids.add(p.getText());
            } else {
                bad = true;
                problem(problems, file, lines, new TextRange(at, end(p)), t == JsonToken.VALUE_STRING ? why.get(0)
                        : "a viewer is a name (" + Viewers.known() + ")");
            }
        }
        if (ids.isEmpty() && !bad) {
            problem(problems, file, lines, new TextRange(start, end(p)), "\"viewers\" names no viewer: list at least one ("
                    + Viewers.known() + ")");
        }
        return ids.isEmpty() ? Viewers.DEFAULT : Viewers.parse(ids, new ArrayList<>());
    }

    private static void readRules(JsonParser p, JsonToken value, Path file, LineIndex lines,
                                  Map<String, Optional<Severity>> severities, List<ConfigProblem> problems)
            throws IOException {
        if (value != JsonToken.START_OBJECT) {
            problem(problems, file, lines, at(p, p.getTextLength()), RULES_NOT_OBJECT);
            p.skipChildren();
            return;
        }
        Map<String, TextRange> keys = new HashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String id = p.currentName();
            TextRange idRange = new TextRange(tokenStart(p), tokenStart(p) + id.length() + 2);
            keys.putIfAbsent(id, idRange);
            JsonToken v = p.nextToken();
            if (Rules.info(id) == null) {
                problem(problems, file, lines, idRange, unknownRule(id));
                p.skipChildren();
                continue;
            }
            String s = v == JsonToken.VALUE_STRING ? p.getText() : null;
            Optional<Severity> severity = severity(s);
            if (severity != null) {
                severities.put(id, severity);
            } else {
                long start = tokenStart(p);
                p.skipChildren();
                problem(problems, file, lines, new TextRange(start, end(p)),
                        badSeverity(id));
            }
        }
        for (RuleInfo split : Rules.listed()) {
            TextRange old = split.splitFrom() == null ? null : keys.get(split.splitFrom());
            if (old != null && severities.containsKey(split.splitFrom()) && !keys.containsKey(split.id())) {
                note(problems, file, lines, old, splitNote(split));
            }
        }
    }

    /** What a setting of the rule {@code split} was split from is told: it still covers that rule, and how to set it apart. */
    public static String splitNote(RuleInfo split) {
        return Quoted.quoted(split.splitFrom()) + " also sets " + Quoted.quoted(split.id()) + ", which it reported before"
                + " that rule had an id of its own; set " + Quoted.quoted(split.id()) + " to choose its severity apart";
    }

    /** What a "rules" value that is not an object is told as (tracelint.json and the editor's settings). */
    public static final String RULES_NOT_OBJECT = "\"rules\" must be an object of rule id to severity";

    /** A rule id tracelint does not have, with the nearest one it has. */
    public static String unknownRule(String id) {
        return "unknown rule id " + Quoted.quoted(id) + suggestion(id);
    }

    /** A severity word as a setting: empty for "off", null when it is none of the words. */
    public static Optional<Severity> severity(String s) {
        if ("off".equals(s)) {
            return Optional.empty();
        }
        return s != null && Severity.parse(s) != null && !s.equals("info") ? Optional.of(Severity.parse(s)) : null;
    }

    public static String badSeverity(String id) {
        return "severity of \"" + id + "\" must be one of \"off\", \"hint\", \"information\", \"warning\", \"error\"";
    }

    private static void readIgnores(JsonParser p, JsonToken value, Path file, LineIndex lines,
                                    List<String> ignores, List<ConfigProblem> problems) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            long start = tokenStart(p);
            p.skipChildren();
            problem(problems, file, lines, new TextRange(start, end(p)), "\"ignore\" must be an array of glob strings");
            return;
        }
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            long start = tokenStart(p);
            if (t == JsonToken.VALUE_STRING) {
                String glob = p.getText();
                try {
                    java.nio.file.FileSystems.getDefault().getPathMatcher("glob:" + glob);
                    ignores.add(glob);
                } catch (RuntimeException e) {
                    problem(problems, file, lines, new TextRange(start, end(p)), "invalid glob: " + e.getMessage());
                }
            } else {
                p.skipChildren();
                problem(problems, file, lines, new TextRange(start, end(p)), "an ignore entry must be a glob string");
            }
        }
    }

    private static String suggestion(String id) {
        return Rules.infos().keySet().stream()
                // within 3 edits only if the lengths are: a long id is not compared char by char with each rule's
                .filter(known -> Math.abs(known.length() - id.length()) <= 3)
                .min(Comparator.comparingInt(known -> EditDistance.between(id, known)))
                .filter(known -> EditDistance.between(id, known) <= 3)
                .map(known -> " (did you mean \"" + known + "\"?)")
                .orElse("");
    }

    private static long tokenStart(JsonParser p) {
        return p.currentTokenLocation().getCharOffset();
    }

    private static long end(JsonParser p) {
        return p.currentLocation().getCharOffset();
    }

    private static TextRange at(JsonParser p, int length) {
        long s = tokenStart(p);
        return new TextRange(Math.max(0, s), Math.max(0, s) + Math.max(1, length));
    }

    /** Not a mistake: a note (information) on what a setting does, under invalid-config, the rule of tracelint.json's findings. */
    private static void note(List<ConfigProblem> problems, Path file, LineIndex lines, TextRange range, String message) {
        problems.add(new ConfigProblem(file, lines, Finding.of(InvalidConfig.ID, Severity.INFORMATION, range, message).build()));
    }

    private static void problem(List<ConfigProblem> problems, Path file, LineIndex lines, TextRange range, String message) {
        // the file that would configure it is the one in question: always the default severity
        Finding f = Finding.of(InvalidConfig.ID, Rules.info(InvalidConfig.ID).defaultSeverity(), range, message).build();
        problems.add(new ConfigProblem(file, lines, f));
    }
}
