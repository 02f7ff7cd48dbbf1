#!/usr/bin/env bash
# build-wasi-tools.sh: build the real programs memsh runs as WASI guests
# (sqlite3, lua) from Debian's source packages with Debian's clang, lld and
# wasi-libc, and install them as bin/TOOL.wasm beside bin/memsh.
#
# usage: scripts/build-wasi-tools.sh [TOOL...]     (default: every tool)
#
# Each build is cached in ${XDG_CACHE_HOME:-~/.cache}/memsh/wasi-tools/ as
# TOOL-VERSION-KEY.wasm, where VERSION is the Debian version of the source
# (the candidate version of the tool's Debian package, the same release the
# tests compare against) and KEY a checksum of the compiler flags, memsh's
# WASI glue (scripts/wasi/), this script and the toolchain's versions. A
# cached build is installed in well under a second and nothing is fetched.
#
# Where the toolchain cannot be had (scripts/wasi-toolchain.sh fails), this
# says so and exits 0 without installing anything: memsh still builds, and
# `sqlite3` then prints that it is not installed and why.
#
# Adding a tool: a build_TOOL function below that leaves $out, its name in
# `tools`, and a registry row (shell/commands/wasitool); docs/commands.md.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
glue=$root/scripts/wasi
bin=$root/bin
cache=${XDG_CACHE_HOME:-$HOME/.cache}/memsh/wasi-tools
tools=(sqlite3 lua)
[ $# -gt 0 ] && tools=("$@")

note() { printf 'wasi-tools: %s\n' "$*" >&2; }

if ! env=$("$root/scripts/wasi-toolchain.sh"); then
	note "the WASI toolchain is unavailable (above); not building ${tools[*]}: they will say they are not installed"
	exit 0
fi
eval "$env"

mkdir -p "$cache/src" "$bin"
resdir=$("$WASI_CC" -print-resource-dir)

# Every tool compiles against wasi-libc only: -nostdinc keeps the host's
# /usr/include (which clang searches after wasi-libc's) out, and posix.h
# fills in what WASI lacks.
base_cflags=(
	"$WASI_CFLAGS" -O2 -nostdinc
	-isystem "$resdir/include" -isystem "$glue/include" -isystem "$WASI_SYSROOT/include/wasm32-wasi"
	-include "$glue/posix.h"
	-D_WASI_EMULATED_MMAN -D_WASI_EMULATED_GETPID -D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_PROCESS_CLOCKS
)
# 8 MiB of stack, as Linux gives a program, placed below the data so an
# overflow traps instead of overwriting it.
base_ldflags=(
	"$WASI_CFLAGS" -Wl,-z,stack-size=8388608 -Wl,--stack-first
	-lwasi-emulated-getpid -lwasi-emulated-signal -lwasi-emulated-process-clocks
)

# SQLite's options: Debian's (debian/rules and its configure line), minus
# what WASI cannot do: no threads (THREADSAFE=0), no dlopen (no
# .load), no memory-mapped database I/O (MAX_MMAP_SIZE=0). .system,
# .shell and '|cmd' run in memsh's shell (process.c). The shell gets
# zlib (SQLITE_HAVE_ZLIB, below), as Debian's links it.
sqlite_cflags=(
	-DSQLITE_SECURE_DELETE -DSQLITE_ENABLE_COLUMN_METADATA
	-DSQLITE_ENABLE_FTS3 -DSQLITE_ENABLE_FTS3_PARENTHESIS -DSQLITE_ENABLE_FTS4 -DSQLITE_ENABLE_FTS5
	-DSQLITE_ENABLE_RTREE=1 -DSQLITE_SOUNDEX=1 -DSQLITE_ENABLE_UNLOCK_NOTIFY
	-DSQLITE_OMIT_LOOKASIDE=1 -DSQLITE_ENABLE_DBSTAT_VTAB -DSQLITE_ALLOW_ROWID_IN_VIEW
	-DSQLITE_ENABLE_UPDATE_DELETE_LIMIT=1 -DSQLITE_ENABLE_JSON1 -DSQLITE_LIKE_DOESNT_MATCH_BLOBS
	-DSQLITE_ENABLE_FTS3_TOKENIZER=1 -DSQLITE_USE_URI=1 -DSQLITE_MAX_SCHEMA_RETRY=25
	-DSQLITE_ENABLE_PREUPDATE_HOOK -DSQLITE_ENABLE_SESSION -DSQLITE_ENABLE_STMTVTAB
	-DSQLITE_MAX_VARIABLE_NUMBER=250000 -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_TEMP_STORE=1
	-DSQLITE_MAX_DEFAULT_PAGE_SIZE=32768
	-DHAVE_ISNAN -DHAVE_USLEEP -DHAVE_LOCALTIME_R -DHAVE_GMTIME_R -DHAVE_STRCHRNUL
	-DHAVE_READLINK -DHAVE_LSTAT -DUSE_PREAD
	-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_MAX_MMAP_SIZE=0
	-fno-strict-aliasing
)

# Lua's options: Debian's (LUA_COMPAT_5_3, the module paths of its
# patches), POSIX where WASI has it. Errors unwind through memsh's host
# calls (lua-wasi.h), since this clang's setjmp needs exception handling
# wazero cannot run.
lua_cflags=(
	-std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_POSIX
	-include "$glue/lua-wasi.h"
)
# lua-wasi.c has the _start (why: there).
lua_ldflags=(-nostartfiles)

# fetch PKG: unpack Debian's source of PKG's candidate version into
# $cache/src; sets src (the tree) and ver (the source's version). A
# candidate from a suite without deb-src lines (a security update) falls
# back to the newest source of this Debian release.
fetch() {
	local pkg=$1 cand codename
	cand=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Candidate:/ {print $2; exit}')
	[ -n "$cand" ] && [ "$cand" != "(none)" ] || { note "apt knows no package $pkg"; return 1; }
	local dir=$cache/src/$pkg-$cand
	if [ ! -d "$dir" ]; then
		note "apt-get source $pkg=$cand"
		mkdir -p "$dir"
		if ! (cd "$dir" && apt-get source -q "$pkg=$cand" >/dev/null 2>"$dir.log"); then
			codename=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")
			rm -rf "$dir" && mkdir -p "$dir"
			if [ -z "$codename" ] || ! (cd "$dir" && apt-get source -q "$pkg/$codename" >/dev/null 2>>"$dir.log"); then
				note "apt-get source $pkg failed: $(tail -n 2 "$dir.log")"
				rm -rf "$dir"
				return 1
			fi
			note "$pkg: $cand has no source in the deb-src lines; built $codename's"
		fi
	fi
	src=$(find "$dir" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	ver=$(find "$dir" -maxdepth 1 -name '*.dsc' | head -n 1)
	ver=${ver##*/}
	ver=${ver#*_}
	ver=${ver%.dsc}
	[ -n "$src" ] && [ -n "$ver" ] || { note "apt-get source $pkg unpacked nothing"; rm -rf "$dir"; return 1; }
}

# key GLUE-FILES... -- WORDS...: a short checksum of what decides a
# build's output: this script, the glue files it compiles, the flags (with
# the checkout's path taken out) and the toolchain.
key() {
	{
		cat "$0" "$glue/posix.h" "$glue/posix.c" "$glue/process.c" "$glue"/include/*.h "$glue"/include/sys/*.h
		while [ "$1" != -- ]; do cat "$glue/$1"; shift; done
		shift
		# the checkout's own path is no part of the build: every clone
		# shares one cached build
		printf '%s\n' "${@//"$root"/@ROOT@}" "$WASI_TOOLCHAIN_ID"
	} | sha256sum | cut -c1-16
}

build_sqlite3() {
	# zlib (Debian's) for .archive, -A, -zip and the sqlar functions.
	fetch zlib1g || return 1
	local zsrc=$src zver=$ver
	fetch sqlite3 || return 1
	local k
	k=$(key -- "${base_cflags[@]}" "${sqlite_cflags[@]}" "${base_ldflags[@]}" "zlib $zver")
	out=$cache/sqlite3-${ver//[:+~]/_}-$k.wasm
	[ -f "$out" ] && return 0
	command -v tclsh >/dev/null || { note "sqlite3 needs tclsh to make its amalgamation: apt-get install tcl"; return 1; }
	local b=$cache/build/sqlite3-$k
	rm -rf "$b" && mkdir -p "$b"
	note "sqlite3 $ver: the amalgamation (sqlite3.c, shell.c)"
	(cd "$b" && "$src/configure" --disable-tcl >configure.log 2>&1 && make sqlite3.c shell.c >make.log 2>&1) ||
		{ note "making sqlite3.c failed: see $b"; return 1; }
	note "sqlite3 $ver: compiling for wasm32-wasi (with zlib $zver)"
	"$WASI_CC" "${base_cflags[@]}" "${sqlite_cflags[@]}" -c "$b/sqlite3.c" -o "$b/sqlite3.o" &
	local pid=$! f zobjs=()
	"$WASI_CC" "${base_cflags[@]}" "${sqlite_cflags[@]}" -DSQLITE_HAVE_ZLIB=1 -I"$zsrc" -c "$b/shell.c" -o "$b/shell.o" || return 1
	for f in adler32 compress crc32 deflate inffast inflate inftrees trees uncompr zutil; do
		"$WASI_CC" "${base_cflags[@]}" -w -c "$zsrc/$f.c" -o "$b/z-$f.o" || return 1 # K&R definitions warn
		zobjs+=("$b/z-$f.o")
	done
	wait $pid || return 1
	"$WASI_CC" "${base_cflags[@]}" -DMEMSH_POSIX_IMPL -c "$glue/posix.c" -o "$b/posix.o" || return 1
	"$WASI_CC" "${base_cflags[@]}" -c "$glue/process.c" -o "$b/process.o" || return 1
	"$WASI_CC" "$b/sqlite3.o" "$b/shell.o" "$b/posix.o" "$b/process.o" "${zobjs[@]}" "${base_ldflags[@]}" -o "$b/sqlite3.wasm" || return 1
	mv "$b/sqlite3.wasm" "$out"
	rm -rf "$b"
}

build_lua() {
	fetch lua5.4 || return 1
	local k
	k=$(key lua-wasi.h lua-wasi.c -- "${base_cflags[@]}" "${lua_cflags[@]}" "${base_ldflags[@]}" "${lua_ldflags[@]}")
	out=$cache/lua-${ver//[:+~]/_}-$k.wasm
	[ -f "$out" ] && return 0
	local b=$cache/build/lua-$k
	rm -rf "$b" && mkdir -p "$b"
	# Debian's module-path patch names the multiarch directory in this header.
	printf '#define DEB_HOST_MULTIARCH "wasm32-wasi"\n' >"$b/lua5.4-deb-multiarch.h"
	note "lua $ver: compiling for wasm32-wasi"
	local objs=() f
	for f in "$src"/src/*.c; do
		local extra=()
		case ${f##*/} in
		luac.c) continue ;;
		lua.c) extra=(-ULUA_USE_POSIX) ;; # signal(), not sigaction (lua-wasi.h)
		lauxlib.c) extra=(-DluaL_fileresult=luaL_fileresult_libc) ;; # lua-wasi.c's reports Linux's errno
		esac
		"$WASI_CC" "${base_cflags[@]}" "${lua_cflags[@]}" "${extra[@]}" -I"$b" -c "$f" -o "$b/$(basename "$f" .c).o" || return 1
		objs+=("$b/$(basename "$f" .c).o")
	done
	"$WASI_CC" "${base_cflags[@]}" -DMEMSH_POSIX_IMPL -c "$glue/posix.c" -o "$b/posix.o" || return 1
	"$WASI_CC" "${base_cflags[@]}" "${lua_cflags[@]}" -I"$src/src" -I"$b" -c "$glue/lua-wasi.c" -o "$b/lua-wasi.o" || return 1
	"$WASI_CC" "${base_cflags[@]}" -c "$glue/process.c" -o "$b/process.o" || return 1
	"$WASI_CC" "${objs[@]}" "$b/posix.o" "$b/process.o" "$b/lua-wasi.o" "${base_ldflags[@]}" "${lua_ldflags[@]}" -o "$b/lua.wasm" || return 1
	mv "$b/lua.wasm" "$out"
	rm -rf "$b"
}

status=0
for t in "${tools[@]}"; do
	start=$SECONDS
	if ! declare -F "build_$t" >/dev/null; then
		note "no such tool: $t"
		status=1
		continue
	fi
	if ! "build_$t"; then
		note "$t: not built; memsh's $t will say it is not installed"
		continue
	fi
	# Builds of other versions or flags, and builds that failed, go.
	find "$cache" -maxdepth 1 -name "$t-*.wasm" ! -name "${out##*/}" -delete
	rm -rf "$cache/build/$t"-*
	if ! cmp -s "$out" "$bin/$t.wasm"; then
		install -m 0644 "$out" "$bin/$t.wasm"
		note "installed $t.wasm ($ver, $((SECONDS - start)) s) at $bin/$t.wasm"
	fi
done
exit $status
