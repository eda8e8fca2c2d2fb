package dev.tracelint.trace;

import dev.tracelint.text.Quoted;

/**
 * An id as written, kept for a message that may come later: its text, whether it was a string,
 * and the {@code id2} key it sits under (null for a plain {@code id}). The shown form is made only
 * by {@link #toString()}, when a message is written.
 */
public record IdText(String text, boolean string, String id2Key) {
    @Override
    public String toString() {
        String literal = string ? Quoted.quoted(text) : Quoted.plain(text);
        return id2Key == null ? literal : "{" + Quoted.quoted(id2Key) + ": " + literal + "}";
    }
}
