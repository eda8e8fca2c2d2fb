package dev.tracelint.features;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.tracelint.features.hover.HoverService;
import dev.tracelint.index.MemberOffsets;
import dev.tracelint.index.IndexedFrame;
import dev.tracelint.index.TraceIndex;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Hover and the other editor requests answer from what the analysis kept (the index, its member
 * offsets and stack frames) and the document's text: they never read the trace again. Checked on
 * the classes (no feature depends on the reader or the trace model) and on the call graph of the
 * requests themselves: every method a request can reach, through calls, overriding methods and
 * lambdas, stays out of {@code dev.tracelint.read}.
 */
class EditorRequestsReadNoTraceTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tracelint");

    @Test
    void theFeaturesAndWhatTheyReadOfTheIndexDoNotDependOnTheReader() {
        noClasses().that().resideInAnyPackage("dev.tracelint.features..")
                .or().belongToAnyOf(TraceIndex.class, MemberOffsets.class, IndexedFrame.class)
                .should().dependOnClassesThat().resideInAnyPackage("dev.tracelint.read..", "dev.tracelint.trace..")
                .because("a request reads the index and the text, never the trace again (issue 28)")
                .check(CLASSES);
    }

    @Test
    void noEditorRequestReachesTheReader() {
        List<String> entries = List.of(HoverService.class.getName() + ".hover", NavigationService.class.getName() + ".definition",
                NavigationService.class.getName() + ".highlights", NavigationService.class.getName() + ".references",
                InlayHintService.class.getName() + ".", CompletionService.class.getName() + ".",
                OutlineService.class.getName() + ".", FoldingService.class.getName() + ".");
        Set<JavaCodeUnit> start = new HashSet<>();
        for (String entry : entries) {
            String owner = entry.substring(0, entry.lastIndexOf('.'));
            String name = entry.substring(entry.lastIndexOf('.') + 1);
            for (JavaMethod m : CLASSES.get(owner).getMethods()) {
                if (m.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC)
                        && (name.isEmpty() || m.getName().equals(name))) {
                    start.add(m);
                }
            }
        }
        assertTrue(start.size() >= 8, "the requests' entry points are found: " + start);
        Map<JavaCodeUnit, JavaCodeUnit> reached = reachable(start);
        Set<String> inReader = new TreeSet<>();
        for (JavaCodeUnit u : reached.keySet()) {
            if (u.getOwner().getPackageName().startsWith("dev.tracelint.read")) {
                StringBuilder path = new StringBuilder(u.getFullName());
                for (JavaCodeUnit from = reached.get(u); from != null; from = reached.get(from)) {
                    path.append(" <- ").append(from.getFullName());
                }
                inReader.add(path.toString());
            }
        }
        assertTrue(reached.keySet().stream().anyMatch(u -> u.getOwner().getName().endsWith("hover.FrameHover")),
                "the walk follows the participants' calls");
        assertEquals(Set.of(), inReader, "reached from an editor request");
    }

    /** Every code unit of the imported classes reachable from {@code start}, with the one it was reached from (null for a start). */
    private static Map<JavaCodeUnit, JavaCodeUnit> reachable(Set<JavaCodeUnit> start) {
        Map<JavaCodeUnit, JavaCodeUnit> seen = new HashMap<>();
        start.forEach(u -> seen.put(u, null));
        Deque<JavaCodeUnit> toVisit = new ArrayDeque<>(start);
        while (!toVisit.isEmpty()) {
            JavaCodeUnit u = toVisit.pop();
            for (var call : u.getCallsFromSelf()) {
                AccessTarget.CodeUnitCallTarget target = call.getTarget();
                for (JavaCodeUnit t : target.resolveMember().stream().toList()) {
                    visit(t, u, seen, toVisit);
                    // a call on one of our interfaces or superclasses may run any override (a JDK interface's
                    // would bring in every class of ours that implements Iterator, Runnable...: not followed)
                    if (t instanceof JavaMethod m && m.getOwner().getPackageName().startsWith("dev.tracelint")) {
                        for (JavaClass sub : m.getOwner().getAllSubclasses()) {
                            sub.tryGetMethod(m.getName(), m.getRawParameterTypes().stream().map(JavaClass::getName).toArray(String[]::new))
                                    .ifPresent(o -> visit(o, u, seen, toVisit));
                        }
                    }
                }
            }
            for (JavaMethod m : u.getOwner().getMethods()) { // lambdas are methods of the class that wrote them
                if (m.getName().startsWith("lambda$")) {
                    visit(m, u, seen, toVisit);
                }
            }
        }
        return seen;
    }

    private static void visit(JavaCodeUnit u, JavaCodeUnit from, Map<JavaCodeUnit, JavaCodeUnit> seen, Deque<JavaCodeUnit> toVisit) {
        if (!seen.containsKey(u)) {
            seen.put(u, from);
            toVisit.push(u);
        }
    }
}
