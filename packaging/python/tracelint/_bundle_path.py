"""Where the wheel keeps the CLI archive's tree (bin/, lib/tracelint.jar, runtime/)."""

from __future__ import annotations

import os

_BUNDLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bundle")


def launcher() -> str:
    """The path of the bundled ``bin/tracelint`` (the repository's launcher, run on ``runtime/``)."""
    path = os.path.join(_BUNDLE, "bin", "tracelint")
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"tracelint: the bundled launcher {path} is missing or not executable")
    return path
