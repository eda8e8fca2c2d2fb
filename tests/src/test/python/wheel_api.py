"""The wheel's Python API in an environment where only the wheel is installed (PythonWheelTest runs
it with every JDK hidden): tracelint.check on a path, a gzip path and a trace's bytes gives the CLI's
own JSON findings and verdicts; assert_loads lists what blocks loading; exit code 2 raises.

Usage: python wheel_api.py BROKEN_TRACE_JSON BROKEN_TRACE_JSON_GZ
"""

import gzip
import json
import subprocess
import sys

import tracelint

broken, broken_gz = sys.argv[1], sys.argv[2]

# the API's findings are the CLI's (the console script's --format json), finding for finding
result = tracelint.check(broken)
cli = json.loads(subprocess.run(["tracelint", "check", "--format", "json", broken], capture_output=True).stdout)
assert result.raw["findings"] == cli["findings"], "API and CLI differ"
assert result.exit_code == 1 and result.summary == {"errors": 8, "warnings": 4, "information": 1, "hints": 0}, result.summary
cname = [f for f in result.findings if f.rule == "unknown-cname"]
assert len(cname) == 1 and (cname[0].line, cname[0].column, cname[0].end.column) == (5, 89, 110), cname
assert str(cname[0]) == (broken + ':5:89: error: cname "thread_state_runing" is not a reserved colour name: '
                         "chrome://tracing cannot load the file [unknown-cname]"), str(cname[0])
[file] = result.files
assert file.status == "checked" and set(file.verdicts) == {"chrome-tracing", "perfetto", "devtools", "speedscope"}
assert file.verdicts["devtools"].verdict == "fails"
assert [f.rule for f in file.verdicts["chrome-tracing"].because] == ["unknown-cname"]
assert file.blocking().keys() == {"chrome-tracing", "devtools"}, file.blocking()

# gzip, as a file and as bytes; plain bytes: the same findings at the same places
def places(r):
    return [(f.rule, f.severity, f.start, f.end) for f in r.findings]

for other in (tracelint.check(broken_gz), tracelint.check(open(broken_gz, "rb").read()),
              tracelint.check(open(broken, "rb").read())):
    assert places(other) == places(result), places(other)
assert tracelint.check(open(broken_gz, "rb").read()).files[0].path == "-"
print(f"api: check: {len(result.findings)} findings, the same from .json, .json.gz, bytes and gzip bytes")

# viewers narrow the verdicts
only = tracelint.check(broken, viewers=["perfetto"])
assert list(only.files[0].verdicts) == ["perfetto"] and only.files[0].verdicts["perfetto"].verdict == "degraded"

# assert_loads: a viewer that draws it degraded passes; one that fails names what blocks it
tracelint.assert_loads(broken, viewers=["perfetto", "speedscope"])
try:
    tracelint.assert_loads(broken_gz, viewers=["devtools", "perfetto"])
    raise SystemExit("assert_loads passed a trace DevTools cannot load")
except AssertionError as e:
    message = str(e)
lines = message.splitlines()
assert lines[0] == broken_gz + ": devtools cannot load it:", message
assert lines[1] == "  " + broken_gz + ':6:23: error: "Paint" without args.data: DevTools cannot load the file [chrome-event-without-data]', message
assert "perfetto" not in message, message
print("api: assert_loads:\n" + message)

# exit code 2 raises, with the CLI's message
try:
    tracelint.check(broken, viewers=["chrome"])
    raise SystemExit("an unknown viewer did not raise")
except tracelint.TracelintError as e:
    assert e.exit_code == 2 and "chrome" in str(e), (e.exit_code, str(e))
    print("api: unknown viewer: " + str(e).splitlines()[0])
print("api: version " + tracelint.__version__)
