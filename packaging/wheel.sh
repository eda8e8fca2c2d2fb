#!/usr/bin/env bash
# Makes the Python wheel tracelint-<version>-py3-none-manylinux_<glibc>_x86_64.whl from the CLI archive
# (cli-archive.sh) and the Python package in packaging/python/, with no Python build tool: the
# archive's tree goes into tracelint/_bundle/ (bin/tracelint, lib/tracelint.jar, runtime/, as
# unpacked), the metadata is written here, and Wheel.java zips it with its RECORD.
#   tracelint/__init__.py ...        the Python API (check, assert_loads), packaging/python/tracelint/
#   tracelint/_version.py            __version__, from VERSION (the Maven project's version)
#   tracelint/_bundle/               the archive's tree; its bin/tracelint is the console script's target
#   tracelint-<version>.dist-info/   METADATA, WHEEL (Root-Is-Purelib: false, the platform tag),
#                                    entry_points.txt (the console script tracelint), RECORD
# The platform tag says which glibc the runtime needs, read from its ELF files (the newest GLIBC_x.y
# symbol version they import, objdump from binutils): pip must not install it where runtime/bin/java
# cannot start. A runtime jlinked from Debian 12's OpenJDK 17 needs 2.34 (manylinux_2_34), one from a
# JDK built on an older glibc gets the older tag by itself (Temurin 25's libjvm.so needs 2.17).
#
# Usage: wheel.sh VERSION ARCHIVE OUT_DIR   (JAVA: the java to run Wheel.java with, default java)
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 VERSION ARCHIVE OUT_DIR" >&2; exit 2; }
version=$1 archive=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
case "$(basename "$archive")" in
  *-linux-x64.tar.gz) arch=x86_64 ;;
  *) echo "wheel: no wheel platform tag for $archive" >&2; exit 2 ;;
esac
command -v objdump >/dev/null 2>&1 || { echo "wheel: objdump (binutils) is missing" >&2; exit 2; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tree=$stage/tree
mkdir -p "$tree/tracelint" "$stage/unpacked"
tar -xzf "$archive" -C "$stage/unpacked"
mv "$stage/unpacked/tracelint-$version-"*/ "$tree/tracelint/_bundle"
glibc=$(find "$tree/tracelint/_bundle/runtime" -type f \( -name '*.so' -o -path '*/bin/*' -o -name jspawnhelper -o -name jexec \) \
  -exec objdump -T {} + 2>/dev/null | grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2,2n -u | tail -1)
[ -n "$glibc" ] || { echo "wheel: found no glibc symbol version in the runtime" >&2; exit 1; }
tag=py3-none-manylinux_2_${glibc#GLIBC_2.}_$arch
cp "$here"/python/tracelint/*.py "$here/python/tracelint/py.typed" "$tree/tracelint/"
printf '"""The version of the wheel, the jar and every other package of this release (the Maven project'"'"'s)."""\n\n__version__ = "%s"\n' \
  "$version" >"$tree/tracelint/_version.py"
info=$tree/tracelint-$version.dist-info
mkdir -p "$info"
{
  printf 'Metadata-Version: 2.1\nName: tracelint\nVersion: %s\n' "$version"
  printf 'Summary: Linter for Chrome Trace Event Format files: will Perfetto, DevTools, chrome://tracing and speedscope load your trace?\n'
  printf 'License: see the project repository\nRequires-Python: >=3.8\n'
  printf 'Classifier: Typing :: Typed\nClassifier: Operating System :: POSIX :: Linux\n'
  printf 'Description-Content-Type: text/markdown\n\n'
  cat "$here/python/README.md"
} >"$info/METADATA"
printf 'Wheel-Version: 1.0\nGenerator: tracelint packaging/wheel.sh\nRoot-Is-Purelib: false\nTag: %s\n' "$tag" >"$info/WHEEL"
printf '[console_scripts]\ntracelint = tracelint._cli:main\n' >"$info/entry_points.txt"
printf 'tracelint\n' >"$info/top_level.txt"
mkdir -p "$out"
"${JAVA:-java}" "$here/Wheel.java" "$tree" "$out/tracelint-$version-$tag.whl"
