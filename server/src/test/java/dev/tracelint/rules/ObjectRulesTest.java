package dev.tracelint.rules;

import static dev.tracelint.TraceAssert.assertFindings;
import static dev.tracelint.TraceAssert.assertFix;
import static dev.tracelint.TraceAssert.assertNoFindings;
import static dev.tracelint.TraceAssert.finding;

import dev.tracelint.model.Severity;
import org.junit.jupiter.api.Test;

/** object-instance-args, object-not-created, object-already-alive, object-deleted-before-created, snapshot-base-type-mismatch, snapshot-with-id, dangling-id-ref. */
class ObjectRulesTest {
    /** The spec: object instance events have no args (state goes in O snapshots); used to pass. */
    @Test
    void argsOnCreateAndDestroy() {
        assertFindings("""
                [{"name": "Layer", "ph": "N", "id": "0x1000", "ts": 1, "pid": 1, "tid": 1, «"args"»: {"w": "😀"}},
                 {"name": "Layer", "ph": "O", "id": "0x1000", "ts": 2, "pid": 1, "tid": 1, "args": {"snapshot": {"w": 10}}},
                 {"name": "Layer", "ph": "D", "id": "0x1000", "ts": 5, "pid": 1, "tid": 1, «"args"»: {"w": null}},
                 {"name": "Layer", "ph": "N", "id": "0x2000", "ts": 6, "pid": 1, "tid": 1, "args": {}},
                 {"name": "Layer", "ph": "D", "id": "0x2000", "ts": 7, "pid": 1, "tid": 1, "args": {}}]""",
                finding("object-instance-args", "N 'Layer' has \"args\": object instance events (N, D) have none; put the object's state in an O snapshot: no viewer shows it").severity(Severity.INFORMATION),
                finding("object-instance-args", "D 'Layer' has \"args\": object instance events (N, D) have none; put the object's state in an O snapshot: no viewer shows it"));
        assertFix("[{\"name\": \"L\", \"ph\": \"D\", \"id\": 1, \"ts\": 5, \"args\": {\"a\": 1}, \"pid\": 1}]", "object-instance-args",
                "Remove \"args\"", "[{\"name\": \"L\", \"ph\": \"D\", \"id\": 1, \"ts\": 5, \"pid\": 1}]");
    }

    /** Only the snapshot's own members count: an id deeper down is an implicit snapshot's ("Type/0x2"). */
    @Test
    void snapshotArgsWithAnId() {
        assertFindings("""
                [{"name": "Layer", "ph": "N", "id": "0x1", "ts": 1, "pid": 1, "tid": 1},
                 {"name": "Layer", "ph": "O", "id": "0x1", "ts": 2, "pid": 1, "tid": 1, "args": {"snapshot": {"w": "😀", «"id"»: "0x1"}}},
                 {"name": "Layer", "ph": "O", "id": "0x1", "ts": 3, "pid": 1, "tid": 1,
                  "args": {"snapshot": {"child": {"id": "Picture/0x2", "w": 1}}, "id": 5}},
                 {"name": "Layer", "ph": "D", "id": "0x1", "ts": 4, "pid": 1, "tid": 1}]""",
                finding("snapshot-with-id", "O 'Layer' has an \"id\" in args.snapshot: a snapshot is named by the event's own"
                        + " \"id\", its args may not hold one: chrome://tracing cannot load the file").severity(Severity.ERROR));
    }

    @Test
    void specObjectExamplesAreClean() {
        assertNoFindings("""
                [{"name": "MyObject", "ph": "N", "id": "0x1000", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "MyObject", "id": "0x1000", "ph": "O", "ts": 10, "pid": 1, "tid": 1, "args": {"snapshot": {"x": 1}}},
                 {"name": "MyObject", "ph": "D", "id": "0x1000", "ts": 20, "pid": 1, "tid": 1},
                 {"name": "MyOtherObject", "ph": "N", "id": "0x1000", "ts": 20, "pid": 1, "tid": 1},
                 {"name": "MyOtherObject", "ph": "D", "id": "0x1000", "ts": 25, "pid": 1, "tid": 1},
                 {"name": "MyObject", "ph": "N", "id": "0x1000", "scope": "some_scope", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "MyObjectSubType", "id": "0x1000", "scope": "some_scope", "ph": "O", "ts": 5, "pid": 1, "tid": 1,
                  "args": {"snapshot": {"base_type": "MyObject", "v": 2}}},
                 {"name": "SliceA", "ph": "B", "ts": 10, "pid": 1, "tid": 1, "args": {"obj": {"id_ref": "0x1000", "scope": "some_scope"}}},
                 {"name": "SliceA", "ph": "E", "ts": 11, "pid": 1, "tid": 1},
                 {"name": "MyObject", "ph": "D", "id": "0x1000", "scope": "some_scope", "ts": 30, "pid": 1, "tid": 1}]""");
    }

    @Test
    void snapshotOrDeleteWithoutCreate() {
        assertFindings("""
                [{"name": "A", "ph": "O", "id": «"0x1"», "ts": 1, "pid": 1, "tid": 1, "args": {"snapshot": {}}},
                 {"name": "A", "ph": "O", "id": "0x1", "ts": 2, "pid": 1, "tid": 1, "args": {"snapshot": {}}},
                 {"name": "A", "ph": "D", "id": "0x1", "ts": 3, "pid": 1, "tid": 1},
                 {"name": "B", "ph": "D", "id": «7», "ts": 4, "pid": 1, "tid": 1},
                 {"name": "B", "ph": "N", "id": 7, "ts": 5, "pid": 2, "tid": 1},
                 {"name": "B", "ph": "D", "id": «7», "ts": 6, "pid": 1, "tid": 1}]""",
                finding("object-not-created", "O 'A' snapshots id \"0x1\", which no N created before it: no viewer shows it")
                        .severity(Severity.INFORMATION),
                finding("object-not-created", "D 'B' deletes id 7, which no N created: no viewer shows it"),
                finding("object-not-created", "D 'B' deletes id 7, which no N created: no viewer shows it"));
    }

    @Test
    void createWhileAlive() {
        assertFindings("""
                [{"name": "A", "ph": "N", "id": ‹"0x1"›, "ts": 1, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "N", "id": «"0x1"», "ts": 2, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": "0x1", "ts": 3, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "N", "id": "0x1", "ts": 4, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "N", "id": "0x1", "scope": "other", "ts": 4, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "N", "id2": {"local": "0x1"}, "ts": 4, "pid": 2, "tid": 1}]""",
                finding("object-already-alive", "N 'A' creates id \"0x1\" again while its instance is still alive (delete the first with D): chrome://tracing drops it")
                        .severity(Severity.ERROR).related("the instance still alive"));
    }

    @Test
    void deleteBeforeCreate() {
        assertFindings("""
                [{"name": "A", "ph": "N", "id": "0x1", "ts": ‹10›, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": "0x1", "ts": «5», "pid": 1, "tid": 1}]""",
                finding("object-deleted-before-created", "D 'A' deletes id \"0x1\" at ts 5, before its N at ts 10: the instance would end before it starts: chrome://tracing shows it wrongly")
                        .severity(Severity.WARNING).related("created here"));
    }

    @Test
    void snapshotNamedDifferently() {
        assertFindings("""
                [{"name": ‹"MyObject"›, "ph": "N", "id": "0x1", "ts": 1, "pid": 1, "tid": 1},
                 {"name": «"Sub"», "ph": "O", "id": "0x1", "ts": 2, "pid": 1, "tid": 1, "args": {"snapshot": {"v": 1}}},
                 {"name": "Sub", "ph": "O", "id": "0x1", "ts": 3, "pid": 1, "tid": 1, "args": {"snapshot": {"base_type": "MyObject"}}},
                 {"name": «"Sub"», "ph": "O", "id": "0x1", "ts": 4, "pid": 1, "tid": 1, "args": {"snapshot": {"base_type": "Other"}}}]""",
                finding("snapshot-base-type-mismatch", "O \"Sub\" snapshots id \"0x1\", created as \"MyObject\", without args.snapshot.base_type \"MyObject\": chrome://tracing drops it")
                        .severity(Severity.ERROR).related("created here"),
                finding("snapshot-base-type-mismatch", "O \"Sub\" has base_type \"Other\", but id \"0x1\" was created as \"MyObject\": chrome://tracing drops it"));
    }

    @Test
    void idRefToNoLiveObject() {
        assertFindings("""
                [{"name": "A", "ph": "N", "id": "0x1", "ts": 10, "pid": 1, "tid": 1},
                 {"name": "S", "ph": "X", "ts": 12, "dur": 1, "pid": 1, "tid": 1, "args": {"ok": {"id_ref": "0x1"}, "bad": «{"id_ref": "0x2"}»}},
                 {"name": "S", "ph": "X", "ts": 12, "dur": 1, "pid": 1, "tid": 1, "args": {"other_scope": «{"idRef": "0x1", "scope": "s"}»}},
                 {"name": "S", "ph": "X", "ts": 12, "dur": 1, "pid": 2, "tid": 1, "args": {"other_pid": {"id_ref": "0x1", "pid_ref": 1}}},
                 {"name": "S", "ph": "X", "ts": 13, "dur": 1, "pid": 1, "tid": 1, "args": {"later": {"id_ref": "0x3"}}},
                 {"name": "C", "ph": "N", "id": "0x3", "ts": 11, "pid": 1, "tid": 1},
                 {"name": "S", "ph": "X", "ts": 14, "dur": 1, "pid": 1, "tid": 1, "args": {"deep": {"x": {"id_ref": "0x9"}}}}]""",
                finding("dangling-id-ref", "args.bad refers to object \"0x2\", but no object with that id is alive at this event: no viewer shows it")
                        .severity(Severity.INFORMATION),
                finding("dangling-id-ref", "args.other_scope refers to object \"0x1\" in scope \"s\", but no object with that id is alive at this event: no viewer shows it"));
    }

    /** Issue 13: N/D pairs written out of time order (both N first, then both D) are two lifetimes, not a conflict. */
    @Test
    void lifetimesWrittenOutOfTimeOrderAreFine() {
        assertNoFindings("""
                [{"name": "A", "ph": "N", "id": "0x1", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "N", "id": "0x1", "ts": 10, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": "0x1", "ts": 5, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": "0x1", "ts": 20, "pid": 1, "tid": 1}]""");
    }

    /** Issue 13: an id_ref or a snapshot is resolved against the lifetime that contains its ts, wherever it is written. */
    @Test
    void referencesAndSnapshotsResolveAgainstTheLifetimeAtTheirTs() {
        assertFindings("""
                [{"name": "A", "ph": "N", "id": "0x1", "ts": 0, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "D", "id": "0x1", "ts": 10, "pid": 1, "tid": 1},
                 {"name": "A", "ph": "O", "id": "0x1", "ts": 4, "pid": 1, "tid": 1, "args": {"snapshot": {}}},
                 {"name": "S", "ph": "X", "ts": 5, "dur": 1, "pid": 1, "tid": 1, "args": {"inside": {"id_ref": "0x1"}}},
                 {"name": "S", "ph": "X", "ts": 12, "dur": 1, "pid": 1, "tid": 1, "args": {"after": «{"id_ref": "0x1"}»}}]""",
                finding("dangling-id-ref", "args.after refers to object \"0x1\", but no object with that id is alive at this event: no viewer shows it")
                        .severity(Severity.INFORMATION));
    }
}
