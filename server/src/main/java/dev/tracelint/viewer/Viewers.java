package dev.tracelint.viewer;

import dev.tracelint.text.Quoted;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The viewers a user targets (tracelint.json {@code "viewers"}, {@code --viewers}, the editor setting); never empty. */
public final class Viewers implements Iterable<Viewer> {
    /** The default: every viewer {@linkplain Viewer#targetedByDefault() targeted by default} (all but tracerbench). */
    public static final Viewers DEFAULT = new Viewers(EnumSet.copyOf(
            java.util.Arrays.stream(Viewer.values()).filter(Viewer::targetedByDefault).toList()));

    private final Set<Viewer> set;

    private Viewers(Set<Viewer> set) {
        this.set = set;
    }

    public static Viewers of(Collection<Viewer> viewers) {
        if (viewers.isEmpty()) {
            throw new IllegalArgumentException("no viewer targeted");
        }
        EnumSet<Viewer> set = EnumSet.copyOf(viewers);
        return set.equals(DEFAULT.set) ? DEFAULT : new Viewers(set);
    }

    /**
     * The viewers named by these ids, or null with the reason in {@code problems} (an unknown id,
     * none at all).
     */
    public static Viewers parse(Collection<String> ids, List<String> problems) {
        List<Viewer> out = new ArrayList<>();
        boolean bad = false;
        for (String id : ids) {
            Viewer v = Viewer.of(id);
            if (v == null) {
                problems.add("unknown viewer " + Quoted.quoted(id) + " (known: " + known() + ")");
                bad = true;
            } else {
                out.add(v);
            }
        }
        if (bad) {
            return null;
        }
        if (out.isEmpty()) {
            problems.add("no viewer named (known: " + known() + ")");
            return null;
        }
        return of(out);
    }

    /** The known ids, comma-separated. */
    public static String known() {
        return EnumSet.allOf(Viewer.class).stream().map(Viewer::id).collect(Collectors.joining(", "));
    }

    /** These and {@code v}. */
    public Viewers with(Viewer v) {
        EnumSet<Viewer> more = EnumSet.copyOf(set);
        more.add(v);
        return of(more);
    }

    public boolean contains(Viewer v) {
        return set.contains(v);
    }

    public int size() {
        return set.size();
    }

    /** In the order of {@link Viewer}. */
    @Override
    public Iterator<Viewer> iterator() {
        return set.iterator();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Viewers v && v.set.equals(set);
    }

    @Override
    public int hashCode() {
        return set.hashCode();
    }

    /** The ids, comma-separated, as {@code --viewers} takes them. */
    @Override
    public String toString() {
        return set.stream().map(Viewer::id).collect(Collectors.joining(","));
    }
}
