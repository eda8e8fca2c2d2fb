package dev.tracelint.viewer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the source an {@link Effect} cites, in the form every entry of the viewer model keeps:
 *
 * <pre>
 * source   = citation *( "; " citation / " -> " citation )   ; "; " another place, " -> " what it calls
 * citation = [repo " "] [path] [" " functions] [" (" note ")"]
 * functions = function *( ", " function )                    ; Class::Method, Class.method, outer.inner, name
 * </pre>
 *
 * {@code repo} is the viewer's ({@code catapult}, {@code perfetto}, {@code devtools-frontend},
 * {@code speedscope}, {@code tracerbench}); {@code path} is from the root of its sources; a
 * citation without a path is in the previous one's file; the note is free text (balanced
 * parentheses, code in backticks) and is not checked. Nothing else may stand in a source.
 */
final class Citations {
    /** One file and the functions cited in it (none: the file as a whole). */
    record Citation(String file, List<String> functions) {
    }

    /** The word that may open a citation, per viewer. */
    static final Map<Viewer, String> REPO = Map.of(
            Viewer.CHROME_TRACING, "catapult",
            Viewer.PERFETTO, "perfetto",
            Viewer.DEVTOOLS, "devtools-frontend",
            Viewer.SPEEDSCOPE, "speedscope",
            Viewer.TRACERBENCH, "tracerbench");

    private static final Pattern PATH = Pattern.compile("[A-Za-z0-9_.\\-]+(/[A-Za-z0-9_.\\-]+)*\\.(cc|h|html|js|ts|tsx)");
    private static final Pattern FUNCTIONS = Pattern.compile(
            "[A-Za-z_$~][A-Za-z0-9_$]*((::|\\.)[A-Za-z_$~][A-Za-z0-9_$]*)*(, [A-Za-z_$~][A-Za-z0-9_$]*((::|\\.)[A-Za-z_$~][A-Za-z0-9_$]*)*)*");

    private Citations() {
    }

    /** The citations of {@code source}, or IllegalArgumentException saying where it leaves the form. */
    static List<Citation> parse(Viewer viewer, String source) {
        List<Citation> out = new ArrayList<>();
        String file = null;
        for (String piece : pieces(source)) {
            String head = piece;
            int note = topLevelParen(piece);
            if (note >= 0) {
                if (!piece.endsWith(")") || note == 0 || piece.charAt(note - 1) != ' ') {
                    throw new IllegalArgumentException("\"" + piece + "\": a note is \" (...)\" at the end of a citation");
                }
                head = piece.substring(0, note - 1);
            }
            List<String> words = new ArrayList<>(List.of(head.split(" ", -1)));
            if (!words.isEmpty() && words.get(0).equals(REPO.get(viewer))) {
                words.remove(0);
            }
            if (!words.isEmpty() && PATH.matcher(words.get(0)).matches()) {
                file = words.remove(0);
            }
            String rest = String.join(" ", words);
            if (file == null) {
                throw new IllegalArgumentException("\"" + piece + "\": no file (a path from the root of "
                        + viewer.version().sourcesName() + ")");
            }
            if (rest.isEmpty()) {
                out.add(new Citation(file, List.of()));
            } else if (FUNCTIONS.matcher(rest).matches()) {
                out.add(new Citation(file, List.of(rest.split(", "))));
            } else {
                throw new IllegalArgumentException("\"" + piece + "\": \"" + rest
                        + "\" is not a list of functions (prose goes in a note, in parentheses)");
            }
        }
        return out;
    }

    /** The source cut at "; " and " -> " outside notes and code. */
    private static List<String> pieces(String source) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean code = false;
        int start = 0;
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '`') {
                code = !code;
            } else if (!code && c == '(') {
                depth++;
            } else if (!code && c == ')') {
                depth--;
                if (depth < 0) {
                    throw new IllegalArgumentException("unbalanced ) in \"" + source + "\"");
                }
            } else if (!code && depth == 0) {
                int sep = source.startsWith("; ", i) ? 2 : source.startsWith(" -> ", i) ? 4 : 0;
                if (sep > 0) {
                    out.add(source.substring(start, i));
                    start = i + sep;
                    i += sep - 1;
                }
            }
        }
        if (depth != 0 || code) {
            throw new IllegalArgumentException("unbalanced ( or ` in \"" + source + "\"");
        }
        out.add(source.substring(start));
        return out;
    }

    /** Where the first parenthesis outside code opens, or -1. */
    private static int topLevelParen(String piece) {
        boolean code = false;
        for (int i = 0; i < piece.length(); i++) {
            char c = piece.charAt(i);
            if (c == '`') {
                code = !code;
            } else if (!code && c == '(') {
                // the note runs to the end: its parenthesis must close there
                int depth = 0;
                boolean inCode = false;
                for (int j = i; j < piece.length(); j++) {
                    char d = piece.charAt(j);
                    if (d == '`') {
                        inCode = !inCode;
                    } else if (!inCode && d == '(') {
                        depth++;
                    } else if (!inCode && d == ')' && --depth == 0 && j != piece.length() - 1) {
                        throw new IllegalArgumentException("\"" + piece + "\": text after the note");
                    }
                }
                return i;
            } else if (!code && piece.startsWith(": ", i)) {
                throw new IllegalArgumentException("\"" + piece + "\": prose after \":\" (put it in a note, in parentheses)");
            }
        }
        return -1;
    }
}
