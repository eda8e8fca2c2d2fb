#!/usr/bin/env bash
# Builds the trimmed Java runtime that the CLI archive and the platform VS Code extension carry:
# jlink over the modules jdeps finds tracelint.jar needs, without debug data, man pages or headers,
# compressed, with the JDK's class-data-sharing archive (lib/server/classes.jsa) for fast start-up.
#
# Usage: jlink-runtime.sh PLATFORM JAR OUT
#   PLATFORM  linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64 (VS Code's target names)
#   JAR       server/target/tracelint.jar
#   OUT       the runtime's folder (replaced)
# Environment:
#   TRACELINT_JLINK_JDK   the JDK whose jlink and jdeps run (default: the JDK running this build,
#                         $JAVA_HOME, else the `java` on PATH). Must be JDK 17+.
#   TRACELINT_TARGET_JMODS the target platform's jmods folder, for a runtime of another platform
#                         (jlink links another OS's modules; the same JDK version as jlink's).
#                         Default: $TRACELINT_JLINK_JDK/jmods (this machine's platform).
# A release job on each OS runs this with its own PLATFORM (see docs/install-without-java.md); the
# class-data-sharing archive can only be made by the target's own java, so a cross-platform run
# leaves it out (the runtime then starts without it).
#
# JDK 17 and not 25: measured on this machine (docs/install-without-java.md), a JDK 25 runtime with
# an AOT cache (JEP 483/514/515) started `check` no faster than this one with AppCDS, and its
# libjvm.so alone is 29 MB against 20 MB.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 PLATFORM JAR OUT" >&2; exit 2; }
platform=$1 jar=$2 out=$3
case "$platform" in
  linux-x64|linux-arm64|darwin-x64|darwin-arm64|win32-x64|win32-arm64) ;;
  *) echo "jlink-runtime: unknown platform $platform" >&2; exit 2 ;;
esac
jdk=${TRACELINT_JLINK_JDK:-${JAVA_HOME:-}}
if [ -z "$jdk" ]; then
  jdk=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
fi
[ -x "$jdk/bin/jlink" ] || { echo "jlink-runtime: no jlink in $jdk (set TRACELINT_JLINK_JDK to a JDK 17+)" >&2; exit 1; }
jmods=${TRACELINT_TARGET_JMODS:-$jdk/jmods}

# The modules: every module a class of the jar refers to (jdeps, class by class), except those
# referred to only from the bean-introspection parts of Apache Commons that everit-json-schema's
# commons-validator brings along (digester, collections' BeanMap, beanutils): tracelint never
# loads them (only commons-validator's routines are used), and they alone pull in java.desktop
# (AWT, Swing: 8 MB). Any other class that needs a module keeps it in.
modules=$("$jdk/bin/jdeps" --ignore-missing-deps --multi-release 17 -verbose:class "$jar" 2>/dev/null |
  awk '$2 == "->" && $1 !~ /\.jar$/ && $NF != "found" && $NF != "tracelint.jar" && $1 !~ /^org\.apache\.commons\.(collections|digester|beanutils)\./ { print $NF }' |
  sort -u | paste -sd, -)
[[ "$modules" == java.base* ]] || { echo "jlink-runtime: jdeps found no modules in $jar" >&2; exit 1; }
echo "jlink-runtime: $platform from $jdk: $modules"

case "$("$jdk/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)" in
  17|18|19|20) compress=--compress=2 ;;
  *) compress=--compress=zip-6 ;;
esac
rm -rf "$out"
mkdir -p "$(dirname "$out")"
native_platform=linux-x64
case "$(uname -s)-$(uname -m)" in
  Linux-aarch64) native_platform=linux-arm64 ;;
  Darwin-x86_64) native_platform=darwin-x64 ;;
  Darwin-arm64) native_platform=darwin-arm64 ;;
  MINGW*-x86_64|MSYS*-x86_64|CYGWIN*-x86_64) native_platform=win32-x64 ;;
esac
cds=()
if [ "$platform" = "$native_platform" ]; then
  cds=(--generate-cds-archive) # the JDK's default CDS archive, made by the target's own java
fi
module_path=()
if [ -d "$jmods" ]; then
  module_path=(--module-path "$jmods") # a JDK without jmods (JEP 493) links from its own image
fi
"$jdk/bin/jlink" ${module_path[@]+"${module_path[@]}"} --add-modules "$modules" \
  --strip-debug --no-man-pages --no-header-files "$compress" ${cds[@]+"${cds[@]}"} --output "$out" >/dev/null
# The archive for heaps of 32 GB and more (no compressed oops): such a JVM starts without CDS.
rm -f "$out/lib/server/classes_nocoops.jsa"
# Symbol tables of the shared libraries (only a crash report's native frames use them).
if [[ "$platform" == linux-* && "$platform" == "$native_platform" ]] && command -v strip >/dev/null 2>&1; then
  find "$out/lib" -name '*.so' -exec chmod u+w {} + -exec strip --strip-unneeded {} +
fi
"$out/bin/java" -Xshare:auto -version >/dev/null 2>&1 || [ "$platform" != "$native_platform" ] ||
  { echo "jlink-runtime: the runtime in $out does not start" >&2; exit 1; }
echo "jlink-runtime: $out: $(du -sk "$out" | cut -f1) KiB"
