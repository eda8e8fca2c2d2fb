package dev.tracelint;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.tracelint.rules.registry.Rules;
import org.junit.jupiter.api.Test;

/**
 * The server's packages in layers (docs/architecture.md, "The server's packages"): no cycle between
 * them, and the viewer model a leaf of value types. These read the bytecode; what only the source
 * shows (an import that only Javadoc uses, which javac drops) is {@link JavadocOnlyImportsTest}'s.
 */
class LayersTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tracelint");

    /**
     * No cycle between the top-level packages under dev.tracelint (the package table of
     * docs/architecture.md): each with its subpackages is one slice (rules/event and rules are both
     * "rules", trace/flow and trace both "trace"), and no two slices lean on each other, directly or
     * through others. The language server's own layers are ArchitectureTest#languageServerLayersPointDown.
     */
    @Test
    void noCycleBetweenTopLevelPackages() {
        slices().matching("dev.tracelint.(*)..").should().beFreeOfCycles().check(classes);
    }

    /**
     * No cycle between packages either, each package its own slice ("(**)" captures the whole name
     * below dev.tracelint, so rules and rules.event are two slices): a package and its subpackages
     * do not lean on each other both ways. So the registry, which lists every rule of rules/*, is
     * rules/registry, not in rules beside Declaration, which every rule uses; and what the language
     * server's layers share (Convert, InternalErrors) is lsp/protocol, below the services in lsp.
     */
    @Test
    void noCycleBetweenPackages() {
        slices().matching("dev.tracelint.(**)").should().beFreeOfCycles().check(classes);
    }

    /**
     * The registry lists every rule class (each holding its Declaration): a rule, a Declaration or
     * anything else in rules/ that used the registry would put every rule's file in one cycle.
     */
    @Test
    void nothingInTheRulesUsesTheRegistry() {
        noClasses().that().resideInAPackage("dev.tracelint.rules..").and().doNotBelongToAnyOf(Rules.class)
                .should().dependOnClassesThat().belongToAnyOf(Rules.class)
                .check(classes);
    }

    /**
     * The viewer model is a leaf of value types (conditions, what each viewer does, verdict words,
     * source citations): the rules declare it, the registry gathers it, the configuration reads it;
     * it knows none of them. Its only dependencies are the format's vocabulary (model) and text.
     */
    @Test
    void theViewerModelDependsOnNoEnginePackage() {
        noClasses().that().resideInAPackage("dev.tracelint.viewer..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.tracelint.viewer..", "dev.tracelint.model..",
                        "dev.tracelint.text..", "java..")
                .check(classes);
    }
}
