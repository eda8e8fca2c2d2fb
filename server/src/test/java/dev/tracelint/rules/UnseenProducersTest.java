package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.analyze;
import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.TraceAssert.Marked;
import dev.tracelint.analysis.Analysis;
import dev.tracelint.analysis.Verdicts;
import dev.tracelint.config.Config;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import dev.tracelint.viewer.Verdict;
import dev.tracelint.viewer.Viewer;
import dev.tracelint.viewer.Viewers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Producers that no other test had seen (issue 36), each in a few events of our own written in the
 * shape the producer writes: its key order, its spacing, the fields it leaves out. The real traces
 * they stand for stay out of the repository; they were generated (tsc 5.9.3 and tsgo 7.0.2
 * {@code --generateTrace}, CMake 3.25 {@code --profiling-format=google-trace}, webpack 5.113's
 * ProfilingPlugin, onnxruntime-node's profiler, clang 14 {@code -ftime-trace}) or fetched (fgtrace's, a TensorFlow timeline's,
 * a Mill chrome profile's, a FASTBuild profile's and a Unity Bee profiler's committed JSON), or written after the writer's code (Horovod's TimelineWriter, Ray's {@code ray
 * timeline}). Each verdict asserted for DevTools and speedscope is what tests/oracle's importers did
 * with the same literal. Where tracelint is wrong today the test says what is right and is disabled,
 * naming the class of issue 36 (or the new one found here) that fixes it.
 */
class UnseenProducersTest {

    /** The verdict per viewer of the literal (the default viewers: chrome://tracing, Perfetto, DevTools, speedscope). */
    private static Map<Viewer, Verdict> verdicts(String trace) {
        return analyze(trace).verdicts().stream()
                .collect(Collectors.toMap(Verdicts.ViewerVerdict::viewer, Verdicts.ViewerVerdict::verdict));
    }

    /** As TraceAssert.assertFindings, for the findings of {@code rules} only (the others belong to a test below). */
    private static void assertFindingsOf(Set<String> rules, String marked, Only... expected) {
        Marked m = Marked.parse(marked);
        List<Finding> actual = analyze(m.text()).findings().stream().filter(f -> rules.contains(f.ruleId())).toList();
        assertEquals(expected.length, actual.size(), "findings of " + rules + ": " + actual);
        assertEquals(expected.length, m.ranges().size(), "one «range» per expected finding");
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i].rule(), actual.get(i).ruleId(), "rule of finding " + i);
            assertEquals(expected[i].message(), actual.get(i).message(), "message of finding " + i);
            assertEquals(m.ranges().get(i), actual.get(i).range(), "range of finding " + i);
        }
    }

    private record Only(String rule, String message) {
    }

    // --- tsc --generateTrace (TypeScript 5.9.3, src/compiler/tracing.ts; tsgo 7.0.2 writes the same three M events first)

    /** TracingStartedInBrowser written as metadata, without args.data: the only event DevTools fails on; the rest loads everywhere. */
    private static final String TSC = """
            [
            {"name":"process_name","args":{"name":"tsc"},"cat":"__metadata","ph":"M","ts":154984.027,"pid":1,"tid":1},
            {"name":"thread_name","args":{"name":"Main"},"cat":"__metadata","ph":"M","ts":154984.027,"pid":1,"tid":1},
            {"name":«"TracingStartedInBrowser"»,"cat":"disabled-by-default-devtools.timeline","ph":"M","ts":154984.027,"pid":1,"tid":1},
            {"pid":1,"tid":1,"ph":"B","cat":"program","ts":155769.689,"name":"createProgram","args":{"configFilePath":"/src/tsconfig.json"}},
            {"pid":1,"tid":1,"ph":"B","cat":"parse","ts":156899.223,"name":"createSourceFile","args":{"path":"/src/ünï🎉.ts"}},
            {"pid":1,"tid":1,"ph":"E","cat":"parse","ts":161069.042,"name":"createSourceFile","args":{"path":"/src/ünï🎉.ts"}},
            {"pid":1,"tid":1,"ph":"X","cat":"program","ts":156494.682,"name":"findSourceFile","dur":5041.003999999986,"args":{"fileName":"/src/ünï🎉.ts"}},
            {"pid":1,"tid":1,"ph":"E","cat":"program","ts":170000.5,"name":"createProgram","args":{}}
            ]""";

    @Test
    void tscFailsInDevToolsOnlyAndOneErrorSaysWhere() {
        Marked m = Marked.parse(TSC);
        List<Finding> findings = analyze(m.text()).findings();
        assertEquals(1, findings.size(), findings.toString());
        assertEquals(Severity.ERROR, findings.get(0).severity());
        assertEquals(m.ranges().get(0), findings.get(0).range());
        // oracle: the trace engine throws "Cannot read properties of undefined (reading 'data')"; speedscope loads
        assertEquals(Map.of(Viewer.CHROME_TRACING, Verdict.LOADS, Viewer.PERFETTO, Verdict.LOADS, Viewer.DEVTOOLS, Verdict.FAILS,
                Viewer.SPEEDSCOPE, Verdict.LOADS), verdicts(m.text()));
    }

    /** The cause is the name without args.data, whatever the phase: the rule that reports it with ph I. */
    @Test
    void tscTracingStartedInBrowserIsAChromeEventWithoutData() {
        assertFindings(TSC, finding("chrome-event-without-data",
                "\"TracingStartedInBrowser\" without args.data: DevTools cannot load the file").severity(Severity.ERROR));
    }

    // --- CMake --profiling-format=google-trace (3.25, cmMakefileProfilingData.cxx): one event per line of keys, tabs, E with no name

    @Test
    void cmakeEndsEachCommandWithANamelessE() {
        String trace = """
                [{
                \t"args" :\s
                \t{
                \t\t"functionArgs" : "STATUS 🎉 ünï",
                \t\t"location" : "/src/CMakeLists.txt:4"
                \t},
                \t"cat" : "cmake",
                \t"name" : "message",
                \t"ph" : "B",
                \t"pid" : 9890,
                \t"tid" : 0,
                \t"ts" : 259744061
                },{
                \t"ph" : «"E"»,
                \t"pid" : 9890,
                \t"tid" : 0,
                \t"ts" : 259744211
                }]""";
        assertFindings(trace, finding("event-without-name",
                "E event without a name: DevTools cannot load the file; speedscope shows it wrongly").severity(Severity.ERROR));
        // oracle: the trace engine throws "reading 'endsWith'"; speedscope loads it degraded
        Map<Viewer, Verdict> v = verdicts(Marked.parse(trace).text());
        assertEquals(Verdict.FAILS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.DEGRADED, v.get(Viewer.SPEEDSCOPE));
    }

    // --- webpack 5.113 ProfilingPlugin: Chrome's own start events with args.data, B/E with an id, a last X with no dur

    @Test
    void webpackProfilingPluginLastXHasNoDur() {
        String trace = """
                [{"ts":263327305,"pid":9977,"tid":9977,"ph":"I","name":"TracingStartedInPage","id":1,"cat":"disabled-by-default-devtools.timeline","args":{"data":{"sessionId":"-1","page":"0xfff","frames":[{"frame":"0xfff","url":"webpack","name":""}]}}},
                {"ts":263327467,"pid":9977,"tid":9977,"ph":"I","name":"TracingStartedInBrowser","id":2,"cat":"disabled-by-default-devtools.timeline","args":{"data":{"sessionId":"-1","frameTreeNodeId":1,"persistentIds":true,"frames":[{"frame":"0xfff","url":"webpack","name":""}]}}},
                {"ts":263425712,"pid":9977,"tid":9977,"ph":"B","name":"EntryOptionPlugin","id":3,"cat":"blink.user_timing"},
                {"ts":263426608,"pid":9977,"tid":9977,"ph":"E","name":"EntryOptionPlugin","id":3,"cat":"blink.user_timing"},
                {"ts":263329722,"pid":9977,"tid":9977,"ph":«"X"»,"name":"TaskQueueManager::ProcessTaskFromWorkQueue","id":185,"cat":"toplevel","args":{"src_file":"../../ipc/ipc_moji_bootstrap.cc","src_func":"Accept"}}]""";
        assertFindings(trace, finding("missing-field",
                "X event 'TaskQueueManager::ProcessTaskFromWorkQueue' has no \"dur\": Perfetto drops it; chrome://tracing shows it wrongly"));
        // oracle: DevTools and speedscope load it as it is
        Map<Viewer, Verdict> v = verdicts(Marked.parse(trace).text());
        assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.LOADS, v.get(Viewer.SPEEDSCOPE));
    }

    // --- onnxruntime's profiler (onnxruntime-node 1.x, core/common/profiler.cc): X only, pid = tid, spaced colons, nested args

    @Test
    void onnxruntimeProfileIsClean() {
        assertNoFindings("""
                [
                {"cat" : "Session","pid" :10272,"tid" :10272,"dur" :317,"ts" :7,"ph" : "X","name" :"model_loading_array","args" : {}},
                {"cat" : "Session","pid" :10272,"tid" :10272,"dur" :2596,"ts" :332,"ph" : "X","name" :"session_initialization","args" : {}},
                {"cat" : "Node","pid" :10272,"tid" :10272,"dur" :63,"ts" :4376,"ph" : "X","name" :"add_node_kernel_time","args" : {"op_name" : "Add","input_type_shape" : [{"float":[4]},{"float":[4]}],"thread_scheduling_stats" : {"main_thread": {"thread_pool_name": "session-1-intra-op", "block_size": [], "core": -1}, "sub_threads": {"140159169062592": {"num_run": 0, "core": -1}}},"provider" : "CPUExecutionProvider","output_type_shape" : [{"float":[4]}]}},
                {"cat" : "Session","pid" :10272,"tid" :10272,"dur" :200,"ts" :4300,"ph" : "X","name" :"SequentialExecutor::Execute","args" : {}},
                {"cat" : "Session","pid" :10272,"tid" :10272,"dur" :300,"ts" :4250,"ph" : "X","name" :"model_run","args" : {}}
                ]""");
    }

    // --- clang -ftime-trace (LLVM 14 TimeProfiler): X without cat, each "Total" on a tid of its own at ts 0, the M last, beginningOfTime

    private static final String CLANG = """
            {"traceEvents":[{"pid":4242,"tid":4242,"ph":"X","ts":1257,"dur":320,"name":"Source","args":{"detail":"/usr/include/ünï🎉.h"}},{"pid":4242,"tid":4242,"ph":"X","ts":1100,"dur":900,"name":"Source","args":{"detail":"/src/a.cpp"}},{"pid":4242,"tid":4243,"ph":"X","ts":0,"dur":1220,"name":"Total Source","args":{"count":2,"avg ms":0}},{"cat":"","pid":4242,"tid":4242,"ts":0,"ph":"M","name":"process_name","args":{"name":"clang"}},{"cat":"","pid":4242,"tid":4242,"ts":0,"ph":"M","name":"thread_name","args":{"name":"clang++-14"}}],"beginningOfTime":1796659767320857}""";

    @Test
    void clangTimeTraceLoadsButHasNoCategoryForTracerbench() {
        assertNoFindings(CLANG);
        Map<Viewer, Verdict> v = verdicts(CLANG);
        assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.LOADS, v.get(Viewer.SPEEDSCOPE));
        // oracle: tracerbench throws in splitCat ("reading 'split'") on the first X without cat
        Config tracerbench = Config.DEFAULT.withViewers(Viewers.parse(List.of("tracerbench"), new ArrayList<>()));
        assertFindings(tracerbench, CLANG.replace("\"ph\":\"X\",\"ts\":1257", "\"ph\":«\"X\"»,\"ts\":1257"),
                finding("event-without-category", "X 'Source' without \"cat\" (and 2 more events without a string \"cat\"): tracerbench cannot load the file")
                        .severity(Severity.ERROR));
    }

    // --- Mill's out/mill-chrome-profile.json: a tid per worker, B with cat "job", E with neither name nor cat, C without tid

    @Test
    void millEndsWithoutNames() {
        String trace = """
                [
                {"ph":"B","name":"mill ./mill app.compile","cat":"job","ts":45,"pid":1,"tid":1},
                {"ph":"C","name":"CPU Count","ts":108,"pid":1,"args":{"CPUS":8}},
                {"ph":"B","name":"app.sources","cat":"job","ts":1210,"pid":1,"tid":2},
                {"ph":"B","name":"app.scalaVersion 🎉","cat":"job","ts":1215,"pid":1,"tid":3},
                {"ph":«"E"»,"ts":1250,"pid":1,"tid":2},
                {"ph":«"E"»,"ts":1262,"pid":1,"tid":3},
                {"ph":«"E"»,"ts":2000,"pid":1,"tid":1}
                ]""";
        String m = "E event without a name: DevTools cannot load the file; speedscope shows it wrongly";
        assertFindings(trace, finding("event-without-name", m), finding("event-without-name", m), finding("event-without-name", m));
        // oracle (this literal and the real profile): the trace engine throws "reading 'endsWith'"; speedscope warns once per E and closes all at the end
        Map<Viewer, Verdict> v = verdicts(Marked.parse(trace).text());
        assertEquals(Verdict.FAILS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.DEGRADED, v.get(Viewer.SPEEDSCOPE));
    }

    // --- FASTBuild -profile (fbuild_profile.json): negative pids for its counter processes, C without tid, epoch-µs X

    @Test
    void fastbuildNegativePidsAreClean() {
        String trace = """
                [{"name":"process_name","ph":"M","pid":-2,"tid":0,"args":{"name":"Memory Usage"}},{"name":"process_name","ph":"M","pid":-1,"tid":0,"args":{"name":"fbuild -profile -cache"}},{"name":"thread_name","ph":"M","pid":-1,"tid":1,"args":{"name":"Thread 01"}},{"name":"Build","ph":"X","ts":1700000000100000,"dur":90000,"pid":-1,"tid":0},{"name":"Compile","ph":"X","ts":1700000000120000,"dur":5000,"pid":-1,"tid":1,"args":{"name":"/src/ünï🎉.o"}},{"name":"Total (MiB)","ph":"C","ts":1700000000120000,"pid":-2,"args":{"MiB":12}}]""";
        assertNoFindings(trace);
        Map<Viewer, Verdict> v = verdicts(trace);
        assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.LOADS, v.get(Viewer.SPEEDSCOPE));
    }

    // --- Unity's Bee build profiler (Library/Bee/profiler.json, "tundra"): a readme key beside traceEvents, cname on X

    @Test
    void unityBeeProfilerIsClean() {
        String trace = """
                {
                "instructions_readme": "1) Open Chrome, 2) go to chrome://tracing, 3) click Load, 4) navigate to this file.",
                "traceEvents":[
                { "cat":"", "pid":1, "tid":0, "ts":0, "ph":"M", "name":"process_name", "args": { "name":"tundra" } }
                ,{ "pid":1, "tid":0, "ts":1200000000000, "dur":900, "ph":"X", "name": "DriverInitData",  "args": { "durationMS":1, "detail":"" }}
                ,{ "pid":1, "tid":1, "ts":1200000000950, "dur":40, "ph":"X", "name": "WaitingForWork", "cname":"thread_state_sleeping",  "args": { "durationMS":0, "detail":"" }}
                ,{ "pid":1, "tid":1, "ts":1200000001000, "dur":300, "ph":"X", "name": "Csc",  "args": { "durationMS":0, "detail":"Library/Bee/artifacts/Assembly-CSharp.dll 🎉" }}
                ]}""";
        assertNoFindings(trace);
        Map<Viewer, Verdict> v = verdicts(trace);
        assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.LOADS, v.get(Viewer.SPEEDSCOPE));
    }

    // --- TensorFlow's timeline (tensorflow/python/client/timeline.py): M without tid or ts, X per op, each tensor's flow as s then t, no f

    private static final String TF_TIMELINE = """
            {"traceEvents": [
            {"ph": "M", "args": {"name": "Allocators"}, "pid": 0, "name": "process_name"},
            {"ph": "M", "args": {"name": "/job:localhost/replica:0/task:0/cpu:0 Compute"}, "pid": 1, "name": "process_name"},
            {"name": "VariableV2", "args": {"name": "dense/kernel", "op": "VariableV2"}, "pid": 1, "ts": 1500000000000100, "cat": "Op", "tid": 2, "ph": "X", "dur": 30},
            {"name": "Identity", "args": {"input0": "dense/kernel", "name": "dense/kernel/read", "op": "Identity"}, "pid": 1, "ts": 1500000000000135, "cat": "Op", "tid": 0, "ph": "X", "dur": 4},
            {"name": "dense/kernel", "pid": 1, "ts": 1500000000000130, "cat": "DataFlow", "tid": 2, "ph": "s", "id": 0},
            {"name": "dense/kernel", "pid": 1, "ts": 1500000000000135, "cat": "DataFlow", "tid": 0, "ph": "t", "id": 0}
            ]}""";

    @Test
    void tensorflowTimelineLoadsInDevToolsAndSpeedscope() {
        Map<Viewer, Verdict> v = verdicts(TF_TIMELINE);
        assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.LOADS, v.get(Viewer.SPEEDSCOPE));
    }

    /**
     * show_memory=True adds each tensor as an object (N, an O snapshot, D at its last use, in a
     * process of its own) and the allocators' bytes as counters on tid 0: clean, and it loads in
     * DevTools and speedscope (oracle); clean too with small timestamps, where every check in time order runs.
     */
    @Test
    void tensorflowTimelineWithMemoryIsClean() {
        String trace = """
                {"traceEvents": [
                {"ph": "M", "args": {"name": "Allocators"}, "pid": 0, "name": "process_name"},
                {"ph": "M", "args": {"name": "/job:localhost/replica:0/task:0/device:CPU:0 Compute"}, "pid": 1, "name": "process_name"},
                {"ph": "M", "args": {"name": "/job:localhost/replica:0/task:0/device:CPU:0 Tensors"}, "pid": 2, "name": "process_name"},
                {"name": "MatMul", "args": {"name": "dense/MatMul", "op": "MatMul", "input0": "x", "input1": "dense/kernel/read"}, "pid": 1, "ts": %s200, "cat": "Op", "tid": 0, "ph": "X", "dur": 40},
                {"ph": "N", "cat": "Tensor", "name": "dense/MatMul", "pid": 2, "tid": 0, "ts": %<s240, "id": 3},
                {"ph": "O", "cat": "Tensor", "name": "dense/MatMul", "pid": 2, "tid": 0, "ts": %<s240, "id": 3, "args": {"snapshot": {"tensor_description": "dtype: DT_FLOAT\\nshape {\\n  dim {\\n    size: 1\\n  }\\n}\\n"}}},
                {"ph": "C", "cat": "Memory", "name": "Memory", "pid": 0, "tid": 0, "ts": %<s240, "args": {"cpu": 4096}},
                {"ph": "D", "cat": "Tensor", "name": "dense/MatMul", "pid": 2, "tid": 0, "ts": %<s300, "id": 3},
                {"ph": "C", "cat": "Memory", "name": "Memory", "pid": 0, "tid": 0, "ts": %<s300, "args": {"cpu": 0}}
                ]}""";
        for (String epoch : List.of("1500000000000", "")) {
            String t = trace.formatted(epoch);
            assertNoFindings(t);
            Map<Viewer, Verdict> v = verdicts(t);
            assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
            assertEquals(Verdict.LOADS, v.get(Viewer.SPEEDSCOPE));
        }
    }

    /** catapult draws an arrow on a t as on an f; Perfetto links the step to its slice: only a last leg is missing. */
    @Test
    void tensorflowStepOnlyFlowsAreInformationAtMost() {
        Analysis a = analyze(TF_TIMELINE);
        for (Finding f : a.findings()) {
            assertNotEquals(Severity.ERROR, f.severity(), f::toString);
            assertNotEquals(Severity.WARNING, f.severity(), f::toString);
        }
        Map<Viewer, Verdict> v = verdicts(TF_TIMELINE);
        assertEquals(Verdict.LOADS, v.get(Viewer.CHROME_TRACING));
        assertEquals(Verdict.LOADS, v.get(Viewer.PERFETTO));
    }

    // --- Horovod's timeline (horovod/common/timeline.cc TimelineWriter): pid per tensor and no tid, E with no name, a global marker

    private static final String HOROVOD = """
            [
            {"name": "process_name", "ph": "M", "pid": 0, «"args"»: {"start_time_since_epoch_in_micros":1733580000000000}},
            {"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "HorovodAllreduce_grads_0"}},
            {"ph": "B", "name": "NEGOTIATE_ALLREDUCE", "ts": 1000, "pid": 1},
            {"ph": "X", "name": "0", "ts": 1013, "pid": 1, "dur": 0},
            {"ph": «"E"», "ts": 1040, "pid": 1},
            {"ph": "i", "name": "CYCLE_START", "ts": 1050, "s": "g"}]""";

    @Test
    void horovodEndsWithoutNamesAndNamesNoProcessZero() {
        assertFindingsOf(Set.of("event-without-name", "missing-field"), HOROVOD,
                new Only("missing-field", "M event 'process_name' has no \"name\" in \"args\": chrome://tracing drops it"),
                new Only("event-without-name",
                        "E event without a name: DevTools cannot load the file; speedscope shows it wrongly"));
        // oracle: DevTools throws on the nameless E ("reading 'endsWith'"), speedscope on the missing tid
        Map<Viewer, Verdict> v = verdicts(Marked.parse(HOROVOD).text());
        assertEquals(Verdict.FAILS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.FAILS, v.get(Viewer.SPEEDSCOPE));
    }

    /**
     * Three events without a tid: the rule that reports them should say so by its id, not call it a tid
     * that is not a number: missing-pid-tid, split from thread-id-not-number (issue 36).
     */
    @Test
    void horovodMissingTidIsNamedMissing() {
        List<Finding> tid = analyze(Marked.parse(HOROVOD).text()).findings().stream()
                .filter(f -> f.message().contains("without tid")).toList();
        assertEquals(3, tid.size(), tid.toString());
        for (Finding f : tid) {
            assertEquals("missing-pid-tid", f.ruleId(), f::toString);
        }
    }

    // --- Ray's `ray timeline` (ray-project/ray issue 27921 shows its output): an IP as pid, "worker:<hex>" as tid, float epoch µs

    @Test
    void rayStringIdsFailOnlyInSpeedscope() {
        String trace = """
                [{"cat": "task", "name": "task::f", "pid": «"127.0.0.1"», "tid": «"worker:5e1f0a"», "ts": 1700000000000100.5, "dur": 400.25, "ph": "X", "cname": "rail_response", "args": {}},
                {"cat": "task:execute", "name": "task:execute", "pid": «"127.0.0.1"», "tid": «"worker:5e1f0a"», "ts": 1700000000000110.75, "dur": 250.125, "ph": "X", "cname": "rail_animation", "args": {}}]""";
        String pid = "pid \"127.0.0.1\" is a string that is not a number: speedscope cannot load the file";
        String tid = "tid \"worker:5e1f0a\" is a string that is not a number: speedscope cannot load the file";
        assertFindings(trace, finding("thread-id-not-number", pid), finding("thread-id-not-number", tid),
                finding("thread-id-not-number", pid), finding("thread-id-not-number", tid));
        // oracle: speedscope throws "Could not find events for key: undefined"; DevTools loads it
        Map<Viewer, Verdict> v = verdicts(Marked.parse(trace).text());
        assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.FAILS, v.get(Viewer.SPEEDSCOPE));
    }

    /**
     * Two X on one thread that overlap by 28 µs at epoch-µs timestamps (Ray, TensorFlow and Kineto write
     * such): DevTools drops the later one (oracle: tree_dropped 1) and speedscope closes the wrong frame,
     * as at small timestamps, where overlapping-slices reports it. Times.nanos once took no ts beyond
     * 9e12 µs (104 days), so no check made in time order ran on such traces (slices, flows, async pairs);
     * it now takes every ts up to 2^61 ns, and the e written before its b below is found at 1.7e15 too.
     */
    @Test
    void rayOverlapAtEpochTimestampsIsReported() {
        String trace = """
                [{"cat": "worker_idle", "name": "worker_idle", "pid": 1, "tid": 1, "ts": 1700000000000500.0, "dur": 50.25, "ph": "X"},
                {"cat": "task", "name": "task::f", "pid": 1, "tid": 1, "ts": 1700000000000522.0, "dur": 450.75, "ph": "X"}]""";
        List<Finding> findings = analyze(trace).findings();
        assertEquals(List.of("overlapping-slices"), findings.stream().map(Finding::ruleId).toList());
        Map<Viewer, Verdict> v = verdicts(trace);
        assertEquals(Verdict.DEGRADED, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.DEGRADED, v.get(Viewer.SPEEDSCOPE));
        String async = """
                [{"ph": "b", "cat": "task", "name": "actor", "pid": 1, "tid": 1, "ts": 1700000000000050, "id": 7},
                {"ph": "e", "cat": "task", "name": "actor", "pid": 1, "tid": 1, "ts": 1700000000000040, "id": 7}]""";
        assertTrue(analyze(async).findings().stream().anyMatch(f -> f.ruleId().equals("async-end-before-begin")));
    }

    // --- fgtrace (felixge/fgtrace, encoder.go): a "hz" metadata without pid, one pid per goroutine, tid 1, B/E from sampled stacks

    @Test
    void fgtraceHzMetadataIsInformation() {
        assertFindings("""
                [{"name":«"hz"»,"ph":"M","ts":0,"args":{"hz":100}}
                ,{"name":"process_name","ph":"M","ts":0,"pid":1,"tid":1,"args":{"name":"G1 main.main"}}
                ,{"name":"main.main","ph":"B","ts":0,"pid":1,"tid":1}
                ,{"name":"runtime.chanrecv1","ph":"B","ts":0,"pid":1,"tid":1}
                ,{"name":"runtime.chanrecv1","ph":"E","ts":20010.5,"pid":1,"tid":1}
                ,{"name":"main.main","ph":"E","ts":20010.5,"pid":1,"tid":1}
                ]""", finding("unknown-metadata-name", "metadata name \"hz\" is not a name of the spec: no viewer shows it")
                .severity(Severity.INFORMATION));
    }

    /**
     * Two goroutines (pids) whose B/E interleave in the file: DevTools pairs B/E on one stack for all
     * threads, in file order (RendererHandler's completeEventStack; ../shared/spec/viewer-behaviour.md
     * #3): the E of main.main pops net/http.Get, "Begin/End events mismatch" twice, both Bs keep dur 0
     * (oracle: mismatch 2, b_zero_dur 2). The real fgtrace trace: 158 mismatches. No finding today.
     */
    @Disabled("found with fgtrace (issue 36, producers): B/E interleaved across threads mis-pair in DevTools, not reported")
    @Test
    void fgtraceInterleavedGoroutinesMisPairInDevTools() {
        String trace = """
                [{"name":"main.main","ph":"B","ts":0,"pid":1,"tid":1}
                ,{"name":"net/http.Get","ph":"B","ts":10,"pid":2,"tid":1}
                ,{"name":"main.main","ph":"E","ts":20,"pid":1,"tid":1}
                ,{"name":"net/http.Get","ph":"E","ts":30,"pid":2,"tid":1}
                ]""";
        assertEquals(Verdict.DEGRADED, verdicts(trace).get(Viewer.DEVTOOLS));
        assertTrue(analyze(trace).findings().stream().anyMatch(f -> f.severity() == Severity.ERROR || f.severity() == Severity.WARNING));
    }

    /**
     * A function called again at the very ts its last call returned (sampled stacks do this): speedscope
     * takes a B before an E of equal ts and equal name+args (selectQueueToTakeFromNext), so the new
     * net.(*conn).Read opens inside the old one, the E of bufio.(*Reader).Read meets net.(*conn).Read ("Tried to end
     * ... Doing nothing instead") and bufio.(*Reader).Read stays open to the end (oracle: end_name_mismatch 1,
     * still_open_at_end 1). DevTools (file order) loads it. No finding today.
     */
    @Disabled("found with fgtrace (issue 36, producers): speedscope's equal-ts B-before-E re-entry, not reported")
    @Test
    void fgtraceReentryAtTheSameTsMisPairsInSpeedscope() {
        String trace = """
                [{"name":"bufio.(*Reader).Read","ph":"B","ts":0,"pid":7,"tid":1}
                ,{"name":"net.(*conn).Read","ph":"B","ts":0,"pid":7,"tid":1}
                ,{"name":"net.(*conn).Read","ph":"E","ts":5,"pid":7,"tid":1}
                ,{"name":"bufio.(*Reader).Read","ph":"E","ts":5,"pid":7,"tid":1}
                ,{"name":"net.(*conn).Read","ph":"B","ts":5,"pid":7,"tid":1}
                ,{"name":"net.(*conn).Read","ph":"E","ts":9,"pid":7,"tid":1}
                ]""";
        Map<Viewer, Verdict> v = verdicts(trace);
        assertEquals(Verdict.LOADS, v.get(Viewer.DEVTOOLS));
        assertEquals(Verdict.DEGRADED, v.get(Viewer.SPEEDSCOPE));
    }

    /**
     * An E of its B's name but without the B's cat: DevTools compares name and cat (makeCompleteEvent),
     * logs "Begin/End events mismatch", drops the E and keeps the B at dur 0 (oracle: mismatch 1);
     * end-name-mismatch looks at the name only. Found while minimising the Horovod and fgtrace cases.
     */
    @Disabled("found while minimising producers' traces (issue 36): an E whose cat differs from its B's mis-pairs in DevTools, not reported")
    @Test
    void endWithoutItsBeginsCatMisPairsInDevTools() {
        String trace = """
                [{"name":"a","cat":"c","ph":"B","pid":1,"tid":1,"ts":0},
                {"name":"a","ph":"E","pid":1,"tid":1,"ts":5}]""";
        assertEquals(Verdict.DEGRADED, verdicts(trace).get(Viewer.DEVTOOLS));
        assertEquals(1, analyze(trace).findings().size());
    }
}
