#!/usr/bin/env bash
# wasi-toolchain.sh: install (or check) the WASI toolchain memsh builds its
# guests with, from Debian's own packages only, and say where it is.
#
# usage: scripts/wasi-toolchain.sh [--check]
#   (no flag)  install what is missing with apt-get (needs root), add the
#              deb-src lines `apt-get source` needs, verify, print the paths
#   --check    install nothing; exit 1 naming the first missing piece
#
# Interface (stable; other build scripts depend on it):
# - progress goes to stderr, one line per step: "wasi-toolchain: STEP";
# - on success stdout holds only shell assignments, so a caller does
#       eval "$(scripts/wasi-toolchain.sh)" || exit 1
#   and gets, exported:
#       WASI_CC       C compiler (an executable path)
#       WASI_CXX      C++ compiler
#       WASI_TARGET   the target triple to pass as --target= (wasm32-wasi)
#       WASI_CFLAGS   "--target=$WASI_TARGET", the flags every compile needs
#       WASI_LD       wasm-ld
#       WASI_AR, WASI_RANLIB, WASI_NM, WASI_STRIP   llvm binutils
#       WASI_SYSROOT  the prefix holding include/wasm32-wasi and lib/wasm32-wasi
#       WASI_TOOLCHAIN_ID  one line naming the package versions, for cache keys
# - exit 0: toolchain usable; exit 1: a message on stderr names what is
#   missing (no apt-get, not root, a package apt could not install, ...).
# Idempotent: when everything is installed nothing is fetched and it takes
# well under a second.
#
# Packages (Debian bookworm): clang-19 lld-19 llvm-19 libclang-rt-19-dev-wasm32
# wasi-libc, plus make, pkg-config, xz-utils, bzip2, dpkg-dev (for
# `apt-get source`) and gcc (native build helpers). The deb-src lines cover
# bookworm, bookworm-updates and trixie (CPython 3.13's source is in trixie),
# on the same mirror the machine's own deb lines use.
set -euo pipefail

check_only=0
case ${1:-} in
--check) check_only=1 ;;
'') ;;
*) echo "usage: wasi-toolchain.sh [--check]" >&2; exit 2 ;;
esac

V=19
packages=(clang-$V lld-$V llvm-$V libclang-rt-$V-dev-wasm32 wasi-libc
	make pkg-config xz-utils bzip2 dpkg-dev gcc libc6-dev tcl)
src_list=/etc/apt/sources.list.d/memsh-wasi-src.sources

step() { printf 'wasi-toolchain: %s\n' "$*" >&2; }
die() { printf 'wasi-toolchain: %s\n' "$*" >&2; exit 1; }

missing_packages() {
	local p
	for p in "${packages[@]}"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || printf '%s ' "$p"
	done
}

has_deb_src() {
	grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/ &&
		grep -rqs 'trixie' "$src_list" /etc/apt/sources.list 2>/dev/null
}

mirror() { # the mirror the machine's own deb lines use
	local uri
	uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
	[ -n "$uri" ] || uri=$(sed -n 's/^deb \(http[^ ]*\) .*/\1/p' /etc/apt/sources.list 2>/dev/null | head -n 1)
	printf '%s' "$uri"
}

command -v dpkg-query >/dev/null 2>&1 || die "not a Debian system (no dpkg-query): install clang-$V, wasm-ld-$V and wasi-libc by hand"

missing=$(missing_packages)
if [ -n "$missing" ] || ! has_deb_src; then
	[ "$check_only" = 0 ] || die "missing: ${missing:-deb-src lines for apt-get source}"
	command -v apt-get >/dev/null 2>&1 || die "no apt-get: cannot install ${missing:-deb-src lines}"
	[ "$(id -u)" = 0 ] || die "not root: cannot install ${missing:-deb-src lines} (run as root, or install them: apt-get install $missing)"
	if ! has_deb_src; then
		uri=$(mirror)
		[ -n "$uri" ] || die "no Debian mirror found in the apt sources for the deb-src lines"
		step "deb-src lines for bookworm, bookworm-updates, trixie ($src_list)"
		printf 'Types: deb-src\nURIs: %s\nSuites: bookworm bookworm-updates trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
			"$uri" >"$src_list"
	fi
	step "apt-get update"
	timeout 600 apt-get update -q >/dev/null 2>&1 || die "apt-get update failed"
	if [ -n "$missing" ]; then
		step "apt-get install $missing"
		# shellcheck disable=SC2086
		DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -q --no-install-recommends $missing >/dev/null 2>&1 ||
			die "apt-get install failed for: $missing"
		missing=$(missing_packages)
		[ -z "$missing" ] || die "still missing after apt-get install: $missing"
	fi
fi

cc=/usr/bin/clang-$V
cxx=/usr/bin/clang++-$V
ld=/usr/bin/wasm-ld-$V
for f in "$cc" "$cxx" "$ld" /usr/bin/llvm-ar-$V /usr/bin/llvm-ranlib-$V /usr/bin/llvm-nm-$V /usr/bin/llvm-strip-$V \
	/usr/lib/wasm32-wasi/libc.a /usr/include/wasm32-wasi/stdio.h; do
	[ -e "$f" ] || die "missing $f"
done
rt=$("$cc" --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null || true)
[ -f "$rt" ] || die "missing compiler-rt builtins for wasm32 (${rt:-libclang-rt-$V-dev-wasm32})"

# A one-line compile and link proves the pieces fit together.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <stdio.h>\nint main(void){puts("ok");return 0;}\n' >"$tmp/t.c"
"$cc" --target=wasm32-wasi -O2 -o "$tmp/t.wasm" "$tmp/t.c" 2>"$tmp/err" ||
	die "clang-$V cannot link a wasm32-wasi program: $(head -n 3 "$tmp/err")"
step "ok: clang-$V, wasm-ld-$V, wasi-libc"

id=$(dpkg-query -W -f='${Package}=${Version} ' clang-$V lld-$V wasi-libc libclang-rt-$V-dev-wasm32)
cat <<EOF
export WASI_CC=$cc
export WASI_CXX=$cxx
export WASI_TARGET=wasm32-wasi
export WASI_CFLAGS=--target=wasm32-wasi
export WASI_LD=$ld
export WASI_AR=/usr/bin/llvm-ar-$V
export WASI_RANLIB=/usr/bin/llvm-ranlib-$V
export WASI_NM=/usr/bin/llvm-nm-$V
export WASI_STRIP=/usr/bin/llvm-strip-$V
export WASI_SYSROOT=/usr
export WASI_TOOLCHAIN_ID='${id% }'
EOF
