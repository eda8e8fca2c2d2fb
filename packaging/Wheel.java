import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Zips a staged wheel tree into a .whl (PEP 427: a zip whose {@code *.dist-info/RECORD} lists each
 * file's sha256, urlsafe base64 without padding, and size), so that the build needs no Python tool.
 * Run by wheel.sh as {@code java Wheel.java TREE OUT.whl}: TREE holds the package and its
 * {@code NAME-VERSION.dist-info/} with METADATA, WHEEL and entry_points.txt; RECORD is written here,
 * last, as the spec asks.
 *
 * <p>Unix modes: pip makes an installed file executable only when its zip entry's external attributes
 * carry a regular file's mode with an execute bit (pip's {@code zip_item_is_executable}), and the
 * bundled {@code runtime/bin/java} and {@code bin/tracelint} must stay executable. {@link ZipOutputStream}
 * writes no modes, so after writing, each central directory entry is given "made by Unix" and
 * {@code 0100755} or {@code 0100644} from the file on disk. Entries are in sorted order with fixed
 * times, so the same tree gives the same wheel.
 */
public class Wheel {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java Wheel.java TREE OUT.whl");
            System.exit(2);
        }
        Path tree = Path.of(args[0]).toAbsolutePath();
        Path out = Path.of(args[1]).toAbsolutePath();
        List<Path> files;
        try (Stream<Path> s = Files.walk(tree)) {
            files = new ArrayList<>(s.filter(Files::isRegularFile).map(tree::relativize).sorted().toList());
        }
        Path distInfo = files.stream().map(p -> p.getName(0)).filter(p -> p.toString().endsWith(".dist-info")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no *.dist-info in " + tree));
        // the package first, the metadata last (installers may read it without seeking back)
        files.sort((a, b) -> Boolean.compare(a.startsWith(distInfo), b.startsWith(distInfo)) != 0
                ? Boolean.compare(a.startsWith(distInfo), b.startsWith(distInfo)) : a.toString().compareTo(b.toString()));
        List<Boolean> executable = new ArrayList<>();
        StringBuilder record = new StringBuilder();
        try (OutputStream os = Files.newOutputStream(out); ZipOutputStream zip = new ZipOutputStream(os)) {
            zip.setLevel(9);
            for (Path rel : files) {
                byte[] bytes = Files.readAllBytes(tree.resolve(rel));
                String name = rel.toString().replace('\\', '/');
                put(zip, name, bytes);
                executable.add(Files.isExecutable(tree.resolve(rel)));
                String digest = Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(MessageDigest.getInstance("SHA-256").digest(bytes));
                record.append(csv(name)).append(",sha256=").append(digest).append(',').append(bytes.length).append('\n');
            }
            String recordName = distInfo + "/RECORD";
            record.append(recordName).append(",,\n");
            put(zip, recordName, record.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            executable.add(false);
        }
        setUnixModes(out, executable);
        System.out.println("wheel: " + out + ": " + Files.size(out) / 1024 + " KiB, " + (files.size() + 1) + " files");
    }

    static void put(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(315532800000L + 86400000L); // 1980-01-02: fixed, and inside the DOS date range
        zip.putNextEntry(e);
        zip.write(bytes);
        zip.closeEntry();
    }

    /** RECORD is CSV: a name with a comma or quote is quoted. */
    static String csv(String s) {
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    /** Walks the central directory (found from the end-of-central-directory record) entry by entry. */
    static void setUnixModes(Path zipFile, List<Boolean> executable) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(zipFile.toFile(), "rw")) {
            long eocd = -1;
            for (long p = f.length() - 22; p >= Math.max(0, f.length() - 22 - 65535); p--) {
                f.seek(p);
                if (Integer.reverseBytes(f.readInt()) == 0x06054b50) {
                    eocd = p;
                    break;
                }
            }
            if (eocd < 0) {
                throw new IOException("no end of central directory in " + zipFile);
            }
            f.seek(eocd + 10);
            int count = Short.toUnsignedInt(Short.reverseBytes(f.readShort()));
            f.seek(eocd + 16);
            long at = Integer.toUnsignedLong(Integer.reverseBytes(f.readInt()));
            if (count != executable.size()) {
                throw new IOException(count + " central entries, " + executable.size() + " written");
            }
            for (int i = 0; i < count; i++) {
                f.seek(at);
                if (Integer.reverseBytes(f.readInt()) != 0x02014b50) {
                    throw new IOException("bad central directory entry " + i + " at " + at);
                }
                f.seek(at + 5);
                f.writeByte(3); // version made by: high byte 3 = Unix, so the mode below is read
                int mode = 0100000 | (executable.get(i) ? 0755 : 0644);
                f.seek(at + 38);
                f.writeInt(Integer.reverseBytes(mode << 16));
                f.seek(at + 28);
                int nameLen = Short.toUnsignedInt(Short.reverseBytes(f.readShort()));
                int extraLen = Short.toUnsignedInt(Short.reverseBytes(f.readShort()));
                int commentLen = Short.toUnsignedInt(Short.reverseBytes(f.readShort()));
                at += 46 + nameLen + extraLen + commentLen;
            }
        }
    }
}
