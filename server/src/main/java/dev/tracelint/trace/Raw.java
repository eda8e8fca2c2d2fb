package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.MemberReader;
import dev.tracelint.read.Members;
import java.util.Map;

/**
 * Reads the direct scalar members of one nested object value from the event's source text, for
 * the rare checks that need a value two levels deep ({@code args.snapshot.base_type},
 * {@code args.x.id_ref}). Costs a parse of that value only; never called per event in the common path.
 */
public final class Raw {
    private Raw() {
    }

    /** Longest {@code args.<field>} value scanned for an id_ref: a reference object is small. */
    public static final int MAX_REF_LENGTH = 256;

    /**
     * True if a small object value's source text contains {@code id_ref} or {@code idRef}: one
     * pass, char by char, no allocation; larger values are not scanned.
     */
    public static boolean mayHoldIdRef(EventView e, Field value) {
        long from = value.valueRange().start();
        long to = value.valueRange().end();
        if (to - from > MAX_REF_LENGTH) {
            return false;
        }
        for (long i = from; i + 5 <= to; i++) {
            if (e.charAt(i) == 'i' && e.charAt(i + 1) == 'd') {
                int c = e.charAt(i + 2);
                if (c == '_' && e.charAt(i + 3) == 'r' && e.charAt(i + 4) == 'e' && e.charAt(i + 5) == 'f'
                        || c == 'R' && e.charAt(i + 3) == 'e' && e.charAt(i + 4) == 'f') {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Puts the scalar members of {@code value} (an object member of {@code e}) whose keys are in
     * {@code into}; false if its text has left the reader's window (then it is not judged).
     */
    public static boolean scalars(EventView e, Field value, Map<String, String> into) {
        String raw = e.text(value.valueRange());
        if (raw == null) {
            return false; // longer than the reader's replay window: not judged
        }
        Members members = MemberReader.object(raw, value.valueStart());
        for (String key : into.keySet()) {
            Field f = members.get(key); // the last one, as viewers read it
            if (f != null && (f.isString() || f.isNumber())) {
                into.put(key, f.text());
            }
        }
        return true;
    }
}
