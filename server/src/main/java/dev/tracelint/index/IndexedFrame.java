package dev.tracelint.index;

import dev.tracelint.text.TextRange;

/**
 * One frame of the top-level {@code stackFrames} dictionary as the index keeps it, for the hover
 * on {@code sf}/{@code esf} and go-to-definition: where its id's key, its name, category and
 * parent are in the text (null for a name or category that is no string or number, and for no
 * parent). Their texts are read there when asked: the index keeps no copy of the dictionary.
 */
public record IndexedFrame(String id, TextRange keyRange, TextRange name, TextRange category, TextRange parent) {
}
