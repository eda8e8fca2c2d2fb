package dev.tracelint.e2e.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracelint.e2e.Cli;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The editor's {@code source.fixAll.tracelint} and {@code check --fix} give the same file: the
 * same rounds of fixes and the same guard (the engine's fix loop), through the real entry points,
 * the server over stdio and the jar. Over the oracle's cases and the shared corpus's real traces, every rule page's Bad example and
 * traces whose fixes take two rounds.
 */
class FixAllMatchesFixTest {
    private static final Pattern BAD = Pattern.compile("## Bad\\s*\\n+```json\\n(.*?)```", Pattern.DOTALL);
    /** Round 1 removes the trailing comma; only then is the event read and its "end" turned into the E that closes the B (round 2). */
    static final String TWO_ROUNDS = "[{\"ph\":\"B\",\"name\":\"a😀\",\"pid\":1,\"tid\":1,\"ts\":1},"
            + "{\"ph\":\"end\",\"name\":\"a😀\",\"pid\":1,\"tid\":1,\"ts\":2,}]";

    @Test
    void fixAllInTheEditorGivesTheFileCheckFixGives(@TempDir Path dir) throws Exception {
        Map<String, String> cases = cases();
        Map<Path, String> files = new LinkedHashMap<>();
        int n = 0;
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Path file = dir.resolve(String.format("case-%03d.trace.json", n++)); // "trace" in the name: both judge it as a trace
            Files.writeString(file, c.getValue());
            files.put(file, c.getKey());
        }

        Map<Path, String> editor = new LinkedHashMap<>();
        try (LspServerProcess s = new LspServerProcess()) {
            s.initialize(null, false);
            int version = 1;
            for (Path file : files.keySet()) {
                String uri = file.toUri().toString();
                String text = Files.readString(file);
                s.open(uri, text, version++);
                CodeActionContext only = new CodeActionContext(List.of());
                only.setOnly(List.of("source.fixAll.tracelint"));
                List<Either<org.eclipse.lsp4j.Command, CodeAction>> actions = s.server.getTextDocumentService().codeAction(
                        new CodeActionParams(new TextDocumentIdentifier(uri), new Range(new Position(0, 0), new Position(0, 0)), only))
                        .get(60, TimeUnit.SECONDS);
                assertTrue(actions.size() <= 1, actions::toString);
                editor.put(file, actions.isEmpty() ? text
                        : LanguageServerTest.apply(text, actions.get(0).getRight().getEdit().getChanges().get(uri)));
            }
        }

        List<String> args = new ArrayList<>(List.of("--fix"));
        files.keySet().forEach(f -> args.add(f.getFileName().toString()));
        Cli.Result fix = Cli.check(dir, args.toArray(String[]::new));
        assertTrue(fix.exitCode() <= 1, fix::toString);

        int changed = 0;
        for (Map.Entry<Path, String> f : files.entrySet()) {
            String fixedFile = Files.readString(f.getKey());
            assertEquals(fixedFile, editor.get(f.getKey()), "fix-all and --fix differ on " + f.getValue());
            changed += fixedFile.equals(cases.get(f.getValue())) ? 0 : 1;
        }
        assertTrue(changed >= 15, "only " + changed + " of " + cases.size() + " cases had a safe fix");
        Path twoRounds = files.entrySet().stream().filter(e -> e.getValue().equals("two rounds")).findFirst().orElseThrow().getKey();
        assertEquals(TWO_ROUNDS.replace("\"end\"", "\"E\"").replace(",}", "}"), editor.get(twoRounds));
    }

    /** Name → text: valid UTF-8 only (an editor has no other), without a byte order mark (an editor does not show it). */
    private static Map<String, String> cases() throws Exception {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("two rounds", TWO_ROUNDS);
        cases.put("two rounds, pretty, CRLF", "[\r\n  {\"ph\": \"B\", \"name\": \"Ä\", \"pid\": 1, \"tid\": 1, \"ts\": 1},\r\n"
                + "  {\"ph\": \"end\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, \"ts\": 2},\r\n"
                + "  {\"ph\": \"X\", \"name\": \"c\", \"pid\": 1, \"tid\": 1, \"ts\": 3, \"dur\": 1, \"cname\": \"thread_state_runing\"},\r\n]\r\n");
        Path repo = Cli.repo();
        // the oracle's own cases (every rule's condition, written for this project), and the shared
        // corpus's real traces of up to 1 MB where it is beside the checkout (the repository keeps no copy)
        List<Path> traces = new ArrayList<>();
        try (Stream<Path> own = Files.list(repo.resolve("tests/oracle/cases"))) {
            own.filter(p -> p.toString().endsWith(".json")).sorted().forEach(traces::add);
        }
        Path shared = repo.resolve("../shared/corpus").normalize();
        if (Files.isDirectory(shared)) {
            try (Stream<Path> real = Files.walk(shared)) {
                real.filter(p -> p.toString().endsWith(".json") && p.toFile().length() <= 1 << 20).sorted().forEach(traces::add);
            }
        } else {
            System.out.println("FixAllMatchesFixTest: ../shared/corpus is not beside the checkout; ran on the project's own traces only");
        }
        for (Path p : traces) {
            String text = utf8(Files.readAllBytes(p));
            if (text != null && !text.startsWith("\uFEFF")) {
                cases.put(p.startsWith(shared) ? shared.relativize(p).toString() : repo.relativize(p).toString(), text);
            }
        }
        try (Stream<Path> docs = Files.list(repo.resolve("docs/rules"))) {
            for (Path p : docs.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                Matcher bad = BAD.matcher(Files.readString(p));
                if (bad.find() && !bad.group(1).contains("\\x") && !p.getFileName().toString().equals("invalid-config.md")) {
                    cases.put(repo.relativize(p) + " (Bad)", bad.group(1)); // \xHH stands for a raw byte: not in an editor
                }
            }
        }
        return cases;
    }

    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
