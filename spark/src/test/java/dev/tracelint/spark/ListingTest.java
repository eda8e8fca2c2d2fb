package dev.tracelint.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local folder is walked for *.json and *.json.gz at any depth, as check walks one, with each file's size. */
class ListingTest {
    @Test
    void walksALocalFolder(@TempDir Path tmp) throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Files.writeString(in.resolve("a.json"), "[]");
        Files.write(in.resolve("b.json.gz"), new byte[] {0x1f, (byte) 0x8b, 0, 0, 0});
        Files.writeString(in.resolve("notes.txt"), "not listed");
        Path deep = Files.createDirectories(in.resolve("x/y🙂"));
        Files.writeString(deep.resolve("é.json"), "[{\"ph\":\"X\"}]", StandardCharsets.UTF_8);
        Files.createDirectories(in.resolve("folder.json")); // a folder named like a trace is walked, not listed

        List<CheckTraces.Listed> listed = CheckTraces.list(List.of(in.toUri().toString()), new Configuration());
        listed.sort(Comparator.comparing(CheckTraces.Listed::path));
        assertEquals(List.of(
                new CheckTraces.Listed(new org.apache.hadoop.fs.Path(in.resolve("a.json").toUri()).toString(), 2, null),
                new CheckTraces.Listed(new org.apache.hadoop.fs.Path(in.resolve("b.json.gz").toUri()).toString(), 5, null),
                new CheckTraces.Listed(new org.apache.hadoop.fs.Path(deep.resolve("é.json").toUri()).toString(),
                        "[{\"ph\":\"X\"}]".getBytes(StandardCharsets.UTF_8).length, null)), listed);
    }

    /** A folder that does not exist is one row saying so, not a failed job. */
    @Test
    void aMissingFolderIsARow(@TempDir Path tmp) throws Exception {
        String missing = tmp.resolve("nothing-here").toUri().toString();
        assertEquals(List.of(new CheckTraces.Listed(missing, 0, "cannot read: no such file or nothing matches")),
                CheckTraces.list(List.of(missing), new Configuration()));
    }
}
