package dev.tracelint;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine knows nothing of the CLI, the language server, picocli or lsp4j. */
class ArchitectureTest {
    private static final String[] ENGINE = {
        "dev.tracelint.text..", "dev.tracelint.read..", "dev.tracelint.model..", "dev.tracelint.finding..",
        "dev.tracelint.rules..", "dev.tracelint.config..", "dev.tracelint.fix..", "dev.tracelint.analysis..",
        "dev.tracelint.features..", "dev.tracelint.schema..", "dev.tracelint.index.."
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

    @Test
    void rulesDoNotReachIntoAnalysisOrConfig() {
        noClasses().that().resideInAPackage("dev.tracelint.rules..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tracelint.analysis..", "dev.tracelint.fix..")
                .check(classes);
    }
}
