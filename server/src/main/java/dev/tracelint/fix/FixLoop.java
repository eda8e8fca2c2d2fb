package dev.tracelint.fix;

import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Analyzer;
import dev.tracelint.finding.Finding;
import dev.tracelint.read.TraceReader;
import dev.tracelint.text.TextEdit;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Fixing a document, as {@code check --fix} fixes a file and the editor's fix-all its text: up to
 * {@value #MAX_ROUNDS} rounds, each planning the fixes of the current version's findings
 * ({@link FixPlan}), writing them into a new version, analysing it, and keeping it unless it has
 * more JSON syntax errors than the version it came from (a fix that breaks the JSON is a bug: the
 * loop stops and keeps the version before). Rounds go on while fixes remain, because one fix can
 * unblock another: a fix that overlapped one chosen waits for the next round.
 *
 * <p>Where the versions live is the caller's ({@link Versions}): a file's bytes, spliced into a
 * temporary file, or a text in memory ({@link #fixText}). Either way every char outside a fix is
 * left as it was.
 */
public final class FixLoop {
    public static final int MAX_ROUNDS = 10;

    private FixLoop() {
    }

    /**
     * The versions of a document being fixed: how a round writes the current version with its
     * edits applied, how such a version is read back, and how it becomes the current one.
     *
     * @param <V> a written version
     */
    public interface Versions<V> {
        /** The current version with {@code sortedEdits} applied (not yet current). */
        V write(List<TextEdit> sortedEdits) throws IOException, Stopped;

        Analysis analyze(V version) throws IOException;

        /** Makes {@code version} the current one. */
        void keep(V version) throws IOException, Stopped;

        /** Called once for every written version when the round is over, kept or not. */
        default void release(V version) throws IOException {
        }
    }

    /** Why a version could not be written or kept (the caller's reason, e.g. the file changed meanwhile); the loop stops. */
    public static final class Stopped extends Exception {
        public Stopped(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * How it ended.
     *
     * @param analysis the analysis of the current version (the last one kept, else the first)
     * @param applied  the fixes of the rounds kept, in order
     * @param refused  whether a round was refused as a whole (for {@link #fixAll}: it would have added JSON syntax errors)
     * @param stopped  why the {@link Versions} stopped the loop ({@link Stopped}), or null
     * @param capped   whether the round cap ({@link Rounds#max()}) stopped it with fixes still to apply
     */
    public record Outcome(Analysis analysis, List<FixPlan.Chosen> applied, boolean refused, String stopped, boolean capped) {
    }

    /**
     * What the rounds apply and which written versions they keep: {@link #fixAll} for {@code check
     * --fix} and the editor's fix-all, {@link Repair} for {@code repair}.
     */
    public interface Rounds {
        /** How many rounds at most. */
        int max();

        /** The fixes of the next round, planned on the current version's analysis; an empty plan ends the loop. */
        FixPlan plan(Analysis current);

        /**
         * Whether the version written with {@code tried} (analysed as {@code after}) may be kept: null
         * keeps it; otherwise the plan to write instead of it, from the same current version (an
         * empty plan ends the loop with the current version, {@link Outcome#refused()} set).
         */
        FixPlan instead(Analysis before, FixPlan tried, Analysis after);
    }

    /**
     * Every finding's first fix the policy allows ({@code unsafe}: unsafe ones too), for {@value
     * #MAX_ROUNDS} rounds; a version with more JSON syntax errors than the one it came from is never
     * kept (a fix that breaks the JSON is a bug): the loop stops with the version before.
     */
    public static Rounds fixAll(boolean unsafe) {
        return new Rounds() {
            @Override
            public int max() {
                return MAX_ROUNDS;
            }

            @Override
            public FixPlan plan(Analysis current) {
                return FixPlan.of(current.findings(), unsafe);
            }

            @Override
            public FixPlan instead(Analysis before, FixPlan tried, Analysis after) {
                return syntaxErrors(after) > syntaxErrors(before) ? FixPlan.EMPTY : null;
            }
        };
    }

    /** Fixes the document whose current version has the analysis {@code first}. */
    public static <V> Outcome run(Analysis first, Versions<V> versions, boolean unsafe) throws IOException {
        return run(first, versions, fixAll(unsafe));
    }

    /** Runs {@code rounds} on the document whose current version has the analysis {@code first}. */
    public static <V> Outcome run(Analysis first, Versions<V> versions, Rounds rounds) throws IOException {
        Analysis analysis = first;
        List<FixPlan.Chosen> applied = new ArrayList<>();
        for (int round = 0; analysis.isTrace(); round++) {
            FixPlan plan = rounds.plan(analysis);
            if (plan.isEmpty()) {
                break;
            }
            if (round == rounds.max()) {
                return new Outcome(analysis, applied, false, null, true);
            }
            try {
                while (true) {
                    V written = versions.write(plan.edits());
                    try {
                        Analysis after = versions.analyze(written);
                        FixPlan other = rounds.instead(analysis, plan, after);
                        if (other == null) {
                            versions.keep(written);
                            analysis = after;
                            break;
                        }
                        if (other.isEmpty()) {
                            return new Outcome(analysis, applied, true, null, false);
                        }
                        plan = other;
                    } finally {
                        versions.release(written);
                    }
                }
            } catch (Stopped e) {
                return new Outcome(analysis, applied, false, e.getMessage(), false);
            }
            applied.addAll(plan.chosen());
        }
        return new Outcome(analysis, applied, false, null, false);
    }

    /** {@code text} with sorted, non-overlapping edits applied, in list order where they share a point. */
    static String splice(String text, List<TextEdit> sortedEdits) {
        long grows = 0;
        for (TextEdit e : sortedEdits) {
            grows += e.newText().length() - e.range().length();
        }
        StringBuilder out = new StringBuilder((int) Math.min(Integer.MAX_VALUE - 8, Math.max(0, text.length() + grows)));
        int at = 0;
        for (TextEdit e : sortedEdits) {
            if (e.range().start() < at || e.range().end() > text.length()) {
                throw new IllegalArgumentException("edit " + e.range() + " overlaps the one before or ends past the text");
            }
            out.append(text, at, (int) e.range().start()).append(e.newText());
            at = (int) e.range().end();
        }
        return out.append(text, at, text.length()).toString();
    }

    static long syntaxErrors(Analysis a) {
        return a.findings().stream().map(Finding::ruleId).filter(TraceReader.JSON_SYNTAX::equals).count();
    }

    /**
     * A text fixed in memory (the editor's document).
     *
     * @param outcome how the loop ended
     * @param text    the fixed text
     * @param edits   edits on the text given that make the fixed text: the first round's own edits
     *                when it was the only one, else the rounds' edits composed ({@link EditComposition})
     */
    public record FixedText(Outcome outcome, String text, List<TextEdit> edits) {
    }

    /**
     * Runs the loop on {@code text}, whose analysis is {@code first}, analysing each version with
     * {@code analyzer} as {@code text} was. The edits are spliced into the text's chars (the same
     * edits in the same places as in a file's bytes: offsets count chars as the reader decodes them).
     * {@code cancelled} is polled while each version is analysed; when it turns true the loop stops
     * with a {@link java.util.concurrent.CancellationException}.
     */
    public static FixedText fixText(String text, Analysis first, Analyzer analyzer, BooleanSupplier cancelled, boolean unsafe) {
        return fixText(text, first, analyzer, cancelled, fixAll(unsafe));
    }

    /** As {@link #fixText(String, Analysis, Analyzer, BooleanSupplier, boolean)}, with these rounds. */
    public static FixedText fixText(String text, Analysis first, Analyzer analyzer, BooleanSupplier cancelled, Rounds rounds) {
        TextVersions versions = new TextVersions(text, analyzer, cancelled);
        try {
            Outcome outcome = run(first, versions, rounds);
            return new FixedText(outcome, versions.text, versions.edits);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a text in memory is not read from anywhere that fails
        }
    }

    /** The versions of a text in memory, and the edits that lead from the first to the current one. */
    private static final class TextVersions implements Versions<TextVersions.Written> {
        record Written(String text, List<TextEdit> edits) {
        }

        private final Analyzer analyzer;
        private final BooleanSupplier cancelled;
        String text;
        List<TextEdit> edits = List.of();
        private boolean edited;

        TextVersions(String text, Analyzer analyzer, BooleanSupplier cancelled) {
            this.text = text;
            this.analyzer = analyzer;
            this.cancelled = cancelled;
        }

        @Override
        public Written write(List<TextEdit> sortedEdits) {
            return new Written(splice(text, sortedEdits), sortedEdits);
        }

        @Override
        public Analysis analyze(Written version) throws IOException {
            return analyzer.analyze(new StringReader(version.text), cancelled);
        }

        @Override
        public void keep(Written version) {
            edits = edited ? EditComposition.compose(edits, version.edits) : version.edits;
            edited = true;
            text = version.text;
        }
    }
}
