package dev.tracelint.schema;

import dev.tracelint.read.Json;
import dev.tracelint.read.Field;
import dev.tracelint.read.Members;
import dev.tracelint.read.ValueKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The fast path: the same schema JSON, compiled at load time into a tiny three-valued checker that
 * runs on the members the reader already recorded (no parsing, no allocation per event). It answers
 * {@link #PASS} only when the event certainly satisfies the schema; {@link #FAIL} when it certainly
 * does not; {@link #UNKNOWN} when it cannot tell from what was recorded (array contents, values
 * nested deeper than one level, a keyword it does not implement, an integer written 1.0). Only
 * PASS skips everit, so the pre-check can be wrong only in the safe direction: a suspicious event
 * costs an everit run, never a missed finding. {@code SchemaAgreementTest} checks that on the
 * corpus and on generated traces.
 */
final class PreCheck {
    static final int PASS = 0;
    static final int UNKNOWN = 1;
    static final int FAIL = 2;

    /** Keywords that never constrain a value. */
    private static final Set<String> ANNOTATIONS = Set.of("description", "markdownDescription", "title", "default",
            "examples", "$comment", "$id", "$schema", "definitions", "deprecationMessage", "readOnly", "writeOnly");

    private final JSONObject root;
    private final Map<String, Node> refs = new HashMap<>();

    private PreCheck(JSONObject root) {
        this.root = root;
    }

    /** Compiles {@code #/definitions/<name>} of the schema. */
    static Node compile(JSONObject schema, String definition) {
        PreCheck c = new PreCheck(schema);
        return c.ref("#/definitions/" + definition);
    }

    /** Keywords of the container definition that {@link #containerMembers} may leave to everit: they judge the container, not a member. */
    private static final Set<String> CONTAINER_LEVEL = Set.of("type", "required");

    /**
     * Compiles the members' schemas of {@code #/definitions/<name>}, an object schema (the object
     * form's container): {@link #member} then judges one member alone. Null when the definition has
     * a keyword that could judge a member otherwise (patternProperties, propertyNames...): then
     * everit judges every member.
     */
    static Node containerMembers(JSONObject schema, String definition) {
        JSONObject d = schema.getJSONObject("definitions").getJSONObject(definition);
        for (String k : d.keySet()) {
            if (!ANNOTATIONS.contains(k) && !CONTAINER_LEVEL.contains(k) && !k.equals("properties")
                    && !k.equals("additionalProperties")) {
                return null;
            }
        }
        if (!"object".equals(d.opt("type"))) {
            return null;
        }
        return new PreCheck(schema).properties(d);
    }

    /**
     * One member of the object form's container, judged as {@code TraceSchema.checkTopLevel} has
     * everit judge it: a scalar by its value, an object as an empty one (the streaming reader
     * keeps no contents of a top-level member: {@link Field#children()} is empty), an array with
     * an items constraint as unknown. {@code members} is from {@link #containerMembers}.
     */
    static int member(Node members, Field member) {
        return ((Properties) members).member(member);
    }

    /** A compiled schema: evaluates a value (f == null means the event object itself). */
    abstract static class Node {
        /**
         * The one evaluation of a node, for both uses: {@link #event} (no {@code out}) and
         * {@link #faults}, where a node on the path every event must satisfy puts a fault it can
         * word into {@code out} rather than failing. Nodes off that path (anyOf, not, an if's
         * condition) judge their parts without {@code out}.
         *
         * @param f the value's member, or null for the event object
         * @param m the members of the value if it is an object whose members were recorded, else null
         * @param depth 0 for the event, 1 for its members, 2 for theirs (not recorded below)
         * @param out where faults go, or null: every fault fails
         */
        abstract int eval(Field f, Members m, int depth, Faults out);

        /** {@link #eval(Field, Members, int, Faults)} where every fault fails. */
        final int eval(Field f, Members m, int depth) {
            return eval(f, m, depth, null);
        }

        /** The node if it is one type check and nothing else, else null. */
        Type soleType() {
            return null;
        }

        /**
         * The result for a member value of each {@link ValueKind} (by ordinal) where the kind alone
         * decides it, {@link #DEPENDS} where the value must be looked at; worked out on first use
         * (see {@link #kinds()}), {@code visiting} holding the definitions being worked out. The
         * default: always look.
         */
        int[] byKind(Set<Node> visiting) {
            return allDepend();
        }

        /** {@link #byKind}, worked out once (volatile: schema nodes are shared by analyses on several threads; the work keeps no state in the nodes). */
        private volatile int[] kinds;

        final int[] kinds() {
            int[] t = kinds;
            if (t == null) {
                t = byKind(java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));
                kinds = t;
            }
            return t;
        }
    }

    /** In a {@link Node#byKind} table: the kind alone does not decide. */
    static final int DEPENDS = -1;
    private static final int KINDS = ValueKind.values().length;

    private static int[] allDepend() {
        int[] t = new int[KINDS];
        java.util.Arrays.fill(t, DEPENDS);
        return t;
    }

    private static int[] same(int result) {
        int[] t = new int[KINDS];
        java.util.Arrays.fill(t, result);
        return t;
    }

    /** A node that judges only objects (by their members): every other kind passes. */
    abstract static class ObjectNode extends Node {
        @Override
        final int[] byKind(Set<Node> visiting) {
            int[] t = same(PASS);
            t[ValueKind.OBJECT.ordinal()] = DEPENDS;
            return t;
        }
    }

    /** Evaluates a whole event. */
    static int event(Node n, Members members) {
        return n.eval(null, members, 0);
    }

    /**
     * What is wrong with a suspicious event, if it is of the two kinds {@code TraceSchema} can word
     * as it words everit's verdict, without building everit's schema (its load is tens of
     * milliseconds of a short check, and most real traces with schema findings have only these
     * kinds): one key the schema requires of the event itself and the event lacks (an X without its
     * dur), or members whose schema is only a type and whose value is of another (a Bazel profile's
     * {@code "sort_index": "1"}). Null when it is anything else, both kinds, several missing keys,
     * or what the pre-check cannot tell. Evaluated as {@link #event}, except on the path every event
     * must satisfy (allOf, the then or else of an if, the per-phase dispatch, the properties of the
     * event and of its object members): there a {@code required} of the event notes a missing key,
     * and a member of the wrong type is noted, instead of failing. Inside anyOf, oneOf, not and an
     * if's condition a fault still fails, since there everit reports otherwise. Of a key written
     * twice only the last value is judged, here as everywhere in the pre-check: it is the one
     * everit (and every viewer) reads. {@code SchemaAgreementTest} compares what is
     * worded from this with everit's verdict.
     */
    static Faults faults(Node n, Members members) {
        Faults out = new Faults();
        if (n.eval(null, members, 0, out) != PASS) {
            return null;
        }
        boolean oneMissing = out.missing.size() == 1 && out.wrongTypes.isEmpty();
        boolean onlyTypes = out.missing.isEmpty() && !out.wrongTypes.isEmpty();
        return oneMissing || onlyTypes ? out : null;
    }

    /** The faults {@link #faults} notes: keys the event lacks, in the order met, and members of the wrong type. */
    static final class Faults {
        final Set<String> missing = new java.util.LinkedHashSet<>();
        final List<WrongType> wrongTypes = new ArrayList<>();
    }

    /**
     * A member whose value is not of the schema's {@code types} (JSON Schema's names: "string",
     * "integer"...); {@code parent} is the event's member that holds it, or null for a member of the event.
     */
    record WrongType(Field parent, Field member, List<String> types) {
    }

    private static ValueKind kind(Field f) {
        return f == null ? ValueKind.OBJECT : f.kind();
    }

    private static Members childMembers(Field child, int childDepth) {
        return childDepth == 1 && child.kind() == ValueKind.OBJECT ? child.children() : null;
    }

    private Node ref(String ref) {
        Node n = refs.get(ref);
        if (n != null) {
            return n;
        }
        if (!ref.startsWith("#/definitions/")) {
            return new Const(UNKNOWN); // never reached: the loader refuses other refs
        }
        Lazy lazy = new Lazy();
        refs.put(ref, lazy);
        lazy.target = node(root.getJSONObject("definitions").get(ref.substring("#/definitions/".length())));
        return lazy;
    }

    private Node node(Object schema) {
        if (schema instanceof Boolean b) {
            return new Const(b ? PASS : FAIL);
        }
        JSONObject s = (JSONObject) schema;
        List<Node> parts = new ArrayList<>();
        for (String k : s.keySet()) {
            if (ANNOTATIONS.contains(k)) {
                continue;
            }
            switch (k) {
                case "$ref" -> parts.add(ref(s.getString(k)));
                case "type" -> parts.add(new Type(strings(s.get(k))));
                case "enum" -> parts.add(new Enum(s.getJSONArray(k).toList()));
                case "const" -> parts.add(new Enum(List.of(s.get(k))));
                case "required" -> parts.add(new Required(strings(s.get(k))));
                case "properties", "additionalProperties" -> {
                    if (k.equals("properties") || !s.has("properties")) {
                        parts.add(properties(s));
                    }
                }
                case "minProperties", "maxProperties" -> parts.add(new Size(k.equals("minProperties"), s.getInt(k)));
                case "items" -> parts.add(new Items());
                case "allOf" -> parts.add(allOf(s.getJSONArray(k)));
                case "anyOf", "oneOf" -> parts.add(new Any(list(s.getJSONArray(k)), k.equals("oneOf")));
                case "not" -> parts.add(new Not(node(s.get(k))));
                case "if" -> parts.add(new If(node(s.get(k)), s.has("then") ? node(s.get("then")) : null,
                        s.has("else") ? node(s.get("else")) : null));
                case "then", "else" -> {
                }
                default -> parts.add(new Const(UNKNOWN)); // a keyword the fast path does not implement
            }
        }
        return parts.size() == 1 ? parts.get(0) : new All(parts);
    }

    private List<Node> list(JSONArray a) {
        List<Node> l = new ArrayList<>();
        for (int i = 0; i < a.length(); i++) {
            l.add(node(a.get(i)));
        }
        return l;
    }

    private static List<String> strings(Object o) {
        List<String> l = new ArrayList<>();
        if (o instanceof JSONArray a) {
            for (int i = 0; i < a.length(); i++) {
                l.add(a.getString(i));
            }
        } else {
            l.add((String) o);
        }
        return l;
    }

    private Node properties(JSONObject s) {
        Map<String, Node> props = new HashMap<>();
        if (s.has("properties")) {
            JSONObject p = s.getJSONObject("properties");
            for (String k : p.keySet()) {
                // interned like the reader's keys (jackson interns names): the look-up hits by identity;
                // a member another rule judges passes here (its violations are never reported)
                props.put(k.intern(), TraceSchema.JUDGED_BY_OWN_RULE.contains(k) ? node(Boolean.TRUE) : node(p.get(k)));
            }
        }
        Node additional = s.has("additionalProperties") ? node(s.get("additionalProperties")) : null;
        return new Properties(props, additional);
    }

    /**
     * allOf; when every element is {@code if: {properties: {K: {const: V}}, required: [K]}, then: T}
     * on one K (the per-phase dispatch on ph), a map lookup instead of trying each if.
     */
    private Node allOf(JSONArray a) {
        String key = null;
        Map<String, Node> dispatch = new HashMap<>();
        for (int i = 0; i < a.length(); i++) {
            JSONObject e = a.optJSONObject(i);
            String k = e == null ? null : dispatchKey(e);
            if (k == null || (key != null && !key.equals(k))) {
                return new All(list(a));
            }
            key = k;
            Object v = e.getJSONObject("if").getJSONObject("properties").getJSONObject(k).get("const");
            if (!(v instanceof String str) || dispatch.containsKey(str)) {
                return new All(list(a));
            }
            dispatch.put(str, node(e.get("then")));
        }
        return key == null ? new All(List.of()) : new Dispatch(key, dispatch);
    }

    private static String dispatchKey(JSONObject e) {
        if (e.length() != 2 || !e.has("if") || !e.has("then")) {
            return null;
        }
        JSONObject cond = e.optJSONObject("if");
        if (cond == null || cond.length() != 2 || !cond.has("properties") || !cond.has("required")) {
            return null;
        }
        JSONObject props = cond.optJSONObject("properties");
        JSONArray req = cond.optJSONArray("required");
        if (props == null || props.length() != 1 || req == null || req.length() != 1) {
            return null;
        }
        String k = req.getString(0);
        JSONObject c = props.optJSONObject(k);
        return c != null && c.length() == 1 && c.has("const") ? k : null;
    }

    // ---- nodes ----

    private static final class Lazy extends Node {
        Node target;

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            return target.eval(f, m, depth, out);
        }

        @Override
        Type soleType() {
            return target.soleType();
        }

        @Override
        int[] byKind(Set<Node> visiting) {
            if (!visiting.add(this)) {
                return allDepend(); // a definition that refers to itself
            }
            try {
                return target.byKind(visiting);
            } finally {
                visiting.remove(this);
            }
        }
    }

    private static final class Const extends Node {
        final int result;

        Const(int result) {
            this.result = result;
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            return result;
        }

        @Override
        int[] byKind(Set<Node> visiting) {
            return same(result);
        }
    }

    private static final class All extends Node {
        final Node[] parts;

        All(List<Node> parts) {
            this.parts = parts.toArray(new Node[0]);
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            int r = PASS;
            for (Node n : parts) {
                r = Math.max(r, n.eval(f, m, depth, out));
                if (r == FAIL) {
                    return FAIL;
                }
            }
            return r;
        }

        @Override
        int[] byKind(Set<Node> visiting) {
            int[] t = same(PASS);
            for (Node n : parts) {
                int[] p = n.byKind(visiting);
                for (int k = 0; k < KINDS; k++) {
                    // as eval: a FAIL anywhere decides; else any part that must look makes the whole look
                    if (t[k] == FAIL || p[k] == FAIL) {
                        t[k] = FAIL;
                    } else if (t[k] == DEPENDS || p[k] == DEPENDS) {
                        t[k] = DEPENDS;
                    } else {
                        t[k] = Math.max(t[k], p[k]);
                    }
                }
            }
            return t;
        }
    }

    private static final class Any extends Node {
        final List<Node> parts;
        final boolean one;

        Any(List<Node> parts, boolean one) {
            this.parts = parts;
            this.one = one;
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            int pass = 0;
            boolean unknown = false;
            for (Node n : parts) {
                int r = n.eval(f, m, depth);
                if (r == PASS) {
                    pass++;
                    if (!one) {
                        return PASS;
                    }
                } else if (r == UNKNOWN) {
                    unknown = true;
                }
            }
            if (unknown) {
                return UNKNOWN;
            }
            return one ? (pass == 1 ? PASS : FAIL) : FAIL;
        }
    }

    private static final class Not extends Node {
        final Node inner;

        Not(Node inner) {
            this.inner = inner;
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            int r = inner.eval(f, m, depth);
            return r == UNKNOWN ? UNKNOWN : (r == PASS ? FAIL : PASS);
        }
    }

    private static final class If extends Node {
        final Node cond;
        final Node then;
        final Node otherwise;

        If(Node cond, Node then, Node otherwise) {
            this.cond = cond;
            this.then = then;
            this.otherwise = otherwise;
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            int c = cond.eval(f, m, depth); // a condition notes no fault: there everit reports otherwise
            if (c == UNKNOWN) {
                return UNKNOWN;
            }
            Node n = c == PASS ? then : otherwise;
            return n == null ? PASS : n.eval(f, m, depth, out);
        }
    }

    private static final class Dispatch extends ObjectNode {
        final String key;
        final Map<String, Node> byValue;
        /** The one-char ASCII values (the ph letters) by their char: no hashing on every event. */
        final Node[] byChar = new Node[128];

        Dispatch(String key, Map<String, Node> byValue) {
            this.key = key.intern();
            this.byValue = byValue;
            byValue.forEach((v, n) -> {
                if (v.length() == 1 && v.charAt(0) < 128) {
                    byChar[v.charAt(0)] = n;
                }
            });
        }

        private Node of(String value) {
            if (value.length() == 1) {
                char c = value.charAt(0);
                if (c < 128) {
                    return byChar[c];
                }
            }
            return byValue.get(value);
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            if (kind(f) != ValueKind.OBJECT) {
                return PASS;
            }
            if (m == null) {
                return UNKNOWN;
            }
            Field v = m.get(key);
            if (v == null || v.kind() != ValueKind.STRING) {
                return PASS; // no if matches
            }
            Node n = n(v);
            return n == null ? PASS : n.eval(f, m, depth, out);
        }

        /** The node of the key's value {@code v}, a string. */
        private Node n(Field v) {
            int c = v.singleChar();
            return c >= 0 && c < byChar.length ? byChar[c] : of(v.text());
        }
    }

    private static final class Type extends Node {
        final boolean string;
        final boolean number;
        final boolean integer;
        final boolean bool;
        final boolean object;
        final boolean array;
        final boolean nul;

        /** As the schema writes them. */
        final List<String> names;

        Type(List<String> types) {
            names = List.copyOf(types);
            string = types.contains("string");
            number = types.contains("number");
            integer = types.contains("integer");
            bool = types.contains("boolean");
            object = types.contains("object");
            array = types.contains("array");
            nul = types.contains("null");
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            switch (kind(f)) {
                case STRING:
                    return string ? PASS : FAIL;
                case NUMBER:
                    if (number) {
                        return PASS;
                    }
                    if (integer) {
                        return f.isDigitsOnly() || Json.isIntegerLiteral(f.text()) ? PASS : UNKNOWN; // 1.0: everit decides
                    }
                    return FAIL;
                case TRUE:
                case FALSE:
                    return bool ? PASS : FAIL;
                case NULL:
                    return nul ? PASS : FAIL;
                case OBJECT:
                    return object ? PASS : FAIL;
                default:
                    return array ? PASS : FAIL;
            }
        }

        @Override
        Type soleType() {
            return this;
        }

        @Override
        int[] byKind(Set<Node> visiting) {
            int[] t = new int[KINDS];
            t[ValueKind.STRING.ordinal()] = string ? PASS : FAIL;
            t[ValueKind.NUMBER.ordinal()] = number ? PASS : integer ? DEPENDS : FAIL;
            t[ValueKind.TRUE.ordinal()] = bool ? PASS : FAIL;
            t[ValueKind.FALSE.ordinal()] = bool ? PASS : FAIL;
            t[ValueKind.NULL.ordinal()] = nul ? PASS : FAIL;
            t[ValueKind.OBJECT.ordinal()] = object ? PASS : FAIL;
            t[ValueKind.ARRAY.ordinal()] = array ? PASS : FAIL;
            return t;
        }
    }

    private static final class Enum extends Node {
        final Set<String> strings = new HashSet<>();
        /** The one-char ASCII strings of the enum by their char (the s and bp values): no text made. */
        final boolean[] oneChar = new boolean[128];
        final boolean onlyStrings;

        Enum(List<Object> values) {
            boolean only = true;
            for (Object v : values) {
                if (v instanceof String s) {
                    strings.add(s);
                    if (s.length() == 1 && s.charAt(0) < oneChar.length) {
                        oneChar[s.charAt(0)] = true;
                    }
                } else {
                    only = false;
                }
            }
            onlyStrings = only;
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            if (kind(f) == ValueKind.STRING) {
                int c = f.singleChar();
                boolean in = c >= 0 && c < oneChar.length ? oneChar[c] : strings.contains(f.text());
                return in ? PASS : (onlyStrings ? FAIL : UNKNOWN);
            }
            return onlyStrings ? FAIL : UNKNOWN;
        }

        @Override
        int[] byKind(Set<Node> visiting) {
            int[] t = same(onlyStrings ? FAIL : UNKNOWN);
            t[ValueKind.STRING.ordinal()] = DEPENDS;
            return t;
        }
    }

    private static final class Required extends ObjectNode {
        final String[] keys;

        Required(List<String> keys) {
            this.keys = keys.stream().map(String::intern).toArray(String[]::new);
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            if (out != null && depth == 0 && m != null && m.droppedCount() == 0) {
                for (String k : keys) {
                    if (!m.has(k)) {
                        out.missing.add(k);
                    }
                }
                return PASS;
            }
            // a key not recorded may be any of the dropped ones: judged as everit would
            if (kind(f) != ValueKind.OBJECT) {
                return PASS;
            }
            if (m == null) {
                return UNKNOWN;
            }
            int r = PASS;
            for (String k : keys) {
                if (!m.has(k)) {
                    if (m.droppedCount() > 0) {
                        r = UNKNOWN;
                    } else {
                        return FAIL;
                    }
                }
            }
            return r;
        }
    }

    private static final class Properties extends ObjectNode {
        final Map<String, Node> props;
        final Node additional;
        /**
         * Recently looked-up keys with their schema, by the key's hash (4-way): the reader's
         * keys are interned, so a look-up is an identity compare or a few, whatever the member order of the
         * event's phase. Entries are immutable (final fields), so analyses on several threads sharing
         * this node see whole ones; a lost race only costs a look-up.
         */
        private final Known[] byHash = new Known[256];
        /** Keys whose slots collide take the next ones, up to this many: args keys are many and would otherwise evict each other. */
        private static final int WAYS = 4;
        private int victim;

        private record Known(String key, Node node, int[] byKind) {
        }

        private static final int[] NO_SCHEMA = same(PASS);

        Properties(Map<String, Node> props, Node additional) {
            this.props = props;
            this.additional = additional;
        }

        private Known of(String key) {
            int h = key.hashCode();
            int first = (h ^ h >>> 7 ^ h >>> 16) & (byHash.length - 1);
            for (int w = 0; w < WAYS; w++) {
                Known k = byHash[(first + w) & (byHash.length - 1)];
                if (k == null) {
                    break;
                }
                if (k.key == key) {
                    return k;
                }
            }
            Node n = props.get(key);
            if (n == null) {
                n = additional;
            }
            Known k = new Known(key, n, n == null ? NO_SCHEMA : n.kinds());
            int slot = first;
            for (int w = 0; w < WAYS; w++) { // the first free way, else the one after the last replaced
                slot = (first + w) & (byHash.length - 1);
                if (byHash[slot] == null) {
                    break;
                }
                if (w == WAYS - 1) {
                    slot = (first + (victim++ & (WAYS - 1))) & (byHash.length - 1);
                }
            }
            byHash[slot] = k;
            return k;
        }

        /**
         * Which members a later member of the same key hides, or null if none can be: one pass from
         * the last member back with a set of the keys seen (a look-up per member would be quadratic
         * in an object of 300,000 keys, HostileInputTest), made only when the reader's slots say a
         * key may repeat.
         */
        private static boolean[] shadowed(Members m) {
            if (!m.mayRepeatKeys()) {
                return null;
            }
            boolean[] out = new boolean[m.size()];
            Set<String> later = new HashSet<>();
            boolean any = false;
            for (int i = m.size() - 1; i >= 0; i--) {
                if (!later.add(m.get(i).key())) {
                    out[i] = true;
                    any = true;
                }
            }
            return any ? out : null;
        }

        /** One member of an object with these properties, alone (see {@link PreCheck#member}). */
        int member(Field c) {
            Known k = of(c.key());
            int v = k.byKind[c.kind().ordinal()];
            return v != DEPENDS ? v : k.node.eval(c, c.kind() == ValueKind.OBJECT ? c.children() : null, 1);
        }

        /** With {@code out}, a member that fails is looked at by {@link #memberFault}. */
        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            if (kind(f) != ValueKind.OBJECT) {
                return PASS;
            }
            if (m == null) {
                return UNKNOWN;
            }
            int r = m.droppedCount() > 0 ? UNKNOWN : PASS;
            boolean[] shadowed = shadowed(m);
            for (int i = 0; i < m.size(); i++) {
                Field c = m.get(i);
                if (shadowed != null && shadowed[i]) {
                    // a key written again later: everit (and every viewer) reads only the last value; judging this one
                    // too would fail an if's condition that the last passes, and take its else
                    continue;
                }
                Known k = of(c.key());
                int v = k.byKind[c.kind().ordinal()]; // most members: a type check decided by the kind
                if (v == DEPENDS) {
                    v = k.node.eval(c, childMembers(c, depth + 1), depth + 1);
                }
                if (v == FAIL && out != null) {
                    v = memberFault(f, m, c, k.node, depth, out);
                }
                r = Math.max(r, v);
                if (r == FAIL) {
                    return FAIL;
                }
            }
            return r;
        }

        /** A member {@code c} of the object {@code f} (null: the event) that fails {@code node}: noted if that is a wrong type, or looked into if it is an object with recorded members. */
        private static int memberFault(Field f, Members m, Field c, Node node, int depth, Faults out) {
            Type t = node.soleType();
            if (t != null) {
                out.wrongTypes.add(new WrongType(f, c, t.names));
                return PASS;
            }
            Members children = childMembers(c, depth + 1);
            return children == null ? FAIL : node.eval(c, children, depth + 1, out);
        }
    }

    private static final class Size extends ObjectNode {
        final boolean min;
        final int limit;

        Size(boolean min, int limit) {
            this.min = min;
            this.limit = limit;
        }

        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            if (kind(f) != ValueKind.OBJECT) {
                return PASS;
            }
            if (m == null || m.droppedCount() > 0) {
                return UNKNOWN;
            }
            Set<String> distinct = new HashSet<>();
            for (int i = 0; i < m.size(); i++) {
                distinct.add(m.get(i).key());
            }
            int n = distinct.size();
            return (min ? n >= limit : n <= limit) ? PASS : FAIL;
        }
    }

    /** Array contents are not recorded: any array with an items constraint is a suspect. */
    private static final class Items extends Node {
        @Override
        int eval(Field f, Members m, int depth, Faults out) {
            return kind(f) == ValueKind.ARRAY ? UNKNOWN : PASS;
        }

        @Override
        int[] byKind(Set<Node> visiting) {
            int[] t = same(PASS);
            t[ValueKind.ARRAY.ordinal()] = UNKNOWN;
            return t;
        }
    }
}
