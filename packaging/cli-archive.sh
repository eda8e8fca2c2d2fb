#!/usr/bin/env bash
# Makes the CLI archive tracelint-<version>-<platform>.tar.gz: runnable from any folder after
# unpacking, with nothing installed:
#   tracelint-<version>-<platform>/bin/tracelint              the launcher (the repository's bin/tracelint)
#   tracelint-<version>-<platform>/bin/tracelint-pre-commit   the pre-commit hook's entry
#   tracelint-<version>-<platform>/bin/cds-training/          inputs of the AppCDS training run
#   tracelint-<version>-<platform>/lib/tracelint.jar
#   tracelint-<version>-<platform>/runtime/                   jlink-runtime.sh's runtime, with the JDK's CDS archive
#   tracelint-<version>-<platform>/.pre-commit-hooks.yaml     so that a repository can pin the unpacked archive
# The launcher uses runtime/ (unless TRACELINT_JAVA_HOME is set) and writes the AppCDS archive of
# tracelint's own classes next to the jar on first use (an archive made here would not load from
# another folder: JDK 17 checks the jar's path).
#
# Usage: cli-archive.sh PLATFORM VERSION JAR RUNTIME OUT_DIR
set -euo pipefail
[ $# -eq 5 ] || { echo "usage: $0 PLATFORM VERSION JAR RUNTIME OUT_DIR" >&2; exit 2; }
platform=$1 version=$2 jar=$3 runtime=$4 out=$5
repo=$(cd "$(dirname "$0")/.." && pwd)
name=tracelint-$version-$platform
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
top=$stage/$name
mkdir -p "$top/bin" "$top/lib"
cp "$repo/bin/tracelint" "$repo/bin/tracelint-pre-commit" "$top/bin/"
cp -r "$repo/bin/cds-training" "$top/bin/"
cp "$jar" "$top/lib/tracelint.jar"
cp -r "$runtime" "$top/runtime"
cp "$repo/.pre-commit-hooks.yaml" "$top/"
cp "$repo/packaging/ARCHIVE-README.md" "$top/README.md"
mkdir -p "$out"
tar -C "$stage" --owner=0 --group=0 -czf "$out/$name.tar.gz" "$name"
echo "cli-archive: $out/$name.tar.gz: $(du -k "$out/$name.tar.gz" | cut -f1) KiB"
