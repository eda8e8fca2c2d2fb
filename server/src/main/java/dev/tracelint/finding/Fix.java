package dev.tracelint.finding;

import dev.tracelint.text.TextEdit;
import java.util.List;

/**
 * Text edits that repair one finding. A safe fix never changes what a viewer shows beyond the
 * defect itself; an unsafe one may (it guesses a duration, deletes an event...).
 */
public record Fix(String title, boolean safe, List<TextEdit> edits) {
    public Fix {
        edits = List.copyOf(edits);
    }

    public static Fix safe(String title, TextEdit... edits) {
        return new Fix(title, true, List.of(edits));
    }

    public static Fix unsafe(String title, TextEdit... edits) {
        return new Fix(title, false, List.of(edits));
    }
}
