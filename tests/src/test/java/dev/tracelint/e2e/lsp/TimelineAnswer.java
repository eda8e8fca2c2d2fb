package dev.tracelint.e2e.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.math.BigDecimal;

/**
 * Reads a tracelint/timeline answer in its compact encoding (docs/lsp.md, Timeline)
 * back into one object per item, as a client would: {@code {ts, dur, depth, name, range, endRange?,
 * severity?, open?}} or, merged, {@code {ts, dur, depth, count, severity?}}; counters' points
 * {@code [ts, min, max]}; findings {@code {ts, severity, count}}; flow and flow step ends' {@code ts} in µs;
 * overlaps' spans and objects' lifetimes, snapshots, deletedAgain and deletedUncreated as items.
 * Written from docs/lsp.md's description, not from the server's code.
 */
final class TimelineAnswer {
    private static final String[] SEVERITIES = {null, "error", "warning", "information", "hint"};

    private final JsonArray names;
    private final double base;
    private final int digits;

    private TimelineAnswer(JsonObject compact) {
        names = compact.has("names") ? compact.getAsJsonArray("names") : new JsonArray();
        base = compact.has("timeBase") ? compact.get("timeBase").getAsDouble() : 0;
        digits = compact.has("timeDigits") ? compact.get("timeDigits").getAsInt() : 0;
    }

    /** The answer with its items, points, marks and flow times expanded (a copy). */
    static JsonObject expand(JsonObject compact) {
        TimelineAnswer r = new TimelineAnswer(compact);
        JsonObject o = compact.deepCopy();
        for (JsonElement pe : o.getAsJsonArray("processes")) {
            JsonObject p = pe.getAsJsonObject();
            for (JsonElement te : p.getAsJsonArray("threads")) {
                JsonObject t = te.getAsJsonObject();
                t.add("slices", r.items(t.getAsJsonArray("slices")));
                t.add("instants", r.items(t.getAsJsonArray("instants")));
            }
            for (JsonElement ae : p.getAsJsonArray("async")) {
                ae.getAsJsonObject().add("spans", r.items(ae.getAsJsonObject().getAsJsonArray("spans")));
            }
            for (JsonElement ce : p.getAsJsonArray("counters")) {
                for (JsonElement se : ce.getAsJsonObject().getAsJsonArray("series")) {
                    se.getAsJsonObject().add("points", r.points(se.getAsJsonObject().getAsJsonArray("points")));
                }
            }
        }
        r.flowEnds(o.getAsJsonArray("flows"));
        r.flowEnds(o.getAsJsonArray("flowSteps"));
        for (JsonElement oe : array(o, "overlaps")) {
            oe.getAsJsonObject().add("spans", r.items(oe.getAsJsonObject().getAsJsonArray("spans")));
        }
        for (JsonElement oe : array(o, "objects")) {
            JsonObject track = oe.getAsJsonObject();
            for (String key : new String[] {"lifetimes", "snapshots", "deletedAgain", "deletedUncreated"}) {
                track.add(key, r.items(track.getAsJsonArray(key)));
            }
        }
        o.add("findings", r.marks(o.getAsJsonArray("findings")));
        if (o.has("at")) {
            JsonObject at = o.getAsJsonObject("at");
            at.add("item", r.items(at.getAsJsonArray("item")).get(0));
        }
        return o;
    }

    private static JsonArray array(JsonObject o, String key) {
        return o.has(key) ? o.getAsJsonArray(key) : new JsonArray();
    }

    /** Flows' and flow steps' {@code from}/{@code to} ts from timeBase. */
    private void flowEnds(JsonArray flows) {
        for (JsonElement fe : flows == null ? new JsonArray() : flows) {
            for (String end : new String[] {"from", "to"}) {
                JsonObject e = fe.getAsJsonObject().getAsJsonObject(end);
                if (e != null) {
                    e.addProperty("ts", time(e.get("ts").getAsLong()));
                }
            }
        }
    }

    /** timeBase + k / 10^timeDigits, rounded as a decimal (as a JSON reader would read the written number). */
    double time(long k) {
        return new BigDecimal(k).scaleByPowerOfTen(-digits).add(new BigDecimal(base)).doubleValue();
    }

    double duration(long k) {
        return new BigDecimal(k).scaleByPowerOfTen(-digits).doubleValue();
    }

    JsonArray items(JsonArray flat) {
        JsonArray out = new JsonArray();
        long ts = 0;
        int line = 0;
        for (int i = 0; i < flat.size(); ) {
            int flags = flat.get(i++).getAsInt();
            JsonObject item = new JsonObject();
            ts += flat.get(i++).getAsLong();
            item.addProperty("ts", time(ts));
            item.addProperty("dur", duration(flat.get(i++).getAsLong()));
            item.addProperty("depth", flat.get(i++).getAsInt());
            if ((flags & 8) != 0) {
                item.addProperty("count", flat.get(i++).getAsInt());
            } else {
                item.addProperty("name", names.get(flat.get(i++).getAsInt()).getAsString());
                line += flat.get(i++).getAsInt();
                JsonArray range = range(line, flat, i);
                i += 3;
                item.add("range", range);
                if ((flags & 32) != 0) {
                    item.add("endRange", range(line + flat.get(i++).getAsInt(), flat, i));
                    i += 3;
                }
                if ((flags & 16) != 0) {
                    item.addProperty("open", true);
                }
            }
            if (SEVERITIES[flags & 7] != null) {
                item.addProperty("severity", SEVERITIES[flags & 7]);
            }
            out.add(item);
        }
        return out;
    }

    /** [line, character, line + lines, endCharacter] from {@code character, lines, endCharacter} at {@code i}. */
    private static JsonArray range(int line, JsonArray flat, int i) {
        JsonArray r = new JsonArray();
        r.add(line);
        r.add(flat.get(i).getAsInt());
        r.add(line + flat.get(i + 1).getAsInt());
        r.add(flat.get(i + 2).getAsInt());
        return r;
    }

    private JsonArray points(JsonArray flat) {
        JsonArray out = new JsonArray();
        long ts = 0;
        for (int i = 0; i < flat.size(); i += 3) {
            ts += flat.get(i).getAsLong();
            JsonArray p = new JsonArray();
            p.add(time(ts));
            p.add(flat.get(i + 1).getAsDouble());
            p.add(flat.get(i + 2).getAsDouble());
            out.add(p);
        }
        return out;
    }

    private JsonArray marks(JsonArray flat) {
        JsonArray out = new JsonArray();
        long ts = 0;
        for (int i = 0; i < flat.size(); i += 3) {
            ts += flat.get(i).getAsLong();
            JsonObject m = new JsonObject();
            m.addProperty("ts", time(ts));
            m.addProperty("severity", SEVERITIES[flat.get(i + 1).getAsInt()]);
            m.addProperty("count", flat.get(i + 2).getAsInt());
            out.add(m);
        }
        return out;
    }
}
