"""The ``tracelint`` console script: the CLI archive's launcher, run in place of this process."""

from __future__ import annotations

import os
import sys

from tracelint._bundle_path import launcher


def main() -> None:
    """Replaces this Python process with ``bin/tracelint`` of the bundle, with the same arguments.

    ``exec`` rather than a child process: the exit status, the output and the signals are the
    launcher's own, exactly as when ``bin/tracelint`` is run from the archive.
    """
    path = launcher()
    os.execv(path, [path, *sys.argv[1:]])


if __name__ == "__main__":
    main()
