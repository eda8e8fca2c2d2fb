package dev.tracelint.rules.metadata;

import dev.tracelint.rules.Declaration;
import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextEdit;
import java.util.Set;

/** An M event whose name is a near miss of a known one ("thread_nam"): the name or sort order it sets is lost. */
public final class MisspelledMetadataName implements Rule {
    public static final Declaration RULE = Declaration.rule(52, "misspelled-metadata-name", c -> new MisspelledMetadataName())
            .finds("An `M` name that is a near miss of a known one (`thread_nam`)")
            .phases("`M`")
            .fix("Replace with the known name (safe)");

    @Override
    public Set<Phase> phases() {
        return Set.of(Phase.METADATA);
    }

    @Override
    public void accept(EventView e, Report out) {
        Field name = UnknownMetadataName.unknownName(e);
        String nearest = name == null ? null : UnknownMetadataName.nearest(name.text());
        if (nearest == null) {
            return;
        }
        out.add(out.at(name.valueRange(), "metadata name " + Quoted.quoted(name.text()) + " is not a name of the spec; "
                        + Json.quote(nearest) + " is")
                .fix(Fix.safe("Replace with " + Json.quote(nearest), TextEdit.replace(name.valueRange(), Json.quote(nearest)))));
    }
}
