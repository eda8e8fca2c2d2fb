package dev.tracelint.trace;

import dev.tracelint.read.Members;
import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Where to cut to remove some members of one object and keep valid JSON: each with the comma after it,
 * and a run that reaches the last member with the comma before the run. Cutting two neighbours one
 * by one would overlap (the last one's cut starts at the comma after the one before it), so a run
 * ending the object is one cut. Made by the model for a fix that removes members of an event it no
 * longer holds.
 */
public final class MemberCuts {
    private MemberCuts() {
    }

    private static boolean repeated(Members members, int index) {
        String key = members.get(index).key();
        for (int i = 0; i < members.size(); i++) {
            if (i != index && key.equals(members.get(i).key())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The disjoint ranges whose deletion removes members {@code indices} (ascending, distinct) of
     * {@code members}; null when the object has members it did not record (their places are unknown).
     */
    public static List<TextRange> of(Members members, int... indices) {
        if (members.droppedCount() > 0) {
            return null;
        }
        for (int i : indices) {
            if (repeated(members, i)) {
                return null; // the value that counts is the last one: removing one of two would change it
            }
        }
        int n = members.size();
        int run = indices.length; // the first index of the run that ends the object
        while (run > 0 && indices[run - 1] == n - (indices.length - run) - 1) {
            run--;
        }
        List<TextRange> cuts = new ArrayList<>(indices.length);
        for (int k = 0; k < run; k++) {
            int i = indices[k];
            cuts.add(new TextRange(members.get(i).keyStart(), members.get(i + 1).keyStart()));
        }
        if (run < indices.length) {
            int first = indices[run];
            long from = first > 0 ? members.get(first - 1).valueEnd() : members.get(first).keyStart();
            if (!cuts.isEmpty() && cuts.get(cuts.size() - 1).end() > from) {
                return null; // every member goes: the cuts would meet; not a case a flow fix has
            }
            cuts.add(new TextRange(from, members.get(n - 1).valueEnd()));
        }
        return cuts;
    }
}
