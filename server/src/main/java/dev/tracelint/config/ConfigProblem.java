package dev.tracelint.config;

import dev.tracelint.finding.Finding;
import dev.tracelint.text.LineIndex;
import java.nio.file.Path;

/** An invalid-config finding, located in the config file (which has its own line index). */
public record ConfigProblem(Path file, LineIndex lines, Finding finding) {
}
