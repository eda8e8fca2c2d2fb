package dev.tracelint.read;

import dev.tracelint.text.TextRange;
import java.util.ArrayList;
import java.util.List;

/**
 * One frame of a stack-frame dictionary (the top-level {@code stackFrames}, or the {@code
 * args.stackFrames} of an {@code M} event): its id, the member's key, and its {@code parent} (a
 * string's or number's text, or null) with their ranges.
 */
public record StackFrame(String id, TextRange idRange, String parent, TextRange parentRange) {
    /** The frame a dictionary member records: a parent that is no string or number is none, as catapult reads it. */
    public static StackFrame of(Field member) {
        Field parent = member.kind() == ValueKind.OBJECT ? member.children().get("parent") : null;
        boolean named = parent != null && (parent.isString() || parent.isNumber());
        return new StackFrame(member.key(), member.keyRange(), named ? parent.text() : null, named ? parent.valueRange() : null);
    }

    /** The frames of the dictionary that {@code slice} holds, which starts at offset {@code at}; in file order. */
    public static List<StackFrame> dictionary(String slice, long at) {
        Members members = MemberReader.object(slice, at);
        List<StackFrame> out = new ArrayList<>(members.size());
        for (int i = 0; i < members.size(); i++) {
            out.add(of(members.get(i)));
        }
        return out;
    }
}
