#!/usr/bin/env bash
# Writes DIR/SHA256SUMS for the release files in DIR (`sha256sum -c SHA256SUMS` in DIR checks them).
# Usage: sha256sums.sh DIR FILE_NAME...   (names relative to DIR; each must exist)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 DIR FILE_NAME..." >&2; exit 2; }
cd "$1"
shift
sha256sum -- "$@" >SHA256SUMS.tmp
mv -f SHA256SUMS.tmp SHA256SUMS
echo "sha256sums: $PWD/SHA256SUMS: $*"
