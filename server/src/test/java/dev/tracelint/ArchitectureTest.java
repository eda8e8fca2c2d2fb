package dev.tracelint;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

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
        "dev.tracelint.features..", "dev.tracelint.schema..", "dev.tracelint.index..", "dev.tracelint.viewer.."
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
