package dev.tracelint.bench;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The whole-process baseline of {@code bench --whole-process}: a JVM that scans every token of a
 * file with jackson-core's byte parser and exits, started as {@code java -cp tracelint-bench.jar
 * dev.tracelint.bench.TokenScan FILE} with the JVM's default flags, as one would run a small
 * scanner of one's own. Prints the token count.
 */
public final class TokenScan {
    private TokenScan() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: TokenScan FILE");
            System.exit(2);
        }
        System.out.println(BenchCommand.scanBytes(Path.of(args[0])));
    }
}
