package dev.tracelint.lsp.requests;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.tracelint.timeline.Timeline;
import dev.tracelint.finding.Finding;
import dev.tracelint.timeline.TimelineView;
import dev.tracelint.index.TraceIndex;
import dev.tracelint.model.Severity;
import dev.tracelint.text.LineIndex;
import dev.tracelint.analysis.Analysis;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import dev.tracelint.lsp.document.CheckedFile;
import dev.tracelint.lsp.document.View;
import dev.tracelint.lsp.document.SharedTimeline;
import dev.tracelint.lsp.protocol.Convert;

/**
 * {@value #METHOD}: the request's parameters checked, and the engine's {@link TimelineView} as
 * JSON, each item's event as an LSP range of the analysed text (a click selects it). docs/lsp.md
 * documents the shape.
 */
public final class TimelineRequest {
    public static final String METHOD = "tracelint/timeline";

    /** At most this many findings in {@code findingList}: a list to read and click, not a dump. */
    static final int MAX_LISTED_FINDINGS = 200;

    /** {@code start}/{@code end} null: the whole trace; {@code listFindings}: the answer lists the range's findings. */
    public record Params(String uri, Double start, Double end, int widthPx, Position at, boolean listFindings) {
    }

    private TimelineRequest() {
    }

    public static Params params(JsonObject json) {
        if (json == null || !json.has("uri") || !json.get("uri").isJsonPrimitive()) {
            throw invalid(METHOD + " takes {uri, start?, end?, widthPx}: uri is missing");
        }
        Double start = number(json, "start");
        Double end = number(json, "end");
        Double width = number(json, "widthPx");
        if (width == null || !(width >= 1)) {
            throw invalid(METHOD + ": widthPx must be a number ≥ 1 (the pixels the range is drawn on)");
        }
        if (start != null && end != null && !(end > start)) {
            throw invalid(METHOD + ": end must be after start (got start " + start + ", end " + end + ")");
        }
        Position at = null;
        JsonElement a = json.get("at");
        if (a != null && !a.isJsonNull()) {
            JsonObject o = a.isJsonObject() ? a.getAsJsonObject() : null;
            Double line = o == null ? null : number(o, "line");
            Double character = o == null ? null : number(o, "character");
            if (line == null || character == null || line < 0 || character < 0) {
                throw invalid(METHOD + ": at must be a position {line, character}");
            }
            at = new Position(line.intValue(), character.intValue());
        }
        JsonElement list = json.get("listFindings");
        if (list != null && !list.isJsonNull() && !(list.isJsonPrimitive() && list.getAsJsonPrimitive().isBoolean())) {
            throw invalid(METHOD + ": listFindings must be true or false");
        }
        return new Params(json.get("uri").getAsString(), start, end, (int) Math.min(Timeline.MAX_WIDTH_PX, width), at,
                list != null && !list.isJsonNull() && list.getAsBoolean());
    }

    private static Double number(JsonObject json, String key) {
        JsonElement e = json.get(key);
        if (e == null || e.isJsonNull()) {
            return null;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber() || !Double.isFinite(e.getAsDouble())) {
            throw invalid(METHOD + ": " + key + " must be a number (µs for start and end)");
        }
        return e.getAsDouble();
    }

    private static ResponseErrorException invalid(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }

    /** The answer for a document that is not (or not yet) an analysed trace. */
    public static JsonObject none() {
        JsonObject o = new JsonObject();
        o.add("processes", new JsonArray());
        o.add("flows", new JsonArray());
        o.add("findings", new JsonArray());
        o.add("overlaps", new JsonArray());
        o.add("objects", new JsonArray());
        o.add("flowSteps", new JsonArray());
        return o;
    }

    /** The answer from an open document's analysis. */
    public static JsonObject answer(View view, Params p, Answer<?> answer) {
        return answer(view.analysis(), view.lines(), view.analysed.timeline, p, answer, view::eventOffset);
    }

    /** The answer from a file checked by path (no text kept: no {@code at}). */
    public static JsonObject answer(CheckedFile file, Params p, Answer<?> answer) {
        return answer(file.analysis, file.analysis.lines(), file.timeline, p, answer, at -> -1);
    }

    /**
     * The answer from an analysis with its index; {@code shared} builds its timeline once, {@code offset}
     * turns the editor's position into an offset of the analysed text (-1: none).
     */
    private static JsonObject answer(Analysis analysis, LineIndex lines, SharedTimeline shared, Params p,
                                     Answer<?> answer, ToLongFunction<Position> offset) {
        TraceIndex index = analysis.index();
        Timeline timeline = shared.get(answer::isCancelled);
        double start = p.start() != null ? p.start() : timeline.traceStart();
        double end = p.end() != null ? p.end() : Math.max(timeline.traceEnd(), start + 1);
        if (!(end > start)) {
            throw invalid(METHOD + ": end must be after start (the trace starts at " + timeline.traceStart() + ")");
        }
        TimelineView view = timeline.view(start, end, p.widthPx(), answer::isCancelled);
        TimelineCodec codec = new TimelineCodec(view, index, lines);
        JsonObject out = json(view, codec, index, lines);
        if (p.listFindings()) {
            out.add("findingList", findingList(timeline.findingsIn(start, end, MAX_LISTED_FINDINGS), analysis, index, lines));
        }
        long atOffset = p.at() == null ? -1 : offset.applyAsLong(p.at());
        if (atOffset >= 0) { // the editor's cursor: the item its event is drawn as
            Timeline.At at = timeline.at(index.eventAt(atOffset));
            if (at != null) {
                JsonObject ao = new JsonObject();
                ao.add("item", codec.items(List.of(at.item()))); // one item, its ts from timeBase
                ao.addProperty("pid", at.pid());
                ao.addProperty("tid", at.tid());
                ao.addProperty("kind", at.kind());
                out.add("at", ao);
            }
        }
        codec.header(out); // last: the names the items used
        return out;
    }

    /** The range's findings, each {@code {ts, severity, rule, message, range}} (the finding's own range). */
    private static JsonObject findingList(Timeline.FindingsIn in, Analysis analysis, TraceIndex index, LineIndex lines) {
        JsonArray items = new JsonArray();
        for (int k : in.numbers()) {
            Finding f = analysis.findings().get(k);
            JsonObject fo = new JsonObject();
            fo.addProperty("ts", index.ts(index.eventAt(f.range().start())));
            severity(fo, f.severity());
            fo.addProperty("rule", f.ruleId());
            fo.addProperty("message", f.message());
            Range r = Convert.range(lines, f.range());
            JsonArray ra = new JsonArray(4);
            ra.add(r.getStart().getLine());
            ra.add(r.getStart().getCharacter());
            ra.add(r.getEnd().getLine());
            ra.add(r.getEnd().getCharacter());
            fo.add("range", ra);
            items.add(fo);
        }
        JsonObject o = new JsonObject();
        o.add("items", items);
        o.addProperty("more", in.more());
        return o;
    }

    /** The view in the compact encoding ({@link TimelineCodec}); {@code codec} then holds the names it used. */
    static JsonObject json(TimelineView v, TimelineCodec codec, TraceIndex index, LineIndex lines) {
        JsonObject o = new JsonObject();
        o.addProperty("start", v.start());
        o.addProperty("end", v.end());
        o.addProperty("widthPx", v.widthPx());
        o.addProperty("traceStart", v.traceStart());
        o.addProperty("traceEnd", v.traceEnd());
        o.addProperty("displayTimeUnit", v.displayTimeUnit());
        o.addProperty("truncated", v.truncated());
        o.add("processes", array(v.processes(), p -> {
            JsonObject po = new JsonObject();
            po.addProperty("pid", p.pid());
            po.addProperty("name", p.name());
            po.addProperty("sortIndex", p.sortIndex());
            po.add("threads", array(p.threads(), t -> {
                JsonObject to = new JsonObject();
                to.addProperty("tid", t.tid());
                to.addProperty("name", t.name());
                to.addProperty("sortIndex", t.sortIndex());
                to.addProperty("depths", t.depths());
                to.add("slices", codec.items(t.slices()));
                to.add("instants", codec.items(t.instants()));
                return to;
            }));
            po.add("async", array(p.async(), a -> {
                JsonObject ao = new JsonObject();
                ao.addProperty("name", a.name());
                ao.addProperty("lanes", a.lanes());
                ao.add("spans", codec.items(a.spans()));
                return ao;
            }));
            po.add("counters", array(p.counters(), c -> {
                JsonObject co = new JsonObject();
                co.addProperty("name", c.name());
                co.add("series", array(c.series(), series -> {
                    JsonObject so = new JsonObject();
                    so.addProperty("name", series.name());
                    so.add("points", codec.points(series.points()));
                    return so;
                }));
                return co;
            }));
            return po;
        }));
        o.add("flows", array(v.flows(), f -> flow(codec, f, index, lines)));
        o.add("findings", codec.marks(v.findings()));
        shapes(o, v.shapes(), codec, index, lines);
        return o;
    }

    private static JsonObject flow(TimelineCodec codec, TimelineView.Flow f, TraceIndex index, LineIndex lines) {
        JsonObject fo = new JsonObject();
        fo.add("from", end(codec, index, lines, f.startEvent(), f.fromSlice(), f.fromTs(), f.fromDepth()));
        if (f.endEvent() != TraceIndex.NONE) { // none: a flow never ended
            fo.add("to", end(codec, index, lines, f.endEvent(), f.toSlice(), Double.isFinite(f.toTs()) ? f.toTs() : f.fromTs(),
                    f.toDepth()));
        }
        severity(fo, f.worst());
        return fo;
    }

    /** {@code overlaps}, {@code objects} and {@code flowSteps}: what the model knows beyond the slices (docs/lsp.md). */
    private static void shapes(JsonObject o, TimelineView.Shapes shapes, TimelineCodec codec, TraceIndex index, LineIndex lines) {
        o.add("overlaps", array(shapes.overlaps(), ov -> {
            JsonObject t = new JsonObject();
            t.addProperty("pid", ov.pid());
            t.addProperty("tid", ov.tid());
            t.add("spans", codec.items(ov.spans()));
            return t;
        }));
        o.add("objects", array(shapes.objects(), ot -> {
            JsonObject t = new JsonObject();
            t.addProperty("pid", ot.pid());
            t.addProperty("name", ot.name());
            t.addProperty("lanes", ot.lanes());
            t.add("lifetimes", codec.items(ot.lifetimes()));
            t.add("snapshots", codec.items(ot.snapshots()));
            t.add("deletedAgain", codec.items(ot.deletedAgain()));
            t.add("deletedUncreated", codec.items(ot.deletedUncreated()));
            return t;
        }));
        o.add("flowSteps", array(shapes.flowSteps(), f -> {
            JsonObject so = flow(codec, f, index, lines);
            int s = "s".equals(index.phase(f.startEvent())) ? f.startEvent() : index.partner(f.startEvent());
            so.add("flow", range(lines, index, s)); // the s of its flow: the flow drawn through its steps
            return so;
        }));
    }

    /** One JSON value per item, in order. */
    private static <T> JsonArray array(List<T> items, Function<T, JsonElement> each) {
        JsonArray out = new JsonArray();
        for (T item : items) {
            out.add(each.apply(item));
        }
        return out;
    }

    /** One end of a flow: where the arrow attaches (its slice's thread and depth; the flow event's time). */
    private static JsonObject end(TimelineCodec codec, TraceIndex index, LineIndex lines, int event, int slice, double ts, int depth) {
        JsonObject e = new JsonObject();
        e.addProperty("ts", codec.time(ts));
        e.addProperty("pid", index.pid(event));
        e.addProperty("tid", index.tid(event));
        e.addProperty("depth", depth);
        e.addProperty("bound", slice != TraceIndex.NONE);
        e.add("range", range(lines, index, event));
        return e;
    }

    private static void severity(JsonObject o, Severity s) {
        if (s != null) {
            o.addProperty("severity", s.id());
        }
    }

    /** An event's range as [start line, start character, end line, end character] (an answer holds thousands: 4 numbers, not 2 objects). */
    private static JsonArray range(LineIndex lines, TraceIndex index, int event) {
        Position a = Convert.position(lines, index.start(event));
        Position b = Convert.position(lines, index.end(event));
        JsonArray r = new JsonArray(4);
        r.add(a.getLine());
        r.add(a.getCharacter());
        r.add(b.getLine());
        r.add(b.getCharacter());
        return r;
    }
}
