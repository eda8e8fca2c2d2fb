package dev.tracelint.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Problem;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema's fast paths against everit, event by event: an event the pre-check passes has no
 * everit violation, and what {@link TraceSchema#check} reports of a suspicious event (worded from
 * {@link PreCheck#faults} where it can, else everit's) equals everit's verdict, message, range and
 * fix. Used by {@code SchemaAgreementTest} (corpus, damaged events), the bench module's
 * {@code GeneratedTraceSchemaTest} (generated traces) and {@code AnalyzerFuzzTest} (any input).
 */
public final class SchemaDifferential {
    private SchemaDifferential() {
    }

    /** What a run saw. */
    public static final class Counts {
        long events;
        long suspicious;
        long invalid;
        /** Suspicious events whose violations were worded from the pre-check, without everit (PreCheck.faults). */
        long worded;
        final List<String> disagreements = new ArrayList<>();
    }

    /**
     * The suspicious events of {@code text} as above (a text that is not a trace has no events:
     * nothing to compare); events the pre-check passes are not sent to everit, which would cost a
     * fuzzer most of its inputs per second.
     */
    public static void assertAgrees(String text, String name) throws IOException {
        Counts c = new Counts();
        check(name, new StringReader(text), c, false);
        assertEquals(List.of(), c.disagreements);
    }

    static void check(String name, Reader in, Counts c) throws IOException {
        check(name, in, c, true);
    }

    private static void check(String name, Reader in, Counts c, boolean everyEvent) throws IOException {
        TraceSchema schema = TraceSchema.get();
        new TraceReader(new TraceSource(in), new TraceHandler() {
            @Override
            public void event(EventView e) {
                c.events++;
                boolean suspicious = schema.suspicious(e);
                if (!suspicious && !everyEvent) {
                    return;
                }
                List<Violation> full = schema.validate(e);
                if (suspicious) {
                    c.suspicious++;
                    if (PreCheck.faults(schema.eventCheck(), e.members()) != null) {
                        c.worded++;
                    }
                    List<Violation> checked = schema.check(e);
                    if (!checked.equals(full) && c.disagreements.size() < 20) {
                        c.disagreements.add(name + " event #" + (e.index() + 1) + ": checked " + checked + ", everit " + full);
                    }
                }
                if (!full.isEmpty()) {
                    c.invalid++;
                    if (!suspicious && c.disagreements.size() < 20) {
                        c.disagreements.add(name + " event #" + (e.index() + 1) + ": " + full);
                    }
                }
            }

            @Override
            public void problem(Problem problem) {
            }
        }).read();
    }
}
