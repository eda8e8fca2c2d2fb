package dev.tracelint.rules.duration;

import dev.tracelint.finding.Fix;
import dev.tracelint.model.Phase;
import dev.tracelint.model.Severity;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.RuleInfo;
import dev.tracelint.rules.SharedState;
import dev.tracelint.text.TextEdit;

/** An E whose name differs from the B it closes (it closes the innermost B all the same). */
public final class EndNameMismatch implements Rule {
    public static final RuleInfo INFO = new RuleInfo("end-name-mismatch", Severity.WARNING,
            "An E event named differently from the B it closes");

    private final ThreadStacks stacks;

    public EndNameMismatch(SharedState shared) {
        stacks = ThreadStacks.shared(shared);
    }

    @Override
    public RuleInfo info() {
        return INFO;
    }

    @Override
    public void accept(EventView e, Report out) {
        boolean isEnd = e.phase() == Phase.END;
        OpenBegin begin = stacks.accept(e);
        if (!isEnd || begin == null || begin.name() == null) {
            return;
        }
        Field name = e.get("name");
        if (name == null || name.kind() != ValueKind.STRING || name.text().equals(begin.name())) {
            return;
        }
        out.add(out.at(name.valueRange(), "E '" + name.text() + "' closes " + begin.label()
                        + " (an E always closes the innermost open B on its thread)")
                .related(begin.nameRange(), "the B it closes")
                .fix(rename(begin.name(), name)));
    }

    /**
     * Safe, unless the B's name holds U+FFFD: that may stand for bytes that are not UTF-8, which
     * a copy of the text cannot write again (Perfetto compares names as bytes, so the copy could
     * still differ there).
     */
    private static Fix rename(String beginName, Field name) {
        String title = "Rename to " + Json.quote(beginName);
        TextEdit edit = TextEdit.replace(name.valueRange(), Json.quote(beginName));
        return beginName.indexOf('\uFFFD') < 0 ? Fix.safe(title, edit) : Fix.unsafe(title, edit);
    }
}
