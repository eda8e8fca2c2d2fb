package dev.tracelint.trace;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * An event the model held back (a flow step before its start, a legacy step before its S, a
 * consumer before its producer), with where it stands in the file: what is handed on together is
 * sorted back into file order by {@link #ORDER}, so that findings name the events as written.
 */
public interface InFileOrder {
    /** Earlier in the file first. A class, not a lambda: no class spun at run time. */
    Comparator<InFileOrder> ORDER = new Comparator<>() {
        @Override
        public int compare(InFileOrder a, InFileOrder b) {
            return Long.compare(a.inFile(), b.inFile());
        }
    };

    /**
     * What each of {@code kept} holds back, in file order, one after another: the events no later one
     * took (a step with no start, a consumer with no producer), as the model publishes them at the end.
     */
    static <T extends InFileOrder & KeptByTime.Timed> List<T> eachInFile(Collection<KeptByTime<T>> kept) {
        List<T> all = new ArrayList<>();
        for (KeptByTime<T> k : kept) {
            List<T> one = k.all();
            one.sort(ORDER);
            all.addAll(one);
        }
        return all;
    }

    /** Its place in the file: the event's index, or an offset in it (the same kind for all it is sorted with). */
    long inFile();
}
