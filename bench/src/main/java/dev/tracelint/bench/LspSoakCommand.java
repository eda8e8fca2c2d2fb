package dev.tracelint.bench;

import dev.tracelint.generate.TraceGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code soak-lsp}: the language server's resident memory over a long editing session of small
 * documents ({@link Soak}), started as an editor starts it: through the launcher
 * ({@code bin/tracelint lsp}, {@code --launcher}) or as {@code java VMARGS -jar tracelint.jar lsp}.
 */
@Command(name = "soak-lsp", mixinStandardHelpOptions = true,
        description = "The language server's memory (RSS) over many edits of a few small documents, over stdio.")
public final class LspSoakCommand implements Callable<Integer> {
    @Option(names = "--launcher", description = "Start the server with this checkout's bin/tracelint lsp (TRACELINT_JAR ="
            + " the server jar); --server-vmargs then go to TRACELINT_JAVA_OPTS.")
    boolean viaLauncher;

    @Option(names = "--server-jar", paramLabel = "PATH", description = "The server's jar (default: server/target/tracelint.jar).")
    Path serverJar;

    @Option(names = "--server-vmargs", description = "JVM options: without --launcher, of `java ... -jar` (default:"
            + " -XX:TieredStopAtLevel=1, README's editor set-ups); with it, TRACELINT_JAVA_OPTS (default: none).")
    String vmargs;

    @Option(names = "--documents", defaultValue = "10", description = "Documents open (default: ${DEFAULT-VALUE}).")
    int documents;

    @Option(names = "--document-size", defaultValue = "20KB", description = "Size of each generated document (default: ${DEFAULT-VALUE}).")
    String documentSize;

    @Option(names = "--edits", defaultValue = "6000", description = "didChange notifications, one keystroke each (default: ${DEFAULT-VALUE}).")
    int edits;

    @Option(names = "--keystroke-interval", defaultValue = "15", paramLabel = "MS", description = "Milliseconds between keystrokes (default: ${DEFAULT-VALUE}).")
    long keystrokeIntervalMs;

    @Option(names = "--sample-interval", defaultValue = "100", paramLabel = "MS", description = "Milliseconds between RSS samples (default: ${DEFAULT-VALUE}).")
    long sampleIntervalMs;

    @Option(names = "--idle", defaultValue = "40", paramLabel = "SECONDS", description = "How long after the last edit the idle RSS is read (default: ${DEFAULT-VALUE}).")
    long idleSeconds;

    @Override
    public Integer call() throws Exception {
        Path jar = Product.jar(serverJar).toAbsolutePath();
        List<String> command = new ArrayList<>();
        Map<String, String> env = new HashMap<>();
        List<String> opts = vmargs == null ? (viaLauncher ? List.of() : List.of("-XX:TieredStopAtLevel=1"))
                : List.of(vmargs.trim().split("\\s+")).stream().filter(a -> !a.isEmpty()).toList();
        if (viaLauncher) {
            command.addAll(List.of(Product.launcher().toString(), "lsp"));
            env.put("TRACELINT_JAR", jar.toString());
            env.put("JAVA_HOME", System.getProperty("java.home"));
            env.put("TRACELINT_JAVA_OPTS", String.join(" ", opts));
        } else {
            command.add(Product.java());
            command.addAll(opts);
            command.addAll(List.of("-jar", jar.toString(), "lsp"));
        }
        Path dir = Files.createTempDirectory("tracelint-soak");
        try {
            Soak.Result r = Soak.run(new Soak.Plan(command, env, documents, TraceGenerator.parseSize(documentSize), edits,
                    keystrokeIntervalMs, sampleIntervalMs, idleSeconds * 1000), dir);
            System.out.printf("server: %s%s%n", String.join(" ", command), viaLauncher ? " (TRACELINT_JAVA_OPTS=" + env.get("TRACELINT_JAVA_OPTS") + ")" : "");
            System.out.printf("%d documents of %s, %s%n", documents, documentSize, r.summary());
        } finally {
            Files.deleteIfExists(dir);
        }
        return 0;
    }
}
