package dev.tracelint.rules;

/**
 * A rule whose findings rest on the whole trace: an absence (a B no E closes, a trace without B/E/X,
 * a flow never ended, a dump without its global one) or an end whose start is not there (an E without
 * its B), which an event the reader could not read may belong to. After a syntax error that kept the
 * reader from some of the events, the analysis does not report such a rule's findings
 * (docs/will-it-load.md): they would rest on the part that was read. Being one is the whole of it:
 * the type says it, once, and the analysis asks the type.
 */
public interface WholeTraceRule extends Rule {
}
