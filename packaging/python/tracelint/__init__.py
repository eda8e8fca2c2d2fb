"""tracelint from Python: lint Chrome Trace Event Format files, and assert that viewers load them.

The wheel carries tracelint's own Java runtime and jar, so nothing else is installed. Each call
runs the bundled CLI (``tracelint check --format json``) once and turns its JSON document
(docs/cli.md, "JSON output") into the objects below::

    import tracelint

    result = tracelint.check("trace.json", viewers=["perfetto", "devtools"])
    for f in result.findings:
        print(f"{f.path}:{f.line}:{f.column}: {f.severity}: {f.message} [{f.rule}]")

    tracelint.assert_loads("trace.json", viewers=["perfetto"])  # in a tracer's own tests
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Union

from tracelint._bundle_path import launcher
from tracelint._version import __version__

__all__ = [
    "__version__",
    "check",
    "assert_loads",
    "Result",
    "FileResult",
    "Finding",
    "Verdict",
    "Position",
    "TracelintError",
    "VIEWERS",
]

#: Every viewer tracelint models, in the order of its reports (``--viewers`` takes any of them).
VIEWERS = ("chrome-tracing", "perfetto", "devtools", "speedscope", "tracerbench")


class TracelintError(Exception):
    """tracelint could not do the check: bad usage, an unreadable file, an internal error (exit 2)."""

    def __init__(self, message: str, exit_code: int, stderr: str) -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.stderr = stderr


@dataclass(frozen=True)
class Position:
    """A place in the decoded trace: 1-based ``line`` and ``column`` (UTF-16 code units, as LSP
    counts them), 0-based UTF-16 ``offset``."""

    line: int
    column: int
    offset: int


@dataclass(frozen=True)
class Finding:
    """One finding, pointing at the offending key or value (``start`` to ``end``)."""

    path: str
    rule: str
    severity: str  # "error", "warning", "information" or "hint"
    message: str
    start: Position
    end: Position
    #: the related places and the fixes, as in the JSON document ("related", "fixes")
    related: List[Dict[str, Any]] = field(default_factory=list)
    fixes: List[Dict[str, Any]] = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.start.line

    @property
    def column(self) -> int:
        return self.start.column

    def __str__(self) -> str:
        """The line ``tracelint check`` prints for it: ``path:line:column: severity: message [rule]``."""
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message} [{self.rule}]"


@dataclass(frozen=True)
class Verdict:
    """What one viewer does with one file: ``verdict`` is "loads", "degraded" or "fails";
    ``because`` the findings responsible (for "fails" those that make its import abort)."""

    viewer: str
    verdict: str
    because: List[Finding]


@dataclass(frozen=True)
class FileResult:
    """One file's outcome. ``status`` is "checked", "not-a-trace" or "unreadable" (then ``error``)."""

    path: str
    status: str
    findings: List[Finding]
    verdicts: Dict[str, Verdict]
    error: Optional[str] = None

    def blocking(self) -> Dict[str, List[Finding]]:
        """The viewers that cannot load this file, each with the findings that make it fail."""
        return {v.viewer: v.because for v in self.verdicts.values() if v.verdict == "fails"}


@dataclass(frozen=True)
class Result:
    """The whole check: every finding, each file with its verdicts, the counts per severity, the
    CLI's exit code (0 clean, 1 findings at error) and the JSON document as parsed (``raw``)."""

    findings: List[Finding]
    files: List[FileResult]
    summary: Dict[str, int]
    exit_code: int
    raw: Dict[str, Any]


PathOrBytes = Union[str, "os.PathLike[str]", bytes]


def check(
    path_or_bytes: PathOrBytes,
    viewers: Optional[Sequence[str]] = None,
    *,
    config: Optional[Union[str, "os.PathLike[str]"]] = None,
    show_hints: bool = False,
    timeout: Optional[float] = None,
) -> Result:
    """Checks a trace (``.json``, ``.json.gz``, or a folder of them) or a trace's bytes (plain or
    gzip, reported as path ``-``), as ``tracelint check --format json`` does.

    :param viewers: the viewers the trace is for (names in :data:`VIEWERS`); default: the nearest
        ``tracelint.json``'s, else the first four.
    :param config: a ``tracelint.json`` to use instead of searching for one.
    :param show_hints: also return hint-level findings.
    :raises TracelintError: on exit code 2 (unknown viewer, missing or unreadable file).
    """
    args = [launcher(), "check", "--format", "json"]
    if viewers is not None:
        if isinstance(viewers, str):
            viewers = [viewers]
        args += ["--viewers", ",".join(viewers)]
    if config is not None:
        args += ["--config", os.fspath(config)]
    if show_hints:
        args.append("--show-hints")
    if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
        args.append("-")
        data: Optional[bytes] = bytes(path_or_bytes)
    else:
        args += ["--", os.fspath(path_or_bytes)]
        data = None
    proc = subprocess.run(args, input=data, stdin=None if data is not None else subprocess.DEVNULL,
                          capture_output=True, timeout=timeout)
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode not in (0, 1):
        raise TracelintError(stderr.strip() or f"tracelint exited with {proc.returncode}", proc.returncode, stderr)
    return _result(json.loads(proc.stdout.decode("utf-8")), proc.returncode)


def assert_loads(
    path: Union[str, "os.PathLike[str]"],
    viewers: Optional[Sequence[str]] = None,
    *,
    config: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> Result:
    """Fails (``AssertionError``) unless every viewer named loads the trace, for a tracer's own
    tests. The message names each viewer that cannot load the file and lists the findings that
    make its import fail, one ``path:line:column: severity: message [rule]`` line each. A trace
    drawn degraded passes (its findings are in the returned :class:`Result`).
    """
    result = check(path, viewers, config=config)
    lines: List[str] = []
    for f in result.files:
        if f.status == "unreadable":
            lines.append(f"{f.path}: unreadable: {f.error}")
        for viewer, findings in f.blocking().items():
            lines.append(f"{f.path}: {viewer} cannot load it:")
            lines += [f"  {finding}" for finding in findings]
    if lines:
        raise AssertionError("\n".join(lines))
    return result


def _position(p: Dict[str, Any]) -> Position:
    return Position(p["line"], p["column"], p["offset"])


def _result(doc: Dict[str, Any], exit_code: int) -> Result:
    findings = [
        Finding(f["path"], f["rule"], f["severity"], f["message"], _position(f["range"]["start"]),
                _position(f["range"]["end"]), f.get("related", []), f.get("fixes", []))
        for f in doc["findings"]
    ]
    files = []
    for f in doc["files"]:
        verdicts = {name: Verdict(name, v["verdict"], [findings[i] for i in v["because"]])
                    for name, v in f.get("viewers", {}).items()}
        files.append(FileResult(f["path"], f["status"], [x for x in findings if x.path == f["path"]],
                                verdicts, f.get("error")))
    return Result(findings, files, dict(doc["summary"]), exit_code, doc)
