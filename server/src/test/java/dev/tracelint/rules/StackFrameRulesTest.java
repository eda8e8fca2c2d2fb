package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import dev.tracelint.model.Severity;
import org.junit.jupiter.api.Test;

/** invalid-stack-frame, invalid-sample, unknown-stack-frame, unknown-parent-frame, stack-frame-cycle, duplicate-stack-frame, sample-missing-field, sample-unknown-frame, sample-unknown-thread. */
class StackFrameRulesTest {
    @Test
    void specStackFramesAndSamplesAreClean() {
        assertNoFindings("""
                {"traceEvents": [
                   {"ph": "B", "name": "A", "pid": 1, "tid": 1, "ts": 1, "sf": 7},
                   {"ph": "E", "name": "A", "pid": 1, "tid": 1, "ts": 2, "sf": 9}],
                 "stackFrames": {
                   "5": {"name": "main", "category": "my app"},
                   "7": {"parent": "5", "name": "SomeFunction", "category": "my app"},
                   "9": {"parent": 5, "name": "SomeFunction", "category": "my app"}},
                 "samples": [{"cpu": 0, "tid": 1, "ts": 1000.0, "name": "cycles:HG", "sf": 7, "weight": 1}]}""");
        // the dictionary may come first
        assertNoFindings("""
                {"stackFrames": {"1": {"name": "main"}},
                 "samples": [{"tid": 1, "ts": 1, "name": "cycles", "sf": "1"}],
                 "traceEvents": [{"ph": "X", "name": "A", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "sf": 1, "esf": "1"}]}""");
    }

    @Test
    void eventFrameNotInTheDictionary() {
        assertFindings("""
                {"traceEvents": [
                   {"ph": "X", "name": "A", "pid": 1, "tid": 1, "ts": 1, "dur": 1, "sf": «3», "esf": «"4"»},
                   {"ph": "X", "name": "A", "pid": 1, "tid": 1, "ts": 2, "dur": 1, "sf": 3}],
                 "stackFrames": {"1": {"name": "main"}}}""",
                finding("unknown-stack-frame", "stack frame 3 is not in \"stackFrames\": chrome://tracing shows it wrongly")
                        .severity(Severity.WARNING),
                finding("unknown-stack-frame", "stack frame 4 is not in \"stackFrames\": chrome://tracing shows it wrongly"));
    }

    @Test
    void missingParentAndCycles() {
        assertFindings("""
                {"stackFrames": {
                   "1": {"name": "main"},
                   "2": {"name": "f", "parent": «"8"»},
                   "3": {"name": "g", "parent": "4"},
                   "4": {"name": "h", "parent": «3»},
                   "5": {"name": "self", "parent": «"5"»}},
                 "traceEvents": []}""",
                finding("unknown-parent-frame", "frame 2 has parent 8, which is not a frame of its dictionary: chrome://tracing shows it wrongly")
                        .severity(Severity.WARNING),
                finding("stack-frame-cycle", "the parent chain of frame 4 loops: 3 → 4 → 3: chrome://tracing cannot load the file")
                        .severity(Severity.ERROR),
                finding("stack-frame-cycle", "the parent chain of frame 5 loops: 5 → 5: chrome://tracing cannot load the file"));
    }

    /** A frame's id is a trace string: escaped in the message; a long loop is named by its first frames and its length. */
    @Test
    void frameIdsAreQuotedAndALongLoopIsCut() {
        StringBuilder frames = new StringBuilder("{\"stackFrames\": {\n");
        for (int i = 1; i <= 12; i++) { // 1 → 2 → … → 12 → 1
            frames.append(" \"").append(i).append("\": {\"name\": \"f\", \"parent\": ")
                    .append(i == 12 ? "«\"1\"»" : "\"" + (i + 1) + "\"").append("},\n");
        }
        frames.append(" \"🚀\\u202e\": {\"name\": \"g\", \"parent\": «\"x\\u200by\"»}},\n \"traceEvents\": []}");
        assertFindings(frames.toString(),
                finding("stack-frame-cycle", "the parent chain of frame 12 loops: 1 → 2 → 3 → 4 → 5 → 6 → 7 → 8 → … (12 frames) → 1"
                        + ": chrome://tracing cannot load the file"),
                finding("unknown-parent-frame", "frame 🚀\\u202e has parent x\\u200by, which is not a frame of its dictionary"
                        + ": chrome://tracing shows it wrongly"));
    }

    private static final String FAILS = ", not an object with \"name\": chrome://tracing cannot load the file";

    /** Each of these makes catapult's importStackFrames_ throw, or leaves a frame without title; they used to pass. */
    @Test
    void framesThatAreNotObjectsOrHaveNoName() {
        assertFindings("""
                {"stackFrames": {
                   "1": {"name": "main"},
                   «"2"»: {"category": "libc.so", "parent": "1"},
                   «"3"»: {"parent": "1"},
                   «"😀"»: {"name": null, "category": ""},
                   "4": «42», "5": «"x"», "6": «null», "7": «[1]», "8": «true»,
                   "9": {"name": 7, "category": 0}},
                 "traceEvents": []}""",
                finding("invalid-stack-frame", "stack frame 2 has no \"name\": chrome://tracing shows it wrongly")
                        .severity(Severity.WARNING), // drawn wrongly (no title), not a failed import: the viewer model's untitled condition
                finding("invalid-stack-frame", "stack frame 3 has no \"name\" (nor \"category\"): chrome://tracing cannot load the file")
                        .severity(Severity.ERROR),
                finding("invalid-stack-frame", "stack frame 😀 has no \"name\" (nor \"category\"): chrome://tracing cannot load the file"),
                finding("invalid-stack-frame", "stack frame 4 is a number" + FAILS),
                finding("invalid-stack-frame", "stack frame 5 is a string" + FAILS),
                finding("invalid-stack-frame", "stack frame 6 is null" + FAILS),
                finding("invalid-stack-frame", "stack frame 7 is an array" + FAILS),
                finding("invalid-stack-frame", "stack frame 8 is true" + FAILS));
        assertFindings("""
                [{"name": "stackFrames", "ph": "M", "pid": 1, "args": {"stackFrames": {"1": {"name": "main"}, "2": «0»}}}]""",
                finding("invalid-stack-frame", "stack frame 2 is a number" + FAILS));
    }

    /** catapult looks a null parent up as the id "null" ("gnull"), warns and cuts the stack; it used to pass. */
    @Test
    void aNullParentIsAMissingParent() {
        assertFindings("""
                {"stackFrames": {"1": {"name": "main", "parent": «null»}, "2": {"name": "f", "parent": «false»}, "3": {"name": "g", "parent": «"null"»}},
                 "traceEvents": []}""",
                finding("unknown-parent-frame", "frame 1 has parent null, which is not a frame of its dictionary (a root frame has no \"parent\"): chrome://tracing shows it wrongly"),
                finding("unknown-parent-frame", "frame 2 has parent false, which is not a frame of its dictionary (a root frame has no \"parent\"): chrome://tracing shows it wrongly"),
                finding("unknown-parent-frame", "frame 3 has parent null, which is not a frame of its dictionary: chrome://tracing shows it wrongly"));
        // the id "null" exists: catapult finds it, and so does the rule
        assertNoFindings("""
                {"stackFrames": {"null": {"name": "root"}, "1": {"name": "main", "parent": null}}, "traceEvents": []}""");
    }

    @Test
    void metadataStackFrames() {
        assertFindings("""
                [{"name": "stackFrames", "ph": "M", "pid": 1, "args": {"stackFrames": {‹"1"›: {"name": "main"}, "2": {"name": "f", "parent": «"9"»}}}},
                 {"name": "stackFrames", "ph": "M", "pid": 2, "args": {"stackFrames": {"1": {"name": "main"}, "2": {"name": "f", "parent": "1"}}}},
                 {"name": "stackFrames", "ph": "M", "pid": 1, "args": {"stackFrames": {«"1"»: {"name": "again"}, "9": {"name": "g"}}}}]""",
                finding("unknown-parent-frame", "frame 2 has parent 9, which is not a frame of its dictionary: chrome://tracing shows it wrongly"),
                finding("duplicate-stack-frame", "frame 1 is already defined by an earlier M stackFrames event of this process: chrome://tracing cannot load the file")
                        .severity(Severity.ERROR).related("first defined here"));
    }

    @Test
    void samples() {
        assertFindings("""
                {"traceEvents": [],
                 "samples": [«{»"tid": 1, "ts": 1, "name": "c"},
                             {"tid": 1, "ts": 1, "name": "c", "sf": «2»},
                             {"tid": 1, "ts": 1, "name": "c", "sf": 2},
                             «««{»»»"sf": 1}],
                 "stackFrames": {"1": {"name": "main"}}}""",
                finding("sample-missing-field", "sample without \"sf\": chrome://tracing cannot load the file")
                        .severity(Severity.ERROR),
                finding("sample-unknown-frame", "sample frame 2 is not in \"stackFrames\": chrome://tracing and speedscope cannot load the file")
                        .severity(Severity.ERROR),
                finding("sample-missing-field", "sample without \"name\": chrome://tracing cannot load the file"),
                finding("sample-missing-field", "sample without \"tid\": chrome://tracing cannot load the file"),
                finding("sample-missing-field", "sample without \"ts\": chrome://tracing cannot load the file"));
    }

    /** The schema's sample types; these used to pass. */
    @Test
    void samplesWithFieldsOfTheWrongType() {
        assertFindings("""
                {"traceEvents": [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "main"}},
                                 {"ph": "M", "name": "thread_name", "pid": 2, "tid": -1, "args": {"name": "other"}}],
                 "samples": [{"tid": «null», "cpu": «"0"», "ts": 1, "name": "c", "sf": 1, "weight": «"1"»},
                             {"tid": «1.5», "cpu": «2.5», "ts": 1, "name": "c", "sf": 1, "weight": «{"😀": 1}»},
                             {"tid": "1", "cpu": 3, "ts": 1, "name": "c", "sf": 1, "weight": 0.5},
                             {"tid": -1, "cpu": 2.0, "ts": 1, "name": "c", "sf": 1, "weight": 1e3}],
                 "stackFrames": {"1": {"name": "main"}}}""",
                finding("invalid-sample", "\"tid\" is null, not an integer or string: chrome://tracing drops it")
                        .severity(Severity.ERROR), // catapult drops the sample
                finding("invalid-sample", "\"cpu\" is a string, not an integer: no viewer shows it")
                        .severity(Severity.INFORMATION), // the sample is kept: the viewer model's invalid-sample/kept
                finding("invalid-sample", "\"weight\" is a string, not a number, as the spec asks: no viewer shows it")
                        .severity(Severity.INFORMATION),
                finding("invalid-sample", "\"tid\" is the number 1.5, not an integer or string: chrome://tracing drops it"),
                finding("invalid-sample", "\"cpu\" is the number 2.5, not an integer: no viewer shows it"),
                finding("invalid-sample", "\"weight\" is an object, not a number, as the spec asks: no viewer shows it"));
    }

    @Test
    void samplesWithoutAnyDictionary() {
        assertFindings("""
                {"traceEvents": [], "samples": [{"tid": 1, "ts": 1, "name": "c", "sf": «"1"»}]}""",
                finding("sample-unknown-frame", "sample frame 1 is not in \"stackFrames\": chrome://tracing and speedscope cannot load the file"));
    }
    /**
     * catapult files a sample under the thread its tid names among the threads events made, by tid alone
     * as a JavaScript key ("2" is 2, 3.0 is 3, the pid not read), and drops the sample if there is none.
     */
    @Test
    void sampleOfAThreadNoEventHas() {
        assertFindings("""
                {"samples": [{"tid": «7», "ts": 1, "name": "cycles", "sf": 1, "weight": 1},
                             {"tid": "2", "ts": 1, "name": "cycles", "sf": 1, "weight": 1},
                             {"tid": 7, "ts": 2, "name": "cycles", "sf": 1, "weight": 1},
                             {"tid": «"😀x"», "ts": 2, "name": "cycles", "sf": 1, "weight": 1},
                             {"tid": 3.0, "ts": 2, "name": "cycles", "sf": 1, "weight": 1},
                             {"tid": «4», "ts": 2, "name": "cycles", "sf": 1, "weight": 1},
                             {"tid": 5, "ts": 2, "name": "cycles", "sf": 1, "weight": 1}],
                 "stackFrames": {"1": {"name": "main"}},
                 "traceEvents": [{"ph": "X", "name": "a", "cat": "c", "ts": 1, "dur": 1, "pid": 9, "tid": 2},
                                 {"ph": "b", "name": "a", "cat": "c", "ts": 1, "id": 1, "pid": 9, "tid": 3},
                                 {"ph": "e", "name": "a", "cat": "c", "ts": 2, "id": 1, "pid": 9, "tid": 3},
                                 {"ph": "C", "name": "ctr", "ts": 1, "pid": 9, "tid": 4, "args": {"v": 1}},
                                 {"ph": "i", "name": "g", "ts": 1, "pid": 9, "tid": 4, "s": "g"},
                                 {"ph": "M", "name": "process_name", "pid": 9, "tid": 4, "args": {"name": "p"}},
                                 {"ph": "M", "name": "thread_name", "pid": 8, "tid": 5, "args": {"name": "t"}}]}""",
                finding("sample-unknown-thread", "sample tid 7 is no thread of the trace's events (2 samples name it): chrome://tracing drops it")
                        .severity(Severity.ERROR),
                finding("sample-unknown-thread", "sample tid \"😀x\" is no thread of the trace's events (1 sample names it): chrome://tracing drops it"),
                // a counter, a global instant and process metadata make a process, not a thread
                finding("sample-unknown-thread", "sample tid 4 is no thread of the trace's events (1 sample names it): chrome://tracing drops it"));
    }

    /** Without events catapult makes a thread per sample tid; a sub-trace's importer makes threads of its own. */
    @Test
    void samplesAloneOrBesideASubTraceAreNotJudged() {
        assertNoFindings("""
                {"traceEvents": [], "stackFrames": {"1": {"name": "main"}},
                 "samples": [{"tid": 7, "ts": 1, "name": "cycles", "sf": 1, "weight": 1}]}""");
        assertNoFindings("""
                {"traceEvents": [{"ph": "X", "name": "a", "cat": "c", "ts": 1, "dur": 1, "pid": 1, "tid": 1}],
                 "systemTraceEvents": "# tracer: nop\\n",
                 "stackFrames": {"1": {"name": "main"}},
                 "samples": [{"tid": 7, "ts": 1, "name": "cycles", "sf": 1, "weight": 1}]}""");
    }
}
