package dev.tracelint.e2e.editors;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.tracelint.e2e.Cli;
import dev.tracelint.e2e.editors.NeovimTest.Editors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Neovim with docs/editors.md's set-up and its own handlers (none replaced) on a trace written on one
 * line: the server must not ask "Put one event per line" (Neovim's window/showMessageRequest
 * handler is inputlist(), a prompt that holds the editor, diagnostics included, until a key is
 * pressed), so the diagnostics arrive without any keystroke, with the long-line information
 * diagnostic in place of the question.
 */
class NeovimLongLineTest {
    @TempDir
    Path dir;

    /** Runs after docs/editors.md's set-up; the default question handler is wrapped only to note a question before it prompts. */
    static final String SCRIPT = """
            local report = { codes = {} }
            local function finish(ok)
              local f = assert(io.open(os.getenv('TL_OUT'), 'w'))
              f:write(vim.fn.json_encode(report))
              f:close()
              vim.cmd(ok and 'qa!' or 'cquit! 1')
            end
            local default_question = vim.lsp.handlers['window/showMessageRequest']
            vim.lsp.handlers['window/showMessageRequest'] = function(...)
              local f = assert(io.open(os.getenv('TL_OUT') .. '.asked', 'w'))
              f:write(vim.inspect({ ... }))
              f:close()
              return default_question(...) -- Neovim's own: a prompt that waits for a key
            end
            local ok, err = pcall(function()
              vim.cmd('filetype on')
              vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('TL_TRACE')))
              local bufnr = vim.api.nvim_get_current_buf()
              report.shown = vim.wait(60000, function()
                local long, finding = false, false
                for _, d in ipairs(vim.diagnostic.get(bufnr)) do
                  if d.code == 'long-line' then long = true end
                  if d.code == 'unknown-phase' then finding = true end
                end
                return long and finding
              end, 50)
              for _, d in ipairs(vim.diagnostic.get(bufnr)) do
                table.insert(report.codes, d.code)
              end
              for _, client in pairs((vim.lsp.get_clients or vim.lsp.get_active_clients)()) do
                client.stop()
              end
              vim.wait(10000, function() return #(vim.lsp.get_clients or vim.lsp.get_active_clients)() == 0 end, 100)
            end)
            if not ok then report.error = tostring(err) end
            finish(ok)
            """;

    @Test
    void diagnosticsOfAOneLineTraceArriveWithoutAnyKeystroke() throws Exception {
        Path nvim = Editors.find("nvim", "neovim");
        // 400 events on one line (about 40,000 chars, over the 10,000 of a long line), one with an unknown phase; non-ASCII names
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < 400; i++) {
            b.append(i == 0 ? "" : ",").append("{\"name\":\"Ä😀 task ").append(i).append("\",\"ph\":\"")
                    .append(i == 200 ? "x" : "X").append("\",\"pid\":1,\"tid\":1,\"ts\":").append(i * 10).append(",\"dur\":5}");
        }
        Path trace = Files.writeString(dir.resolve("one-line.trace.json"), b.append("]\n"));
        String readme = OneLineTraceTest.between(NeovimTest.SCRIPT, "-- ---- README set-up ----", "-- ---- end of README set-up ----");
        Path script = Files.writeString(dir.resolve("drive.lua"), readme + SCRIPT);
        Path out = dir.resolve("report.json");
        Path log = dir.resolve("nvim.log");
        String marker = "-Dtracelint.e2e.editor=" + UUID.randomUUID();
        ProcessBuilder pb = Editors.headlessNeovim(nvim, dir, script, log);
        Map<String, String> env = pb.environment();
        env.put("TL_TRACE", trace.toString());
        env.put("TL_OUT", out.toString());
        env.put("TL_JAVA", Editors.java());
        env.put("TL_JAR", Files.copy(Cli.jar(), dir.resolve("tracelint.jar")).toString());
        env.put("TL_MARKER", marker);
        // a question would hold Neovim until the limit: then the failure says it was asked
        int exit = Editors.runBounded(pb, marker, 90, () -> Editors.describe(log, out, dir.resolve("xdg"))
                + (Files.exists(Path.of(out + ".asked")) ? "\nthe server asked a question (Neovim waits for a key)" : ""));
        assertFalse(Files.exists(Path.of(out + ".asked")), "the server asked a question");
        if (!Files.exists(out)) {
            fail("Neovim wrote no report (exit " + exit + ")\n" + Editors.describe(log, out, dir.resolve("xdg")));
        }
        JsonObject r = JsonParser.parseString(Files.readString(out)).getAsJsonObject();
        assertTrue(exit == 0 && !r.has("error"), "the Neovim script failed (exit " + exit + "): " + r);
        assertTrue(r.get("shown").getAsBoolean(), "no diagnostics within 60 s without a keystroke: " + r);
        Set<String> codes = new HashSet<>();
        for (JsonElement e : r.getAsJsonArray("codes")) {
            codes.add(e.getAsString());
        }
        assertTrue(codes.contains("long-line") && codes.contains("unknown-phase"), "told, not asked: " + codes);
    }
}
