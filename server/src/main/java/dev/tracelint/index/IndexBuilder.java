package dev.tracelint.index;

import dev.tracelint.model.MetadataName;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link TraceIndex} while the reader streams, pairing events the way catapult does:
 * B/E per thread in file order, nestable async b/e by category, scope and id (the e closes the
 * nearest open b of the same name), objects N→D per process, flows s→f by id, category and name.
 */
public final class IndexBuilder {
    private final TraceIndex index = new TraceIndex();
    private final Map<String, String> interned = new HashMap<>();
    private final Map<Integer, Deque<Integer>> beStacks = new HashMap<>();
    private final Map<Integer, List<Integer>> sliceStacks = new HashMap<>();
    private final Map<String, List<Integer>> openAsync = new HashMap<>();
    private final Map<String, Integer> aliveObjects = new HashMap<>();
    private final Map<String, Integer> openFlows = new HashMap<>();

    public TraceIndex index() {
        return index;
    }

    private String intern(String s) {
        if (s == null) {
            return null;
        }
        if (interned.size() > 100_000) {
            return s; // pathological traces with unique names: stop caching
        }
        return interned.computeIfAbsent(s, k -> k);
    }

    public void topLevel(Field member) {
        if (member.key().equals("displayTimeUnit") && member.isString()) {
            index.displayTimeUnit = member.text();
        } else if (member.key().equals("stackFrames") && member.kind() == ValueKind.OBJECT) {
            index.stackFramesStart = member.valueRange().start();
            index.stackFramesEnd = member.valueRange().end();
        }
    }

    public void event(EventView e) {
        int i = index.add();
        index.start[i] = e.start();
        index.end[i] = e.end();
        String ph = e.ph();
        index.phase[i] = intern(ph);
        index.name[i] = intern(e.name());
        index.cat[i] = intern(e.string("cat"));
        index.thread[i] = index.threadId(e.threadKey());
        index.ts[i] = number(e.get("ts"));
        if (ph == null) {
            return;
        }
        switch (ph) {
            case "M" -> metadata(e);
            case "B" -> {
                beStacks.computeIfAbsent(index.thread[i], k -> new ArrayDeque<>()).push(i);
                openSlice(i);
            }
            case "E" -> end(i);
            case "X" -> {
                index.dur[i] = number(e.get("dur"));
                openSlice(i);
                addToParent(i);
            }
            case "b", "n", "e" -> async(e, i, ph);
            case "S", "T", "p", "F" -> index.idKey[i] = index.idKey("legacy:" + e.name() + ":" + id(e));
            case "N", "O", "D" -> object(e, i, ph);
            case "s", "t", "f" -> flow(e, i, ph);
            default -> {
            }
        }
    }

    private static double number(Field f) {
        if (f == null) {
            return Double.NaN;
        }
        if (f.kind() == ValueKind.NUMBER) {
            return f.asDouble();
        }
        if (f.kind() == ValueKind.STRING) {
            try {
                return Double.parseDouble(f.text().trim());
            } catch (NumberFormatException ex) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    private void metadata(EventView e) {
        Field args = e.get("args");
        String name = e.name();
        if (args == null || name == null) {
            return;
        }
        Field n = args.children().get("name");
        if (n == null || !n.isString()) {
            return;
        }
        String key = e.threadKey();
        if (name.equals(MetadataName.PROCESS_NAME.id())) {
            index.processNames.put(key.substring(0, key.indexOf(':')), n.text());
        } else if (name.equals(MetadataName.THREAD_NAME.id())) {
            index.threadNames.put(key, n.text());
        }
    }

    /** Pushes a B or X onto its thread's open-slice stack, popping slices that ended before it. */
    private void openSlice(int i) {
        List<Integer> stack = sliceStacks.computeIfAbsent(index.thread[i], k -> new ArrayList<>());
        double ts = index.ts[i];
        while (!stack.isEmpty()) {
            int top = stack.get(stack.size() - 1);
            double topEnd = index.ts[top] + index.dur[top];
            boolean ended = "X".equals(index.phase[top]) ? !(ts < topEnd) && !Double.isNaN(topEnd)
                    : index.partner[top] != TraceIndex.NONE && !(ts < topEnd);
            if (!ended) {
                break;
            }
            stack.remove(stack.size() - 1);
        }
        index.parent[i] = stack.isEmpty() ? TraceIndex.NONE : stack.get(stack.size() - 1);
        index.depth[i] = stack.size();
        stack.add(i);
    }

    /** The innermost slice on event i's thread that is open at its ts, or NONE. */
    private int enclosing(int i) {
        List<Integer> stack = sliceStacks.get(index.thread[i]);
        if (stack == null) {
            return TraceIndex.NONE;
        }
        double ts = index.ts[i];
        for (int k = stack.size() - 1; k >= 0; k--) {
            int s = stack.get(k);
            double end = index.ts[s] + index.dur[s];
            if (index.ts[s] <= ts && (Double.isNaN(end) || ts <= end)) {
                return s;
            }
        }
        return TraceIndex.NONE;
    }

    private void addToParent(int i) {
        int p = index.parent[i];
        if (p != TraceIndex.NONE && !Double.isNaN(index.dur[i])) {
            index.childTime[p] += index.dur[i];
        }
    }

    private void end(int i) {
        Deque<Integer> stack = beStacks.get(index.thread[i]);
        Integer b = stack == null ? null : stack.poll();
        if (b == null) {
            return;
        }
        index.partner[i] = b;
        index.partner[b] = i;
        double d = index.ts[i] - index.ts[b];
        index.dur[b] = d;
        index.dur[i] = d;
        index.depth[i] = index.depth[b];
        index.parent[i] = index.parent[b];
        addToParent(b);
        List<Integer> slices = sliceStacks.get(index.thread[i]);
        if (slices != null) {
            slices.remove(b); // closed: later slices are no longer inside it
        }
    }

    private static String id(EventView e) {
        Field id = e.get("id");
        if (id != null) {
            return id.identity();
        }
        Field id2 = e.get("id2");
        if (id2 != null) {
            Members m = id2.children();
            Field g = m.get("global");
            if (g != null) {
                return "global:" + g.identity();
            }
            Field l = m.get("local");
            if (l != null) {
                return "local:" + l.identity();
            }
        }
        return null;
    }

    private static String scopedId(EventView e, boolean processLocal) {
        String id = id(e);
        if (id == null) {
            return null;
        }
        String scope = e.string("scope");
        String pid = e.threadKey().substring(0, e.threadKey().indexOf(':'));
        boolean local = processLocal || id.startsWith("local:");
        return (local ? pid + ":" : "") + (scope == null ? "ptr" : scope) + ":" + id;
    }

    private void async(EventView e, int i, String ph) {
        String sid = scopedId(e, false);
        if (sid == null) {
            return;
        }
        String key = "async:" + e.string("cat") + ":" + sid;
        index.idKey[i] = index.idKey(key);
        List<Integer> open = openAsync.computeIfAbsent(key, k -> new ArrayList<>());
        if (ph.equals("b")) {
            open.add(i);
        } else if (ph.equals("e")) {
            for (int k = open.size() - 1; k >= 0; k--) {
                int b = open.get(k);
                if (java.util.Objects.equals(index.name[b], index.name[i])) {
                    open.remove(k);
                    index.partner[i] = b;
                    index.partner[b] = i;
                    double d = index.ts[i] - index.ts[b];
                    index.dur[b] = d;
                    index.dur[i] = d;
                    break;
                }
            }
        }
    }

    private void object(EventView e, int i, String ph) {
        String sid = scopedId(e, true);
        if (sid == null) {
            return;
        }
        String key = "object:" + sid;
        index.idKey[i] = index.idKey(key);
        if (ph.equals("N")) {
            aliveObjects.put(key, i);
        } else if (ph.equals("D")) {
            Integer n = aliveObjects.remove(key);
            if (n != null) {
                index.partner[i] = n;
                index.partner[n] = i;
                double d = index.ts[i] - index.ts[n];
                index.dur[n] = d;
                index.dur[i] = d;
            }
        } else {
            Integer n = aliveObjects.get(key);
            if (n != null) {
                index.partner[i] = n;
                index.extra[n] = Math.max(0, index.extra[n]) + 1;
            }
        }
    }

    private void flow(EventView e, int i, String ph) {
        String id = id(e);
        if (id == null) {
            return;
        }
        String key = "flow:" + e.string("cat") + ":" + e.name() + ":" + id;
        index.idKey[i] = index.idKey(key);
        if (!ph.equals("f")) {
            index.extra[i] = enclosing(i);
        }
        if (ph.equals("s")) {
            openFlows.put(key, i);
        } else {
            Integer s = ph.equals("f") ? openFlows.remove(key) : openFlows.get(key);
            if (s != null) {
                index.partner[i] = s;
                if (ph.equals("f")) {
                    index.partner[s] = i;
                    double d = index.ts[i] - index.ts[s];
                    index.dur[s] = d;
                    index.dur[i] = d;
                }
            }
        }
    }
}
