package dev.tracelint.rules.stackframes;

import dev.tracelint.read.EventView;
import dev.tracelint.read.StackFrame;
import java.util.LinkedHashMap;
import java.util.Map;

/** id → frame of every frame, per namespace (inherent to checking parents); kept by each rule that needs it. */
final class FrameGraph {
    /** namespace → (id → its first definition), in file order. */
    final Map<String, Map<String, StackFrame>> namespaces = new LinkedHashMap<>();

    void add(String namespace, StackFrame frame) {
        namespaces.computeIfAbsent(namespace, k -> new LinkedHashMap<>()).putIfAbsent(frame.id(), frame);
    }

    /** Adds the frames of an M stackFrames event, if {@code e} is one. */
    void addMetadata(EventView e) {
        String ns = Frames.metadataNamespace(e);
        if (ns != null) {
            for (StackFrame f : Frames.ofMetadata(e)) {
                add(ns, f);
            }
        }
    }
}
