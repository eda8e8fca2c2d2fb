package dev.tracelint.rules.counter;

import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.model.Phase;
import dev.tracelint.rules.Declaration;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.text.Quoted;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.text.TextRange;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A series that appears or disappears between samples of one counter (pid, name, id). catapult
 * takes a counter's series from its first sample: a later new series is ignored, a missing one reads 0.
 */
public final class CounterSeriesChanged extends CounterRule {
    public static final Declaration RULE = Declaration.rule(39, "counter-series-changed", c -> new CounterSeriesChanged())
            .finds("A series that appears or disappears between samples of a counter")
            .phases(Phase.COUNTER)
            .when("counter series changed")
                .catapult(WRONG, "series fixed by the first sample: a new one is ignored, a missing one reads 0",
                        CATAPULT + " processCounterEvent")
                .perfetto(NONE, "one track per series", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-counter-series-changed.json");

    private static final class Counter {
        final String[] series;
        final TextRange firstArgs;
        final Set<String> reported = new HashSet<>();

        Counter(String[] series, TextRange firstArgs) {
            this.series = series;
            this.firstArgs = firstArgs;
        }
    }

    private final Map<String, Counter> counters = new HashMap<>();

    @Override
    protected void judge(EventView e, Field args, Report out) {
        if (args == null || args.kind() != ValueKind.OBJECT || args.children().droppedCount() > 0) {
            return;
        }
        Members m = args.children();
        if (m.size() == 0) {
            return; // counter-without-args
        }
        Field pid = e.get("pid");
        Field id = e.get("id");
        String key = (pid == null ? "" : pid.identity()) + '\u0000' + e.name() + '\u0000' + (id == null ? "" : id.identity());
        Counter c = counters.get(key);
        if (c == null) {
            String[] series = new String[m.size()];
            for (int i = 0; i < series.length; i++) {
                series[i] = m.get(i).key();
            }
            counters.put(key, new Counter(series, args.valueRange()));
            return;
        }
        for (int i = 0; i < m.size(); i++) {
            String k = m.get(i).key();
            if (!contains(c.series, k) && c.reported.add(k)) {
                out.add(out.at(m.get(i).keyRange(), "series " + Quoted.quoted(k) + " of " + counterLabel(e)
                                + " first appears here, not in the counter's first sample")
                        .related(c.firstArgs, "the counter's first sample"));
            }
        }
        for (String s : c.series) {
            if (m.get(s) == null && c.reported.add(s)) {
                out.add(out.at(args.valueRange(), "series " + Quoted.quoted(s) + " of " + counterLabel(e)
                                + " is missing from this sample")
                        .related(c.firstArgs, "the counter's first sample"));
            }
        }
    }

    /** Built only for a finding: most samples have none. */
    private static String counterLabel(EventView e) {
        return e.name() == null ? "this counter" : "counter " + Quoted.quoted(e.name());
    }

    private static boolean contains(String[] a, String s) {
        for (String x : a) {
            if (x.equals(s)) {
                return true;
            }
        }
        return false;
    }
}
