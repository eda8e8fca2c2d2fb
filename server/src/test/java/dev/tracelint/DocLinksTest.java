package dev.tracelint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * README.md is the front door and docs/ holds the rest: every relative link in them reaches a file
 * of the repository and, when it names an anchor, a heading of that page (as GitHub makes anchors),
 * so moving a section cannot leave a link behind.
 */
class DocLinksTest {
    private static final Path REPO = Path.of(System.getProperty("tracelint.repo", "..")).toAbsolutePath().normalize();
    /** Issue 28: a README a new user reads to the end. */
    private static final int README_MAX_LINES = 350;
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.*)$");

    @Test
    void everyRelativeLinkReachesAFileAndItsAnchor() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        int checked = 0;
        for (Path page : pages()) {
            for (String target : links(Files.readString(page, StandardCharsets.UTF_8))) {
                if (target.matches("^[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                checked++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path to = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                String where = REPO.relativize(page) + ": " + target;
                if (!to.startsWith(REPO) || !Files.exists(to)) {
                    broken.add(where + " (no such file)");
                } else if (hash >= 0 && !anchors.computeIfAbsent(to, DocLinksTest::anchorsOf).contains(target.substring(hash + 1))) {
                    broken.add(where + " (no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken);
        assertTrue(checked > 100, "links checked: " + checked); // 241 when it was written
    }

    @Test
    void readmeIsShort() throws IOException {
        long lines = Files.readAllLines(REPO.resolve("README.md"), StandardCharsets.UTF_8).size();
        assertTrue(lines < README_MAX_LINES, "README.md has " + lines + " lines: the details belong in docs/");
    }

    /** GitHub's anchors: each heading lower-cased, without punctuation, spaces as hyphens; a repeated one gets -1, -2... */
    static String anchor(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\- _]", "").replace(' ', '-');
    }

    @Test
    void anchorsAreGithubs() {
        assertEquals("what---fix-guarantees", anchor("What `--fix` guarantees"));
        assertEquals("json-output---format-json-version-1", anchor("JSON output (`--format json`, version 1)"));
        assertEquals("neovim-07-or-newer-built-in-client-no-plugins", anchor("Neovim (0.7 or newer, built-in client, no plugins)"));
        assertEquals("configuration-tracelintjson", anchor("Configuration: `tracelint.json`"));
    }

    private static Set<String> anchorsOf(Path page) {
        Set<String> out = new HashSet<>();
        if (Files.isDirectory(page) || !page.toString().endsWith(".md")) {
            return out;
        }
        try {
            Map<String, Integer> seen = new HashMap<>();
            for (String line : prose(Files.readString(page, StandardCharsets.UTF_8))) {
                Matcher h = HEADING.matcher(line);
                if (h.matches()) {
                    String a = anchor(h.group(1));
                    int n = seen.merge(a, 1, Integer::sum) - 1;
                    out.add(n == 0 ? a : a + "-" + n);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /** The link targets of a page, outside its fenced code blocks. */
    private static List<String> links(String text) {
        List<String> out = new ArrayList<>();
        for (String line : prose(text)) {
            Matcher m = LINK.matcher(line);
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The lines of a page outside fenced code blocks. */
    private static List<String> prose(String text) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                out.add(line);
            }
        }
        return out;
    }

    private static List<Path> pages() throws IOException {
        List<Path> out = new ArrayList<>(List.of(REPO.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(REPO.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        return out;
    }
}
