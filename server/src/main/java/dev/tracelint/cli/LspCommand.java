package dev.tracelint.cli;

import dev.tracelint.lsp.LanguageServerLauncher;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code lsp}: the language server over stdin/stdout. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = "Run the language server (LSP 3.17) over stdin/stdout, for any LSP editor.")
public final class LspCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        return LanguageServerLauncher.run(System.in, LanguageServerLauncher.takeStdout());
    }
}
