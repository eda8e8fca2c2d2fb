package dev.tracelint.features;

import dev.tracelint.index.TraceIndex;
import dev.tracelint.read.Field;

/** Resolves an {@code id_ref} in args to the object (N) of the same process alive at the event's ts. */
final class ObjectRefs {
    private ObjectRefs() {
    }

    static int resolve(TraceIndex index, int event, String id, Field scope) {
        if (id == null) {
            return TraceIndex.NONE;
        }
        int key = index.objectKey(index.pid(event), scope == null ? null : scope.text(), id);
        if (key == TraceIndex.NONE) {
            return TraceIndex.NONE;
        }
        int found = TraceIndex.NONE;
        for (int j = 0; j < index.size(); j++) {
            if (index.idKeyOf(j) == key && "N".equals(index.phase(j)) && !(index.ts(j) > index.ts(event))) {
                int d = index.partner(j);
                if (d == TraceIndex.NONE || !(index.ts(d) < index.ts(event))) {
                    found = j; // the latest creation at or before the event that is still alive
                }
            }
        }
        return found;
    }
}
