package dev.tracelint;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.tracelint.finding.Finding;
import dev.tracelint.model.Severity;
import org.junit.jupiter.api.Test;

/**
 * The engine knows nothing of the CLI, the language server, picocli or lsp4j; the reader rates
 * nothing; the product knows nothing of the benchmarks and their trace generator (the bench module).
 */
class ArchitectureTest {
    private static final String[] ENGINE = {
        "dev.tracelint.text..", "dev.tracelint.read..", "dev.tracelint.model..", "dev.tracelint.finding..",
        "dev.tracelint.rules..", "dev.tracelint.config..", "dev.tracelint.fix..", "dev.tracelint.analysis..",
        "dev.tracelint.features..", "dev.tracelint.schema..", "dev.tracelint.index..", "dev.tracelint.trace..",
        "dev.tracelint.viewer..", "dev.tracelint.timeline..", "dev.tracelint.columns..", "dev.tracelint.api.."
    };

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tracelint");

    @Test
    void engineDoesNotDependOnFrontEnds() {
        noClasses().that().resideInAnyPackage(ENGINE)
                .should().dependOnClassesThat().resideInAnyPackage(
                        "dev.tracelint.cli..", "dev.tracelint.lsp..", "org.eclipse.lsp4j..", "picocli..")
                .check(classes);
    }

    /**
     * The library's public API (dev.tracelint.api) stands on the engine alone: no CLI, language
     * server, lsp4j, picocli or Spark type in it, and nothing of the engine's own layers leans on it
     * (the CLI, the server and the Spark job stand on the same layer beneath it).
     */
    @Test
    void thePublicApiKnowsNoFrontEndNorSpark() {
        noClasses().that().resideInAPackage("dev.tracelint.api..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tracelint.cli..", "dev.tracelint.lsp..",
                        "org.eclipse.lsp4j..", "picocli..", "org.apache.spark..", "org.apache.hadoop..", "scala..")
                .check(classes);
        noClasses().that().resideInAnyPackage("dev.tracelint.analysis..", "dev.tracelint.read..", "dev.tracelint.rules..",
                        "dev.tracelint.trace..", "dev.tracelint.viewer..", "dev.tracelint.config..")
                .should().dependOnClassesThat().resideInAPackage("dev.tracelint.api..")
                .check(classes);
    }

    /**
     * The reader reports problems, never findings: a finding's severity comes from the rule
     * registry and the configuration, applied by the analysis, not from a literal in the reader.
     */
    @Test
    void readerDoesNotRateWhatItFinds() {
        noClasses().that().resideInAPackage("dev.tracelint.read..")
                .should().dependOnClassesThat().belongToAnyOf(Severity.class, Finding.class)
                .orShould().dependOnClassesThat().resideInAnyPackage("dev.tracelint.rules..", "dev.tracelint.config..")
                .check(classes);
    }

    @Test
    void rulesDoNotReachIntoAnalysisOrConfig() {
        noClasses().that().resideInAPackage("dev.tracelint.rules..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tracelint.analysis..", "dev.tracelint.fix..")
                .check(classes);
    }

    /** The trace model sits below the rules and the editor's index: they read its facts, it knows neither. */
    @Test
    void theTraceModelKnowsNoRuleNorEditor() {
        noClasses().that().resideInAPackage("dev.tracelint.trace..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tracelint.rules..", "dev.tracelint.index..",
                        "dev.tracelint.analysis..", "dev.tracelint.features..", "dev.tracelint.config..")
                .check(classes);
    }

    /**
     * Pairing events (which E closes which B, which async events form a tree, which flow events
     * form a flow, when an object is alive) needs state keyed by thread or id that lives across
     * events: a map, a set or a stack. The trace model keeps it, once; a rule that kept a
     * java.util map, set or deque in a field would be pairing events again. The rules below still
     * keep such state: they relate no events (the top-level stackFrames dictionary, a counter's
     * series, a thread's names, the nearest known cname per bad one, the finished index's look-up
     * tables, the names the index builder interns). The list may only shrink.
     */
    private static final java.util.Set<String> NOT_YET_ON_THE_MODEL = java.util.Set.of(
            "dev.tracelint.rules.metadata.ConflictingThreadName",
            "dev.tracelint.rules.counter.CounterSeriesChanged",
            "dev.tracelint.rules.stackframes.FrameReferences",
            "dev.tracelint.rules.stackframes.DuplicateStackFrame",
            "dev.tracelint.rules.stackframes.FrameGraph",
            "dev.tracelint.rules.event.UnknownCname",
            // whether a phase made canonical would pair: per thread, the last B/E/X and the fixes waiting on it
            // (the model pairs canonical phases only; a fact for meant ones would move this there)
            "dev.tracelint.rules.event.UnknownPhase",
            "dev.tracelint.index.TraceIndex",
            "dev.tracelint.index.IndexBuilder");

    @Test
    void rulesAndTheIndexKeepNoPairingStateOfTheirOwn() {
        noFields().that().areDeclaredInClassesThat().resideInAnyPackage("dev.tracelint.rules..", "dev.tracelint.index..")
                .and().areNotStatic()
                .and().areDeclaredInClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("not listed as not yet on the model",
                        c -> !NOT_YET_ON_THE_MODEL.contains(c.getName()) && !NOT_YET_ON_THE_MODEL.contains(
                                c.getEnclosingClass().map(e -> e.getName()).orElse(""))))
                .should().haveRawType(com.tngtech.archunit.base.DescribedPredicate.describe("a java.util map, set or deque",
                        t -> t.isAssignableTo(java.util.Map.class) || t.isAssignableTo(java.util.Set.class)
                                || t.isAssignableTo(java.util.Deque.class)))
                .check(classes);
    }

    /**
     * Issue 13's acceptance: the per-event sharing of pairing state between rules ({@code PerEvent},
     * {@code SharedState}, "the first one does the pairing") and its revision stamps are gone, and
     * stay gone: no class of that name, no field stamping a revision, anywhere in the engine.
     */
    @Test
    void theOldSharedPairingStateStaysGone() {
        noClasses().should().haveSimpleName("PerEvent").orShould().haveSimpleName("SharedState").check(classes);
        noFields().that().areDeclaredInClassesThat().resideInAnyPackage("dev.tracelint.rules..", "dev.tracelint.index..",
                        "dev.tracelint.features..", "dev.tracelint.trace..")
                .should().haveNameMatching("(?i).*revision.*")
                .check(classes);
    }

    /**
     * The language server in layers, each using only those below it: the services and the launcher
     * (lsp) use the requests (lsp/requests), which answer from the document state (lsp/document:
     * versions, analyses, settings), which uses the transport (lsp/transport: frames, the message
     * reader, sockets, the warm-up) and what every layer shares (lsp/protocol: findings in LSP's
     * types, the log of internal errors). No layer names one above it.
     */
    @Test
    void languageServerLayersPointDown() {
        String services = "dev.tracelint.lsp";
        noClasses().that().resideInAPackage("dev.tracelint.lsp.protocol..")
                .should().dependOnClassesThat().resideInAnyPackage(services, "dev.tracelint.lsp.transport..",
                        "dev.tracelint.lsp.document..", "dev.tracelint.lsp.requests..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.tracelint.lsp.transport..")
                .should().dependOnClassesThat().resideInAnyPackage(services, "dev.tracelint.lsp.document..",
                        "dev.tracelint.lsp.requests..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.tracelint.lsp.document..")
                .should().dependOnClassesThat().resideInAnyPackage(services, "dev.tracelint.lsp.requests..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.tracelint.lsp.requests..")
                .should().dependOnClassesThat().resideInAPackage(services)
                .check(classes);
    }

    /** The benchmarks and the generator live in the bench module, which depends on this one, never the reverse. */
    private static final String[] BENCH = {"dev.tracelint.bench..", "dev.tracelint.generate.."};

    @Test
    void theProductHasNoBenchCode() {
        noClasses().should().resideInAnyPackage(BENCH).check(classes);
    }

    @Test
    void languageServerDoesNotReachBenchCode() {
        noClasses().that().resideInAPackage("dev.tracelint.lsp..")
                .should().dependOnClassesThat().resideInAnyPackage(BENCH)
                .check(classes);
    }
}
