package dev.tracelint.trace;

import java.util.Objects;

/**
 * A key of up to four strings and a flag, for the model's maps by id (an async tree's cat and
 * scoped id, a flow's id, cat and name, an object's pid, scope and id). equals and hashCode are
 * written out: a record's own are linked through invokedynamic, which spins method-handle
 * classes at start-up.
 */
public final class IdKey {
    private final String a;
    private final String b;
    private final String c;
    private final String d;
    private final boolean flag;
    private final int hash;

    public IdKey(String a, String b, String c, String d, boolean flag) {
        this.a = a;
        this.b = b;
        this.c = c;
        this.d = d;
        this.flag = flag;
        int h = Objects.hashCode(a);
        h = 31 * h + Objects.hashCode(b);
        h = 31 * h + Objects.hashCode(c);
        h = 31 * h + Objects.hashCode(d);
        this.hash = 31 * h + (flag ? 1 : 0);
    }

    /** This key with its last part (the id) replaced: the key of a linked id. */
    public IdKey withLast(String id) {
        return new IdKey(a, b, c, id, flag);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IdKey k && k.hash == hash && k.flag == flag && Objects.equals(k.a, a)
                && Objects.equals(k.b, b) && Objects.equals(k.c, c) && Objects.equals(k.d, d);
    }

    @Override
    public String toString() {
        return a + "/" + b + "/" + c + "/" + d + (flag ? "/*" : "");
    }
}
