package dev.tracelint.schema;

import dev.tracelint.text.Quoted;
import dev.tracelint.finding.Fix;
import dev.tracelint.read.EventView;
import dev.tracelint.read.Field;
import dev.tracelint.read.Json;
import dev.tracelint.read.ValueKind;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.everit.json.schema.ConstSchema;
import org.everit.json.schema.EnumSchema;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The trace JSON Schema ({@code schema/trace-event-format.schema.json}, packaged at {@value #RESOURCE})
 * and its enforcement. everit validates ONE event at a time (the event's raw text, parsed into a
 * small org.json tree), never the file; a pre-check compiled from the same schema ({@link PreCheck})
 * lets the common, valid event skip everit. Loaded lazily, once per JVM, on first use.
 */
public final class TraceSchema {
    public static final String RESOURCE = "/schema/trace-event-format.schema.json";
    public static final String INVALID_TYPE = dev.tracelint.read.TraceReader.INVALID_TYPE;
    public static final String MISSING_FIELD = "missing-field";
    public static final String INVALID_VALUE = "invalid-value";
    /**
     * Event members whose every bad value a rule of its own reports (unknown-cname: the nearest
     * name, catapult's fatal error), so the schema rules say nothing of them and the pre-check
     * does not send such an event to everit for them.
     */
    static final java.util.Set<String> JUDGED_BY_OWN_RULE = java.util.Set.of("cname");

    private static final Pattern REQUIRED = Pattern.compile("required key \\[(.*)\\] not found");
    private static final Pattern TYPE = Pattern.compile("expected type(?: is one of|:) (.+?), found: (\\S+)");
    private static final Pattern NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    private static final class Holder {
        static final TraceSchema INSTANCE = new TraceSchema(readResource());
    }

    private final JSONObject json;
    private final PreCheck.Node eventCheck;
    /** The container's members' schemas, for the fast path of {@link #checkTopLevel} (null: none). */
    private final PreCheck.Node containerMembers;
    private final Everit eventSchema = new Everit("event");
    private final Everit containerSchema = new Everit("container");

    private TraceSchema(JSONObject json) {
        this.json = json;
        this.eventCheck = PreCheck.compile(json, "event");
        this.containerMembers = PreCheck.containerMembers(json, "container");
    }

    /**
     * everit's schema of one definition, built on first need, once, whichever thread asks first: most
     * traces never have a suspicious event, and building it is a good part of a pre-commit run's start-up time.
     */
    private final class Everit {
        private final String definition;
        private volatile Schema schema;

        Everit(String definition) {
            this.definition = definition;
        }

        Schema get() {
            Schema s = schema;
            if (s == null) {
                synchronized (this) {
                    if (schema == null) {
                        schema = load(definition(json, definition));
                    }
                    s = schema;
                }
            }
            return s;
        }
    }

    /** The schema, loaded on first use. */
    public static TraceSchema get() {
        return Holder.INSTANCE;
    }

    /** The schema file's text as packaged in the jar. */
    public static String text() {
        try (InputStream in = TraceSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JSONObject readResource() {
        return new JSONObject(text());
    }

    /**
     * Loads a schema with everit, draft-07, with a client that refuses every {@code $ref} outside
     * the document: no network, no file system.
     */
    public static Schema load(JSONObject schema) {
        return SchemaLoader.builder()
                .schemaJson(schema)
                .draftV7Support()
                .schemaClient(new RefusingSchemaClient())
                .build().load().build();
    }

    /** A schema that is {@code #/definitions/<name>} of {@code json}, with all its definitions. */
    private static JSONObject definition(JSONObject json, String name) {
        JSONObject o = new JSONObject();
        o.put("$schema", json.getString("$schema"));
        o.put("definitions", json.getJSONObject("definitions"));
        o.put("allOf", new JSONArray().put(new JSONObject().put("$ref", "#/definitions/" + name)));
        return o;
    }

    // ---- documentation (one source of truth for editors, hover and completion) ----

    /**
     * The members the schema requires of an event of phase {@code ph} (its phase definition's
     * {@code required}, not those required only under a condition), e.g. ts and dur for X.
     */
    public List<String> requiredMembers(String ph) {
        return requiredByPhase.computeIfAbsent(ph, this::readRequiredMembers); // read once per phase: a trace may hold a million "x"
    }

    private final java.util.Map<String, List<String>> requiredByPhase = new java.util.concurrent.ConcurrentHashMap<>();

    private List<String> readRequiredMembers(String ph) {
        for (Object o : json.getJSONObject("definitions").getJSONObject("event").getJSONArray("allOf")) {
            JSONObject rule = (JSONObject) o;
            JSONObject phase = rule.optJSONObject("if") == null ? null
                    : rule.getJSONObject("if").getJSONObject("properties").optJSONObject("ph");
            if (phase != null && ph.equals(phase.optString("const", null))) {
                String ref = rule.getJSONObject("then").getString("$ref");
                JSONArray required = json.getJSONObject("definitions").getJSONObject(ref.substring(ref.lastIndexOf('/') + 1))
                        .optJSONArray("required");
                List<String> out = new ArrayList<>();
                for (int i = 0; required != null && i < required.length(); i++) {
                    out.add(required.getString(i));
                }
                return List.copyOf(out);
            }
        }
        return List.of();
    }

    /** The schema's description of an event key ({@code ts}, {@code ph}, ...), or null. */
    public String description(String eventKey) {
        return eventProperty(eventKey, "description");
    }

    /** The schema's Markdown description of an event key, or null. */
    public String markdownDescription(String eventKey) {
        return eventProperty(eventKey, "markdownDescription");
    }

    /** The event keys the schema describes, in the schema's order. */
    public Set<String> eventKeys() {
        return json.getJSONObject("definitions").getJSONObject("event").getJSONObject("properties").keySet();
    }

    private String eventProperty(String key, String what) {
        JSONObject p = json.getJSONObject("definitions").getJSONObject("event").getJSONObject("properties").optJSONObject(key);
        return p == null ? null : p.optString(what, null);
    }

    // ---- validation ----

    /** The compiled pre-check of an event (for tests that compare it with everit). */
    PreCheck.Node eventCheck() {
        return eventCheck;
    }

    /** The fast path: false when the pre-check proves the event valid, so everit need not run. */
    public boolean suspicious(EventView e) {
        return PreCheck.event(eventCheck, e.members()) != PreCheck.PASS;
    }

    /**
     * The event's violations: empty for an event the pre-check proves valid; for one whose faults
     * the pre-check can tell ({@link PreCheck#faults}: one missing key, or members of the wrong
     * type), those, worded as {@link #describe} words everit's; else everit's verdict.
     */
    public List<Violation> check(EventView e) {
        if (!suspicious(e)) {
            return List.of();
        }
        PreCheck.Faults faults = PreCheck.faults(eventCheck, e.members());
        return faults != null ? worded(e, faults) : validate(e);
    }

    /** The violations of {@link PreCheck#faults}, as {@link #describe} has them: by their start. */
    private static List<Violation> worded(EventView e, PreCheck.Faults faults) {
        if (!faults.missing.isEmpty()) {
            String key = faults.missing.iterator().next(); // everit's "required" leaf at "#"
            return requiredIdOfItsOwnRule(key, e) ? List.of() : List.of(lacking(e, label(e), key));
        }
        Map<Field, Set<String>> expected = new LinkedHashMap<>(); // a member both the event's and its phase's properties judge: once
        Map<Field, Field> parents = new java.util.IdentityHashMap<>();
        for (PreCheck.WrongType w : faults.wrongTypes) {
            Set<String> words = expected.computeIfAbsent(w.member(), m -> new LinkedHashSet<>());
            w.types().forEach(t -> words.add(schemaTypeWord(t)));
            parents.put(w.member(), w.parent());
        }
        String label = label(e);
        List<Violation> out = new ArrayList<>();
        expected.forEach((member, words) -> {
            Field parent = parents.get(member);
            List<String> path = parent == null ? List.of(member.key()) : List.of(parent.key(), member.key());
            out.add(wrongType(label, path, member.valueRange(), kindWord(member.kind()), member.isString() ? member.text() : null,
                    ordered(words)));
        });
        out.sort((a, b) -> Long.compare(a.range().start(), b.range().start()));
        return out;
    }

    /** A value of another type than the schema's at {@code path}: {@code actual} in words, {@code value} the value (for the number fix). */
    private static Violation wrongType(String label, List<String> path, TextRange r, String actual, Object value, Set<String> expected) {
        return new Violation(INVALID_TYPE, dotted(path, null), r, label + ": " + field(path) + " is " + actual + ", not "
                + String.join(" or ", expected), numberFix(r, value, expected));
    }

    /** An event that lacks {@code key}, required of the event itself. */
    private static Violation lacking(EventView e, String label, String key) {
        return new Violation(MISSING_FIELD, key, e.phRangeOrEvent(), label + " has no " + Quoted.quoted(key), null);
    }

    /** missing-id reports async, object and flow events without id and id2. */
    private static boolean requiredIdOfItsOwnRule(String key, EventView e) {
        return (key.equals("id") || key.equals("id2")) && e.phase() != null && e.phase().needsId();
    }

    /**
     * Validates the event with everit, whatever the pre-check says. Events larger than the reader's
     * window ({@link EventView#rawText()} null) are validated from the recorded members: array
     * contents and values nested more than one level deep are then not judged.
     */
    public List<Violation> validate(EventView e) {
        String raw = e.rawText();
        Object doc;
        try {
            doc = raw != null ? OrgJson.parse(raw) : OrgJson.fromMembers(e.members(), 0);
        } catch (IOException | RuntimeException ex) {
            return List.of(); // not readable as one value: the syntax findings say why
        }
        try {
            eventSchema.get().validate(doc);
            return List.of();
        } catch (ValidationException ve) {
            return describe(ve, doc, raw, e);
        }
    }

    /**
     * Validates one member of the object form's container ({@code displayTimeUnit}, {@code
     * stackFrames}...). Its scalar value is judged exactly; an object or array only by its type (its
     * contents are not kept by the streaming reader). The pre-check decides first: a valid member
     * (a displayTimeUnit of "ms", an otherData object...) never builds everit's schema, a good part of
     * a short check's time.
     */
    public List<Violation> checkTopLevel(Field member) {
        if (containerMembers != null && PreCheck.member(containerMembers, member) == PreCheck.PASS) {
            return List.of();
        }
        Object value;
        switch (member.kind()) {
            case OBJECT -> value = new JSONObject();
            case ARRAY -> value = new JSONArray();
            default -> value = OrgJson.fromField(member, 1);
        }
        JSONObject doc = new JSONObject().put(member.key(), value);
        try {
            containerSchema.get().validate(doc);
            return List.of();
        } catch (ValidationException ve) {
            List<Violation> out = new ArrayList<>();
            List<ValidationException> typeLeaves = new ArrayList<>();
            for (ValidationException leaf : leaves(ve)) {
                List<String> path = path(leaf.getPointerToViolation());
                if (path.size() != 1) {
                    continue;
                }
                String kw = leaf.getKeyword();
                String name = Quoted.quoted(member.key());
                String literal = member.shown();
                if ("type".equals(kw)) {
                    typeLeaves.add(leaf);
                } else if ("enum".equals(kw) || "const".equals(kw)) {
                    Collection<Object> allowed = allowed(leaf);
                    out.add(new Violation(INVALID_VALUE, member.key(), member.valueRange(), name + " is " + literal + ", not "
                            + words(allowed), caseFix(member.valueRange(), value, allowed)));
                } else {
                    out.add(new Violation(INVALID_VALUE, member.key(), member.valueRange(), name + ": " + leaf.getErrorMessage(), null));
                }
            }
            if (!typeLeaves.isEmpty()) {
                out.add(0, new Violation(INVALID_TYPE, member.key(), member.valueRange(), Quoted.quoted(member.key()) + " is "
                        + actual(value) + ", not " + String.join(" or ", expected(typeLeaves)), null));
            }
            return out;
        }
    }

    private List<Violation> describe(ValidationException ve, Object doc, String raw, EventView e) {
        String label = label(e);
        Map<String, List<ValidationException>> types = new LinkedHashMap<>();
        Map<String, Violation> out = new LinkedHashMap<>();
        for (ValidationException leaf : leaves(ve)) {
            String pointer = leaf.getPointerToViolation();
            List<String> path = path(pointer);
            String kw = leaf.getKeyword() == null ? "" : leaf.getKeyword();
            String top = path.isEmpty() ? "" : path.get(0);
            if (path.size() == 1 && JUDGED_BY_OWN_RULE.contains(top)) {
                continue;
            }
            switch (kw) {
                case "required" -> {
                    Matcher m = REQUIRED.matcher(leaf.getErrorMessage());
                    if (!m.find()) {
                        continue;
                    }
                    String key = m.group(1);
                    if (path.isEmpty() && requiredIdOfItsOwnRule(key, e)) {
                        continue;
                    }
                    out.putIfAbsent("required " + pointer + " " + key, path.isEmpty() ? lacking(e, label, key)
                            : new Violation(MISSING_FIELD, dotted(path, key), keyRange(raw, e, path),
                                    label + " has no " + Quoted.quoted(key) + " in " + Quoted.quoted(String.join(".", path)), null));
                }
                case "type" -> types.computeIfAbsent(pointer, k -> new ArrayList<>()).add(leaf);
                case "enum", "const" -> {
                    if (path.equals(List.of("ph"))) {
                        continue; // unknown-phase reports a ph that is not a phase
                    }
                    Object actual = at(doc, path);
                    Collection<Object> allowed = allowed(leaf);
                    TextRange r = valueRange(raw, e, path);
                    out.putIfAbsent("value " + pointer, new Violation(INVALID_VALUE, dotted(path, null), r, label + ": " + field(path) + " is "
                            + literal(actual) + ", not " + words(allowed), caseFix(r, actual, allowed)));
                }
                default -> {
                    TextRange r = valueRange(raw, e, path);
                    String msg = path.equals(List.of("id2"))
                            ? label + ": \"id2\" must have exactly one of \"local\" and \"global\""
                            : label + ": " + field(path) + " " + leaf.getErrorMessage();
                    out.putIfAbsent("value " + pointer, new Violation(INVALID_VALUE, dotted(path, null), r, msg, null));
                }
            }
        }
        List<Violation> result = new ArrayList<>();
        types.forEach((pointer, typeLeaves) -> {
            List<String> path = path(pointer);
            Object actual = at(doc, path);
            result.add(wrongType(label, path, valueRange(raw, e, path), actual(actual), actual, expected(typeLeaves)));
        });
        result.addAll(out.values());
        result.sort((a, b) -> Long.compare(a.range().start(), b.range().start()));
        return result;
    }

    /** The path and then {@code last} (if not null), joined by dots: "args.name". */
    private static String dotted(List<String> path, String last) {
        List<String> all = new ArrayList<>(path);
        if (last != null) {
            all.add(last);
        }
        return String.join(".", all);
    }

    /** "X event 'RunTask'", "X event", or "event #3" when there is no ph. */
    static String label(EventView e) {
        String ph = e.ph();
        String name = e.name();
        StringBuilder b = new StringBuilder();
        if (ph == null) {
            b.append("event #").append(e.index() + 1);
        } else {
            b.append(ph).append(" event");
        }
        if (name != null) {
            b.append(' ').append(Quoted.named(name));
        }
        return b.toString();
    }

    private static List<ValidationException> leaves(ValidationException e) {
        List<ValidationException> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    private static void collect(ValidationException e, List<ValidationException> out) {
        if (e.getCausingExceptions().isEmpty()) {
            out.add(e);
        } else {
            for (ValidationException c : e.getCausingExceptions()) {
                collect(c, out);
            }
        }
    }

    static List<String> path(String pointer) {
        List<String> out = new ArrayList<>();
        if (pointer == null) {
            return out;
        }
        String p = pointer.startsWith("#") ? pointer.substring(1) : pointer;
        for (String s : p.split("/")) {
            if (!s.isEmpty()) {
                out.add(s.replace("~1", "/").replace("~0", "~"));
            }
        }
        return out;
    }

    private static String field(List<String> path) {
        StringBuilder b = new StringBuilder();
        for (String s : path) {
            if (!b.isEmpty() && s.chars().allMatch(Character::isDigit)) {
                b.append('[').append(s).append(']');
            } else {
                b.append(b.isEmpty() ? "" : ".").append(s);
            }
        }
        return Quoted.quoted(b.toString());
    }

    private static Object at(Object doc, List<String> path) {
        Object cur = doc;
        for (String s : path) {
            if (cur instanceof JSONObject o) {
                cur = o.opt(s);
            } else if (cur instanceof JSONArray a) {
                try {
                    cur = a.opt(Integer.parseInt(s));
                } catch (NumberFormatException ex) {
                    return null;
                }
            } else {
                return null;
            }
        }
        return cur;
    }

    private static TextRange valueRange(String raw, EventView e, List<String> path) {
        if (raw != null) {
            Locator.Loc l = Locator.locate(raw, path);
            if (l != null) {
                return new TextRange(e.start() + l.valueStart(), e.start() + l.valueEnd());
            }
        } else if (!path.isEmpty()) {
            Field f = e.get(path.get(0));
            if (f != null) {
                Field c = path.size() >= 2 ? f.children().get(path.get(1)) : null;
                return (c != null ? c : f).valueRange();
            }
        }
        return e.phRangeOrEvent();
    }

    /** The key of the member at path (for "has no X in args": the "args" key), else its value. */
    private static TextRange keyRange(String raw, EventView e, List<String> path) {
        if (raw != null) {
            Locator.Loc l = Locator.locate(raw, path);
            if (l != null) {
                return l.keyStart() >= 0 ? new TextRange(e.start() + l.keyStart(), e.start() + l.keyEnd())
                        : new TextRange(e.start() + l.valueStart(), e.start() + l.valueEnd());
            }
        } else {
            Field f = e.get(path.get(0));
            if (f != null && path.size() == 1) {
                return f.keyRange();
            }
        }
        return e.phRangeOrEvent();
    }

    /** The expected types of type violations, in words, in a fixed order. */
    private static Set<String> expected(List<ValidationException> leaves) {
        Set<String> found = new LinkedHashSet<>();
        for (ValidationException l : leaves) {
            String msg = l.getErrorMessage();
            Matcher m = TYPE.matcher(msg);
            if (m.find()) {
                for (String t : m.group(1).split(",\\s*")) {
                    found.add(typeWord(t.trim()));
                }
            } else if (msg.startsWith("expected: null")) {
                found.add("null");
            }
        }
        return ordered(found);
    }

    /** Type words in a fixed order ({@link #TYPE_ORDER}), then any others as found. */
    private static Set<String> ordered(Set<String> words) {
        Set<String> found = new LinkedHashSet<>(words);
        Set<String> out = new LinkedHashSet<>();
        for (String w : TYPE_ORDER) {
            if (found.remove(w)) {
                out.add(w);
            }
        }
        out.addAll(found);
        return out;
    }

    /** A type as the schema names it ("integer"), in words ("an integer"). */
    private static String schemaTypeWord(String schemaType) {
        return switch (schemaType) {
            case "integer" -> "an integer";
            case "object", "array" -> "an " + schemaType;
            case "null" -> "null";
            default -> "a " + schemaType; // string, number, boolean
        };
    }

    /** What a value of this kind is, in words, as {@link #actual} says of everit's values. */
    private static String kindWord(ValueKind kind) {
        return switch (kind) {
            case STRING -> "a string";
            case NUMBER -> "a number";
            case TRUE, FALSE -> "a boolean";
            case NULL -> "null";
            case OBJECT -> "an object";
            case ARRAY -> "an array";
        };
    }

    private static final List<String> TYPE_ORDER =
            List.of("a string", "a number", "an integer", "a boolean", "an object", "an array", "null");

    private static String typeWord(String everitType) {
        return switch (everitType) {
            case "Number", "BigDecimal", "Double", "Float" -> "a number";
            case "Integer", "Long", "BigInteger" -> "an integer";
            case "String" -> "a string";
            case "Boolean" -> "a boolean";
            case "JSONObject" -> "an object";
            case "JSONArray" -> "an array";
            case "Null", "JSONObject$Null" -> "null";
            default -> everitType.toLowerCase(Locale.ROOT);
        };
    }

    private static String actual(Object v) {
        if (v == null || v == JSONObject.NULL) {
            return "null";
        }
        if (v instanceof String) {
            return "a string";
        }
        if (v instanceof Boolean) {
            return "a boolean";
        }
        if (v instanceof Number) {
            return "a number";
        }
        if (v instanceof JSONObject) {
            return "an object";
        }
        if (v instanceof JSONArray) {
            return "an array";
        }
        return "a value";
    }

    private static String literal(Object v) {
        if (v instanceof String s) {
            return Quoted.quoted(s);
        }
        return v == null ? "null" : String.valueOf(v);
    }

    @SuppressWarnings("unchecked")
    private static Collection<Object> allowed(ValidationException leaf) {
        Schema s = leaf.getViolatedSchema();
        if (s instanceof EnumSchema en) {
            return (Collection<Object>) (Collection<?>) en.getPossibleValuesAsList();
        }
        if (s instanceof ConstSchema c) {
            return List.of(c.getPermittedValue());
        }
        return List.of();
    }

    private static String words(Collection<Object> allowed) {
        List<String> l = allowed.stream().map(TraceSchema::literal).toList();
        if (l.size() == 1) {
            return l.get(0);
        }
        return "one of " + String.join(", ", l);
    }

    /** {@code "123"} where a number belongs: the number (safe, the same value). */
    private static Fix numberFix(TextRange r, Object actual, Set<String> expected) {
        if (!(actual instanceof String s) || !(expected.contains("a number") || expected.contains("an integer"))) {
            return null;
        }
        String t = s.trim();
        String literal;
        if (NUMBER.matcher(t).matches()) {
            literal = t;
        } else {
            try {
                literal = new BigDecimal(t).toString(); // "+10.5", ".75", "050": the number they spell
            } catch (NumberFormatException e) {
                return null;
            }
            if (!NUMBER.matcher(literal).matches()) {
                return null;
            }
        }
        if (!expected.contains("a number") && !Json.isIntegerLiteral(literal)) {
            return null;
        }
        return Fix.safe("Write " + Quoted.plain(literal) + " as a number", TextEdit.replace(r, literal));
    }

    /** {@code "G"} where one of g/p/t belongs: the value it clearly means (safe). */
    private static Fix caseFix(TextRange r, Object actual, Collection<Object> allowed) {
        if (!(actual instanceof String s)) {
            return null;
        }
        String match = null;
        for (Object a : allowed) {
            if (a instanceof String v && v.equalsIgnoreCase(s.trim())) {
                if (match != null) {
                    return null;
                }
                match = v;
            }
        }
        return match == null ? null : Fix.safe("Change to " + Json.quote(match), TextEdit.replace(r, Json.quote(match)));
    }
}
