package dev.tracelint.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.rules.registry.Rules;
import dev.tracelint.viewer.Citations.Citation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every file and function the viewer model cites exists in that viewer's sources at the version
 * the model pins: checked against {@code viewer-names.txt}, the names each file defines at that
 * revision (made by tools/viewer-names/names.mjs from the sources themselves; names only). A
 * citation that is known to fail, and why, is listed in {@code cited-functions-known-missing.tsv};
 * a listed one that no longer fails must leave the list.
 */
class CitedFunctionsTest {
    private static final String NAMES = "viewer-names.txt";
    private static final String KNOWN = "cited-functions-known-missing.tsv";

    /** What viewer-names.txt says: per viewer, its header fields and its files' names. */
    record Names(Map<Viewer, String[]> headers, Map<Viewer, Map<String, Set<String>>> files) {
    }

    static Names names() throws IOException {
        Map<Viewer, String[]> headers = new EnumMap<>(Viewer.class);
        Map<Viewer, Map<String, Set<String>>> files = new EnumMap<>(Viewer.class);
        Viewer viewer = null;
        Set<String> names = null;
        for (String line : lines(NAMES)) {
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f[0].equals("viewer")) {
                viewer = Viewer.of(f[1]);
                if (viewer == null || f.length != 5) {
                    throw new AssertionError(NAMES + ": bad viewer line " + line);
                }
                headers.put(viewer, f);
                files.put(viewer, new HashMap<>());
            } else if (f[0].equals("file")) {
                names = new HashSet<>();
                files.get(viewer).put(f[1], names);
            } else if (f[0].isEmpty() && f.length == 2 && names != null) {
                names.add(f[1].replace("::", "."));
            } else {
                throw new AssertionError(NAMES + ": bad line " + line);
            }
        }
        return new Names(headers, files);
    }

    /** The list was made from the revision the model pins, for every viewer. */
    @Test
    void theNamesAreOfThePinnedVersions() throws IOException {
        Names names = names();
        for (Viewer v : Viewer.values()) {
            String[] h = names.headers().get(v);
            assertTrue(h != null, NAMES + " has no names for " + v.id() + ": run tools/viewer-names/names.mjs");
            ViewerVersion version = v.version();
            assertEquals(List.of(version.sources(), version.revision(), version.date() == null ? "-" : version.date()),
                    List.of(h[2], h[3], h[4]), v.id() + ": " + NAMES + " was made from another version than the model pins:"
                    + " run tools/viewer-names/names.mjs");
        }
    }

    @Test
    void everyCitedFileAndFunctionExistsAtThePinnedVersion() throws IOException {
        Names names = names();
        Set<String> problems = new TreeSet<>();
        int citations = 0;
        int functions = 0;
        for (Condition c : Rules.viewerModel().all()) {
            for (Viewer v : Viewer.values()) {
                String where = c.id() + " " + v.id() + ": ";
                List<Citation> cited;
                try {
                    cited = Citations.parse(v, c.effect(v).source());
                } catch (IllegalArgumentException e) {
                    problems.add(where + "not in the citation form: " + e.getMessage());
                    continue;
                }
                for (Citation ci : cited) {
                    citations++;
                    Set<String> defined = names.files().get(v).get(ci.file());
                    if (defined == null) {
                        problems.add(where + ci.file() + " is not in " + v.version().sourcesName() + " at " + v.version().revision());
                        continue;
                    }
                    for (String f : ci.functions()) {
                        functions++;
                        if (!defines(defined, f)) {
                            problems.add(where + ci.file() + " defines no " + f);
                        }
                    }
                }
            }
        }
        Map<String, String> known = known();
        List<String> unlisted = new ArrayList<>();
        for (String p : problems) {
            if (!known.containsKey(p)) {
                unlisted.add(p);
            }
        }
        List<String> stale = new ArrayList<>();
        for (String k : known.keySet()) {
            if (!problems.contains(k)) {
                stale.add(k);
            }
        }
        assertEquals("", String.join("\n", unlisted), "citations of the viewer model that do not hold at the pinned versions ("
                + citations + " citations, " + functions + " functions checked; a problem known and reasoned goes in " + KNOWN + ")");
        assertEquals("", String.join("\n", stale), "listed in " + KNOWN + " but no longer failing: remove them from the list");
    }

    /** {@code name} is defined there: as it is, or as the innermost part of a longer name ("End" of "SliceTracker::End"). */
    private static boolean defines(Set<String> defined, String name) {
        String n = name.replace("::", ".");
        if (defined.contains(n)) {
            return true;
        }
        for (String d : defined) {
            if (d.endsWith("." + n)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theCitationFormIsReadAsWritten() {
        assertEquals(List.of(new Citation("src/a/b.cc", List.of("A::B", "c")), new Citation("src/a/b.cc", List.of("d")),
                        new Citation("src/e.h", List.of())),
                Citations.parse(Viewer.PERFETTO, "perfetto src/a/b.cc A::B, c (a note; with `code (`) -> d; src/e.h (why)"));
        assertEquals(List.of(new Citation("front_end/x/Y.ts", List.of("Y.z"))),
                Citations.parse(Viewer.DEVTOOLS, "devtools-frontend front_end/x/Y.ts Y.z"));
        for (String bad : List.of("perfetto src/a.cc F: prose", "tracerbench: the caller's `JSON.parse`", "speedscope src/a.ts f g",
                "catapult (f)", "perfetto src/a.cc (note) g", "perfetto src/a.cc f (unclosed")) {
            assertThrows(IllegalArgumentException.class, () -> Citations.parse(Viewer.PERFETTO, bad), bad);
        }
    }

    /** The failures known and why: problem (as the test says it), tab, the reason. */
    private static Map<String, String> known() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : lines(KNOWN)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int tab = line.lastIndexOf('\t');
            if (tab < 0) {
                throw new AssertionError(KNOWN + ": no reason for " + line);
            }
            out.put(line.substring(0, tab), line.substring(tab + 1));
        }
        return out;
    }

    private static List<String> lines(String resource) throws IOException {
        try (InputStream in = CitedFunctionsTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new AssertionError("no resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
