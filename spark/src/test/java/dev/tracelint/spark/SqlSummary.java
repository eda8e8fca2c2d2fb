package dev.tracelint.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.desc;

import java.io.PrintStream;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The summary computed the slow way, as the job once did: Spark SQL queries over the tables read back
 * after writing. The reference for the {@link Tally} counted with the checks (CheckTracesTest).
 */
final class SqlSummary {
    private SqlSummary() {
    }

    static void print(Dataset<Row> files, Dataset<Row> findings, List<String> viewers, PrintStream out) {
        out.println("tracelint: " + files.count() + " files, " + findings.count() + " findings");
        out.println("files by status:");
        for (Row r : files.groupBy("status").agg(count("*").as("n")).orderBy(desc("n"), col("status")).collectAsList()) {
            out.printf("  %-16s %d%n", r.getString(0), r.getLong(1));
        }
        out.println("files by verdict:");
        for (String v : viewers) {
            StringBuilder b = new StringBuilder();
            for (Row r : files.where(col(CheckTraces.Tables.verdictColumn(v)).isNotNull())
                    .groupBy(CheckTraces.Tables.verdictColumn(v)).agg(count("*").as("n")).orderBy(col(CheckTraces.Tables.verdictColumn(v))).collectAsList()) {
                b.append("  ").append(r.getString(0)).append(' ').append(r.getLong(1));
            }
            out.printf("  %-16s%s%n", v, b);
        }
        out.println("most frequent rules (findings, files):");
        for (Row r : findings.groupBy("rule").agg(count("*").as("n"), org.apache.spark.sql.functions.countDistinct("path").as("files"))
                .orderBy(desc("n"), col("rule")).limit(20).collectAsList()) {
            out.printf("  %-36s %8d %6d%n", r.getString(0), r.getLong(1), r.getLong(2));
        }
        List<Row> bad = files.where(col("status").isin("unreadable", "internal-error")).select("path", "reason").orderBy("path").limit(20).collectAsList();
        out.println("unreadable files: " + files.where(col("status").isin("unreadable", "internal-error")).count());
        for (Row r : bad) {
            out.println("  " + r.getString(0) + ": " + r.getString(1));
        }
        out.flush();
    }
}
