package dev.tracelint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import dev.tracelint.read.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job in Spark's local mode ({@code local[2]}), against {@code check --format json} of the product jar. */
class CheckTracesTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("CheckTracesTest")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** The project's own traces: every finding (rule, severity, position, message) and every verdict equal check's. */
    @Test
    void agreesWithCheckOnEveryFile(@TempDir Path tmp) throws Exception {
        List<Path> traces = new ArrayList<>();
        for (Path dir : List.of(REPO.resolve("examples"), REPO.resolve("tests/oracle/cases"), REPO.resolve("../shared/corpus").normalize())) {
            if (!Files.isDirectory(dir)) {
                System.out.println("CheckTracesTest: " + dir + " not present, not checked");
                continue;
            }
            try (Stream<Path> s = Files.walk(dir)) {
                s.filter(Files::isRegularFile).filter(p -> CheckTraces.isTraceName(p.getFileName().toString())).sorted().forEach(traces::add);
            }
        }
        assertTrue(traces.size() > 10, "traces found: " + traces.size());
        Path out = tmp.resolve("out");
        List<String> args = new ArrayList<>();
        for (Path t : traces) {
            args.add("--input");
            args.add(t.toUri().toString());
        }
        args.addAll(List.of("--output", out.toUri().toString()));
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        CheckTraces.run(spark, CheckTraces.Args.parse(args.toArray(String[]::new)), new PrintStream(summary, true, StandardCharsets.UTF_8));
        summaryIsWhatTheTablesHold(summary.toString(StandardCharsets.UTF_8), out, traces.size());

        Map<String, List<String>> sparkFindings = new TreeMap<>();
        for (Row r : spark.read().parquet(out.resolve("findings").toString()).collectAsList()) {
            if (!"hint".equals(r.getAs("severity"))) {
                sparkFindings.computeIfAbsent(Path.of(java.net.URI.create(r.getAs("path"))).toString(), k -> new ArrayList<>())
                        .add(key(r.getAs("rule"), r.getAs("severity"), r.getAs("line"), r.getAs("column"), r.getAs("offset"), r.getAs("message")));
            }
        }
        Map<String, String> sparkStatus = new HashMap<>();
        for (Row r : spark.read().parquet(out.resolve("files").toString()).collectAsList()) {
            StringBuilder verdicts = new StringBuilder((String) r.getAs("status"));
            for (String field : r.schema().fieldNames()) {
                if (field.startsWith("verdict_") && r.getAs(field) != null) {
                    verdicts.append(' ').append(field.substring("verdict_".length()).replace('_', '-')).append('=').append((String) r.getAs(field));
                }
            }
            sparkStatus.put(Path.of(java.net.URI.create(r.getAs("path"))).toString(), verdicts.toString());
        }
        // check --format json of the same files, in batches (one JVM each)
        Map<String, List<String>> checkFindings = new TreeMap<>();
        Map<String, String> checkStatus = new HashMap<>();
        for (int i = 0; i < traces.size(); i += 200) {
            List<String> cmd = new ArrayList<>(List.of("java", "-jar", REPO.resolve("server/target/tracelint.jar").toString(), "check", "--format", "json"));
            traces.subList(i, Math.min(traces.size(), i + 200)).forEach(t -> cmd.add(t.toString()));
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] json = p.getInputStream().readAllBytes();
            p.waitFor();
            readCheck(json, checkFindings, checkStatus);
        }
        for (List<String> l : sparkFindings.values()) {
            l.sort(null);
        }
        for (List<String> l : checkFindings.values()) {
            l.sort(null);
        }
        assertEquals(checkStatus.size(), traces.size());
        assertEquals(new TreeMap<>(checkStatus), new TreeMap<>(sparkStatus));
        for (String path : checkFindings.keySet()) {
            assertEquals(checkFindings.get(path), sparkFindings.get(path), path);
        }
        assertEquals(checkFindings.keySet(), sparkFindings.keySet());
        System.out.println("CheckTracesTest: " + traces.size() + " files agree with check --format json");
    }

    /**
     * The summary, counted as the files were checked, equals the same summary queried from the written
     * tables (SqlSummary); then the split of the run's time, which adds up.
     */
    private static void summaryIsWhatTheTablesHold(String printed, Path out, int files) {
        List<String> viewers = dev.tracelint.api.Tracelint.create(dev.tracelint.api.Options.DEFAULT).viewers();
        ByteArrayOutputStream reference = new ByteArrayOutputStream();
        SqlSummary.print(spark.read().parquet(out.resolve("files").toString()), spark.read().parquet(out.resolve("findings").toString()), viewers,
                new PrintStream(reference, true, StandardCharsets.UTF_8));
        List<String> lines = printed.lines().toList();
        assertEquals(reference.toString(StandardCharsets.UTF_8), String.join("\n", lines.subList(0, lines.size() - 2)) + "\n");
        java.util.regex.Matcher time = java.util.regex.Pattern.compile("time: ([\\d.]+) s since the job started \\(session given\\): session start - s, "
                + "listing ([\\d.]+) s, checking ([\\d.]+) s, writing ([\\d.]+) s, summary ([\\d.]+) s").matcher(lines.get(lines.size() - 2));
        assertTrue(time.matches(), lines.get(lines.size() - 2));
        double parts = 0;
        for (int i = 2; i <= 5; i++) {
            parts += Double.parseDouble(time.group(i));
        }
        // the phases are consecutive: their sum is the whole but for rounding and the viewers' set-up before listing
        assertTrue(Math.abs(Double.parseDouble(time.group(1)) - parts) <= 0.3, lines.get(lines.size() - 2));
        java.util.regex.Matcher checking = java.util.regex.Pattern.compile("checking: " + files + " files, ([\\d.]+) MB as stored, (\\d+) tasks; "
                + "the files' checks took ([\\d.]+) s \\(([\\d.]+) MB/s per core\\); ([\\d.]+) s of the run was outside the checks' job").matcher(lines.get(lines.size() - 1));
        assertTrue(checking.matches(), lines.get(lines.size() - 1));
        // small files share a task: fewer tasks than files
        assertTrue(Integer.parseInt(checking.group(2)) < files, lines.get(lines.size() - 1));
        assertEquals(Double.parseDouble(time.group(1)) - Double.parseDouble(time.group(3)), Double.parseDouble(checking.group(5)), 0.15, lines.get(lines.size() - 1));
        System.out.println("CheckTracesTest: the summary's last lines: " + lines.subList(lines.size() - 2, lines.size()));
    }

    static String norm(String path) {
        return Path.of(path).toAbsolutePath().normalize().toString();
    }

    static String key(Object rule, Object severity, Object line, Object column, Object offset, Object message) {
        return rule + "|" + severity + "|" + line + ":" + column + "@" + offset + "|" + message;
    }

    /** check's findings (path, rule, severity, start position, message) and files' statuses. */
    static void readCheck(byte[] json, Map<String, List<String>> findings, Map<String, String> status) throws Exception {
        com.fasterxml.jackson.databind.JsonNode root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        for (var f : root.get("findings")) {
            var s = f.get("range").get("start");
            findings.computeIfAbsent(norm(f.get("path").asText()), k -> new ArrayList<>()).add(key(f.get("rule").asText(), f.get("severity").asText(),
                    s.get("line").asInt(), s.get("column").asInt(), s.get("offset").asLong(), f.get("message").asText()));
        }
        for (var f : root.get("files")) {
            StringBuilder verdicts = new StringBuilder(f.get("status").asText());
            if (f.has("viewers")) {
                f.get("viewers").fields().forEachRemaining(e -> verdicts.append(' ').append(e.getKey()).append('=').append(e.getValue().get("verdict").asText()));
            }
            status.put(norm(f.get("path").asText()), verdicts.toString());
        }
    }

    /** A truncated gzip, a directory, a non-trace JSON and an empty file each give a row; an unreadable file does not stop the job. */
    @Test
    void brokenFilesBecomeStatusRows(@TempDir Path tmp) throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(gz)) {
            g.write("{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"é🙂\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1}]}".repeat(50).getBytes(StandardCharsets.UTF_8));
        }
        byte[] whole = gz.toByteArray();
        Files.write(in.resolve("cut.json.gz"), java.util.Arrays.copyOf(whole, whole.length / 2));
        Files.createDirectories(in.resolve("folder.json"));
        Files.writeString(in.resolve("package.json"), "{\"name\": \"not a trace\", \"version\": \"1.0.0\"}");
        Files.write(in.resolve("empty.json"), new byte[0]);
        Path denied = in.resolve("denied.json");
        Files.writeString(denied, "[]");
        boolean canDeny = denied.toFile().setReadable(false) && !Files.isReadable(denied);
        Files.writeString(in.resolve("ok.json"), "[{\"ph\":\"E\",\"ts\":1,\"pid\":1,\"tid\":1}]");
        Path out = tmp.resolve("out");
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        CheckTraces.run(spark, CheckTraces.Args.parse(new String[] {"--input", in.toUri() + "*.json*", "--output", out.toUri().toString(), "--format", "json"}),
                new PrintStream(summary, true, StandardCharsets.UTF_8));
        Map<String, String> rows = new TreeMap<>();
        for (Row r : spark.read().json(out.resolve("files").toString()).collectAsList()) {
            String name = Path.of(java.net.URI.create(r.getAs("path"))).getFileName().toString();
            rows.put(name, r.getAs("status") + (r.getAs("reason") == null ? "" : ": " + r.getAs("reason")));
        }
        System.out.println(summary.toString(StandardCharsets.UTF_8));
        System.out.println(rows);
        assertTrue(rows.get("cut.json.gz").startsWith("unreadable: cannot read: ") && rows.get("cut.json.gz").contains("gzip data"), rows.get("cut.json.gz"));
        assertEquals("unreadable: cannot read: is a directory", rows.get("folder.json"));
        assertEquals("not-a-trace", rows.get("package.json"));
        assertEquals("checked", rows.get("empty.json"));
        assertEquals("checked", rows.get("ok.json"));
        if (canDeny) {
            assertTrue(rows.get("denied.json").startsWith("unreadable: cannot read:"), rows.get("denied.json"));
        } else {
            System.out.println("CheckTracesTest: running as a user who reads unreadable files (root): the denied file was read");
        }
        assertTrue(summary.toString(StandardCharsets.UTF_8).contains("unreadable files: " + (canDeny ? 3 : 2)), summary.toString(StandardCharsets.UTF_8));
    }
}
