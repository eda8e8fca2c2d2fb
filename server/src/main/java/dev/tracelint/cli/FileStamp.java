package dev.tracelint.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/** Size, modification time and inode: what changes when someone else writes the file while it is rewritten. */
record FileStamp(long size, Object modified, Object key) {
    static FileStamp of(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new FileStamp(a.size(), a.lastModifiedTime(), Objects.requireNonNullElse(a.fileKey(), ""));
    }
}
