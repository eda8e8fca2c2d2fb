package dev.tracelint.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Output a trace cannot forge or blow up (issue 29): a string from the trace never breaks a line
 * or reaches the terminal as an escape sequence; a quoted string is cut with its length said, so
 * the output of a trace that quotes one long string a thousand times stays a small multiple of
 * the input; a raw CR LF inside a string is one range; I/O failures in plain words.
 */
class OutputSafetyTest extends E2eTest {
    @Test
    void aTraceStringCannotWriteALineOrAnEscapeSequence() {
        write("forged.json", "[{\"ph\":\"B\",\"name\":\"«a\\nother.json:1:1: error: forged [x]\\u001b[31m\\u0085\\u202e😀»\","
                + "\"pid\":1,\"tid\":1,\"ts\":1},\n"
                + "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"x\\ry\"}},\n"
                + "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"z\"}}]\n");
        Cli.Result r = check("forged.json");
        assertLines(List.of(
                "forged.json:1:8: warning: B '«a\\nother.json:1:1: error: forged [x]\\u001b[31m\\u0085\\u202e😀»' on thread 1:1"
                        + " is never closed: no E follows it on that thread: chrome://tracing, Perfetto, DevTools and speedscope"
                        + " show it wrongly [unmatched-begin]",
                "forged.json:3:63: warning: thread 1:1 is named \"z\" here and \"x\\ry\" before: chrome://tracing and Perfetto"
                        + " show it wrongly [conflicting-thread-name]",
                "2 problems (2 warnings) in 1 trace."), r.findingLines(), r);
        for (String line : r.stdout().split("\n")) {
            assertFalse(line.chars().anyMatch(c -> c < 0x20 || c >= 0x7f && c <= 0x9f || c == 0x202e), () -> "control char in " + line);
        }
    }

    /**
     * Issue 36: the unclosed async begins put the name in raw, so JSON and SARIF carried a real ESC,
     * LF and U+202E and a 5,000-char name made a 5,130-char message, while the text output escaped
     * at print time; invisible chars were printed as they are. Now the three formats say the same
     * message, escaped, cut, and an emoji family stays one.
     */
    @Test
    void textJsonAndSarifShowTheSameEscapedMessage() {
        String family = "👨\u200d👩\u200d👧";
        write("async.json", "[{\"ph\":\"b\",\"cat\":\"c\",\"id\":1,\"pid\":1,\"tid\":1,\"ts\":1,"
                + "\"name\":\"a\\u001b[31m\\n\\u202e\\u200b\\ufeff\\u00ad\\udb40\\udc41" + family + "\"},\n"
                + "{\"ph\":\"b\",\"cat\":\"c\",\"id\":2,\"pid\":1,\"tid\":1,\"ts\":2,\"name\":\"" + "W".repeat(5_000) + "\"},\n"
                + "{\"ph\":\"X\",\"name\":\"x\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":3}]\n"); // a slice: no no-slices
        String first = "b 'a\\u001b[31m\\n\\u202e\\u200b\\ufeff\\u00ad\\udb40\\udc41" + family + "' (id 1, ts 1) is never closed:"
                + " no e with the same category, id and name follows: chrome://tracing and Perfetto show it wrongly";
        String second = "b '" + "W".repeat(60) + "'… (5,000 chars) (id 2, ts 2) is never closed:"
                + " no e with the same category, id and name follows: chrome://tracing and Perfetto show it wrongly";
        Cli.Result text = check("async.json");
        assertLines(List.of("async.json:1:8: warning: " + first + " [unmatched-async-begin]",
                "async.json:2:7: warning: " + second + " [unmatched-async-begin]",
                "2 problems (2 warnings) in 1 trace."), text.findingLines(), text);
        Object json = JsonTree.parse(check("--format", "json", "async.json").stdout());
        Object sarif = JsonTree.parse(check("--format", "sarif", "async.json").stdout());
        for (int i = 0; i < 2; i++) {
            String expected = i == 0 ? first : second;
            assertEquals(expected, JsonTree.str(json, "findings", i, "message"));
            assertEquals(expected, JsonTree.str(sarif, "runs", 0, "results", i, "message", "text"));
        }
    }

    @Test
    void aRawCrLfInsideAStringIsOneRangeEndingOnTheNextLine() {
        write("crlf.json", "[{\"ph\":\"B\",\"name\":\"«x\r\ny»😀\",\"pid\":1,\"tid\":1,\"ts\":1}]\n");
        Cli.Result r = check("--format", "json", "crlf.json");
        Object range = JsonTree.at(JsonTree.parse(r.stdout()), "findings", 0, "range");
        assertEquals(1, JsonTree.num(range, "start", "line"), r::toString);
        assertEquals(22, JsonTree.num(range, "start", "column"), r::toString); // « is one UTF-16 unit
        // the end is after the "\n" (line 2, column 1), never between "\r" and "\n" past line 1's end
        assertEquals(2, JsonTree.num(range, "end", "line"), r::toString);
        assertEquals(1, JsonTree.num(range, "end", "column"), r::toString);
    }

    /** A 1 MB string quoted by 1,000 findings: output and memory bounded by the input, in -Xmx256m. */
    @Test
    void aLongStringQuotedByAThousandFindingsKeepsTheOutputSmall() throws Exception {
        String big = "n".repeat(1 << 20);
        StringBuilder renamed = new StringBuilder("[{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"" + big + "\"}}");
        StringBuilder snapshotted = new StringBuilder("[{\"ph\":\"N\",\"name\":\"" + big + "\",\"id\":\"0x1\",\"pid\":1,\"tid\":1,\"ts\":1}");
        for (int i = 0; i < 1000; i++) {
            renamed.append(",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"t").append(i).append("\"}}");
            snapshotted.append(",\n{\"ph\":\"O\",\"name\":\"other\",\"id\":\"0x1\",\"pid\":1,\"tid\":1,\"ts\":").append(i + 2)
                    .append(",\"args\":{\"snapshot\":{\"x\":1}}}");
        }
        for (String[] c : List.of(new String[] {"renamed.json", renamed + "]\n", "conflicting-thread-name"},
                new String[] {"snapshotted.json", snapshotted + "]\n", "snapshot-base-type-mismatch"})) {
            Path in = write(c[0], c[1]);
            for (String format : List.of("text", "json", "sarif")) {
                Path out = dir.resolve(c[0] + "." + format);
                List<String> cmd = new ArrayList<>(List.of(Cli.java(), "-Xmx256m", "-jar", Cli.jar().toString(), "check", "--format", format, c[0]));
                Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                assertTrue(p.waitFor(Cli.TIMEOUT_SECONDS, TimeUnit.SECONDS), c[0]);
                assertTrue(p.exitValue() <= 1, c[0] + " " + format + ": exit " + p.exitValue()); // 2: it broke (out of memory)
                long input = Files.size(in);
                long output = Files.size(out);
                // before: 1.05 GB (renamed) and 2.1 GB (snapshotted) of text; now 0.2-1.2 MB (SARIF says most per finding)
                assertTrue(output < 2 * input, c[0] + " " + format + ": " + output + " bytes out of " + input);
                String text = Files.readString(out);
                assertTrue(text.contains(c[2]) && text.contains("… (1,048,576 chars)"), c[0] + " " + format);
            }
        }
    }

    @Test
    void ioFailuresAreSaidInPlainWords() throws IOException {
        byte[] whole = gzip("[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]\n".repeat(200));
        writeBytes("cut.json.gz", java.util.Arrays.copyOf(whole, whole.length / 2));
        writeBytes("header.json.gz", java.util.Arrays.copyOf(whole, 5));
        Files.createSymbolicLink(dir.resolve("self.json"), Path.of("self.json"));
        Files.createSymbolicLink(dir.resolve("dangling.json"), Path.of("nowhere.json"));
        String cut = "cannot read: the gzip data is cut short: the file ends before its compressed data does"
                + " (an unfinished download or copy?)";
        Cli.Result r = check("cut.json.gz", "header.json.gz");
        assertLines(List.of("tracelint: cut.json.gz: " + cut, "tracelint: header.json.gz: " + cut), r.errLines(), r);
        Cli.Result loop = check("self.json");
        assertLines(List.of("tracelint: too many levels of symbolic links (a link loop, such as a link to itself): self.json"),
                loop.errLines(), loop);
        Cli.Result dangling = check("dangling.json");
        assertLines(List.of("tracelint: a symbolic link to a missing file: dangling.json"), dangling.errLines(), dangling);
        for (Cli.Result each : List.of(r, loop, dangling)) {
            assertFalse(each.stderr().matches("(?s).*[A-Z][a-z]+(Exception|Error)\\b.*"), each::toString);
        }
    }
}
