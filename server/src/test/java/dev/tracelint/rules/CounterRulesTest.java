package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import dev.tracelint.model.Severity;
import org.junit.jupiter.api.Test;

/** counter-without-args, counter-non-numeric, counter-series-changed. */
class CounterRulesTest {
    private static final String NO_ARGS = ": chrome://tracing and Perfetto drop it";

    @Test
    void specCounterExamplesAreClean() {
        assertNoFindings("""
                [{"pid": 1, "name": "ctr", "ph": "C", "ts":  0, "args": {"cats":  0}},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts": 10, "args": {"cats": 10}},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts": 20, "args": {"cats":  0}},
                 {"pid": 1, "name": "ctr2", "ph": "C", "ts":  0, "args": {"cats":  0, "dogs": 7}},
                 {"pid": 1, "name": "ctr2", "ph": "C", "ts": 10, "args": {"cats": 10, "dogs": 4}},
                 {"pid": 1, "name": "ctr2", "ph": "C", "ts": 20, "args": {"cats":  0, "dogs": 1}}]""");
    }

    @Test
    void counterWithoutArgs() {
        assertFindings("""
                [{"pid": 1, "name": "ctr", "ph": «"C"», "ts": 0},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts": 1, "args": «{}»},
                 {"pid": 1, "name": "ctr😀", "ph": "C", "ts": 2, "args": «null»}]""",
                finding("counter-without-args", "C 'ctr' has no \"args\": a counter's values are its args" + NO_ARGS).severity(Severity.ERROR),
                finding("counter-without-args", "C 'ctr' has empty \"args\": a counter's values are its args" + NO_ARGS),
                // null is no object: the schema allows it on any event, but a counter has no series then
                finding("counter-without-args", "C 'ctr😀' has \"args\": null: a counter's values are its args" + NO_ARGS));
    }

    @Test
    void numericStringsAsPerfettoTakesThem() {
        assertNoFindings("""
                [{"pid": 1, "name": "c", "ph": "C", "ts": 0, "args": {"a": ".75", "b": "246.", "c": "01.23", "d": "050", "e": "+10.5", "f": "-3e5", "g": 1.5}}]""");
    }

    @Test
    void nonNumericValues() {
        assertFindings("""
                [{"pid": 1, "name": "c", "ph": "C", "ts": 0, "args": {"a": «"1.5e"», "b": «"."», "c": «"+"», "d": «"abc"», "e": «true», "f": «null», "g": «{"x": 1}», "h": «[1]»}}]""",
                finding("counter-non-numeric", "series \"a\" of counter \"c\" is \"1.5e\", not a number: Perfetto drops it; chrome://tracing shows it wrongly")
                        .severity(Severity.ERROR),
                finding("counter-non-numeric", "series \"b\" of counter \"c\" is \".\", not a number: Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("counter-non-numeric", "series \"c\" of counter \"c\" is \"+\", not a number: Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("counter-non-numeric", "series \"d\" of counter \"c\" is \"abc\", not a number: Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("counter-non-numeric", "series \"e\" of counter \"c\" is true, not a number: Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("counter-non-numeric", "series \"f\" of counter \"c\" is null, not a number: Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("counter-non-numeric", "series \"g\" of counter \"c\" is an object, not a number: Perfetto drops it; chrome://tracing shows it wrongly"),
                finding("counter-non-numeric", "series \"h\" of counter \"c\" is an array, not a number: Perfetto drops it; chrome://tracing shows it wrongly"));
    }

    @Test
    void seriesAppearingOrDisappearing() {
        assertFindings("""
                [{"pid": 1, "name": "ctr", "ph": "C", "ts": 0, "args": ‹{"cats": 0, "dogs": 1}›},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts": 1, "args": {"cats": 1, "dogs": 1, «"birds"»: 2}},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts": 2, "args": «{"cats": 1, "birds": 3}»},
                 {"pid": 1, "name": "ctr", "ph": "C", "ts": 3, "args": {"cats": 1}},
                 {"pid": 2, "name": "ctr", "ph": "C", "ts": 3, "args": {"fish": 1}},
                 {"pid": 1, "name": "ctr", "id": 5, "ph": "C", "ts": 3, "args": {"fish": 1}}]""",
                finding("counter-series-changed", "series \"birds\" of counter \"ctr\" first appears here, not in the counter's first sample: chrome://tracing shows it wrongly")
                        .severity(Severity.WARNING).related("the counter's first sample"),
                finding("counter-series-changed", "series \"dogs\" of counter \"ctr\" is missing from this sample: chrome://tracing shows it wrongly"));
    }
}
