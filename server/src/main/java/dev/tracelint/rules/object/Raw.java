package dev.tracelint.rules.object;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import java.io.IOException;
import java.util.Map;

/**
 * Reads the direct scalar members of one nested object value from the event's source text, for
 * the rare checks that need a value two levels deep ({@code args.snapshot.base_type},
 * {@code args.x.id_ref}). Costs a parse of that value only; never called per event in the common path.
 */
final class Raw {
    private static final JsonFactory FACTORY = new JsonFactory();

    private Raw() {
    }

    /** True if {@code value}'s source text contains {@code needle} (compared char by char, no allocation). */
    static boolean contains(EventView e, Field value, String needle) {
        long end = value.valueRange().end() - needle.length();
        outer:
        for (long i = value.valueRange().start(); i <= end; i++) {
            for (int j = 0; j < needle.length(); j++) {
                if (e.charAt(i + j) != needle.charAt(j)) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Puts the scalar members of {@code value} (an object member of {@code e}) whose keys are in {@code into}. */
    static boolean scalars(EventView e, Field value, Map<String, String> into) {
        String raw = e.text(value.valueRange());
        if (raw == null) {
            return false; // longer than the reader's replay window: not judged
        }
        try (JsonParser p = FACTORY.createParser(raw)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String k = p.currentName();
                JsonToken t = p.nextToken();
                if (into.containsKey(k) && (t == JsonToken.VALUE_STRING || t.isNumeric())) {
                    into.put(k, p.getText());
                } else {
                    p.skipChildren();
                }
            }
            return true;
        } catch (IOException ex) {
            return false;
        }
    }
}
