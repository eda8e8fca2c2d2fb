package dev.tracelint.rules.stackframes;

import dev.tracelint.read.EventView;
import dev.tracelint.text.TextRange;
import java.util.LinkedHashMap;
import java.util.Map;

/** id → parent of every frame, per namespace (inherent to checking parents); kept by each rule that needs it. */
final class FrameGraph {
    record Node(String parent, TextRange parentRange, TextRange idRange) {
    }

    /** namespace → (id → node), in file order. */
    final Map<String, Map<String, Node>> namespaces = new LinkedHashMap<>();

    void add(String namespace, String id, TextRange idRange, String parent, TextRange parentRange) {
        namespaces.computeIfAbsent(namespace, k -> new LinkedHashMap<>()).putIfAbsent(id, new Node(parent, parentRange, idRange));
    }

    /** Adds the frames of an M stackFrames event, if {@code e} is one. */
    void addMetadata(EventView e) {
        String ns = Frames.metadataNamespace(e);
        if (ns != null) {
            for (Frames.Frame f : Frames.ofMetadata(e)) {
                add(ns, f.id(), f.idRange(), f.parent(), f.parentRange());
            }
        }
    }
}
