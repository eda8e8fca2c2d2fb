package dev.tracelint.rules.stackframes;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.tracelint.model.Phase;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Stack-frame dictionaries: the top-level {@code stackFrames} (streamed by the reader, namespace
 * {@value #GLOBAL}) and the {@code args.stackFrames} of {@code M} events named {@code stackFrames}
 * (namespace {@code p<pid>}, as catapult prefixes them), read here from that value's source text.
 */
final class Frames {
    /** Namespace of the top-level dictionary, the one sf, esf and samples refer to. */
    static final String GLOBAL = "g";
    private static final JsonFactory FACTORY = new JsonFactory();

    record Frame(String id, TextRange idRange, String parent, TextRange parentRange) {
    }

    private Frames() {
    }

    /** The namespace of an M stackFrames event, or null if {@code e} is not one. */
    static String metadataNamespace(EventView e) {
        if (e.phase() != Phase.METADATA || !"stackFrames".equals(e.name())) {
            return null;
        }
        Field pid = e.get("pid");
        return "p" + (pid == null ? "" : pid.identity());
    }

    /**
     * The frames of an M stackFrames event's args.stackFrames; empty if absent, not an object, or
     * longer than the reader's replay window (then not judged).
     */
    static List<Frame> ofMetadata(EventView e) {
        List<Frame> out = new ArrayList<>();
        Field args = e.get("args");
        Field dict = args == null ? null : args.children().get("stackFrames");
        if (dict == null || dict.kind() != ValueKind.OBJECT) {
            return out;
        }
        String text = e.text(dict.valueRange());
        if (text == null) {
            return out;
        }
        long base = dict.valueRange().start();
        try (JsonParser p = FACTORY.createParser(text)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String id = p.currentName();
                long idStart = base + p.currentTokenLocation().getCharOffset();
                TextRange idRange = new TextRange(idStart, base + keyEnd(text, (int) (idStart - base)));
                String parent = null;
                TextRange parentRange = null;
                if (p.nextToken() == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        boolean isParent = p.currentName().equals("parent");
                        JsonToken v = p.nextToken();
                        if (isParent && (v == JsonToken.VALUE_STRING || v.isNumeric())) {
                            parent = p.getText();
                            parentRange = new TextRange(base + p.currentTokenLocation().getCharOffset(),
                                    base + p.currentLocation().getCharOffset());
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
                out.add(new Frame(id, idRange, parent, parentRange));
            }
        } catch (IOException ex) {
            // broken JSON is json-syntax's business; keep the frames read so far
        }
        return out;
    }

    /** The offset after the closing quote of the key starting at {@code start} (escapes skipped). */
    private static int keyEnd(String text, int start) {
        for (int i = start + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i + 1;
            }
        }
        return text.length();
    }
}
