package dev.tracelint.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the everyday {@code check} command line (paths plus the documented options, each at most
 * once, with a valid value) without picocli, for start-up time: picocli is Java 5 bytecode, which
 * the hook's AppCDS archive cannot hold, so building its command model re-loads and re-verifies
 * ~170 classes on every pre-commit run.
 *
 * <p>It only ever accepts what picocli would read the same way; for anything else (help, version,
 * unknown, repeated or abbreviated options, bad values, {@code --}, {@code @argfiles}, stdin, no
 * path) it returns null and picocli parses the line, so errors and help read exactly as before.
 */
final class PlainCheckArgs {
    private PlainCheckArgs() {
    }

    /** The command with {@code args} (the words after {@code check}) applied, or null: use picocli. */
    static CheckCommand parse(String[] args) {
        CheckCommand c = new CheckCommand();
        // picocli's defaults (the defaultValue of each @Option)
        c.format = CheckCommand.Format.text;
        c.failOn = CheckCommand.FailOn.error;
        c.color = "auto";
        List<String> paths = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("-")) {
                if (arg.startsWith("@") || arg.isEmpty()) {
                    return null; // picocli expands @argfiles
                }
                paths.add(arg);
                continue;
            }
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            if (!seen.add(name)) {
                return null; // picocli rejects a repeated option
            }
            switch (name) {
                case "--fix", "--unsafe-fixes", "--show-hints", "--debug" -> {
                    if (value != null) {
                        return null;
                    }
                    switch (name) {
                        case "--fix" -> c.fix = true;
                        case "--unsafe-fixes" -> c.unsafeFixes = true;
                        case "--show-hints" -> c.showHints = true;
                        default -> c.common.debug = true;
                    }
                }
                case "--format", "--fail-on", "--config", "--color", "--viewers" -> {
                    if (value == null) {
                        if (i + 1 == args.length) {
                            return null;
                        }
                        value = args[++i];
                    }
                    if (value.isEmpty() || value.startsWith("-") || value.startsWith("@")) {
                        return null;
                    }
                    if (!set(c, name, value)) {
                        return null;
                    }
                }
                default -> {
                    return null; // -h, --help, -V, --version, "-", "--", unknown options
                }
            }
        }
        if (paths.isEmpty()) {
            return null;
        }
        c.paths = paths;
        return c;
    }

    private static boolean set(CheckCommand c, String option, String value) {
        switch (option) {
            case "--format" -> {
                c.format = named(CheckCommand.Format.values(), value);
                return c.format != null;
            }
            case "--fail-on" -> {
                c.failOn = named(CheckCommand.FailOn.values(), value);
                return c.failOn != null;
            }
            case "--viewers" -> {
                c.viewers = List.of(value.split(",", -1)); // as picocli splits it; checked when the command runs
                return true;
            }
            case "--config" -> {
                try {
                    c.configFile = Path.of(value);
                    return true;
                } catch (InvalidPathException e) {
                    return false;
                }
            }
            default -> {
                c.color = value;
                return true;
            }
        }
    }

    /** The constant spelled exactly {@code name} (picocli's enum conversion is case-sensitive), or null. */
    private static <E extends Enum<E>> E named(E[] values, String name) {
        for (E e : values) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        return null;
    }
}
