package dev.tracelint.api;

import java.util.List;

/**
 * A fix {@link Tracelint#repair} applied, or refused.
 *
 * @param rule     the rule whose finding it fixes
 * @param title    what it changes, as the fix says it
 * @param safe     whether the fix is safe (invents nothing); repair applies unsafe ones too
 * @param why      the finding's message
 * @param at       where the finding is in the input
 * @param unblocks the ids of the targeted viewers whose verdict the finding counted in
 * @param round    the round that applied (or refused) it, from 1
 * @param refused  why it was not applied (it made a targeted viewer's verdict worse), or null when applied
 */
public record Change(String rule, String title, boolean safe, String why, Position at, List<String> unblocks, int round,
                     String refused) {
}
