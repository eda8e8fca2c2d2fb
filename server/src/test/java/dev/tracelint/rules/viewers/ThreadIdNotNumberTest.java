package dev.tracelint.rules.viewers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ThreadIdNotNumberTest {
    /** What JavaScript's "" + Number(s) gives back unchanged (speedscope then finds the group again). */
    @Test
    void stringsThatJavaScriptWritesBackUnchanged() {
        for (String same : List.of("0", "1", "-7", "3.5", "123456789012345", "25738", "1200", "-1200")) {
            assertTrue(ThreadIdNotNumber.readBackAsWritten(same), same);
        }
        for (String changed : List.of("", "Spans", "01", " 1", "1.0", "-0", ".5", "1e3", "+1", "0x10", "1234567890123456789", "1234567890123456", "00", "007", "1.50", "NaN")) {
            assertFalse(ThreadIdNotNumber.readBackAsWritten(changed), changed);
        }
    }

    /** The whole-number shortcut agrees with the definition (BigDecimal's reading of the text, written back plainly) on every short digit string. */
    @Test
    void wholeNumbersAgreeWithTheDefinition() {
        Random rnd = new Random(27);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder();
            int n = 1 + rnd.nextInt(18);
            for (int k = 0; k < n; k++) {
                b.append((char) ('0' + (rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(10))));
            }
            String s = b.toString();
            BigDecimal d = new BigDecimal(s);
            String back = d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
            boolean expected = back.equals(s) && d.precision() <= 15;
            assertEquals(expected, ThreadIdNotNumber.readBackAsWritten(s), s);
        }
    }
}
