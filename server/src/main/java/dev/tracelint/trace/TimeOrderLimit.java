package dev.tracelint.trace;

/**
 * An event the model could not judge in time order: it came later in the file than the model
 * holds events back ({@code bound} entries of {@code domain}), after later ones of its thread or
 * id were judged. {@code where} names the thread or id; published once per thread or per domain.
 */
public record TimeOrderLimit(String domain, String where, EventRef at, int bound) implements Fact {
}
