package dev.tracelint.trace;

import dev.tracelint.read.EventView;
import dev.tracelint.read.Problem;
import dev.tracelint.read.TraceHandler;
import dev.tracelint.read.TraceReader;
import dev.tracelint.read.TraceSource;
import dev.tracelint.trace.model.TraceModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The facts the trace model publishes for a trace, read straight from the model (no rules, no analysis), for tests. */
public final class ModelFacts {
    private ModelFacts() {
    }

    /** The facts of the records {@code kinds} the model publishes for {@code trace}, in the order it publishes them. */
    @SafeVarargs
    public static List<Fact> of(String trace, Class<? extends Fact>... kinds) throws IOException {
        List<Fact> out = new ArrayList<>();
        FactBus bus = new FactBus().subscribe(Fact.kinds(kinds), out::add);
        TraceModel model = new TraceModel(new Threads(), bus);
        new TraceReader(TraceSource.of(trace), new TraceHandler() {
            @Override
            public void event(EventView event) {
                model.event(event);
            }

            @Override
            public void problem(Problem problem) {
            }
        }).read();
        model.finish();
        return out;
    }
}
