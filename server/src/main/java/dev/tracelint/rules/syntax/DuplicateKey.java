package dev.tracelint.rules.syntax;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT_JSON;
import static dev.tracelint.viewer.Sources.DEVTOOLS_LOAD;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE_PARSE;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.Tag;
import java.util.HashMap;
import java.util.Map;

/** The same key twice in one event object: every viewer keeps the last value. */
public final class DuplicateKey implements Rule {
    public static final Declaration RULE = Declaration.rule(2, "duplicate-key", c -> new DuplicateKey())
            .finds("The same key twice in one event (the last value wins)")
            .everyEvent()
            .fix("Remove the earlier one (safe)")
            .tags(Tag.UNNECESSARY) // the earlier key is ignored by every viewer: an editor shows it faded
            .when("duplicate key")
                .catapult(NONE, "`JSON.parse` keeps the last value", CATAPULT_JSON)
                .perfetto(NONE, "fields are read in order: the later valid value overwrites the earlier", PERFETTO_EVENT)
                .devtools(NONE, "`JSON.parse` keeps the last value", DEVTOOLS_LOAD, "rule-duplicate-key.json")
                .speedscope(NONE, "`JSON.parse` keeps the last value", SPEEDSCOPE_PARSE, "rule-duplicate-key.json");

    /**
     * Up to this many members the pairs are compared directly (no allocation, and most events
     * are this small); a wider event goes through a map, so 100,000 keys cost 100,000 look-ups,
     * not five billion compares.
     */
    static final int PAIRWISE_UP_TO = 32;

    @Override
    public void accept(EventView event, Report out) {
        Members m = event.members();
        if (!m.mayRepeatKeys()) {
            return;
        }
        int n = m.size();
        if (n <= PAIRWISE_UP_TO) {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    // hash first: keys are interned names whose hash is cached, so most pairs cost one compare
                    if (sameKey(m.get(i), m.get(j))) {
                        report(m, i, j, out);
                        break;
                    }
                }
            }
            return;
        }
        // a wide event: each member's next member with the same key, found from the end through a map
        int[] next = new int[n];
        Map<String, Integer> laterIndex = new HashMap<>(n * 2);
        for (int i = n - 1; i >= 0; i--) {
            Integer later = laterIndex.put(m.get(i).key(), i);
            next[i] = later == null ? -1 : later;
        }
        for (int i = 0; i < n; i++) {
            if (next[i] >= 0) {
                report(m, i, next[i], out);
            }
        }
    }

    private static boolean sameKey(Field a, Field b) {
        return a.key().hashCode() == b.key().hashCode() && a.key().equals(b.key());
    }

    /** Member {@code i} is overridden by member {@code j}, the next one with its key. */
    private static void report(Members m, int i, int j, Report out) {
        String key = Quoted.quoted(m.get(i).key());
        out.add(out.at(m.get(i).keyRange(), key + " appears again later in this event, whose last value counts")
                .related(m.get(j).keyRange(), "the value that counts")
                .fix(Fix.safe("Remove the earlier " + key, Edits.removeMember(m, i))));
    }
}
