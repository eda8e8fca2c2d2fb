package dev.tracelint.spark;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Makes and plans the tables' queries on the driver while the executors check the files. Why: Spark
 * SQL's first queries in a JVM cost seconds of the driver's time before their jobs start
 * (initialising its analyser, optimiser and planner, generating and compiling code: 18 s of the
 * driver's stacks between the checks and the first write on this loaded machine), and the driver
 * has nothing else to do while the checks run. Planning runs no job and reads no data (nothing is
 * checked twice); the writes plan again, from warm classes and the compiled code's cache.
 */
final class Planning {
    private final FutureTask<List<Dataset<Row>>> task;

    private Planning(Supplier<List<Dataset<Row>>> tables) {
        task = new FutureTask<>(() -> {
            List<Dataset<Row>> made = tables.get();
            for (Dataset<Row> table : made) {
                // the physical plan and its RDD: whole-stage code is generated and compiled on the driver here
                table.queryExecution().executedPlan().execute();
            }
            return made;
        });
    }

    /** Starts making and planning {@code tables} on a thread of its own. */
    static Planning start(Supplier<List<Dataset<Row>>> tables) {
        Planning p = new Planning(tables);
        Thread t = new Thread(p.task, "tracelint-planning");
        t.setDaemon(true);
        t.start();
        return p;
    }

    /** The tables, once planned; what failed in the making or planning is thrown here, on the job's thread. */
    List<Dataset<Row>> tables() {
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while planning the tables", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
