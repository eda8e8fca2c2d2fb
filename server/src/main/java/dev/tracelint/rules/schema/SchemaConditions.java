package dev.tracelint.rules.schema;

import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.schema.TraceSchema;
import dev.tracelint.schema.Violation;
import java.util.Set;

/**
 * Which of its rule's conditions in the viewer model a schema violation is: viewers treat a
 * missing {@code dur} and a missing {@code name}, or a string {@code ts} on a slice and on an
 * {@code M} event, very differently (see viewer/ViewerModel.java). Null for the rule's own.
 */
final class SchemaConditions {
    /** The members that hold times: a string there goes into the viewers' arithmetic. */
    private static final Set<String> TIMES = Set.of("ts", "dur", "tts", "tdur");
    /** The metadata events whose args DevTools and catapult read without looking. */
    private static final Set<String> NAMING_METADATA = Set.of("process_name", "thread_name");
    /** The metadata events whose args catapult and tracerbench read without looking (the rest the schema needs args of: catapult's alone). */
    private static final Set<String> ORDER_OR_LABELS = Set.of("process_sort_index", "thread_sort_index", "process_labels");

    private SchemaConditions() {
    }

    /** {@code event}: the event of the violation, or null for a member of the object form's container. */
    static String of(Violation v, EventView event) {
        String field = v.field();
        if (field.equals("displayTimeUnit") && v.rule().equals(TraceSchema.INVALID_VALUE)) {
            return InvalidValue.DISPLAY_TIME_UNIT;
        }
        if (event == null) {
            return field.equals("systemTraceEvents") && v.rule().equals(TraceSchema.INVALID_TYPE) ? InvalidType.SYSTEM_TRACE : null;
        }
        Phase phase = event.phase();
        return switch (v.rule()) {
            case TraceSchema.MISSING_FIELD -> switch (field) {
                case "ph" -> empty(event) ? (event.index() == 0 && !event.inObjectForm() ? MissingField.EMPTY_FIRST
                        : MissingField.EMPTY_OBJECT)
                        : event.name() == null ? MissingField.EMPTY : MissingField.PH;
                case "dur" -> MissingField.DUR;
                case "ts" -> slice(phase) ? MissingField.SLICE_TS : MissingField.TS;
                case "args" -> phase == Phase.METADATA ? metadataArgs(event.name()) : null;
                default -> null;
            };
            case TraceSchema.INVALID_TYPE -> {
                if (!TIMES.contains(field)) {
                    yield null;
                }
                if (v.fix() == null && !field.equals("ts")) {
                    // Perfetto's tokenizer stops on this event (see the conditions in the viewer model)
                    yield event.inObjectForm() ? InvalidType.UNREADABLE_DURATION_OBJECT : InvalidType.UNREADABLE_DURATION;
                }
                if (phase == Phase.METADATA) {
                    yield InvalidType.METADATA_TIME;
                }
                if (v.fix() == null) { // only a numeric string has one: the number it holds
                    yield InvalidType.UNREADABLE_TIME;
                }
                yield slice(phase) ? InvalidType.SLICE_TIME : InvalidType.EVENT_TIME;
            }
            case TraceSchema.INVALID_VALUE -> field.equals("s") ? InvalidValue.SCOPE
                    : field.equals("id2") || field.startsWith("id2.") ? InvalidValue.ID2 : null;
            default -> null;
        };
    }

    /**
     * Whether the violation is another rule's to report: a missing name of an event with a phase is
     * event-without-name's (a nameless c clock-sync-name's), whatever the phase, as DevTools fails on it alike.
     */
    static boolean reportedElsewhere(Violation v, EventView event) {
        return event != null && event.phase() != null && v.rule().equals(TraceSchema.MISSING_FIELD) && v.field().equals("name");
    }

    /** Which M events without args the viewers fail on: each reads args of its own names (see the conditions). */
    private static String metadataArgs(String name) {
        if (NAMING_METADATA.contains(name)) {
            return MissingField.METADATA_ARGS;
        }
        return ORDER_OR_LABELS.contains(name) ? MissingField.ORDER_OR_LABELS_ARGS : MissingField.OTHER_METADATA_ARGS;
    }

    /** {@code {}}: an object without a single member. */
    private static boolean empty(EventView event) {
        return event.members().size() == 0 && event.members().droppedCount() == 0;
    }

    /** B, E and X: what DevTools and speedscope draw as slices. */
    private static boolean slice(Phase p) {
        return p == Phase.BEGIN || p == Phase.END || p == Phase.COMPLETE;
    }
}
