package dev.tracelint.rules.stackframes;

import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextRange;

/** A global sample (top-level samples array) without tid, ts, name or sf. */
public final class SampleMissingField implements Rule {
    public static final Declaration RULE = Declaration.rule(50, "sample-missing-field", c -> new SampleMissingField())
            .finds("A sample without `sf`/`tid`/`ts`/`name`")
            .phases("`samples`");

    private static final String[] FIELDS = {"sf", "tid", "ts", "name"};

    @Override
    public void accept(EventView e, Report out) {
    }

    @Override
    public void acceptSample(EventView sample, Report out) {
        for (int i = 0; i < FIELDS.length; i++) {
            if (!sample.has(FIELDS[i])) {
                out.add(out.at(new TextRange(sample.start(), sample.start() + 1),
                        "sample without \"" + FIELDS[i] + "\""));
            }
        }
    }
}
