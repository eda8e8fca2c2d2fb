package dev.tracelint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.analysis.Analyzer;
import dev.tracelint.analysis.Claim;
import dev.tracelint.config.Config;
import dev.tracelint.fix.Repair;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text change log of {@code repair}: a flood of one rule's changes summarised, positions in the input. */
class RepairLogTest {
    @Test
    void identicalChangesAreOneLineWithACountAndARulesOtherTitlesOneMore() {
        StringBuilder trace = new StringBuilder("[\n");
        // 12 nameless E closing "same", then 7 closing B's of 7 other names: 5 lines, then one for the rest
        for (int i = 0; i < 19; i++) {
            String name = i < 12 ? "same" : "n" + i + (i == 12 ? " 🎉" : "");
            trace.append("{\"name\":\"").append(name).append("\",\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":").append(2 * i).append("},\n");
            trace.append("{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":").append(2 * i + 1).append(i == 18 ? "}\n" : "},\n");
        }
        trace.append("]");
        Analyzer analyzer = new Analyzer(Config.DEFAULT.withViewers(Viewers.of(List.of(Viewer.DEVTOOLS))), Claim.TRACE);
        Repair.RepairedText r = Repair.text(trace.toString(), analyzer.analyze(trace.toString()), analyzer, () -> false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RepairLog.text(new PrintStream(bytes, true, StandardCharsets.UTF_8), "in.json", "out.json", r.report());
        String why = ": E event without a name: DevTools cannot load the file";
        assertEquals(List.of(
                "repaired in.json -> out.json: 19 changes in 1 round",
                "  3:7  event-without-name  [safe] Name it \"same\", as the B it closes ×12 (unblocks devtools)" + why,
                "  27:7  event-without-name  [safe] Name it \"n12 🎉\", as the B it closes (unblocks devtools)" + why,
                "  29:7  event-without-name  [safe] Name it \"n13\", as the B it closes (unblocks devtools)" + why,
                "  31:7  event-without-name  [safe] Name it \"n14\", as the B it closes (unblocks devtools)" + why,
                "  33:7  event-without-name  [safe] Name it \"n15\", as the B it closes (unblocks devtools)" + why,
                "  35:7  event-without-name  [safe] Name it \"n16\", as the B it closes and 2 more changes of this rule"
                        + " with other titles (unblocks devtools)" + why,
                "verdicts: devtools fails -> loads"), bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
