package dev.tracelint.rules.counter;

import static dev.tracelint.viewer.Consequence.DROPPED;
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
import java.util.regex.Pattern;

/**
 * A counter series value that is not a number. Strings Perfetto parses as a number (".75", "246.",
 * "+10.5", "050") are accepted, as Perfetto accepts them.
 */
public final class CounterNonNumeric extends CounterRule {
    public static final Declaration RULE = Declaration.rule(38, "counter-non-numeric", c -> new CounterNonNumeric())
            .finds("A counter series value that is not a number or a numeric string")
            .phases(Phase.COUNTER)
            .when("counter value not a number")
                .catapult(WRONG, "not converted; a falsy value reads 0", CATAPULT + " processCounterEvent")
                .perfetto(DROPPED, "the value is dropped (`json_parser_failure`)", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("rule-counter-non-numeric.json");

    /** What Perfetto's StringToDouble takes in full: optional sign, digits with an optional dot, optional exponent. */
    private static final Pattern NUMERIC = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    @Override
    protected void judge(EventView e, Field args, Report out) {
        if (args == null || args.kind() != ValueKind.OBJECT) {
            return;
        }
        Members m = args.children();
        for (int i = 0; i < m.size(); i++) {
            Field v = m.get(i);
            if (v.kind() == ValueKind.NUMBER || v.kind() == ValueKind.STRING && isNumeric(v.text())) {
                continue;
            }
            String shown = v.kind() == ValueKind.STRING ? Quoted.quoted(v.text())
                    : v.kind().isScalar() ? v.jsonLiteral() : "an " + v.kind().name().toLowerCase();
            if (v.kind() == ValueKind.OBJECT) {
                shown = "an object";
            } else if (v.kind() == ValueKind.ARRAY) {
                shown = "an array";
            }
            out.add(out.at(v.valueRange(), "series " + Quoted.quoted(v.key()) + " of counter "
                    + (e.name() == null ? "" : Quoted.quoted(e.name()) + " ") + "is " + shown
                    + ", not a number"));
        }
    }

    static boolean isNumeric(String s) {
        return NUMERIC.matcher(s).matches();
    }
}
