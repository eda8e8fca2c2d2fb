package dev.tracelint.rules.schema;

import static dev.tracelint.viewer.Consequence.DROPPED;
import static dev.tracelint.viewer.Consequence.FAILS;
import static dev.tracelint.viewer.Consequence.NONE;
import static dev.tracelint.viewer.Consequence.WRONG;
import static dev.tracelint.viewer.Sources.CATAPULT;
import static dev.tracelint.viewer.Sources.DEVTOOLS_META;
import static dev.tracelint.viewer.Sources.DEVTOOLS_NOT_DRAWN;
import static dev.tracelint.viewer.Sources.DEVTOOLS_RENDERER;
import static dev.tracelint.viewer.Sources.NOT_DRAWN;
import static dev.tracelint.viewer.Sources.PERFETTO_EVENT;
import static dev.tracelint.viewer.Sources.PERFETTO_PARSER;
import static dev.tracelint.viewer.Sources.PERFETTO_TOKENIZER;
import static dev.tracelint.viewer.Sources.SPEEDSCOPE;

import dev.tracelint.finding.Fix;
import dev.tracelint.read.EventView;
import dev.tracelint.rules.Declaration;
import dev.tracelint.rules.Edits;
import dev.tracelint.rules.Report;
import dev.tracelint.rules.Unended;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Phase;
import dev.tracelint.schema.SchemaChecks;
import dev.tracelint.trace.duration.DurationFacts;
import dev.tracelint.trace.Fact;
import dev.tracelint.schema.TraceSchema;
import java.util.Set;

/**
 * A field the event's phase needs, as the trace JSON Schema requires it ({@code X} without {@code dur}); a missing
 * {@code name} of an event with a phase is event-without-name's, whatever the phase (one cause, one rule).
 */
public final class MissingField extends SchemaViolations {
    public static final Declaration RULE = Declaration.rule(13, TraceSchema.MISSING_FIELD, c -> new MissingField(c.schema()))
            .finds("A field the phase requires (`ph`, `ts`, `dur` on `X`, `args.name` on `thread_name`...)")
            .everyEvent("per phase")
            .fix("Delete an event without `ph`; give an `X` without `dur` the one ending it with its thread (unsafe)")
            .when("missing field")
                .catapult(DROPPED, "warning; the event is not applied", CATAPULT + " processMetadataEvent, processObjectEvent")
                .perfetto(NONE, "ignored", PERFETTO_PARSER)
                .devtoolsAndSpeedscopeSkipIt("cond-missing-field.json")
            .when(MissingField.DUR, "X without dur")
                .catapult(WRONG, "auto-closed at the end of its thread (`didNotFinish`)", CATAPULT + " processCompleteEvent")
                .perfetto(DROPPED, "`json_parser_failure` (test_json_extreme_vals)", PERFETTO_PARSER + " (case 'X')")
                .devtools(NONE, "zero length (`dur ?? 0`), as for a slice still running when the recording stopped",
                        DEVTOOLS_RENDERER, "tracerbench-x-without-dur.json")
                .tracerbenchBoundsNaN("tracerbench-x-without-dur.json")
                .speedscope(NONE, "a zero-length frame", SPEEDSCOPE + " convertToEventQueues", "tracerbench-x-without-dur.json")
            .when(MissingField.TS, "event without ts")
                .catapult(DROPPED, "`undefined / 1000` is NaN: drawn nowhere", CATAPULT)
                .perfetto(DROPPED, "`json_tokenizer_failure`, skipped (M events excepted: test_json_metadata_missing_or_invalid_ts)", PERFETTO_EVENT)
                .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-missing-field-ts.json")
                .tracerbenchBoundsNaN("cond-missing-field-ts.json")
                .speedscopeSkipsIt("cond-missing-field-ts.json")
            .when(MissingField.SLICE_TS, "B/E/X without ts")
                .catapult(DROPPED, "`undefined / 1000` is NaN: drawn nowhere", CATAPULT)
                .perfetto(DROPPED, "`json_tokenizer_failure`, skipped", PERFETTO_EVENT)
                .devtools(WRONG, "the trace's time range becomes NaN", DEVTOOLS_META, "cond-missing-field-slice-ts.json")
                .tracerbenchBoundsNaN("cond-missing-field-slice-ts.json")
                .speedscopeRejectsTheFile("cond-missing-field-slice-ts.json")
            .when(MissingField.PH, "event without ph")
                .catapultDropsUnknownPhase()
                .perfetto(DROPPED, "`json_tokenizer_failure`", PERFETTO_EVENT)
                .devtools(NONE, NOT_DRAWN, DEVTOOLS_NOT_DRAWN, "cond-missing-field-ph.json")
                .speedscopeRejectsTheFile("cond-missing-field-ph.json")
            .when(MissingField.EMPTY, "event without ph or name")
                .catapultDropsUnknownPhase()
                .perfetto(DROPPED, "`json_tokenizer_failure`", PERFETTO_EVENT)
                .devtoolsFailsOnNoName("cond-missing-field-empty.json")
                .tracerbenchFailsOnNoCat("cond-missing-field-empty.json")
                .speedscopeRejectsTheFile("cond-missing-field-empty.json")
            .when(MissingField.EMPTY_OBJECT, "empty {} event")
                .catapultDropsUnknownPhase()
                .perfetto(NONE, "skipped silently: an empty object is no event (test_trailing_empty_event)", PERFETTO_EVENT)
                .devtoolsFailsOnNoName("all-empty-object-event.json")
                .tracerbenchFailsOnNoCat("all-empty-object-event.json")
                .speedscopeRejectsTheFile("all-empty-object-event.json")
            .when(MissingField.EMPTY_FIRST, "empty {} first in a file of events")
                .catapultDropsUnknownPhase()
                .perfetto(FAILS, "the file is not recognised as JSON (it must start `[{\"` or `{\"`): \"Unknown trace type provided\"",
                        PERFETTO_TOKENIZER + " JsonImporter::Sniff; perfetto src/trace_processor/forwarding_trace_parser.cc"
                        + " ForwardingTraceParser::Init")
                .devtoolsFailsOnNoName("cond-missing-field-empty-first.json")
                .tracerbenchFailsOnNoCat("cond-missing-field-empty-first.json")
                .speedscopeRejectsTheFile("cond-missing-field-empty-first.json")
            .when(MissingField.METADATA_ARGS, "thread_name/process_name without args")
                .catapult(FAILS, "TypeError reading `args.name`: the import fails", CATAPULT + " processMetadataEvent")
                .perfetto(DROPPED, "ignored silently (no `json_parser_failure`): no name is applied", PERFETTO_PARSER + " (case 'M')")
                .devtools(FAILS, "TypeError reading `args.name`", DEVTOOLS_META, "cond-missing-field-metadata-args.json")
                .tracerbench(FAILS, "TypeError reading `name`: a thread_name/process_name M needs `args`", "tracerbench packages/trace-model/src/builders/thread-builder.ts ThreadBuilder.addMetadata -> packages/trace-model/src/builders/event-model-impl.ts EventModelImpl.getStringArg", "cond-missing-field-metadata-args.json")
                .speedscopeSkipsIt("cond-missing-field-metadata-args.json")
            .when(MissingField.ORDER_OR_LABELS_ARGS, "process_sort_index/thread_sort_index/process_labels without args")
                .catapult(FAILS, "TypeError reading `args.sort_index` (`args.stackFrames` for process_labels): the import fails",
                        CATAPULT + " processMetadataEvent")
                .perfetto(NONE, "an M without args is skipped silently; it has no order to apply", PERFETTO_PARSER + " (case 'M')")
                .devtools(NONE, "not read", DEVTOOLS_META, "cond-missing-field-metadata-args-order.json")
                .tracerbench(FAILS, "TypeError reading `sort_index` (`labels`): the M needs `args`",
                        "tracerbench packages/trace-model/src/builders/process-builder.ts ProcessBuilder.addMetadata;"
                        + " packages/trace-model/src/builders/thread-builder.ts ThreadBuilder.addMetadata"
                        + " -> packages/trace-model/src/builders/event-model-impl.ts EventModelImpl.getNumberArg",
                        "cond-missing-field-metadata-args-order.json")
                .speedscopeSkipsIt("cond-missing-field-metadata-args-order.json")
            .when(MissingField.OTHER_METADATA_ARGS, "num_cpus/process_uptime_seconds/stackFrames/typeNames/TraceConfig without args")
                .catapult(FAILS, "TypeError reading `args.number` (`uptime`, `stackFrames`, `typeNames`, `value`): the import fails",
                        CATAPULT + " processMetadataEvent")
                .perfetto(NONE, "these names are not read", PERFETTO_PARSER + " (case 'M')")
                .devtools(NONE, "not read", DEVTOOLS_META, "cond-missing-field-other-metadata-args.json")
                .speedscopeSkipsIt("cond-missing-field-other-metadata-args.json");
    static final String METADATA_ARGS = "missing-field/metadata-args";
    /** process_sort_index, thread_sort_index or process_labels without args: catapult and tracerbench read args.<key> of undefined. */
    static final String ORDER_OR_LABELS_ARGS = "missing-field/order-or-labels-args";
    /** An M name only catapult reads (num_cpus, process_uptime_seconds, stackFrames, typeNames, TraceConfig) without args. */
    static final String OTHER_METADATA_ARGS = "missing-field/other-metadata-args";
    static final String EMPTY_FIRST = "missing-field/empty-first";
    static final String EMPTY_OBJECT = "missing-field/empty-object";
    static final String EMPTY = "missing-field/empty";
    static final String PH = "missing-field/ph";
    static final String SLICE_TS = "missing-field/slice-ts";
    static final String TS = "missing-field/ts";
    static final String DUR = "missing-field/dur";

    /** The conditions of an event without {@code ph}: {@code {}} first or anywhere, without ph or name, without ph. */
    private static final Set<String> PHASE_MISSING = Set.of(EMPTY_FIRST, EMPTY_OBJECT, EMPTY, PH);

    /** Whether {@code condition} (a {@link SchemaConditions#of} result) is that of an event without {@code ph}. */
    static boolean isPhaseMissing(String condition) {
        return condition != null && PHASE_MISSING.contains(condition);
    }

    /**
     * The remedy of an event without {@code ph}: delete it. No viewer draws an event without a phase
     * (catapult and Perfetto drop it, DevTools draws it nowhere, and where it fails or speedscope
     * rejects the file, nothing at all is drawn), so nothing drawn goes; but its members do (a
     * tracerbench model keeps it as an event), and the phase it was meant to have is not known:
     * unsafe.
     */
    static Fix removeEventWithoutPhase(EventView event) {
        return Fix.unsafe("Delete this event (without a phase it is drawn nowhere; its members go with it)", Edits.removeEvent(event));
    }

    /** The findings of X's without dur, until the model says how far each one's thread reaches. */
    private final Unended withoutDur = new Unended();

    public MissingField(SchemaChecks checks) {
        super(checks, TraceSchema.MISSING_FIELD);
    }

    @Override
    boolean held(String condition, EventView event, Finding.Builder f, Report to) {
        if (event == null || !DUR.equals(condition) || event.phase() != Phase.COMPLETE) {
            return false;
        }
        withoutDur.hold(event.index(), f, to);
        return true;
    }

    @Override
    public Set<Fact.Kind> facts() {
        return Fact.kinds(DurationFacts.CompleteUnended.class);
    }

    /** An X without dur gets the dur that ends it with its thread's last event, written after its ph. */
    @Override
    public void accept(Fact fact, Report out) {
        withoutDur.close((DurationFacts.CompleteUnended) fact, out);
    }

    @Override
    public void finish(Report out) {
        withoutDur.finish(out);
    }
}
