#!/usr/bin/env bash
# Makes the npm packages from the CLI archive (cli-archive.sh), in the layout biome and esbuild use:
#   tracelint-<version>.tgz            `tracelint`: bin/tracelint.js (the command), index.js (check()),
#                                      index.d.ts; the platform package as an optional dependency
#   tracelint-linux-x64-<version>.tgz  `@tracelint/linux-x64` (os linux, cpu x64): the archive's tree,
#                                      bin/tracelint, lib/tracelint.jar, runtime/
# Both from packaging/npm/, their version set to VERSION (the Maven project's), packed by `npm pack`.
#
# Usage: npm.sh VERSION ARCHIVE OUT_DIR
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 VERSION ARCHIVE OUT_DIR" >&2; exit 2; }
version=$1 archive=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
case "$(basename "$archive")" in
  *-linux-x64.tar.gz) platform=linux-x64 ;;
  *) echo "npm: no npm platform package for $archive" >&2; exit 2 ;;
esac
command -v npm >/dev/null 2>&1 || { echo "npm: npm is missing (Debian package npm; .ci/run installs it)" >&2; exit 2; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out" "$stage/unpacked"
out=$(cd "$out" && pwd)
cp -r "$here/npm/tracelint" "$here/npm/$platform" "$stage/"
tar -xzf "$archive" -C "$stage/unpacked"
for part in bin lib runtime; do
  mv "$stage/unpacked/tracelint-$version-$platform/$part" "$stage/$platform/"
done
for pkg in tracelint "$platform"; do
  sed -i "s/@VERSION@/$version/g" "$stage/$pkg/package.json"
  (cd "$stage/$pkg" && npm pack --silent --pack-destination "$out" >/dev/null)
done
for f in "$out/tracelint-$version.tgz" "$out/tracelint-$platform-$version.tgz"; do
  [ -f "$f" ] || { echo "npm: $f was not made" >&2; exit 1; }
  echo "npm: $f: $(du -k "$f" | cut -f1) KiB"
done
