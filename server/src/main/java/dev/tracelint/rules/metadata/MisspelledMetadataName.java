package dev.tracelint.rules.metadata;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;

import dev.tracelint.rules.Declaration;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.Quoted;
import dev.tracelint.text.TextEdit;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;

/** An M event whose name is a near miss of a known one ("thread_nam"): the name or sort order it sets is lost. */
public final class MisspelledMetadataName implements Rule {
    public static final Declaration RULE = Declaration.rule(52, "misspelled-metadata-name", c -> new MisspelledMetadataName())
            .finds("An `M` name that is a near miss of a known one (`thread_nam`)")
            .phases(Phase.METADATA)
            .fix("Replace with the known name (unsafe: the renamed event is not judged against the others)")
            .when("misspelled metadata name")
                .catapult(DROPPED, "warning; the name or order is not applied", CATAPULT + " processMetadataEvent")
                .perfetto(DROPPED, "ignored: the name or order is not applied", PERFETTO_PARSER)
                .devtools(NONE, "ignored", DEVTOOLS_META, "rule-misspelled-metadata-name.json")
                .speedscopeSkipsIt("rule-misspelled-metadata-name.json");

    /**
     * Why the rename is not safe: once renamed, the event names, orders or describes its process or
     * thread, which this rule cannot judge from the event alone. A second thread_name of the same
     * thread is conflicting-thread-name's, a second stackFrames M duplicate-stack-frame's (chrome://tracing
     * then fails), and the meant name may need args the event lacks (missing-field): all found by
     * FixBytesFuzzTest's property that a safe fix adds no finding of another rule.
     */
    static final String UNJUDGED = "; unsafe: the renamed event is not checked against the other metadata of its"
            + " process or thread, nor against the args the name needs";

    @Override
    public void accept(EventView e, Report out) {
        Field name = UnknownMetadataName.unknownName(e);
        String nearest = name == null ? null : UnknownMetadataName.nearest(name.text());
        if (nearest == null) {
            return;
        }
        out.add(out.at(name.valueRange(), "metadata name " + Quoted.quoted(name.text()) + " is not a name of the spec; "
                        + Json.quote(nearest) + " is")
                .fix(Fix.unsafe("Replace with " + Json.quote(nearest) + UNJUDGED,
                        TextEdit.replace(name.valueRange(), Json.quote(nearest)))));
    }
}
