package dev.tracelint.features;

import dev.tracelint.text.TextRange;
import java.util.List;

/** An outline entry: a process, a thread or a top-level slice. */
public record Symbol(String name, String detail, Kind kind, TextRange range, TextRange selection, List<Symbol> children) {
    /** What the entry is. */
    public enum Kind { PROCESS, THREAD, SLICE }
}
