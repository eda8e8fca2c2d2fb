package dev.tracelint.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.generate.TraceGenerator;
import java.io.Reader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SchemaDifferential}'s check that the schema pre-check never passes an event everit
 * rejects, on generated traces (here, beside the generator, which is no part of the product).
 */
class GeneratedTraceSchemaTest {

    @Test
    void fastPathAgreesWithEveritOnGeneratedTraces() throws Exception {
        SchemaDifferential.Counts c = new SchemaDifferential.Counts();
        for (long seed = 1; seed <= 3; seed++) {
            try (Reader r = new java.io.StringReader(TraceGenerator.inMemory(4L << 20, seed))) {
                SchemaDifferential.check("generated, seed " + seed, r, c);
            }
        }
        assertEquals(List.of(), c.disagreements);
        assertTrue(c.events > 10_000, c.events + " events");
    }
}
