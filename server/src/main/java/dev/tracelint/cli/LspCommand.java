package dev.tracelint.cli;

import dev.tracelint.lsp.LanguageServerLauncher;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lsp}: the language server over stdin/stdout, or over a socket the editor connects to. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = "Run the language server (LSP 3.17) over stdin/stdout, for any LSP editor.")
public final class LspCommand implements Callable<Integer> {
    @Option(names = "--port", paramLabel = "PORT",
            description = "Instead of stdin/stdout, wait (up to 60 s) for one editor to connect to PORT on localhost"
                    + " and serve it until it disconnects (Emacs: eglot's :autoport, much faster than a pipe for large files).")
    Integer port;

    @Override
    public Integer call() throws Exception {
        if (port != null) {
            if (port < 1 || port > 65535) {
                System.err.println("tracelint lsp: --port must be 1 to 65535, not " + port);
                return 2;
            }
            LanguageServerLauncher.takeStdout(); // stdout stays free of anything but protocol, as over stdio
            return LanguageServerLauncher.runOnPort(port);
        }
        return LanguageServerLauncher.run(System.in, LanguageServerLauncher.takeStdout());
    }
}
