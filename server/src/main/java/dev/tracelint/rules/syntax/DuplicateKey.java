package dev.tracelint.rules.syntax;

import dev.tracelint.finding.Fix;
import dev.tracelint.model.Severity;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.Members;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleInfo;

/** The same key twice in one event object: every viewer keeps the last value. */
public final class DuplicateKey implements Rule {
    public static final RuleInfo INFO = new RuleInfo("duplicate-key", Severity.WARNING,
            "The same key twice in one event (the last value wins)");

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void accept(EventView event, Report out) {
        Members m = event.members();
        if (!m.mayRepeatKeys()) {
            return;
        }
        for (int i = 0; i < m.size(); i++) {
            Field earlier = m.get(i);
            for (int j = i + 1; j < m.size(); j++) {
                Field later = m.get(j);
                // hash first: keys are interned names whose hash is cached, so most pairs cost one compare
                if (later.key().hashCode() == earlier.key().hashCode() && later.key().equals(earlier.key())) {
                    String key = Json.quote(earlier.key());
                    out.add(out.at(earlier.keyRange(), key + " appears again later in this event; viewers use the last value, "
                                    + "this one is ignored")
                            .related(later.keyRange(), "the value viewers use")
                            .fix(Fix.safe("Remove the earlier " + key, Edits.removeMember(m, i))));
                    break;
                }
            }
        }
    }
}
