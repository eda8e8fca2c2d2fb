#!/usr/bin/env bash
# Runs a command on this machine as if no Java were installed, for the tests of the CLI archive, the
# pre-commit hook and the platform .vsix: in a private mount namespace (unshare -m, util-linux; as
# root), every JDK folder is covered by an empty tmpfs (/usr/lib/jvm, and the home of each java on
# PATH or in JAVA_HOME), so /usr/bin/java and the like point at nothing. The rest of the machine is
# unchanged, and nothing is changed outside the namespace. Fails, rather than run the command, if a
# java is still found.
#
# Usage: without-java.sh COMMAND [ARG...]
set -euo pipefail
if [ "${TRACELINT_WITHOUT_JAVA:-}" != inside ]; then
  command -v unshare >/dev/null 2>&1 || { echo "without-java: unshare (util-linux) is missing" >&2; exit 2; }
  exec unshare --mount --propagation private env TRACELINT_WITHOUT_JAVA=inside bash "$0" "$@"
fi
homes=(/usr/lib/jvm)
for j in $(type -ap java javac) ${JAVA_HOME:+"$JAVA_HOME/bin/java"}; do
  real=$(readlink -f "$j" 2>/dev/null) || continue
  homes+=("$(dirname "$(dirname "$real")")")
done
for home in "${homes[@]}"; do
  if [ -d "$home" ] && [ "$home" != / ] && [ "$home" != /usr ]; then
    mount -t tmpfs -o size=64k,mode=755 no-java "$home"
  fi
done
unset JAVA_HOME JDK_HOME JRE_HOME JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS
hash -r
if command -v java >/dev/null 2>&1; then
  echo "without-java: java is still found at $(command -v java)" >&2
  exit 2
fi
echo "without-java: java -version: $(bash -c "java -version" 2>&1 | head -1)" >&2
exec "$@"
