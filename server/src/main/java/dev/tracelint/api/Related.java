package dev.tracelint.api;

/**
 * Another place a finding points at (the begin of an unmatched end, the first of two duplicate keys).
 *
 * @param message what that place is
 * @param start   where it starts
 * @param end     where it ends (exclusive)
 */
public record Related(String message, Position start, Position end) {
}
