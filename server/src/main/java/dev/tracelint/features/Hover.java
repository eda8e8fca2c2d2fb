package dev.tracelint.features;

import dev.tracelint.text.TextRange;

/** Markdown to show for a range. */
public record Hover(String markdown, TextRange range) {
}
