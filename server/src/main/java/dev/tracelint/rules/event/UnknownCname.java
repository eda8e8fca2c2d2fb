package dev.tracelint.rules.event;

import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Fix;
import dev.tracelint.model.ColorNames;
import dev.tracelint.model.EditDistance;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Rule;
import dev.tracelint.text.TextEdit;
import java.util.Locale;

/** A cname outside catapult's reserved colours: chrome://tracing aborts the whole import. */
public final class UnknownCname implements Rule {
    /** A trace repeats its bad names: the nearest valid one is looked for once per name (up to this many names). */
    private static final int REMEMBERED = 256;
    private final java.util.Map<String, String> nearestByName = new java.util.HashMap<>();

    @Override
    public void accept(EventView e, Report out) {
        Field cname = e.get("cname");
        if (cname == null || cname.kind() == ValueKind.NULL) {
            return;
        }
        if (cname.kind() == ValueKind.STRING && (cname.text().isEmpty() || ColorNames.isValid(cname.text()))) {
            return; // catapult ignores an empty cname
        }
        String shown = cname.kind() == ValueKind.STRING ? Quoted.quoted(cname.text()) : "this value";
        var f = out.at(cname.valueRange(), "cname " + shown
                + " is not a reserved colour name");
        if (cname.kind() == ValueKind.STRING) {
            String nearest = remembered(cname.text());
            if (nearest != null) {
                f.fix(Fix.safe("Replace with " + Json.quote(nearest), TextEdit.replace(cname.valueRange(), Json.quote(nearest))));
            }
        }
        f.fix(Fix.unsafe("Remove \"cname\"", Edits.removeMember(e.members(), e.members().indexOf(cname))));
        out.add(f);
    }

    private String remembered(String wrong) {
        String nearest = nearestByName.get(wrong);
        if (nearest == null && !nearestByName.containsKey(wrong)) {
            nearest = nearest(wrong);
            if (nearestByName.size() < REMEMBERED) {
                nearestByName.put(wrong, nearest);
            }
        }
        return nearest;
    }

    /** The one valid name clearly intended: unique closest within a small edit distance. */
    static String nearest(String wrong) {
        String lower = wrong.trim().toLowerCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
        if (ColorNames.isValid(lower)) {
            return lower;
        }
        int limit = Math.min(2, Math.max(1, lower.length() / 4));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        boolean tie = false;
        for (String name : ColorNames.ALL) {
            int d = EditDistance.between(lower, name);
            if (d < bestDistance) {
                best = name;
                bestDistance = d;
                tie = false;
            } else if (d == bestDistance) {
                tie = true;
            }
        }
        return bestDistance <= limit && !tie ? best : null;
    }
}
