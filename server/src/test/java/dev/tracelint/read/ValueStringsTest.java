package dev.tracelint.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ValueStringsTest {

    private static long stamp(ValueStrings v, String s) {
        return v.stamp(slot(s), ring("  " + s), 2, s.length());
    }

    private static int slot(String s) {
        return ValueStrings.slot(ring(s), 0, s.length());
    }

    /** A ring holding {@code s} from its first slot. */
    private static Ring ring(String s) {
        Ring r = new Ring(Integer.highestOneBit(s.length()) * 2);
        RingTest.put(r, 0, s);
        return r;
    }

    @Test
    void aValueWithACharThatIsNotAsciiIsNotKept() {
        ValueStrings v = new ValueStrings();
        assertEquals(0, stamp(v, "Zürich"), "entries hold ASCII only: 0 is no stamp");
        assertTrue(stamp(v, "Zurich") != 0);
        assertEquals(0, stamp(v, "😀"));
    }

    @Test
    void aRepeatedValueKeepsItsEntryAndAnEvictedOneIsNoLongerHandedOut() {
        ValueStrings v = new ValueStrings();
        long first = stamp(v, "RunTask");
        assertEquals(first, stamp(v, "RunTask"));
        assertEquals("RunTask", v.still(slot("RunTask"), first));
        String rival = collidingWith("RunTask");
        long other = stamp(v, rival);
        assertNull(v.still(slot("RunTask"), first), "the slot moved on to " + rival);
        assertEquals(rival, v.still(slot(rival), other));
        assertTrue(stamp(v, "RunTask") != first, "a re-made entry gets a new stamp");
    }

    @Test
    void twoThreadsRacingForOneSlotNeverGetEachOthersText() throws InterruptedException {
        ValueStrings v = new ValueStrings();
        String a = "ThreadControllerImpl::RunTask";
        String b = collidingWith(a);
        AtomicReference<String> wrong = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (String s : new String[] {a, b}) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < 200_000 && wrong.get() == null; i++) {
                    long stamp = stamp(v, s);
                    String got = v.still(slot(s), stamp);
                    if (got != null && !got.equals(s)) {
                        wrong.set(got + " for " + s);
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        assertNull(wrong.get());
    }

    /** Another short ASCII string with the same slot. */
    private static String collidingWith(String s) {
        for (int i = 0; ; i++) {
            String c = "v" + i;
            if (slot(c) == slot(s) && !c.equals(s)) {
                return c;
            }
        }
    }
}
