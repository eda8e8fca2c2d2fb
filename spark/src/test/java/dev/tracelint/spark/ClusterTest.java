package dev.tracelint.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on a real Spark standalone cluster, every part a process of its own: Spark's
 * {@code org.apache.spark.deploy.master.Master} and {@code deploy.worker.Worker}, started from Spark's
 * jars from Maven laid out as a SPARK_HOME (spark/target/spark-home/jars, none of tracelint's classes
 * in it), the worker launching executor JVMs, and the job submitted through Spark's own
 * {@code org.apache.spark.deploy.SparkSubmit} with README's arguments, so that the executors get
 * tracelint-spark.jar from the driver. Input and tables are in HDFS (Hadoop's MiniDFSCluster: a
 * NameNode and a DataNode, in this JVM). While the first executor runs a task it is killed
 * ({@code kill -9}); the worker starts another, the lost tasks run again there, and the job ends
 * normally. Then each file is in the files table once, and its verdicts and findings equal those of
 * {@code check --format json} of the product jar.
 *
 * <p>Runs after {@code package} (phase integration-test: it needs the shaded jar). Every address is
 * 127.0.0.1.
 */
class ClusterTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();
    private static final Path SPARK_HOME = REPO.resolve("spark/target/spark-home");
    private static final Path JOB_JAR = REPO.resolve("spark/target/tracelint-spark.jar");
    private static final String LOOPBACK = "127.0.0.1";

    @TempDir
    Path tmp;
    private final List<Process> processes = new ArrayList<>();
    private MiniDFSCluster dfs;

    @AfterEach
    void stop() throws IOException {
        // the processes' logs, for a failure in CI: spark/target/cluster-test-logs
        Path keep = Files.createDirectories(REPO.resolve("spark/target/cluster-test-logs"));
        try (Stream<Path> s = Files.walk(tmp)) {
            for (Path log : s.filter(p -> p.toString().endsWith(".log") || p.toString().endsWith("/stderr")).toList()) {
                Files.copy(log, keep.resolve(tmp.relativize(log).toString().replace('/', '_')), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        for (int i = processes.size() - 1; i >= 0; i--) { // spark-submit, the worker with its executors, the master
            Process p = processes.get(i);
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        if (dfs != null) {
            dfs.shutdown();
        }
    }

    @Test
    void theJobRunsOnAStandaloneClusterFromHdfsToHdfsAndSurvivesAKilledExecutor() throws Exception {
        assertTrue(Files.isDirectory(SPARK_HOME.resolve("jars")), SPARK_HOME + "/jars: made in package (maven-dependency-plugin)");
        assertTrue(Files.isRegularFile(JOB_JAR), JOB_JAR + ": made in package");
        long started = System.nanoTime();

        // HDFS: a NameNode and a DataNode on 127.0.0.1
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.resolve("hdfs").toString());
        conf.set("dfs.namenode.http-address", LOOPBACK + ":0");
        dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        dfs.waitActive();
        String hdfs = "hdfs://" + LOOPBACK + ":" + dfs.getNameNodePort();
        phase("HDFS up", started);
        FileSystem fs = dfs.getFileSystem();

        // the input: the project's traces gzipped, and a generated one large enough that its task is
        // still running when the executor is killed
        Path local = Files.createDirectories(tmp.resolve("traces"));
        Map<String, Path> inputs = new TreeMap<>(); // name in HDFS (dir/file) -> local copy
        // (every file of examples/, every 8th of the oracle's cases: CheckTracesTest compares them all in local mode;
        // here each is one more task on the loaded 2 cores)
        for (String dir : List.of("examples", "tests/oracle/cases")) {
            List<Path> files;
            try (Stream<Path> s = Files.list(REPO.resolve(dir))) {
                files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
            }
            for (int i = 0; i < files.size(); i += dir.equals("examples") ? 1 : 8) {
                String name = Path.of(dir).getFileName() + "/" + files.get(i).getFileName() + ".gz";
                inputs.put(name, gzip(Files.readAllBytes(files.get(i)), local.resolve(name)));
            }
        }
        inputs.put("generated/large.json.gz", gzip(largeTrace(), local.resolve("generated/large.json.gz")));
        fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()), new org.apache.hadoop.fs.Path(hdfs + "/traces"));
        assertEquals(inputs.size(), fs.globStatus(new org.apache.hadoop.fs.Path(hdfs + "/traces/*/*.json.gz")).length);

        // the cluster: a master and a worker, each a JVM of its own
        Path work = Files.createDirectories(tmp.resolve("worker"));
        Path masterLog = tmp.resolve("master.log");
        int masterPort;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName(LOOPBACK))) {
            masterPort = free.getLocalPort();
        }
        String master = "spark://" + LOOPBACK + ":" + masterPort;
        // both at once: the worker retries until the master listens
        start(masterLog, "-Xmx256m", "org.apache.spark.deploy.master.Master", "--host", LOOPBACK, "--port", String.valueOf(masterPort), "--webui-port", "0");
        Path workerLog = tmp.resolve("worker.log");
        Process worker = start(workerLog, "-Xmx256m", "org.apache.spark.deploy.worker.Worker", "--host", LOOPBACK, "--port", "0",
                "--webui-port", "0", "--cores", "2", "--memory", "2g", "--work-dir", work.toString(), master);
        await(workerLog, Pattern.compile("Successfully registered with master"), 120);
        phase("input in HDFS, master and worker up", started);

        // spark-submit, README's arguments; client mode: the driver is this process, the executors the worker's
        String output = hdfs + "/tracelint/2026-12-07";
        Path submitLog = tmp.resolve("submit.log");
        Process submit = start(submitLog, "-Xmx768m", "org.apache.spark.deploy.SparkSubmit", "--master", master,
                "--conf", "spark.driver.host=" + LOOPBACK, "--conf", "spark.driver.bindAddress=" + LOOPBACK,
                "--conf", "spark.ui.enabled=false", "--conf", "spark.executor.memory=768m",
                "--class", "dev.tracelint.spark.CheckTraces", JOB_JAR.toString(),
                "--input", hdfs + "/traces/**/*.json.gz", "--output", output);

        // kill -9 the first executor while it runs a task
        Path appDir = awaitPath(work, "app-*/0/stderr", 180).getParent().getParent();
        await(appDir.resolve("0/stderr"), Pattern.compile("Running task "), 180);
        ProcessHandle executor = executor(worker, "0");
        String cmdline = Files.readString(Path.of("/proc/" + executor.pid() + "/cmdline")).replace('\0', ' ');
        assertTrue(cmdline.contains("org.apache.spark.executor.CoarseGrainedExecutorBackend"), cmdline);
        assertTrue(cmdline.contains(SPARK_HOME.resolve("jars").toString()) && !cmdline.contains("tracelint-spark.jar")
                && !cmdline.contains("tracelint-server"), "the executor's class path is Spark's alone: " + cmdline);
        assertFalse(executor.pid() == worker.pid() || executor.pid() == submit.pid(), "a JVM of its own");
        assertTrue(executor.destroyForcibly(), "kill -9 the executor");
        executor.onExit().get(60, TimeUnit.SECONDS);

        phase("executor 0 killed", started);
        assertTrue(submit.waitFor(10, TimeUnit.MINUTES), "the job ends");
        phase("job done", started);
        String driver = Files.readString(submitLog);
        assertEquals(0, submit.exitValue(), tail(driver));
        assertTrue(driver.contains("tracelint: " + inputs.size() + " files"), "the summary:\n" + tail(driver));
        // the task the killed executor was running failed with it and ran again, on the executor the worker started in its place
        assertTrue(Pattern.compile("Lost executor 0 on " + Pattern.quote(LOOPBACK) + ": Command exited with code 137").matcher(driver).find(), tail(driver));
        // (Spark's TaskSetManager words it one of two ways, as it judges whether the exit was the task's doing)
        Matcher lost = Pattern.compile("Lost task (\\d+)\\.0 in stage 0\\.0 \\(TID \\d+\\) \\(" + Pattern.quote(LOOPBACK) + " executor 0\\): ExecutorLostFailure"
                + "|task (\\d+)\\.0 in stage 0\\.0 \\(TID \\d+\\) failed because while it was being computed, its executor exited").matcher(driver);
        assertTrue(lost.find(), "a task of the checks was running on executor 0 when it was killed:\n" + tail(driver));
        String task = lost.group(1) != null ? lost.group(1) : lost.group(2);
        assertTrue(Pattern.compile("Starting task " + task + "\\.1 in stage 0\\.0 \\(TID \\d+\\) \\(" + Pattern.quote(LOOPBACK) + ", ?executor 1,")
                .matcher(driver).find(), "its second attempt, on executor 1:\n" + tail(driver));
        assertTrue(Files.readString(appDir.resolve("1/stderr")).contains("Running task "), "executor 1 ran tasks");
        // each executor fetched the application's jar from the driver (spark-submit shipped it)
        for (String id : List.of("0", "1")) {
            Path shipped = appDir.resolve(id + "/tracelint-spark.jar");
            assertTrue(Files.isRegularFile(shipped), "executor " + id + " has no copy of the jar in " + appDir.resolve(id));
            assertArrayEquals(Files.readAllBytes(JOB_JAR), Files.readAllBytes(shipped));
        }

        // the tables, read back from HDFS, against check --format json of the same files
        Map<String, List<String>> checkFindings = new TreeMap<>();
        Map<String, String> checkStatus = new HashMap<>();
        List<String> cmd = new ArrayList<>(List.of(javaBin(), "-jar", REPO.resolve("server/target/tracelint.jar").toString(), "check", "--format", "json"));
        inputs.values().forEach(p -> cmd.add(p.toString()));
        Process check = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        CheckTracesTest.readCheck(check.getInputStream().readAllBytes(), checkFindings, checkStatus);
        check.waitFor();
        Map<String, List<String>> sparkFindings = new TreeMap<>();
        Map<String, String> sparkStatus = new TreeMap<>();
        List<String> rows = new ArrayList<>();
        SparkSession spark = SparkSession.builder().master("local[1]").appName("ClusterTest-read")
                .config("spark.ui.enabled", "false").config("spark.driver.host", LOOPBACK).getOrCreate();
        try {
            for (Row r : spark.read().parquet(output + "/files").collectAsList()) {
                String name = name(r.getAs("path"), hdfs + "/traces/");
                rows.add(name);
                StringBuilder verdicts = new StringBuilder((String) r.getAs("status"));
                for (String field : r.schema().fieldNames()) {
                    if (field.startsWith("verdict_") && r.getAs(field) != null) {
                        verdicts.append(' ').append(field.substring("verdict_".length()).replace('_', '-')).append('=').append((String) r.getAs(field));
                    }
                }
                sparkStatus.put(name, verdicts.toString());
            }
            for (Row r : spark.read().parquet(output + "/findings").collectAsList()) {
                if (!"hint".equals(r.getAs("severity"))) {
                    sparkFindings.computeIfAbsent(name(r.getAs("path"), hdfs + "/traces/"), k -> new ArrayList<>())
                            .add(CheckTracesTest.key(r.getAs("rule"), r.getAs("severity"), r.getAs("line"), r.getAs("column"), r.getAs("offset"), r.getAs("message")));
                }
            }
        } finally {
            spark.stop();
        }
        phase("tables read, check run", started);
        rows.sort(null);
        assertEquals(new ArrayList<>(inputs.keySet()), rows, "each file once in the files table");
        Map<String, String> expectedStatus = new TreeMap<>();
        checkStatus.forEach((path, v) -> expectedStatus.put(name(path, local + "/"), v));
        assertEquals(expectedStatus, sparkStatus);
        Map<String, List<String>> expectedFindings = new TreeMap<>();
        checkFindings.forEach((path, l) -> expectedFindings.put(name(path, local + "/"), l.stream().sorted().toList()));
        sparkFindings.replaceAll((k, l) -> l.stream().sorted().toList());
        assertEquals(expectedFindings, sparkFindings, "each finding once, as check reports it");
        System.out.println("ClusterTest: " + inputs.size() + " files from HDFS, executor 0 (pid " + executor.pid()
                + ") killed mid-task, tasks retried on executor 1, tables in HDFS agree with check --format json; "
                + (System.nanoTime() - started) / 1_000_000_000 + " s");
    }

    private static void phase(String what, long started) {
        System.out.println("ClusterTest: " + what + " at " + (System.nanoTime() - started) / 1_000_000 + " ms");
    }

    /** A Spark process: {@code java -cp SPARK_HOME/jars/* CLASS ARGS}, as Spark's scripts start it, output to LOG. */
    private Process start(Path log, String heap, String mainClass, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(javaBin(), heap));
        cmd.addAll(List.of(System.getProperty("tracelint.sparkJavaOptions").trim().split("\\s+")));
        cmd.addAll(List.of("-cp", SPARK_HOME.resolve("jars") + "/*", mainClass));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SPARK_HOME", SPARK_HOME.toString()); // the worker builds executors' class path from it
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", LOOPBACK);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("SPARK_CONF_DIR");
        Process p = pb.start();
        processes.add(p);
        return p;
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The executor JVM with this id under the worker (its child). */
    private static ProcessHandle executor(Process worker, String id) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            for (ProcessHandle h : worker.descendants().toList()) {
                String cl = h.info().commandLine().orElse("");
                if (cl.contains("CoarseGrainedExecutorBackend") && cl.contains("--executor-id " + id + " ")) {
                    return h;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no executor " + id + " under the worker");
    }

    private static Matcher await(Path log, Pattern pattern, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (Files.exists(log)) {
                Matcher m = pattern.matcher(Files.readString(log, StandardCharsets.UTF_8));
                if (m.find()) {
                    return m;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no '" + pattern + "' in " + log + " after " + seconds + " s:\n" + (Files.exists(log) ? tail(Files.readString(log)) : "(no log)"));
    }

    private static Path awaitPath(Path dir, String glob, int seconds) throws Exception {
        var matcher = dir.getFileSystem().getPathMatcher("glob:" + glob);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            try (Stream<Path> s = Files.walk(dir, 3)) {
                var found = s.filter(p -> matcher.matches(dir.relativize(p))).findFirst();
                if (found.isPresent()) {
                    return found.get();
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no " + glob + " under " + dir + " after " + seconds + " s");
    }

    private static String tail(String log) {
        return log.length() > 6000 ? "..." + log.substring(log.length() - 6000) : log;
    }

    /** A path of the tables or of check's output, as DIR/FILE after its prefix. */
    private static String name(String path, String prefix) {
        String p = path.startsWith("hdfs:") ? URI.create(path).getPath() : path;
        String pre = prefix.startsWith("hdfs:") ? URI.create(prefix).getPath() : prefix;
        assertTrue(p.startsWith(pre), p + " is not under " + pre);
        return p.substring(pre.length());
    }

    private static Path gzip(byte[] bytes, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(to))) {
            out.write(bytes);
        }
        return to;
    }

    /** 400,000 complete events on 8 threads, with a B/E pair on each thread every 100: about 35 MB. */
    private static byte[] largeTrace() {
        StringBuilder sb = new StringBuilder(40 << 20).append("{\"traceEvents\":[\n");
        for (int i = 0; i < 400_000; i++) {
            int tid = i % 8;
            long ts = i * 10L;
            sb.append("{\"ph\":\"X\",\"name\":\"step ").append(i % 97).append("\",\"cat\":\"gen\",\"pid\":1,\"tid\":").append(tid)
                    .append(",\"ts\":").append(ts).append(",\"dur\":5,\"args\":{\"i\":").append(i).append("}},\n");
            if (i % 100 == 0) {
                sb.append("{\"ph\":\"B\",\"name\":\"outer\",\"pid\":1,\"tid\":").append(tid).append(",\"ts\":").append(ts).append("},\n");
                sb.append("{\"ph\":\"E\",\"pid\":1,\"tid\":").append(tid).append(",\"ts\":").append(ts + 6).append("},\n");
            }
        }
        sb.append("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"args\":{\"name\":\"generated\"}}\n]}\n");
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
