package dev.tracelint.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/fleet.md "Using tracelint as a library": its Java example, compiled and run from the
 * repository's root as written, prints the output block below it; and every public type of
 * dev.tracelint.api carries Javadoc.
 */
class LibraryExampleTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();

    @Test
    void theDocumentedExampleCompilesAndPrintsWhatTheDocSays(@TempDir Path tmp) throws Exception {
        String doc = Files.readString(REPO.resolve("docs/fleet.md"));
        Matcher m = Pattern.compile("<!-- library example -->\n```java\n(.*?)```\n.*?```text\n(.*?)```", Pattern.DOTALL).matcher(doc);
        assertTrue(m.find(), "docs/fleet.md: the library example and its output");
        List<String> imports = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        for (String line : m.group(1).split("\n")) {
            if (line.startsWith("import ")) {
                imports.add(line);
            } else {
                body.append(line).append('\n');
            }
        }
        assertTrue(body.toString().lines().filter(l -> !l.isBlank()).count() <= 10, "ten lines");
        Path src = tmp.resolve("Example.java");
        // the example names examples/ relative to the repository's root, where README's commands run
        String code = body.toString().replace("Path.of(\"examples/", "Path.of(\"" + REPO.toString().replace("\\", "\\\\") + "/examples/");
        Files.writeString(src, String.join("\n", imports) + "\npublic class Example {\n public static void main(String[] args) throws Exception {\n"
                + code + "}\n}\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diag = new ByteArrayOutputStream();
        int rc = javac.run(null, diag, diag, "-cp", System.getProperty("java.class.path"), "-d", tmp.toString(), src.toString());
        assertEquals(0, rc, diag.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream old = System.out;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {tmp.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            loader.loadClass("Example").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(old);
        }
        assertEquals(m.group(2), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyPublicTypeHasJavadoc() throws Exception {
        Path dir = REPO.resolve("server/src/main/java/dev/tracelint/api");
        List<Path> files;
        try (var s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".java") && !p.endsWith("package-info.java")).toList();
        }
        assertTrue(files.size() >= 8);
        for (Path f : files) {
            String text = Files.readString(f);
            Matcher type = Pattern.compile("(?m)^public (final )?(class|record|enum|interface) ").matcher(text);
            assertTrue(type.find(), f.toString());
            assertTrue(text.substring(0, type.start()).stripTrailing().endsWith("*/"), f + ": Javadoc before the type");
        }
    }
}
