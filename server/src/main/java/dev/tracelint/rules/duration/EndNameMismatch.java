package dev.tracelint.rules.duration;

import dev.tracelint.finding.Details;
import dev.tracelint.finding.Fix;
import dev.tracelint.finding.Related;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.rules.SharedState;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.util.List;

/** An E whose name differs from the B it closes (it closes the innermost B all the same). */
public final class EndNameMismatch implements Rule {
    private final ThreadStacks stacks;

    public EndNameMismatch(SharedState shared) {
        stacks = ThreadStacks.shared(shared);
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
        out.add(name.valueRange(), new Misnamed(name.text(), name.valueStart(), name.valueEnd(), begin));
    }

    /** The E's name and where it is, and the B it closes: the text is written when asked. */
    private record Misnamed(String endName, long nameStart, long nameEnd, OpenBegin begin) implements Details {
        @Override
        public String message() {
            return "E '" + endName + "' closes " + begin.label() + " (an E always closes the innermost open B on its thread)";
        }

        @Override
        public List<Related> related() {
            return List.of(new Related(begin.nameRange(), "the B it closes"));
        }

        /**
         * Safe, unless the B's name holds U+FFFD: that may stand for bytes that are not UTF-8, which
         * a copy of the text cannot write again (Perfetto compares names as bytes, so the copy could
         * still differ there).
         */
        @Override
        public List<Fix> fixes() {
            String title = "Rename to " + Json.quote(begin.name());
            TextEdit edit = TextEdit.replace(new TextRange(nameStart, nameEnd), Json.quote(begin.name()));
            return List.of(begin.name().indexOf('\uFFFD') < 0 ? Fix.safe(title, edit) : Fix.unsafe(title, edit));
        }
    }
}
