package dev.tracelint.rules.viewers;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadIdNotNumberTest {
    /** What JavaScript's "" + Number(s) gives back unchanged (speedscope then finds the group again). */
    @Test
    void stringsThatJavaScriptWritesBackUnchanged() {
        for (String same : List.of("0", "1", "-7", "3.5", "123456789012345")) {
            assertTrue(ThreadIdNotNumber.readBackAsWritten(same), same);
        }
        for (String changed : List.of("", "Spans", "01", " 1", "1.0", "-0", ".5", "1e3", "+1", "0x10", "1234567890123456789", "NaN")) {
            assertFalse(ThreadIdNotNumber.readBackAsWritten(changed), changed);
        }
    }

}
