package dev.tracelint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No import in the server's sources that only a comment uses (or nothing at all). javac drops such an
 * import from the bytecode, so {@link LayersTest} cannot see it, yet it is a dependency for whoever
 * reads the source: two of them made a cycle in lsp/ (document/CheckedFile on TraceWorkspaceService,
 * document/Workspace on TracelintLanguageServer). A comment names another class in plain words or with
 * a fully qualified {@code {@link}}. The check is on names: an import counts as used when its simple
 * name appears in the code outside comments and literals.
 */
class JavadocOnlyImportsTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(?:static\\s+)?([\\w.]+)\\s*;");

    @Test
    void noImportIsUsedOnlyInComments() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> s = Files.walk(SOURCES)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                files++;
                for (String name : commentOnlyImports(Files.readString(p))) {
                    found.add(p + ": " + name);
                }
            }
        }
        assertTrue(files > 200, "java files read: " + files);
        assertEquals(List.of(), found, "imports that no code uses (only comments, or nothing)");
    }

    @Test
    void anImportNamedOnlyInJavadocIsFoundAndOneUsedInCodeIsNot() {
        String source = """
                package p;

                import a.Used;
                import a.OnlyLinked;
                import static a.B.ONLY_IN_A_STRING;
                import a.b.*;

                /** Like {@link OnlyLinked}, see OnlyLinked#x; // not a comment's end */
                class C {
                    // OnlyLinked here too
                    String s = "ONLY_IN_A_STRING // OnlyLinked";
                    String t = \"""
                            OnlyLinked \\\""" still the block
                            \""";
                    char q = '"';
                    Used u; /* OnlyLinked */
                }
                """;
        assertEquals(List.of("a.OnlyLinked", "a.B.ONLY_IN_A_STRING"), commentOnlyImports(source));
    }

    /** The imports (fully qualified) whose simple name the code, outside comments and literals, never names. */
    static List<String> commentOnlyImports(String source) {
        Matcher m = IMPORT.matcher(source);
        List<String> imports = new ArrayList<>();
        StringBuilder rest = new StringBuilder(source.length());
        int from = 0;
        while (m.find()) {
            imports.add(m.group(1));
            rest.append(source, from, m.start());
            from = m.end();
        }
        rest.append(source, from, source.length());
        String code = codeOnly(rest.toString());
        List<String> out = new ArrayList<>();
        for (String fqn : imports) {
            String simple = fqn.substring(fqn.lastIndexOf('.') + 1);
            if (!Pattern.compile("(?<![\\w$])" + Pattern.quote(simple) + "(?![\\w$])").matcher(code).find()) {
                out.add(fqn);
            }
        }
        return out;
    }

    /** The source with comments, string, text block and char literals blanked: the names that code uses. */
    static String codeOnly(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            int end;
            if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                end = indexOf(s, "\n", i + 2);
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                end = indexOf(s, "*/", i + 2) + 2;
            } else if (c == '"' && startsWith(s, i, "\"\"\"")) {
                end = literalEnd(s, i + 3, "\"\"\"");
            } else if (c == '"' || c == '\'') {
                end = literalEnd(s, i + 1, String.valueOf(c));
            } else {
                b.append(c);
                i++;
                continue;
            }
            end = Math.min(end, n);
            b.append(' ');
            i = end;
        }
        return b.toString();
    }

    /** Just past the closing {@code close} from {@code i}, a backslash escaping the next char. */
    private static int literalEnd(String s, int i, String close) {
        while (i < s.length()) {
            if (s.charAt(i) == '\\') {
                i += 2;
            } else if (startsWith(s, i, close)) {
                return i + close.length();
            } else {
                i++;
            }
        }
        return s.length();
    }

    private static int indexOf(String s, String what, int from) {
        int i = s.indexOf(what, from);
        return i < 0 ? s.length() : i;
    }

    private static boolean startsWith(String s, int i, String what) {
        return s.startsWith(what, i);
    }
}
