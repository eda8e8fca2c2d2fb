package dev.tracelint.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the things a benchmark runs in processes of their own are: the product jar, the launcher
 * and the JVM. The bench jar lives in bench/target/ of a checkout, so the checkout is two levels up.
 */
final class Product {
    private Product() {
    }

    /** The checkout this bench runs from: the nearest folder above its jar (or classes) with server/ and bin/. */
    static Path checkout() throws IOException {
        Path here = codeSource();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("server")) && Files.isDirectory(p.resolve("bin"))) {
                return p;
            }
        }
        throw new IOException("cannot find the checkout above " + here + "; run the bench from bench/target/tracelint-bench.jar");
    }

    /** {@code jar}, or the checkout's server/target/tracelint.jar, which must exist. */
    static Path jar(Path jar) throws IOException {
        Path p = jar != null ? jar : checkout().resolve("server/target/tracelint.jar");
        if (!Files.isRegularFile(p)) {
            throw new IOException(p + " does not exist: build it with ./mvnw -q -B -pl server package -DskipTests");
        }
        return p;
    }

    /** The checkout's launcher, bin/tracelint. */
    static Path launcher() throws IOException {
        Path p = checkout().resolve("bin/tracelint");
        if (!Files.isExecutable(p)) {
            throw new IOException(p + " is missing or not executable");
        }
        return p;
    }

    /** The checkout's pre-commit hook, bin/tracelint-pre-commit. */
    static Path preCommitHook() throws IOException {
        return checkout().resolve("bin/tracelint-pre-commit");
    }

    /** The bench's own jar (or classes folder): {@link TokenScan} runs from it. */
    static Path codeSource() throws IOException {
        try {
            return Path.of(Product.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }

    /** The java command of this JVM: the processes it starts run on the same JDK. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Where generated traces go: the checkout's bench/traces/ (ignored by git). */
    static Path traces() throws IOException {
        return checkout().resolve("bench/traces");
    }
}
