package dev.tracelint.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * With the product and the benchmarks on one class path (as in the bench jar): nothing of the
 * product, the language server above all, reaches the benchmarks or their trace generator.
 */
class BenchArchitectureTest {
    private static final String[] BENCH = {"dev.tracelint.bench..", "dev.tracelint.generate.."};

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tracelint");

    @Test
    void languageServerDoesNotReachBenchCode() {
        noClasses().that().resideInAPackage("dev.tracelint.lsp..")
                .should().dependOnClassesThat().resideInAnyPackage(BENCH)
                .check(classes);
    }

    @Test
    void nothingOfTheProductReachesBenchCode() {
        noClasses().that().resideOutsideOfPackages(BENCH)
                .should().dependOnClassesThat().resideInAnyPackage(BENCH)
                .check(classes);
    }
}
