package dev.tracelint.api;

import java.util.List;

/**
 * One finding in a trace.
 *
 * @param rule     the rule's id ({@code unmatched-end}, ...; {@code tracelint rules} lists them)
 * @param severity {@code error}, {@code warning}, {@code information} or {@code hint}
 * @param message  the message, as {@code check} prints it
 * @param start    where the finding starts
 * @param end      where it ends (exclusive)
 * @param related  other places it points at
 * @param viewers  the ids of the targeted viewers whose verdict it is a cause of (a viewer that fails
 *                 or degrades because of it), in {@link Result#verdicts()} order
 */
public record Problem(String rule, String severity, String message, Position start, Position end,
                      List<Related> related, List<String> viewers) {
}
