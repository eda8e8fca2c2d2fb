package dev.tracelint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An executor's JVM builds the checker and Hadoop's configuration once per job, not per file or task. */
class PerJvmTest {
    @Test
    void reusedWhileTheJobIsTheSame() {
        CheckTraces.Args args = CheckTraces.Args.parse(new String[] {"--input", "x", "--output", "y", "--viewers", "perfetto"});
        Map<String, String> hadoop = Map.of("fs.defaultFS", "file:///", "io.file.buffer.size", "65536");
        PerJvm.State first = PerJvm.of(args, hadoop);
        // a task's deserialised copies of the same arguments and settings
        PerJvm.State again = PerJvm.of(CheckTraces.Args.parse(new String[] {"--input", "x", "--output", "y", "--viewers", "perfetto"}), new HashMap<>(hadoop));
        assertSame(first, again);
        assertEquals("65536", first.hadoop().get("io.file.buffer.size"));
        assertEquals(List.of("perfetto"), first.lint().viewers());

        PerJvm.State other = PerJvm.of(CheckTraces.Args.parse(new String[] {"--input", "x", "--output", "y", "--viewers", "devtools"}), hadoop);
        assertNotSame(first, other);
        assertEquals(List.of("devtools"), other.lint().viewers());
        Map<String, String> changed = new HashMap<>(hadoop);
        changed.put("io.file.buffer.size", "4096");
        assertEquals("4096", PerJvm.of(CheckTraces.Args.parse(new String[] {"--input", "x", "--output", "y", "--viewers", "devtools"}), changed).hadoop().get("io.file.buffer.size"));
    }
}
