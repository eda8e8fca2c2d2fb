package dev.tracelint.api;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.analysis.TraceFiles;
import dev.tracelint.analysis.TraceOverview;
import dev.tracelint.analysis.Verdicts;
import dev.tracelint.config.Config;
import dev.tracelint.config.ConfigLoader;
import dev.tracelint.finding.Finding;
import dev.tracelint.fix.Repair;
import dev.tracelint.fix.RepairFile;
import dev.tracelint.text.LineCol;
import dev.tracelint.text.LineIndex;
import dev.tracelint.text.TextRange;
import dev.tracelint.viewer.Viewers;
import dev.tracelint.text.IoWords;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Checks traces: one {@code Tracelint} per set of {@link Options}, used by any number of threads.
 * A trace is read once as a stream (gzip and byte order marks recognised on the stream, never
 * materialised), in memory bounded by what it holds, not by its size.
 *
 * <pre>{@code
 * Tracelint lint = Tracelint.create(Options.DEFAULT.withViewers(List.of("perfetto")));
 * Result r = lint.check(Path.of("trace.json.gz"));
 * for (Problem p : r.findings()) {
 *     System.out.println(p.start().line() + ":" + p.start().column() + " " + p.rule() + " " + p.message());
 * }
 * }</pre>
 */
public final class Tracelint {
    private final Config config;
    private final int maxProblems;

    private Tracelint(Config config, int maxProblems) {
        this.config = config;
        this.maxProblems = maxProblems;
    }

    /**
     * A checker with these options.
     *
     * @throws IllegalArgumentException for an unknown viewer id
     * @throws UncheckedIOException     when the config file cannot be read
     */
    public static Tracelint create(Options options) {
        Config c = Config.DEFAULT;
        if (options.configFile() != null) {
            try {
                c = ConfigLoader.load(options.configFile());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read config file " + options.configFile() + ": " + e.getMessage(), e);
            }
        }
        if (!options.severities().isEmpty()) {
            c = c.withOverrides(options.severities());
        }
        if (!options.viewers().isEmpty()) {
            List<String> why = new ArrayList<>();
            Viewers targets = Viewers.parse(options.viewers(), why);
            if (targets == null) {
                throw new IllegalArgumentException("viewers: " + String.join("; ", why));
            }
            c = c.withViewers(targets);
        }
        return new Tracelint(c, options.maxProblems());
    }

    /** The ids of the viewers this checker judges for, in verdict order. */
    public List<String> viewers() {
        List<String> ids = new ArrayList<>();
        config.viewers().forEach(v -> ids.add(v.id()));
        return ids;
    }

    /** Checks the file at {@code path}, named by its path; never throws for the file's sake (see {@link Result#status()}). */
    public Result check(Path path) {
        String name = path.toString();
        if (Files.isDirectory(path)) {
            return Result.failed(name, Status.UNREADABLE, "cannot read: is a directory");
        }
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (IOException e) {
            return Result.failed(name, Status.UNREADABLE, "cannot read: " + describe(e));
        }
        return check(name, in, () -> false);
    }

    /**
     * Checks the bytes of one file (gzip or not, any byte order mark), named {@code name}, which is
     * claimed to be a trace (as a file named on {@code check}'s command line). Closes {@code in}.
     * {@code cancelled} is polled between events. Never throws for the file's sake: a file that
     * cannot be read, is not a trace or breaks the engine gives a {@link Result} saying so.
     */
    public Result check(String name, InputStream in, BooleanSupplier cancelled) {
        try (TraceFiles.Text text = TraceFiles.text(in)) {
            Analysis a = new Analyzer(config, Claim.TRACE).analyze(text, cancelled);
            return result(name, a);
        } catch (CancellationException e) {
            return Result.failed(name, Status.CANCELLED, "cancelled");
        } catch (IOException e) {
            return Result.failed(name, Status.UNREADABLE, "cannot read: " + describe(e));
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return Result.failed(name, Status.INTERNAL_ERROR, "internal error: " + e);
        } finally {
            try {
                in.close();
            } catch (IOException ignored) {
                // the result is known already
            }
        }
    }

    /**
     * Makes the trace at {@code in} load in the targeted viewers, as {@code tracelint repair IN -o OUT}
     * does: round after round, the first fix (safe or unsafe) of every finding that makes a targeted
     * viewer fail or degrade, a rule whose fixes make a verdict worse refused; the result is written
     * to {@code out} atomically (a temporary file beside it, then renamed), and {@code in} is only
     * read unless it is {@code out}. Streams: two analyses at most in memory, never the text. UTF-8
     * only (UTF-16/32 is {@link Status#UNREADABLE}, with the reason); a gzip {@code in} is inflated
     * and repaired into plain JSON ({@code out} named *.gz, or {@code in} itself, is refused). Never
     * throws for the file's sake. The verdicts' {@code because} lists are empty here: the findings
     * behind them are {@link Repaired#remaining()}.
     */
    public Repaired repair(Path in, Path out) {
        if (!Files.isRegularFile(in)) {
            return Repaired.failed(Status.UNREADABLE, "cannot read: " + (Files.exists(in) ? "not a regular file" : "no such file"));
        }
        try {
            Repair.Report r = RepairFile.repair(in, out, new Analyzer(config, Claim.TRACE));
            if (r.stopped() != null) {
                return Repaired.failed(Status.UNREADABLE, r.stopped());
            }
            List<Change> changes = new ArrayList<>();
            for (Repair.Change c : r.changes()) {
                changes.add(change(c, null));
            }
            List<Change> refused = new ArrayList<>();
            for (Repair.Refusal x : r.refused()) {
                refused.add(change(x.change(), x.reason()));
            }
            List<Unrepaired> remaining = new ArrayList<>();
            for (Repair.Remaining m : r.remaining()) {
                remaining.add(new Unrepaired(m.ruleId(), m.message(), position(m.at(), m.offset()), ids(m.blocks()), m.reason(), m.lost()));
            }
            return new Repaired(Status.CHECKED, null, List.copyOf(changes), List.copyOf(refused), List.copyOf(remaining),
                    verdicts(r.before()), verdicts(r.after()), r.capped());
        } catch (IOException e) {
            return Repaired.failed(Status.UNREADABLE, e instanceof RepairFile.Refused ? e.getMessage() : "cannot read or write: " + describe(e));
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return Repaired.failed(Status.INTERNAL_ERROR, "internal error: " + e);
        }
    }

    private static Change change(Repair.Change c, String refused) {
        return new Change(c.ruleId(), c.title(), c.safe(), c.why(), position(c.at(), c.offset()), ids(c.unblocks()), c.round(), refused);
    }

    private static List<String> ids(List<dev.tracelint.viewer.Viewer> viewers) {
        return viewers.stream().map(dev.tracelint.viewer.Viewer::id).toList();
    }

    private static List<ViewerVerdict> verdicts(List<Verdicts.ViewerVerdict> vs) {
        return vs.stream().map(v -> new ViewerVerdict(v.viewer().id(), v.verdict().id(), List.of(), v.dropped(), v.wrong())).toList();
    }

    private static Position position(LineCol at, long offset) {
        return new Position(at.oneBasedLine(), at.oneBasedColumn(), offset);
    }

    /** An {@link IOException} in a few words, as {@code check} says it (one wording: {@link IoWords}). */
    public static String describe(IOException e) {
        return IoWords.describe(e);
    }

    private Result result(String name, Analysis a) {
        if (!a.isTrace()) {
            return new Result(name, Status.NOT_A_TRACE, null, List.of(), List.of(), null);
        }
        List<Finding> all = a.findings();
        List<Verdicts.ViewerVerdict> vs = a.verdicts();
        int kept = maxProblems == 0 ? all.size() : Math.min(maxProblems, all.size());
        List<List<String>> viewersOf = new ArrayList<>();
        for (int i = 0; i < kept; i++) {
            viewersOf.add(new ArrayList<>());
        }
        List<ViewerVerdict> verdicts = new ArrayList<>();
        for (Verdicts.ViewerVerdict v : vs) {
            List<Integer> because = new ArrayList<>();
            for (int i : v.because()) {
                if (i < kept) {
                    because.add(i);
                    viewersOf.get(i).add(v.viewer().id());
                }
            }
            verdicts.add(new ViewerVerdict(v.viewer().id(), v.verdict().id(), List.copyOf(because), v.dropped(), v.wrong()));
        }
        LineIndex lines = a.lines();
        List<Problem> problems = new ArrayList<>(kept);
        for (int i = 0; i < kept; i++) {
            Finding f = all.get(i);
            List<Related> related = new ArrayList<>();
            for (dev.tracelint.finding.Related r : f.related()) {
                related.add(new Related(r.message(), position(lines, r.range().start()), position(lines, r.range().end())));
            }
            TextRange range = f.range();
            problems.add(new Problem(f.ruleId(), f.severity().id(), f.message(), position(lines, range.start()),
                    position(lines, range.end()), List.copyOf(related), List.copyOf(viewersOf.get(i))));
        }
        TraceOverview o = a.overview();
        Overview overview = o == null ? null : new Overview(o.events(), o.first(), o.last(), o.processes().size(), o.threadCount());
        return new Result(name, Status.CHECKED, null, List.copyOf(problems), List.copyOf(verdicts), overview);
    }

    private static Position position(LineIndex lines, long offset) {
        LineCol at = lines.position(offset);
        return new Position(at.oneBasedLine(), at.oneBasedColumn(), offset);
    }

    @Override
    public String toString() {
        return "Tracelint" + Arrays.asList(config.viewers(), maxProblems);
    }
}
