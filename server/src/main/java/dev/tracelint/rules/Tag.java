package dev.tracelint.rules;

/**
 * How an editor may mark a rule's findings beyond their severity (LSP's diagnostic tags), declared
 * on the rule ({@link Declaration#tags}) for what its findings are, whatever the viewers do.
 */
public enum Tag {
    /** What it points at is ignored and may go: shown faded (duplicate-key's earlier key, which no viewer reads). */
    UNNECESSARY,
    /** What it points at is deprecated: shown struck through (deprecated-phase's {@code ph}). */
    DEPRECATED
}
