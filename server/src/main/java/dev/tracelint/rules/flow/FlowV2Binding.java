package dev.tracelint.rules.flow;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_NOT_DRAWN;
import static dev.tracelint.viewer.Sources.IGNORED;
import static dev.tracelint.viewer.Sources.PERFETTO_FLOWS;

import dev.tracelint.finding.Finding;
import dev.tracelint.finding.Fix;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.FamilyRule;
import dev.tracelint.text.TextEdit;
import java.util.List;
import dev.tracelint.model.Phase;
import dev.tracelint.rules.Report;
import dev.tracelint.trace.flow.BindFacts;
import dev.tracelint.trace.flow.BindFacts.BindMark;

/**
 * Flow v2 (bind_id with flow_in/flow_out on slices): a bind_id with neither direction, a consumer
 * (flow_in) with no producer (flow_out) of its bind_id, a second producer of a bind_id not consumed
 * yet. The trace model binds consumers to producers and publishes every event with a bind_id; this
 * rule judges what it publishes. A producer
 * feeds every consumer of its bind_id (catapult and Perfetto both draw the fan-out); a producer of a
 * bind_id already consumed ({@code flow-v2-binding/reused}) starts a new flow in catapult, while
 * Perfetto, which frees no bind_id, drops it and draws its consumers from the first producer.
 *
 * <p>Also, as conditions of their own, a bind_id with a direction on an event no flow is drawn from:
 * Perfetto adds flows v2 only for B, X, b and n (its JSON parser calls MaybeAddFlow for those) and
 * catapult only for X ({@code flow-v2-binding/not-drawn}, an E or an instant, say); and on a B, b or
 * n, which Perfetto draws and catapult does not ({@code flow-v2-binding/not-on-x}); and a string bind_id
 * that is no hex number, which Perfetto cannot read as an id ({@code flow-v2-binding/not-hex}: its
 * MaybeExtractFlowIdentifier reads a string id with CStringToUInt64(str, 16)).
 */
public final class FlowV2Binding extends FamilyRule<BindFacts> {
    public static final Declaration RULE = Declaration.rule(28, "flow-v2-binding", c -> new FlowV2Binding())
            .finds("A `bind_id` without `flow_in`/`flow_out`, a consumer without producer, a second producer, or a"
                    + " `bind_id` on an event no flow is drawn from (`E`, an instant...; catapult: only `X`) or a string"
                    + " one that is no hex number (Perfetto)")
            .phases("any event with `bind_id`")
            .fix("A consumer of a flow produced nowhere: remove its `flow_in` (and its `bind_id` unless it has `flow_out`) (unsafe)")
            .when("bind_id without direction")
                .catapult(DROPPED, "warnings (\"require flow_in or flow_out\", \"does not have a flow producer\"); no arrow",
                        CATAPULT + " createFlowSlices_")
                .perfetto(DROPPED, "`flow_without_direction`", PERFETTO_FLOWS)
                .devtools(NONE, IGNORED, DEVTOOLS_NOT_DRAWN, "rule-flow-v2-binding.json")
                .speedscopeSkipsIt("rule-flow-v2-binding.json")
            .when(FlowV2Binding.NOT_DRAWN, "bind_id on an event no flow is drawn from")
                .catapult(DROPPED, "`bind_id` is read from X events only: no arrow, nothing said of this event (an X"
                        + " consuming its flow warns \"does not have a flow producer\")", CATAPULT
                        + " processEvent_, createFlowSlices_ (case 'X' calls processFlowEvent only when bind_id is set)")
                .perfetto(DROPPED, "flows v2 are added for B, X, b and n only: no arrow, no stat for this event (a slice"
                        + " consuming its flow counts `flow_end_without_start`)", "perfetto"
                        + " src/trace_processor/importers/json/json_trace_parser.cc ParseJsonPacket (MaybeAddFlow in"
                        + " case 'B', 'X', 'b', 'n' only); src/trace_processor/importers/common/flow_tracker.cc FlowTracker::End")
                .devtools(NONE, "`bind_id` is not read (FlowsHandler reads the s/t/f phases)",
                        "devtools-frontend front_end/models/trace/handlers/FlowsHandler.ts handleEvent", "cond-flow-v2-binding-not-drawn.json")
                .speedscopeSkipsIt("cond-flow-v2-binding-not-drawn.json")
            .when(FlowV2Binding.NOT_ON_X, "bind_id on a B, b or n")
                .catapult(DROPPED, "`bind_id` is read from X events only: no arrow, no warning", CATAPULT
                        + " processEvent_ (case 'X': processFlowEvent only when bind_id is set)")
                .perfetto(NONE, "drawn: MaybeAddFlow runs for B, b and n as for X", "perfetto"
                        + " src/trace_processor/importers/json/json_trace_parser.cc ParseJsonPacket, MaybeAddFlow")
                .devtools(NONE, "`bind_id` is not read (FlowsHandler reads the s/t/f phases)",
                        "devtools-frontend front_end/models/trace/handlers/FlowsHandler.ts handleEvent", "cond-flow-v2-binding-not-on-x.json")
                .speedscopeSkipsIt("cond-flow-v2-binding-not-on-x.json")
            .when(FlowV2Binding.NOT_HEX, "bind_id string that is no hex number")
                .catapult(NONE, "the string is the flow's key as it is: drawn", CATAPULT + " createFlowSlices_ (flowIdToEvent[event.bind_id])")
                .perfetto(DROPPED, "a string id is read as hex (`CStringToUInt64(str, 16)`): unreadable, so no flow, no stat",
                        "perfetto src/trace_processor/importers/json/json_trace_parser.cc MaybeExtractFlowIdentifier, MaybeAddFlow")
                .devtools(NONE, "`bind_id` is not read (FlowsHandler reads the s/t/f phases)",
                        "devtools-frontend front_end/models/trace/handlers/FlowsHandler.ts handleEvent", "cond-flow-v2-binding-not-hex.json")
                .speedscopeSkipsIt("cond-flow-v2-binding-not-hex.json")
            .when(FlowV2Binding.REUSED, "bind_id produced again after it was consumed")
                .catapult(NONE, "a new flow: the consumer closed the bind_id, so this producer opens it again",
                        CATAPULT + " createFlowSlices_ (flowStatus, its processFlowProducer)")
                .perfetto(WRONG, "`flow_duplicate_id`: a consumer frees no bind_id (close_flow false), so this producer is"
                        + " dropped and its consumers are drawn from the first producer", PERFETTO_FLOWS
                        + " FlowTracker::Begin, FlowTracker::End; src/trace_processor/importers/json/json_trace_parser.cc MaybeAddFlow")
                .devtools(NONE, "`bind_id` is not read (FlowsHandler reads the s/t/f phases)",
                        "devtools-frontend front_end/models/trace/handlers/FlowsHandler.ts handleEvent", "cond-flow-v2-binding-reused.json")
                .speedscopeSkipsIt("cond-flow-v2-binding-reused.json");

    /** A producer of a bind_id whose flow a consumer already took: a new flow in catapult, dropped by Perfetto. */
    public static final String REUSED = "flow-v2-binding/reused";
    /** A direction on an event whose phase carries no flow v2 in any viewer. */
    public static final String NOT_DRAWN = "flow-v2-binding/not-drawn";
    /** A direction on a B, b or n: Perfetto draws it, catapult only from X. */
    public static final String NOT_ON_X = "flow-v2-binding/not-on-x";
    /** A string bind_id that is no hex number: Perfetto reads a string id as hex (strtoull base 16) and drops the flow. */
    public static final String NOT_HEX = "flow-v2-binding/not-hex";
    /** What strtoull(s, &end, 16) reads whole: spaces, a sign, 0x, hex digits. */
    private static final java.util.regex.Pattern HEX = java.util.regex.Pattern.compile("\\s*[+-]?(0[xX])?[0-9a-fA-F]+");

    public FlowV2Binding() {
        on(BindFacts.Binding.class, FlowV2Binding::binding);
        on(BindFacts.BindProducedAgain.class, FlowV2Binding::producedAgain);
        on(BindFacts.BindWithoutProducer.class, FlowV2Binding::withoutProducer);
    }

    private static void binding(BindFacts.Binding b, Report out) {
        if (!b.in() && !b.out()) {
            out.add(out.at(b.keyRange(), b.label() + " has \"bind_id\" but neither \"flow_in\" nor \"flow_out\""
                    + " is true"));
            return;
        }
        Phase p = b.phase();
        String direction = b.in() && b.out() ? "\"flow_in\" and \"flow_out\"" : b.in() ? "\"flow_in\"" : "\"flow_out\"";
        if (p == null) {
            return; // unknown-phase says what it is
        }
        if (p != Phase.COMPLETE && p != Phase.BEGIN && p != Phase.ASYNC_BEGIN && p != Phase.ASYNC_INSTANT) {
            Report to = out.condition(NOT_DRAWN);
            to.add(to.at(b.keyRange(), b.label() + " binds flow " + b.shown() + " (" + direction
                    + "), but a flow v2 binds only to an X, B, b or n event: put \"bind_id\" on the slice's X or B"));
            return;
        }
        if (p != Phase.COMPLETE) {
            Report to = out.condition(NOT_ON_X);
            to.add(to.at(b.keyRange(), b.label() + " binds flow " + b.shown() + " (" + direction
                    + ") on a " + p.letter() + ", not on an X event"));
        }
        if (b.text() != null && !HEX.matcher(b.text()).matches()) {
            Report to = out.condition(NOT_HEX);
            to.add(to.at(b.valueRange(), b.label() + " binds flow " + b.shown() + ", a string that is no hexadecimal"
                    + " number: a string id is read as hex; write it as a number or in hex (\"0x2a\")"));
        }
    }

    /**
     * The binding that cannot be drawn taken off. Where a step (flow_in and flow_out) is the first of the
     * flow's consumers, it loses its flow_in and starts the flow, which it and the consumers after it were
     * to continue: the arrows from it become drawable (the producer never written stays lost). Else the
     * consumer loses flow_in and bind_id: nothing could be drawn into it. Unsafe: the trace does not say
     * where the flow came from.
     */
    private static Fix unbind(BindFacts.BindWithoutProducer w) {
        List<TextEdit> cuts = w.unbind().stream().map(r -> TextEdit.delete(r.start(), r.end())).toList();
        String flow = "flow " + w.consumer().bindId() + " is produced nowhere";
        String title = w.starter() != null
                ? "Remove \"flow_in\" from its first step (" + w.starter().label() + "): " + flow + ", so the flow starts"
                        + " there"
                : "Remove \"bind_id\" and \"flow_in\": " + flow + ", so nothing can be drawn into this slice";
        return new Fix(title, false, cuts);
    }

    private static void producedAgain(BindFacts.BindProducedAgain again, Report out) {
        BindMark m = again.producer();
        if (again.afterConsumed()) {
            Report to = out.condition(REUSED);
            to.add(to.at(m.range(), m.label() + " produces flow " + m.bindId() + " again after a consumer took it:"
                            + " give each flow a bind_id of its own")
                    .related(again.first().range(), "the earlier producer"));
        } else {
            out.add(out.at(m.range(), m.label() + " produces flow " + m.bindId()
                            + " while an earlier producer of it is not consumed yet")
                    .related(again.first().range(), "the earlier producer"));
        }
    }

    private static void withoutProducer(BindFacts.BindWithoutProducer w, Report out) {
        BindMark m = w.consumer();
        Finding.Builder f = out.at(m.range(), m.label() + " consumes flow " + m.bindId()
                + " but no event produces it (flow_out)");
        if (w.unbind() != null) {
            f.fix(unbind(w));
        }
        out.add(f);
    }
}
