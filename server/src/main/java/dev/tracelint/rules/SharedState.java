package dev.tracelint.rules;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What several rules derive from the same events (the thread of an event, B/E stacks, slice
 * stacks, flow and async pairing), made once per analysis. Each rule asks for the parts it needs
 * when it is made; the first asker makes a part, so a part fed by three rules does its work once
 * per event (see {@link PerEvent}), and a part whose rules are all off is never made.
 */
public final class SharedState {
    private final Map<Class<?>, Object> parts = new HashMap<>();

    /** The part of this type, made by {@code make} on first ask (it may ask for other parts). */
    public <T> T get(Class<T> type, Function<SharedState, T> make) {
        Object part = parts.get(type);
        if (part == null) { // not computeIfAbsent: make may itself add parts to the map
            part = make.apply(this);
            parts.put(type, part);
        }
        return type.cast(part);
    }
}
