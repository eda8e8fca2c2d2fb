package dev.tracelint.spark;

import dev.tracelint.api.Tracelint;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * What an executor's JVM builds once and every task of the job in it reuses: the checker (its
 * configuration and viewers) and Hadoop's configuration (about a thousand entries, copied from the
 * driver's). A task builds them only when the job's arguments or the driver's Hadoop settings differ
 * from the last ones built (another job in the same JVM, as in the tests). {@link Tracelint} is used
 * by any number of threads, and a task only reads the {@link Configuration}.
 */
final class PerJvm {
    private static Object builtFor;
    private static State state;

    private PerJvm() {
    }

    /** The checker and Hadoop configuration of one job. */
    record State(Tracelint lint, Configuration hadoop) {
    }

    static synchronized State of(CheckTraces.Args args, Map<String, String> hadoop) {
        Object key = Map.entry(args, hadoop);
        if (state == null || !builtFor.equals(key)) {
            Configuration conf = new Configuration(false);
            hadoop.forEach(conf::set);
            state = new State(Tracelint.create(args.options()), conf);
            builtFor = key;
        }
        return state;
    }
}
