package dev.tracelint.spark;

import dev.tracelint.api.Options;
import dev.tracelint.api.Problem;
import dev.tracelint.api.Result;
import dev.tracelint.api.Status;
import dev.tracelint.api.Tracelint;
import dev.tracelint.api.ViewerVerdict;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Checks a bucket of traces with Spark: files packed into tasks ({@link Packing}), each file streamed through Hadoop's
 * {@link FileSystem} (gzip decompressed as a stream) into {@link Tracelint}; writes the tables
 * {@code findings} and {@code files} under {@code --output} and prints a summary (docs/fleet.md).
 *
 * <pre>
 * spark-submit --class dev.tracelint.spark.CheckTraces tracelint-spark.jar \
 *     --input 's3a://bucket/traces/**&#47;*.json.gz' --output s3a://bucket/tracelint/ [--viewers perfetto,devtools]
 *     [--config tracelint.json] [--format parquet|json] [--max-problems N]
 * </pre>
 */
public final class CheckTraces {
    private CheckTraces() {
    }

    /** The job's arguments. */
    record Args(List<String> inputs, String output, List<String> viewers, String config, String format, int maxProblems)
            implements Serializable {
        static Args parse(String[] argv) {
            List<String> inputs = new ArrayList<>();
            String output = null;
            List<String> viewers = List.of();
            String config = null;
            String format = "parquet";
            int max = 0;
            for (int i = 0; i < argv.length; i++) {
                String a = argv[i];
                if (i + 1 >= argv.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                String v = argv[++i];
                switch (a) {
                    case "--input" -> inputs.add(v);
                    case "--output" -> output = v;
                    case "--viewers" -> viewers = List.of(v.split(","));
                    case "--config" -> config = v;
                    case "--format" -> format = v.toLowerCase(Locale.ROOT);
                    case "--max-problems" -> max = Integer.parseInt(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (inputs.isEmpty() || output == null) {
                throw new IllegalArgumentException("--input and --output are needed");
            }
            if (!format.equals("parquet") && !format.equals("json")) {
                throw new IllegalArgumentException("--format: parquet or json, not " + format);
            }
            return new Args(List.copyOf(inputs), output, viewers, config, format, max);
        }

        Options options() {
            Options o = Options.DEFAULT.withViewers(viewers).withMaxProblems(maxProblems);
            return config == null ? o : o.withConfigFile(Path.of(config));
        }
    }

    /** A file to check: its path, its size, and why it cannot be read when the listing already knows. */
    record Listed(String path, long bytes, String error) implements Serializable {
    }

    public static void main(String[] argv) throws IOException {
        Args args;
        try {
            args = Args.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println("tracelint-spark: " + e.getMessage());
            System.err.println("usage: CheckTraces --input PATH_OR_GLOB [--input ...] --output DIR [--viewers V,V] [--config tracelint.json] [--format parquet|json] [--max-problems N]");
            System.exit(2);
            return;
        }
        long jvmStart = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        SparkSession spark = SparkSession.builder().appName("tracelint CheckTraces").getOrCreate();
        spark.sessionState(); // Spark SQL's state is built lazily, on first use: it is part of the session's start (seconds), not of ours
        try {
            run(spark, args, System.out, jvmStart, System.currentTimeMillis() - jvmStart);
        } finally {
            spark.stop();
        }
    }

    /** Runs the job in a session given by the caller (the tests): the split then starts at this call. */
    static void run(SparkSession spark, Args args, PrintStream out) throws IOException {
        run(spark, args, out, System.currentTimeMillis(), -1);
    }

    /**
     * Runs the job in {@code spark}: lists, checks (counting the summary's figures as it goes), writes
     * both tables from the checks kept, prints the summary and where the time went to {@code out}.
     * Three Spark jobs, none with a shuffle: the checks, the files table, the findings table.
     */
    static void run(SparkSession spark, Args args, PrintStream out, long started, long sessionMillis) throws IOException {
        long t0 = System.currentTimeMillis();
        List<String> viewers = Tracelint.create(args.options()).viewers(); // fails here, on the driver, for a bad option
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        List<Listed> files = list(args.inputs(), conf);
        // largest first: the tasks start in partition order, so a huge file starts at once and the
        // small ones fill the other cores around it (longest-processing-time-first scheduling)
        files.sort(Comparator.comparingLong(Listed::bytes).reversed().thenComparing(Listed::path));
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<List<Listed>> parts = Packing.pack(files, spark.sessionState().conf().filesMaxPartitionBytes(),
                spark.sessionState().conf().filesOpenCostInBytes(), jsc.defaultParallelism());
        Map<String, String> hadoop = new HashMap<>();
        conf.forEach(e -> hadoop.put(e.getKey(), e.getValue()));
        long t1 = System.currentTimeMillis();
        StructType filesSchema = Tables.files(viewers);
        // one element per partition, each a partition's files (parallelize slices a list of n into n)
        JavaRDD<Tuple2<Row, List<Row>>> checked = jsc.parallelize(parts, Math.max(1, parts.size()))
                .mapPartitions(part -> {
                    PerJvm.State state = PerJvm.of(args, hadoop);
                    List<Listed> mine = new ArrayList<>();
                    part.forEachRemaining(mine::addAll);
                    return mine.stream().map(f -> FileCheck.check(f, state, viewers)).iterator(); // one file at a time, as the cache takes them
                })
                // kept for the two tables: each is written by a job of its own, which would check every file again
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            // coalesced, not repartitioned: the parts of a table are whole partitions of the checks, no shuffle
            Planning planning = Planning.start(() -> List.of(
                    spark.createDataFrame(checked.map(Tuple2::_1), filesSchema).coalesce(Math.max(1, files.size() / 256)),
                    spark.createDataFrame(checked.flatMap(t -> t._2().iterator()), Tables.FINDINGS).coalesce(Math.max(1, files.size() / 64))));
            Tally tally = new Tally(filesSchema, viewers); // (a folder without traces has no partition to count)
            for (Tally part : checked.mapPartitions(rows -> {
                Tally t = new Tally(filesSchema, viewers);
                rows.forEachRemaining(r -> t.add(r._1(), r._2()));
                return List.of(t).iterator();
            }).collect()) {
                tally.merge(part);
            }
            long t2 = System.currentTimeMillis();
            List<Dataset<Row>> tables = planning.tables();
            write(tables.get(0), args, "files");
            write(tables.get(1), args, "findings");
            long t3 = System.currentTimeMillis();
            java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
            Summary.print(tally, viewers, new PrintStream(text, true, java.nio.charset.StandardCharsets.UTF_8));
            long t4 = System.currentTimeMillis();
            out.print(text.toString(java.nio.charset.StandardCharsets.UTF_8));
            new Split(sessionMillis, t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - started, parts.size()).print(tally, out);
            out.flush();
        } finally {
            checked.unpersist(false);
        }
    }

    private static void write(Dataset<Row> table, Args args, String name) {
        table.write().mode("overwrite").format(args.format()).save(args.output() + "/" + name);
    }

    /**
     * The files named by {@code inputs}: a glob's matches, a file, or a folder's {@code *.json} and
     * {@code *.json.gz} (as {@code check} walks a folder); a named or matched file of any other name
     * (Node's {@code node_trace.1.log}) is checked as a trace, as {@code check} checks a named file.
     * A match that cannot be listed or read becomes a row with its reason.
     */
    static List<Listed> list(List<String> inputs, Configuration conf) throws IOException {
        List<Listed> out = new ArrayList<>();
        for (String in : inputs) {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(in);
            FileSystem fs = p.getFileSystem(conf);
            FileStatus[] matched;
            try {
                matched = fs.globStatus(p);
            } catch (IOException e) {
                out.add(new Listed(in, 0, "cannot list: " + Tracelint.describe(e)));
                continue;
            }
            if (matched == null || matched.length == 0) {
                out.add(new Listed(in, 0, "cannot read: no such file or nothing matches"));
                continue;
            }
            boolean glob = matched.length > 1 || !matched[0].getPath().toUri().getPath().equals(fs.makeQualified(p).toUri().getPath());
            for (FileStatus s : matched) {
                String path = s.getPath().toString();
                if (s.isFile()) {
                    out.add(new Listed(path, s.getLen(), null));
                } else if (glob && isTraceName(s.getPath().getName())) {
                    out.add(new Listed(path, 0, "cannot read: is a directory"));
                } else {
                    walk(fs, s.getPath(), out);
                }
            }
        }
        return out;
    }

    private static void walk(FileSystem fs, org.apache.hadoop.fs.Path dir, List<Listed> out) {
        try {
            if (fs instanceof LocalFileSystem) {
                walkLocal(fs, dir, out);
                return;
            }
            // one listing of the whole tree where the store has it (S3A lists a prefix flat, in pages)
            RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
            while (it.hasNext()) {
                LocatedFileStatus s = it.next();
                if (isTraceName(s.getPath().getName()) && s.isFile()) {
                    out.add(new Listed(s.getPath().toString(), s.getLen(), null));
                }
            }
        } catch (IOException e) {
            out.add(new Listed(dir.toString(), 0, "cannot read folder: " + Tracelint.describe(e)));
        }
    }

    /**
     * The local file system's folder, one {@code listStatus} per folder. Not {@code listFiles}: its
     * {@link LocatedFileStatus} reads each file's permissions, which Hadoop's local file system does
     * without its native library (never in Spark's jars) by running {@code ls -ld} once per file: a
     * process per trace, 7 s of the 808 files' listing on this loaded machine.
     */
    private static void walkLocal(FileSystem fs, org.apache.hadoop.fs.Path dir, List<Listed> out) throws IOException {
        java.util.ArrayDeque<org.apache.hadoop.fs.Path> dirs = new java.util.ArrayDeque<>(List.of(dir));
        while (!dirs.isEmpty()) {
            for (FileStatus s : fs.listStatus(dirs.pop())) {
                if (s.isDirectory()) {
                    dirs.push(s.getPath());
                } else if (isTraceName(s.getPath().getName()) && s.isFile()) {
                    out.add(new Listed(s.getPath().toString(), s.getLen(), null));
                }
            }
        }
    }

    static boolean isTraceName(String name) {
        return name.endsWith(".json") || name.endsWith(".json.gz");
    }

    /** The check of one file in a task. */
    static final class FileCheck {
        private FileCheck() {
        }

        static Tuple2<Row, List<Row>> check(Listed f, PerJvm.State state, List<String> viewers) {
            long t0 = System.nanoTime();
            Result r;
            if (f.error() != null) {
                r = new Result(f.path(), Status.UNREADABLE, f.error(), List.of(), List.of(), null);
            } else {
                r = open(f, state);
            }
            long millis = (System.nanoTime() - t0) / 1_000_000;
            return new Tuple2<>(Tables.fileRow(f, r, viewers, millis), Tables.findingRows(f.path(), r));
        }

        private static Result open(Listed f, PerJvm.State state) {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(URI.create(f.path()));
            java.io.InputStream in;
            try {
                FileSystem fs = p.getFileSystem(state.hadoop());
                if (fs.getFileStatus(p).isDirectory()) {
                    return new Result(f.path(), Status.UNREADABLE, "cannot read: is a directory", List.of(), List.of(), null);
                }
                in = fs.open(p, 1 << 16);
            } catch (IOException | RuntimeException e) {
                String why = e instanceof IOException io ? Tracelint.describe(io) : e.toString();
                return new Result(f.path(), Status.UNREADABLE, "cannot read: " + why, List.of(), List.of(), null);
            }
            TaskContext task = TaskContext.get();
            return state.lint().check(f.path(), in, () -> task != null && task.isInterrupted());
        }
    }

    /** The two tables' schemas and rows. */
    static final class Tables {
        private Tables() {
        }

        static final StructType FINDINGS = DataTypes.createStructType(new StructField[] {
            DataTypes.createStructField("path", DataTypes.StringType, false),
            DataTypes.createStructField("rule", DataTypes.StringType, false),
            DataTypes.createStructField("severity", DataTypes.StringType, false),
            DataTypes.createStructField("line", DataTypes.IntegerType, false),
            DataTypes.createStructField("column", DataTypes.IntegerType, false),
            DataTypes.createStructField("offset", DataTypes.LongType, false),
            DataTypes.createStructField("end_line", DataTypes.IntegerType, false),
            DataTypes.createStructField("end_column", DataTypes.IntegerType, false),
            DataTypes.createStructField("end_offset", DataTypes.LongType, false),
            DataTypes.createStructField("message", DataTypes.StringType, false),
            DataTypes.createStructField("viewers", DataTypes.createArrayType(DataTypes.StringType, false), false),
        });

        /** The column of a viewer's verdict: {@code verdict_chrome_tracing}. */
        static String verdictColumn(String viewer) {
            return "verdict_" + viewer.replace('-', '_');
        }

        static StructType files(List<String> viewers) {
            List<StructField> fields = new ArrayList<>(List.of(
                    DataTypes.createStructField("path", DataTypes.StringType, false),
                    DataTypes.createStructField("bytes", DataTypes.LongType, false),
                    DataTypes.createStructField("events", DataTypes.LongType, true),
                    DataTypes.createStructField("status", DataTypes.StringType, false),
                    DataTypes.createStructField("reason", DataTypes.StringType, true)));
            for (String v : viewers) {
                fields.add(DataTypes.createStructField(verdictColumn(v), DataTypes.StringType, true));
            }
            for (String s : List.of("errors", "warnings", "information", "hints")) {
                fields.add(DataTypes.createStructField(s, DataTypes.LongType, false));
            }
            fields.add(DataTypes.createStructField("first_us", DataTypes.DoubleType, true));
            fields.add(DataTypes.createStructField("span_us", DataTypes.DoubleType, true));
            fields.add(DataTypes.createStructField("processes", DataTypes.IntegerType, true));
            fields.add(DataTypes.createStructField("threads", DataTypes.IntegerType, true));
            fields.add(DataTypes.createStructField("millis", DataTypes.LongType, false));
            return DataTypes.createStructType(fields);
        }

        static Row fileRow(Listed f, Result r, List<String> viewers, long millis) {
            List<Object> v = new ArrayList<>();
            v.add(f.path());
            v.add(f.bytes());
            v.add(r.overview() == null ? null : r.overview().events());
            v.add(r.status().id());
            v.add(r.reason());
            for (String viewer : viewers) {
                v.add(r.verdicts().stream().filter(x -> x.viewer().equals(viewer)).map(ViewerVerdict::verdict).findFirst().orElse(null));
            }
            v.add(r.count("error"));
            v.add(r.count("warning"));
            v.add(r.count("information"));
            v.add(r.count("hint"));
            boolean timed = r.overview() != null && !Double.isNaN(r.overview().first());
            v.add(timed ? r.overview().first() : null);
            v.add(timed ? r.overview().span() : null);
            v.add(r.overview() == null ? null : r.overview().processes());
            v.add(r.overview() == null ? null : r.overview().threads());
            v.add(millis);
            return RowFactory.create(v.toArray());
        }

        static List<Row> findingRows(String path, Result r) {
            List<Row> rows = new ArrayList<>(r.findings().size());
            for (Problem p : r.findings()) {
                rows.add(RowFactory.create(path, p.rule(), p.severity(), p.start().line(), p.start().column(), p.start().offset(),
                        p.end().line(), p.end().column(), p.end().offset(), p.message(),
                        scala.jdk.javaapi.CollectionConverters.asScala(p.viewers()).toSeq()));
            }
            return rows;
        }
    }
}
