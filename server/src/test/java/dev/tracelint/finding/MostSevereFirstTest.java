package dev.tracelint.finding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tracelint.model.Severity;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The editor's cap: the most severe first, file order within a severity and in what is kept. */
class MostSevereFirstTest {
    private static Finding at(int offset, Severity s) {
        return new Finding("rule-" + s.id(), s, "at " + offset, new TextRange(offset, offset + 1), List.of(), List.of());
    }

    /** hint, info, warning, error, hint, error, info, warning at offsets 0..7. */
    private static final List<Finding> MIXED = List.of(at(0, Severity.HINT), at(1, Severity.INFORMATION), at(2, Severity.WARNING),
            at(3, Severity.ERROR), at(4, Severity.HINT), at(5, Severity.ERROR), at(6, Severity.INFORMATION), at(7, Severity.WARNING));

    private static List<Long> offsets(MostSevereFirst m) {
        List<Long> out = new ArrayList<>();
        for (Finding f : m.shown()) {
            out.add(f.range().start());
        }
        return out;
    }

    @Test
    void errorsThenWarningsThenTheFirstInformationInFileOrder() {
        MostSevereFirst m = MostSevereFirst.of(MIXED, 5);
        assertEquals(List.of(1L, 2L, 3L, 5L, 7L), offsets(m));
        assertArrayEquals(new int[] {0, 0, 1, 2}, m.hidden());
        assertEquals(3, m.hiddenCount());
        assertEquals("1 information, 2 hints", m.hiddenBySeverity());
    }

    @Test
    void moreErrorsThanRoomKeepsTheFirstErrors() {
        MostSevereFirst m = MostSevereFirst.of(MIXED, 1);
        assertEquals(List.of(3L), offsets(m));
        assertEquals("1 error, 2 warnings, 2 information, 2 hints", m.hiddenBySeverity());
    }

    @Test
    void roomForAllKeepsAllInFileOrder() {
        MostSevereFirst m = MostSevereFirst.of(MIXED, 8);
        assertEquals(MIXED, m.shown());
        assertEquals(0, m.hiddenCount());
        assertEquals("", m.hiddenBySeverity());
        assertEquals(List.of(), MostSevereFirst.of(MIXED, 0).shown());
    }
}
