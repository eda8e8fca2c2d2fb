package dev.tracelint.read;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.tracelint.finding.Fix;
import dev.tracelint.text.TextEdit;
import dev.tracelint.text.TextRange;
import java.io.IOException;
import java.util.List;

/**
 * Streams a trace with jackson-core and hands each event, with the offsets of its keys and values,
 * to a {@link TraceHandler}. Nothing is kept from one event to the next. Both top-level forms are
 * read; the array form may end without ']' (the spec allows it). After any other syntax error the
 * reader reports it and restarts a parser at the next event, so one broken event does not hide the
 * rest of the file.
 */
public final class TraceReader {
    public static final String JSON_SYNTAX = "json-syntax";
    /** The condition of a trailing comma in the viewer model: Perfetto tolerates it, JSON.parse does not. */
    public static final String TRAILING_COMMA = JSON_SYNTAX + "/trailing-comma";
    /** The condition of a number longer than the reader reads ({@link Json#FACTORY}): a limit of tracelint's, not of JSON's. */
    public static final String NUMBER_TOO_LONG = JSON_SYNTAX + "/number-too-long";
    /** The condition of nesting deeper than the reader reads ({@link Json#FACTORY}): a limit of tracelint's, not of JSON's. */
    public static final String TOO_DEEP = JSON_SYNTAX + "/too-deep";
    /** The condition of a NaN or Infinity, which JSON has not: what the viewers do with the fix, null, is said there. */
    public static final String NON_FINITE = JSON_SYNTAX + "/non-finite";
    /** The condition of a raw control character inside a string of an event: Perfetto's event reader accepts it. */
    public static final String CONTROL_CHARACTER = JSON_SYNTAX + "/control-character";
    public static final String UNTERMINATED_ARRAY = "unterminated-array";
    /** The schema rule that also names a non-object element of the events array, which no event view reaches. */
    public static final String INVALID_TYPE = "invalid-type";
    /** The condition of an events-array element that is not an object, in the viewer model. */
    public static final String NOT_AN_EVENT = "invalid-type/not-an-object";
    /** The condition of a null element of the events array (catapult reads fields of every element: it throws on null only). */
    public static final String NULL_EVENT = "invalid-type/null-event";
    /** How far around a removed element its comma is looked for. */
    private static final int WHITESPACE_LOOKAROUND = 4096;
    /**
     * How far the reader reads on, past a syntax error it cannot resume after or while it looks for
     * the next event after one, before it stops: nothing more can be learnt from text in which no
     * event starts, and an endless stream that is not a trace (/dev/zero, /dev/urandom, a device)
     * must end. 64 Mi chars is far beyond the longest event of any real trace seen (a few MB: a CPU
     * profile chunk, a screenshot in base64) and takes a fraction of a second to read.
     */
    public static final long GIVE_UP = 64L << 20;
    /** Members recorded per nested object ({@code args}); the rest are skipped. */
    public static final int MAX_NESTED_MEMBERS = 64;

    private final TraceSource src;
    private final TraceHandler handler;
    /** Records what jackson reads of events, samples and top-level members. */
    private final MemberReader memberReader;
    /** Reads well-formed events; null when every event goes through jackson (see {@link #jacksonOnly}). */
    private final EventScanner scanner;
    private EventView view = new EventView();
    /** For the elements of the top-level samples array (not events: index -1). */
    private EventView sampleView = new EventView();

    private JsonParser parser;
    /** Absolute offset of the current parser's offset 0 (negative while a synthetic prefix is read). */
    private long base;
    private TraceForm form = TraceForm.NONE;
    private boolean trace;
    private String eventsKey = "traceEvents";
    private int eventsDepth; // jackson nesting depth of the events array
    private boolean inEvents;
    private boolean inEventsSeen;
    private long events;
    /** Where the last event read ends (just past its '}'), or -1: a cut file's repair keeps the events up to there. */
    private long lastEventEnd = -1;
    private long lastErrorAt = -1;
    /** Syntax errors reported so far: after one, where the events array ends is partly a guess. */
    private int syntaxErrors;
    /** Where the first text skipped after a syntax error starts, or -1 (see {@link ReadResult#unreadFrom()}). */
    private long unreadFrom = -1;
    /** What the document is, where that is not simply {@link #trace} (see {@link #shape()}). */
    private boolean rootBroken;
    private boolean rootBrokenTraceText;
    private boolean rootComment;
    private boolean eventsNotAnArray;
    private Shape traceLike;
    private TextRange traceLikeAt;
    private String traceLikeKey;
    private TextRange scalarAt;
    private String scalarText;
    /** The events array's head: its {@code [}, from the {@code "traceEvents"} key in the object form; null until seen. */
    private TextRange eventsHead;

    /**
     * The system property that makes the reader hold strings of {@link dev.tracelint.text.LongText#LIMIT}
     * chars and more whole, as jackson makes them (memory grows with them): the reference the bounded
     * reading of such strings is tested against.
     */
    static final String WHOLE_STRINGS = "tracelint.wholeStrings";

    public TraceReader(TraceSource src, TraceHandler handler) {
        this(src, handler, true);
    }

    /**
     * A reader that parses every event with jackson, without the {@link EventScanner}: the
     * reference the scanner's results are tested against.
     */
    static TraceReader jacksonOnly(TraceSource src, TraceHandler handler) {
        return new TraceReader(src, handler, false);
    }

    private TraceReader(TraceSource src, TraceHandler handler, boolean scan) {
        this.src = src;
        this.handler = handler;
        this.scanner = scan ? new EventScanner(src) : null;
        LongStrings longStrings = Boolean.getBoolean(WHOLE_STRINGS) ? null : new LongStrings(src, (offset, prefix) -> {
            startParser(offset, prefix);
            return parser;
        });
        this.memberReader = new MemberReader(src::peekBack, MAX_NESTED_MEMBERS, longStrings);
        this.view.source = src;
        this.sampleView.source = src;
    }

    /** Where a restarted parser picks up after a syntax error. */
    private enum Resume { START, EVENTS, CONTAINER_EVENTS }

    public ReadResult read() throws IOException {
        startParser(src.charAt(0) == '\uFEFF' ? 1 : 0, ""); // a byte order mark is not JSON
        Resume resume = Resume.START;
        while (true) {
            try {
                switch (resume) {
                    case START -> readRoot();
                    case EVENTS -> {
                        parser.nextToken(); // synthetic '[' (or '{', key, '[')
                        if (form == TraceForm.OBJECT) {
                            parser.nextToken();
                            parser.nextToken();
                            readEvents();
                            readContainerRest();
                        } else {
                            readEventsThenEnd();
                        }
                    }
                    case CONTAINER_EVENTS -> {
                        parser.nextToken(); // synthetic '{'
                        readContainerRest(); // meets the real "traceEvents" next
                    }
                }
                break;
            } catch (JsonProcessingException e) {
                resume = recover(e);
                if (resume == null) {
                    break;
                }
            }
        }
        long from = lastErrorAt >= 0 ? lastErrorAt : src.available();
        if (!src.stopped() && !src.drainTo(from + GIVE_UP)) {
            stoppedReading(from);
        }
        for (Problem p : src.invalidUtf8()) { // the source has been read to the end
            handler.problem(p);
        }
        Shape shape = shape();
        return shape == Shape.SCALAR
                ? new ReadResult(form, false, events, shape, scalarAt, scalarText, eventsHead, unreadFrom)
                : new ReadResult(form, shape.looksLikeTrace(), events, shape, traceLikeAt, traceLikeKey, eventsHead, unreadFrom);
    }

    private Shape shape() {
        if (trace) {
            return Shape.TRACE;
        }
        if (rootBroken) {
            return rootBrokenTraceText ? Shape.BROKEN_TRACE_TEXT : rootComment ? Shape.OTHER : Shape.NOT_JSON;
        }
        if (scalarAt != null) {
            return Shape.SCALAR;
        }
        if (eventsNotAnArray) {
            return Shape.EVENTS_NOT_AN_ARRAY;
        }
        return traceLike != null ? traceLike : Shape.OTHER;
    }

    /**
     * Notes a member that makes an object look like a trace: the first of each kind, and events
     * under another key before any other sign (they say most about what went wrong).
     */
    private void traceLike(Shape kind, String key, long keyStart) {
        if (traceLike == null || kind == Shape.EVENTS_ELSEWHERE && traceLike != Shape.EVENTS_ELSEWHERE) {
            traceLike = kind;
            traceLikeKey = key;
            traceLikeAt = new TextRange(keyStart, memberReader.keyEnd(keyStart, key));
        }
    }

    private void startParser(long offset, String prefix) throws IOException {
        if (parser != null) {
            parser.close();
        }
        parser = Json.FACTORY.createParser(src.readerFrom(offset, prefix));
        base = offset - prefix.length();
        memberReader.on(parser, base);
    }

    private long tokenStart() {
        return offset(parser.currentTokenLocation());
    }

    private long current() {
        return offset(parser.currentLocation());
    }

    /** The char offset of a parser location. */
    private long offset(JsonLocation loc) {
        return base + loc.getCharOffset();
    }

    private void readRoot() throws IOException {
        JsonToken t = parser.nextToken();
        if (t == null) {
            form = TraceForm.NONE;
            trace = true; // an empty file is a broken trace, not some other JSON
            syntax(TextRange.at(0), "the file is empty: a trace is a JSON array of events or an object with \"traceEvents\"");
            return;
        }
        if (t == JsonToken.START_ARRAY) {
            form = TraceForm.ARRAY;
            trace = true;
            eventsHead = new TextRange(tokenStart(), tokenStart() + 1);
            eventsDepth = 1;
            readEventsThenEnd();
        } else if (t == JsonToken.START_OBJECT) {
            form = TraceForm.OBJECT;
            readContainerRest();
        } else {
            // a string, number, true, false or null: a trace only when claimed to be one
            long start = tokenStart();
            memberReader.finishToken(); // a string's end is known once it is read
            scalarAt = new TextRange(start, current());
            String text = src.slice(start, Math.min(scalarAt.end(), start + 40));
            scalarText = text == null ? null : scalarAt.length() > 40 ? text + "..." : text;
        }
    }

    private void readEventsThenEnd() throws IOException {
        readEvents();
        if (trace) {
            expectEnd();
        }
    }

    /** Reads the container's members; called at its start or after the events array. */
    private void readContainerRest() throws IOException {
        JsonToken t;
        while ((t = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            if (key.equals("traceEvents") && !inEventsSeen) {
                long keyStart = tokenStart();
                if (parser.nextToken() == JsonToken.START_ARRAY) {
                    trace = true;
                    inEventsSeen = true;
                    eventsHead = new TextRange(keyStart, tokenStart() + 1);
                    eventsKey = key;
                    eventsDepth = parser.getParsingContext().getNestingDepth();
                    readEvents();
                    continue;
                }
                eventsNotAnArray = true; // the schema rules say what it is instead
                Field f = new Field(false);
                memberReader.fill(f, key, keyStart, false);
                handler.topLevelMember(f);
                continue;
            }
            Field f = new Field(false);
            long keyStart = tokenStart();
            JsonToken v = parser.nextToken();
            // stackFrames (object) and samples (array) are streamed entry by entry to the handler
            // (stackFrame / sample) instead of skipped; the member itself is still reported whole.
            if (key.equals("stackFrames") && v == JsonToken.START_OBJECT
                    || key.equals("samples") && v == JsonToken.START_ARRAY) {
                startContainerMember(f, key, keyStart);
                if (v == JsonToken.START_OBJECT) {
                    readStackFrames();
                    traceLike(Shape.CONTAINER_WITHOUT_EVENTS, key, keyStart);
                } else if (readSamples()) {
                    traceLike(Shape.CONTAINER_WITHOUT_EVENTS, key, keyStart);
                }
                f.valueEnd = current();
                handler.topLevelMember(f);
                continue;
            }
            if (key.equals("systemTraceEvents") || key.equals("displayTimeUnit")) {
                traceLike(Shape.CONTAINER_WITHOUT_EVENTS, key, keyStart);
            } else if (v == JsonToken.START_ARRAY && !trace) {
                // events under some other key ("events", "trace_events"...)?
                startContainerMember(f, key, keyStart);
                if (skipArrayOfEvents()) {
                    traceLike(Shape.EVENTS_ELSEWHERE, key, keyStart);
                }
                f.valueEnd = current();
                handler.topLevelMember(f);
                continue;
            }
            memberReader.fill(f, key, keyStart, false);
            handler.topLevelMember(f);
        }
        if (t == JsonToken.END_OBJECT) {
            expectEnd();
        }
    }

    /** Fills key and value start of a container member whose '{' or '[' is current. */
    private void startContainerMember(Field f, String key, long keyStart) {
        f.setKey(key);
        f.keyStart = keyStart;
        f.keyEnd = memberReader.keyEnd(keyStart, key);
        f.valueStart = tokenStart();
        f.setText(null);
        f.setKind(parser.currentToken() == JsonToken.START_OBJECT ? ValueKind.OBJECT : ValueKind.ARRAY);
    }

    /** The entries of the top-level stackFrames dictionary, its '{' current, handed on one by one (nothing is kept). */
    private void readStackFrames() throws IOException {
        memberReader.readFrames(false, (frame, name, category) -> handler.stackFrame(frame));
    }

    /**
     * Skips an array, its '[' current, looking into its first element only: true if that is an
     * object with a "ph" member, as an event has.
     */
    private boolean skipArrayOfEvents() throws IOException {
        boolean events = false;
        JsonToken t = parser.nextToken();
        if (t == JsonToken.START_OBJECT) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                events |= parser.currentName().equals("ph");
                parser.nextToken();
                parser.skipChildren();
            }
            t = parser.nextToken();
        }
        while (t != JsonToken.END_ARRAY && t != null) {
            parser.skipChildren();
            t = parser.nextToken();
        }
        return events;
    }

    /**
     * The elements of the top-level samples array, its '[' current: each object as a view. True
     * if the first element is an object with "sf" or "ts", as a trace's sample has.
     */
    private boolean readSamples() throws IOException {
        JsonToken t;
        boolean first = true;
        boolean samples = false;
        while ((t = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                parser.skipChildren();
                first = false;
                continue;
            }
            Members members = sampleView.members;
            sampleView.index = -1;
            sampleView.start = tokenStart();
            memberReader.readObject(members);
            sampleView.end = current();
            if (first) {
                samples = members.has("sf") || members.has("ts");
                first = false;
            }
            handler.sample(sampleView);
            sampleView = handler.next(sampleView);
        }
        return samples;
    }

    private void expectEnd() throws IOException {
        JsonToken t = parser.nextToken();
        if (t != null) {
            long at = tokenStart();
            syntax(new TextRange(at, at + 1), "unexpected content after the end of the trace");
        }
    }

    private void readEvents() throws IOException {
        inEvents = true;
        JsonToken t;
        boolean first = !scan(false);
        while ((t = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.START_OBJECT) {
                readEvent();
                scan(true);
            } else {
                if (first && form == TraceForm.ARRAY) {
                    trace = false; // an array of something else: not a trace
                    inEvents = false;
                    return;
                }
                long start = tokenStart();
                parser.skipChildren();
                memberReader.finishToken(); // a string's end is known only once it is read
                notAnEvent(t, start, current());
            }
            first = false;
        }
        inEvents = false;
    }

    /**
     * An element of the events array that is not an object: DevTools' trace engine and speedscope
     * throw on it (verified with tests/oracle on a number, a string, an array and null), so the
     * file does not load there. The fix removes the element with the comma that separates it.
     */
    private void notAnEvent(JsonToken t, long start, long end) throws IOException {
        String what = switch (t) {
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NULL -> "null";
            case VALUE_TRUE, VALUE_FALSE -> String.valueOf(t == JsonToken.VALUE_TRUE);
            default -> {
                String text = end - start <= 24 ? src.slice(start, end) : null;
                yield text == null ? "a number" : "the number " + text;
            }
        };
        TextEdit removal = elementRemoval(start, end);
        Fix[] fixes = removal == null ? new Fix[0] : new Fix[] {Fix.safe("Remove the element", removal)};
        handler.problem(new Problem(INVALID_TYPE, t == JsonToken.VALUE_NULL ? NULL_EVENT : NOT_AN_EVENT, new TextRange(start, end),
                "an event is a JSON object, not " + what, List.of(fixes)));
    }

    /** The edit that removes an element and one comma beside it (or the only element), or null if no comma is near or the fix would be unclear. */
    private TextEdit elementRemoval(long start, long end) throws IOException {
        long before = start - 1;
        while (before >= 0 && start - before <= WHITESPACE_LOOKAROUND && isJsonSpace(src.peekBack(before))) {
            before--;
        }
        int previous = before >= 0 ? src.peekBack(before) : -1;
        if (previous == ',') {
            return TextEdit.delete(before, end); // "{...}, 42" -> "{...}"
        }
        long after = end;
        while (after - end <= WHITESPACE_LOOKAROUND && isJsonSpace(src.charAt(after))) {
            after++;
        }
        if (src.charAt(after) != ',') {
            return previous == '[' && src.charAt(after) == ']' ? TextEdit.delete(start, end) : null; // "[42]" -> "[]"
        }
        after++;
        while (after - end <= WHITESPACE_LOOKAROUND && isJsonSpace(src.charAt(after))) {
            after++;
        }
        // only before an event: removing it would move the next non-object (or broken text) into
        // this one's place, with the same finding; that one goes with the comma before it instead
        return src.charAt(after) == '{' ? TextEdit.delete(start, after) : null; // "[42, {...}" -> "[{...}"
    }

    private static boolean isJsonSpace(int c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    /**
     * Reads on with the scanner from the parser's position, which is just after the events
     * array's '[' or (if {@code afterElement}) after an element. Where the scanner stops, a new
     * parser takes over in the same context: inside the array, after the '[' or after a synthetic
     * element "{}" that stands for the last event read. True if the scanner read an event.
     */
    private boolean scan(boolean afterElement) throws IOException {
        if (scanner == null) {
            return false;
        }
        scanner.start(current(), afterElement);
        long first = events;
        while (scanSome()) {
            // a run of events per call, not one loop over the whole array: this method runs once
            // per array, so its loop would stay in the interpreter until an on-stack replacement,
            // which C1's busy queue put off to the last tenth of a 19 MB trace's check
        }
        if (events == first) {
            return false; // the parser is still where the scanner started
        }
        boolean after = scanner.stoppedAfterElement();
        startParser(scanner.stop(), eventsPrefix() + (after ? "{}" : ""));
        parser.nextToken(); // '[' (or '{', key, '[')
        if (form == TraceForm.OBJECT) {
            parser.nextToken();
            parser.nextToken();
        }
        if (after) {
            parser.nextToken(); // '{' and '}' of the synthetic element
            parser.nextToken();
        }
        return true;
    }

    /** Events the scanner reads per {@link #scanSome} call: enough to make the call's cost nothing. */
    private static final int SCANNED_PER_CALL = 32;

    /** Reads up to {@value #SCANNED_PER_CALL} events with the scanner; false once it declines. */
    private boolean scanSome() throws IOException {
        for (int i = 0; i < SCANNED_PER_CALL; i++) {
            if (!scanner.next(view)) {
                return false;
            }
            if (view.commaBefore < 0) { // the first after '[' or after a syntax error: look back
                view.commaBefore = separatorBefore(view.start);
            }
            finishEvent(scanner.separatorsSeen);
        }
        return true;
    }

    private void readEvent() throws IOException {
        view.start = tokenStart();
        memberReader.readObject(view.members);
        view.end = current();
        view.commaBefore = separatorBefore(view.start);
        finishEvent(false);
    }

    /** Hands the filled view on, with its separators (after it, unless {@code separatorsKnown}). */
    private void finishEvent(boolean separatorsKnown) throws IOException {
        Members members = view.members;
        view.index = events;
        view.objectForm = form == TraceForm.OBJECT;
        if (!separatorsKnown) {
            view.commaAfter = separatorAfter(view.end);
            view.nextElement = view.commaAfter < 0 ? -1 : separatorAfter(view.commaAfter + 1, false);
        }
        events++;
        lastEventEnd = view.end;
        // the slots are filled here, by the thread that filled the members: the rules (perhaps on
        // another thread) then only read this event's memory, never write to it
        members.index();
        handler.event(view);
        view = handler.next(view);
    }

    private long separatorBefore(long start) {
        for (long i = start - 1; i >= 0; i--) {
            int c = src.peekBack(i);
            if (c == ',') {
                return i;
            }
            if (c < 0 || !Character.isWhitespace(c)) {
                return -1;
            }
        }
        return -1;
    }

    private long separatorAfter(long end) throws IOException {
        return separatorAfter(end, true);
    }

    /** The first non-whitespace char from {@code from}: if it is a comma (or any, when not {@code commaOnly}). */
    private long separatorAfter(long from, boolean commaOnly) throws IOException {
        for (long i = from; i < from + 4096; i++) {
            int c = src.charAt(i);
            if (c < 0) {
                return -1;
            }
            if (!Character.isWhitespace(c)) {
                return !commaOnly || c == ',' ? i : -1;
            }
        }
        return -1;
    }

    // ---- errors and recovery ----

    private void syntax(TextRange range, String message, Fix... fixes) {
        syntax(null, range, message, fixes);
    }

    private void syntax(String condition, TextRange range, String message, Fix... fixes) {
        syntaxErrors++;
        handler.problem(new Problem(JSON_SYNTAX, condition, range, message, List.of(fixes)));
    }

    /** Reports the error; returns how a new parser resumes, or null to stop reading. */
    private Resume recover(JsonProcessingException e) throws IOException {
        JsonStreamContext ctx = parser.getParsingContext();
        JsonLocation loc = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
        int relDepth = ctx == null ? 0 : ctx.getNestingDepth() - eventsDepth;
        long at = base + Math.max(0, loc.getCharOffset());
        String raw = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String name = ctx == null ? null : ctx.getCurrentName();
        SyntaxError err = SyntaxError.describe(raw, at, src, inEvents, relDepth, name, events,
                inEvents && relDepth >= 2 ? eventKey(ctx) : null, inEvents && relDepth >= 1 ? phaseSoFar() : null, ctx);

        if (at <= lastErrorAt) {
            return null; // no progress since the last error: stop rather than loop
        }
        lastErrorAt = at;
        if (form == TraceForm.NONE && !trace) {
            // not JSON from the start: say what a trace starts with, and note whether it looks like one
            rootBroken = true;
            rootComment = src.charAt(at) == '/' && (src.charAt(at + 1) == '/' || src.charAt(at + 1) == '*');
            rootBrokenTraceText = Resync.showsTrace(src);
            if (!(e instanceof JsonEOFException || err.atEof())) {
                err = err.beforeRoot(src);
            }
        }
        if (e instanceof JsonEOFException || err.atEof()) {
            src.drain();
            if (form == TraceForm.OBJECT && !trace) {
                trace = true; // a broken object that is not finished: judge it as a trace
            }
            reportEof(relDepth, insideString(e));
            return null;
        }
        String condition = err.condition();
        if (condition == null && inEvents && relDepth > 0 && err.controlCharacterInString()) {
            condition = CONTROL_CHARACTER; // inside an event: Perfetto scans for the closing quote only
        }
        syntax(condition, err.range(), err.message(), err.fixes());
        if (form == TraceForm.OBJECT && !trace) {
            // Broken before "traceEvents": find that key and read on from its array.
            long key = Resync.findKey(src, err.scanFrom(), "\"traceEvents\"", err.scanFrom() + GIVE_UP);
            if (key == Resync.GAVE_UP) {
                trace = true; // the reader says where it stopped, and why
                stoppedReading(err.scanFrom());
                return null;
            }
            if (key < 0) {
                return null; // not a trace after all: its findings are dropped
            }
            trace = true;
            startParser(key, "{");
            return Resume.CONTAINER_EVENTS;
        }
        if (!inEvents || !trace) {
            return null; // after the events array there is no next event to resume at
        }
        if (relDepth > 0) {
            unread(err.range().start()); // inside an event: the rest of it is skipped (between events, nothing is)
        }
        long resume = Resync.findNextEvent(src, err.scanFrom(), Math.max(0, relDepth), err.insideString(),
                err.scanFrom() + GIVE_UP);
        if (resume == Resync.GAVE_UP) {
            stoppedReading(err.scanFrom());
            return null;
        }
        if (resume < 0) {
            reportEofAfterRecovery();
            return null;
        }
        startParser(resume, eventsPrefix());
        return Resume.EVENTS;
    }

    /** The member of the event (its key) whose value holds the context {@code ctx}, nested in it. */
    private String eventKey(JsonStreamContext ctx) {
        JsonStreamContext c = ctx;
        while (c != null && c.getNestingDepth() > eventsDepth + 1) {
            c = c.getParent();
        }
        return c == null ? null : c.getCurrentName();
    }

    /** The {@code ph} of the event being read, if it came before the error and is a string; else null. */
    private String phaseSoFar() {
        Field ph = view.members.get("ph");
        return ph != null && ph.isString() ? ph.text() : null;
    }

    /**
     * Reading stops where it is ({@link #GIVE_UP} chars past {@code from} with nothing left to
     * read for): the input is left unread from there, and a syntax error there says so.
     */
    private void stoppedReading(long from) {
        src.stop();
        long at = src.available();
        syntax(TextRange.at(at), "reading stopped here: no event starts in the " + (at - from)
                + " characters after the syntax error, so nothing more can be learnt (tracelint reads at most "
                + GIVE_UP + " characters past a syntax error for the next event; the rest of the input is not read)");
    }

    /** What a parser restarted at an event must read first to be inside the events array. */
    private String eventsPrefix() {
        return form == TraceForm.ARRAY ? "[" : "{" + Json.quote(eventsKey) + ":[";
    }

    /**
     * Whether the input ended inside a string (a value or a key whose closing quote never came):
     * then its last char, whatever it is, is no end of an element.
     */
    private static boolean insideString(JsonProcessingException e) {
        if (!(e instanceof JsonEOFException eof)) {
            return false;
        }
        JsonToken t = eof.getTokenBeingDecoded();
        return t == JsonToken.VALUE_STRING || t == JsonToken.FIELD_NAME;
    }

    private void reportEof(int relDepth, boolean insideString) throws IOException {
        long end = src.available();
        long last = SyntaxError.previousSignificant(src, end);
        if (form == TraceForm.ARRAY && inEvents && relDepth == 0 && last >= 0 && !insideString
                && endsAnElement(src.charAt(last))) {
            unterminated(last, syntaxErrors == 0); // after a syntax error, closing the array is a guess
        } else if (form == TraceForm.ARRAY && inEvents && relDepth == 0 && last >= 0) {
            unread(end);
            syntax(TextRange.at(end), "the file ends in the middle of a value: the last event is cut short",
                    cutShort(lastElementEnd(), last, "Drop the cut-off value and close the array with ']' (its text is lost)"));
        } else if (form == TraceForm.NONE && !trace) {
            syntax(TextRange.at(end), "the file ends before the JSON value is complete");
        } else if (inEvents && relDepth > 0) {
            unread(end);
            long cutFrom = SyntaxError.previousSignificant(src, view.start) == lastEventEnd - 1 ? lastEventEnd : elementStart(view.start);
            // no number in the title: after an earlier syntax error the events counted are not all there are
            Fix drop = last >= 0 && cutFrom >= 0 ? cutShort(cutFrom, last, "Drop the cut-off event"
                    + " and close the " + (form == TraceForm.OBJECT ? "trace with ']}'" : "array with ']'") + " (its members are lost)") : null;
            syntax(TextRange.at(end), "the file ends inside event #" + (events + 1) + ": it is missing its closing '}'",
                    drop == null ? new Fix[0] : new Fix[] {drop});
        } else if (form == TraceForm.OBJECT && inEvents) {
            Fix close = null;
            if (last >= 0 && endsAnElement(src.charAt(last))) {
                // only the closing ']}' is missing: the events are all there, as in an array trace without its ']'
                TextEdit edit = src.charAt(last) == ',' ? TextEdit.replace(new TextRange(last, last + 1), "]}")
                        : TextEdit.insert(last + 1, "]}");
                close = syntaxErrors == 0 ? Fix.safe(CLOSE_OBJECT, edit) : Fix.unsafe(CLOSE_OBJECT, edit);
            } else if (last >= 0) {
                close = cutShort(lastElementEnd(), last, "Drop the cut-off value and close the trace with ']}' (its text is lost)");
            }
            syntax(TextRange.at(end), "the file ends inside the \"" + eventsKey
                    + "\" array: the object form must end with ']}' (only an array trace may omit its ']')",
                    close == null ? new Fix[0] : new Fix[] {close});
        } else {
            syntax(TextRange.at(end), "the file ends before the trace object is closed with '}'");
        }
    }

    /**
     * The end of the file, reached while looking for the next event after a syntax error: the
     * scan that skipped the broken text cannot tell whether the array was closed (a ']' at the end
     * may well close it), so a missing ']' is only a guess here and its fix is not safe.
     */
    private void reportEofAfterRecovery() throws IOException {
        if (form == TraceForm.ARRAY) {
            long last = SyntaxError.previousSignificant(src, src.available());
            if (last >= 0 && src.charAt(last) != ']') {
                unterminated(last, false);
            }
        } else {
            long last = SyntaxError.previousSignificant(src, src.available());
            Fix close = last >= 0 && endsAnElement(src.charAt(last)) ? Fix.unsafe(CLOSE_OBJECT, src.charAt(last) == ','
                    ? TextEdit.replace(new TextRange(last, last + 1), "]}") : TextEdit.insert(last + 1, "]}")) : null;
            syntax(TextRange.at(src.available()), "the file ends inside the \"" + eventsKey + "\" array",
                    close == null ? new Fix[0] : new Fix[] {close});
        }
    }

    private static final String CLOSE_OBJECT = "Close the events array and the trace with ']}'";

    /**
     * The fix of a file cut inside its events: the text from {@code from} (the end of the last whole
     * element, or the comma before the cut one) through {@code last}, the input's last char, is
     * replaced by what closes the events array (and the trace object), so every whole event stays
     * as it was. Unsafe: what was cut is lost, and after an earlier syntax error where the array
     * really ends is a guess. The text from {@code from} on was never read as an event, so the
     * trace the fix leaves has the same events as the one the reader read.
     */
    private Fix cutShort(long from, long last, String title) {
        if (from < 0 || from > last) {
            return null;
        }
        String close = form == TraceForm.OBJECT ? "]}" : "]";
        return Fix.unsafe(title, TextEdit.replace(new TextRange(from, last + 1), close));
    }

    /**
     * Where the cut-off text to drop starts: the end of the last whole event, else the first char
     * after the array's '[' and the whitespace that follows it (that whitespace is layout, kept as
     * the file wrote it, so the fix is the same however the file is laid out), or -1.
     */
    private long lastElementEnd() {
        if (lastEventEnd >= 0) {
            return lastEventEnd;
        }
        if (eventsHead == null) {
            return -1;
        }
        long at = eventsHead.end();
        long end = src.available();
        while (at < end && isJsonWhitespace(src.peekBack(at))) { // out of the window: -1, the drop starts there
            at++;
        }
        return at;
    }

    private static boolean isJsonWhitespace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /**
     * Where the cut element starting at {@code start} begins with the comma before it, so that the
     * array left ends at the whole event before it: the comma's offset, or {@code start} after the '['.
     */
    private long elementStart(long start) {
        long before = SyntaxError.previousSignificant(src, start);
        if (before < 0) {
            return -1;
        }
        int c = src.peekBack(before);
        return c == ',' ? before : c == '[' ? start : -1;
    }

    /** Notes that text from {@code at} on was not read as events or members (the first such place is kept). */
    private void unread(long at) {
        if (unreadFrom < 0) {
            unreadFrom = at;
        }
    }

    private void unterminated(long last, boolean sure) throws IOException {
        int c = src.charAt(last);
        // the last char may be the low half of an emoji left at the end of a broken event: mark both halves
        long first = last > 0 && Character.isLowSurrogate((char) c) && Character.isHighSurrogate((char) src.charAt(last - 1)) ? last - 1 : last;
        TextRange r = new TextRange(first, last + 1);
        TextEdit edit = c == ',' ? TextEdit.replace(r, "]") : TextEdit.insert(last + 1, "]");
        Fix fix = sure ? Fix.safe("Close the array with ']'", edit) : Fix.unsafe("Close the array with ']'", edit);
        String msg = c == ','
                ? "the events array ends with a trailing ',' and no ']' (the spec allows a missing ']')"
                : "the events array has no closing ']' (the spec allows it)";
        handler.problem(new Problem(UNTERMINATED_ARRAY, r, msg, fix));
    }

    /**
     * Whether a file ending in {@code c} inside the events array only lacks its ']': after an
     * event, a comma or the '[' itself. Anything else (a '-', "tru", a digit) is a value cut short.
     */
    private static boolean endsAnElement(int c) {
        return c == '}' || c == ',' || c == '[';
    }
}
