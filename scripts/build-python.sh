#!/usr/bin/env bash
# build-python.sh: build memsh's python3 runtime, CPython 3.13 for
# wasm32-wasi (WASI preview 1) at -O2, from Debian's toolchain and Debian's
# source packages only, and install it in DEST (bin by default):
#   python.wasm          the interpreter
#   python-stdlib.zip    lib/python3.13 as memsh serves it (.py and .pyc)
#   python.buildinfo     versions, flags and the cache key
#
# usage: scripts/build-python.sh [--check] [DEST]
#   --check  build nothing: exit 0 when the cached build for this key exists
#   JOBS=N   parallel compiles (default: the number of CPUs)
#   BUILD_PYTHON=PATH  a native CPython 3.13.5 to use as the build python
#
# Sources (apt-get source, pinned to versions in Debian main; the security
# pool serves no sources):
#   python3.13 3.13.5-2+deb13u5 (trixie), zlib 1:1.2.13.dfsg-1, bzip2 1.0.8-5
#   (bookworm), sqlite3 3.46.1-7+deb13u2 (trixie: the first with SQLITE_WASI)
# Toolchain: scripts/wasi-toolchain.sh (clang-19, wasm-ld-19, wasi-libc).
#
# Cache: ${XDG_CACHE_HOME:-~/.cache}/memsh/cpython/rt-KEY, where KEY hashes
# the source versions, the toolchain's package versions, the flags and
# the recipe revision below; a build with the same key is only copied.
# Intermediate products (sources, the native build python, the static
# libraries) are cached beside it under their own keys.
# Progress: one line per step with the elapsed time, and a "still:" line
# each minute of a long step. On 2 busy cores the
# first build takes about 15 minutes (8 of them the native build python).
set -euo pipefail

check_only=0
if [ "${1:-}" = --check ]; then
	check_only=1
	shift
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dest=${1:-$root/bin}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/memsh/cpython
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# Bump when the recipe below changes what it produces.
# 2: the interpreter's objects are kept (tree-VERSION-KEY) for the link of
#    memsh's own entry points and the snapshot.
# 3: memcpy, memmove and memset as bulk-memory instructions (bulkmem.c).
# 4: both of the above (2 and 3 were made on separate branches).
# 5: bulkmem.o is in the kept objects, so memsh's entry points link it too.
recipe=5
# The static libraries' own revision (the libraries did not change in 2-4).
deps_recipe=1
pyver=3.13.5
pyminor=3.13
pyver_tuple=3,13,5
pysrc='python3.13=3.13.5-2+deb13u5'
pytar=python3.13_3.13.5.orig.tar.xz
zsrc='zlib=1:1.2.13.dfsg-1'
ztar=zlib_1.2.13.dfsg.orig.tar.bz2
bzsrc='bzip2=1.0.8-5'
bztar=bzip2_1.0.8.orig.tar.gz
sqsrc='sqlite3=3.46.1-7+deb13u2'
sqtar=sqlite3_3.46.1.orig.tar.xz
optlevel=-O2
# SQLITE_WASI: sqlite's own switch for WASI (no locking, no mmap, no WAL);
# no threads and no loadable extensions in a WASI guest.
sqflags='-DSQLITE_WASI -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_OMIT_WAL -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_MATH_FUNCTIONS'

start=$(date +%s)
stepfile=$(mktemp)
step() {
	printf '%s' "$*" >"$stepfile"
	printf 'build-python: [%3ds] %s\n' $(($(date +%s) - start)) "$*" >&2
}
die() { printf 'build-python: %s\n' "$*" >&2; exit 1; }
trap 'rm -f "$stepfile"' EXIT

sha() { sha256sum | cut -c1-16; }

# The toolchain (installed when missing, with root and apt).
tc=$("$root/scripts/wasi-toolchain.sh" $([ "$check_only" = 1 ] && echo --check)) || die "no WASI toolchain (see the line above)"
eval "$tc"

# zoneinfo's data: Debian's tzdata package, as the stdlib's tzdata package.
[ -f /usr/share/zoneinfo/Europe/Paris ] || die "missing /usr/share/zoneinfo (apt-get install tzdata)"
tzver=$(dpkg-query -W -f='${Version}' tzdata 2>/dev/null || echo unknown)

key=$(printf '%s\n' "$recipe" "$pysrc" "$zsrc" "$bzsrc" "$sqsrc" "$optlevel" "$sqflags" "$WASI_TOOLCHAIN_ID" "tzdata=$tzver" | sha)
out=$cache/rt-$pyver-$key

install_out() {
	mkdir -p "$dest"
	for f in python.wasm python-stdlib.zip python.buildinfo; do
		if ! cmp -s "$out/$f" "$dest/$f"; then
			cp "$out/$f" "$dest/$f.part" && mv "$dest/$f.part" "$dest/$f"
		fi
	done
}

# memsh's entry points (scripts/wasi/pysigint.c, pysnapshot.c), linked
# against the interpreter's objects kept in tree-VERSION-KEY, and the
# snapshot made from them with Wizer (npm @bytecodealliance/wizer, pinned
# and checksum-verified). Cached in snap-KEY2, KEY2 covering the
# interpreter's key, the two C files, Wizer and the mounts below. Either
# part failing leaves CPython's own python.wasm installed: python3 then
# starts without the snapshot, and Ctrl-C stops it without a
# KeyboardInterrupt. Output: python.wasm (CPython's, relinked with
# pysigint.c), python-snap.wasm and the reactor it was made from,
# python-reactor.wasm (pyworker/zygote.go).
wizer_ver=11.0.3
wizer_pkg=wizer-linux-x64-$wizer_ver.tgz
wizer_tgz_sha=328369a2af8036d0ec4179f0b78f079dfff69ff432801490180f56720de61f20
wizer_bin_sha=a081ff0c2f2689e84680189d1a17b3369bab8c8c04490c5ee8179cba44a34a98
# The mounts memsh gives python, in its order (pyworker/pyworker.go,
# RunPython): wasi-libc's table of them is part of the snapshot.
snap_mounts='/ /usr/local/lib/python3.13/site-packages/memsh-mode /usr/local/lib /usr/local/lib/python3.13/site-packages'
snap_recipe=2

entries() {
	local tree=$cache/tree-$pyver-$key
	local k2 snap w
	k2=$(cat "$root/scripts/wasi/pysigint.c" "$root/scripts/wasi/pysnapshot.c" | sha)
	k2=$(printf '%s\n' "$key" "$snap_recipe" "$k2" "$wizer_ver" "$wizer_bin_sha" "$snap_mounts" | sha)
	snap=$cache/snap-$pyver-$k2
	if [ -f "$snap/ok" ]; then
		touch "$snap" # used: kept by the clean-up below
		echo "$snap"
		return 0
	fi
	[ "$check_only" = 0 ] || { echo "no cached snapshot for key $k2"; return 1; }
	[ -f "$tree/ok" ] || { echo "no objects of this interpreter to link (tree-$pyver-$key; a runtime cached before recipe 2 has none: remove rt-$pyver-$key to rebuild it)"; return 1; }
	# One at a time (this runs in a subshell: the lock ends with it).
	mkdir -p "$cache/src"
	exec 8>"$cache/.snaplock"
	flock 8
	if [ -f "$snap/ok" ]; then
		echo "$snap"
		return 0
	fi
	case $(uname -sm) in
	"Linux x86_64") ;;
	*) echo "Wizer's npm binary is for Linux x86_64 only"; return 1 ;;
	esac
	if ! echo "$wizer_tgz_sha  $cache/src/$wizer_pkg" | sha256sum -c --status 2>/dev/null; then
		command -v npm >/dev/null 2>&1 || { echo "npm is needed to fetch Wizer"; return 1; }
		step "npm pack @bytecodealliance/wizer-linux-x64@$wizer_ver"
		(cd "$cache/src" && rm -f bytecodealliance-"$wizer_pkg" &&
			timeout 300 npm pack --silent "@bytecodealliance/wizer-linux-x64@$wizer_ver" >/dev/null 2>&1 &&
			mv bytecodealliance-"$wizer_pkg" "$wizer_pkg") || { echo "npm pack @bytecodealliance/wizer-linux-x64@$wizer_ver failed"; return 1; }
		echo "$wizer_tgz_sha  $cache/src/$wizer_pkg" | sha256sum -c --status ||
			{ echo "$wizer_pkg: checksum mismatch"; rm -f "$cache/src/$wizer_pkg"; return 1; }
	fi
	w=$cache/snapwork
	rm -rf "$w" "$snap.tmp" && mkdir -p "$w/wizer" "$snap.tmp"
	tar -xzf "$cache/src/$wizer_pkg" -C "$w/wizer" --strip-components=1 package/wizer &&
		echo "$wizer_bin_sha  $w/wizer/wizer" | sha256sum -c --status || { echo "wizer binary: checksum mismatch"; return 1; }

	step "CPython $pyver: memsh's entry points (pysigint.c, pysnapshot.c)"
	local ldflags objs cflags
	{ read -r ldflags && read -r objs && read -r cflags; } <"$tree/build/link.args" || { echo "no link.args in $tree"; return 1; }
	# shellcheck disable=SC2086 # the Makefile's flags, split as make splits them
	(cd "$tree/build" &&
		for c in pysigint pysnapshot; do
			$WASI_CC $WASI_CFLAGS $cflags -Wno-deprecated-declarations -I. -I../Include -I../Include/internal \
				-c "$root/scripts/wasi/$c.c" -o "$w/$c.o" || exit 1
		done &&
		$WASI_CC $WASI_CFLAGS $ldflags -o "$snap.tmp/python.wasm" Programs/python.o "$w/pysigint.o" $objs -Wl,--export=memsh_sigint &&
		$WASI_CC $WASI_CFLAGS -mexec-model=reactor $ldflags -o "$w/preinit.wasm" "$w/pysigint.o" "$w/pysnapshot.o" $objs -Wl,--export=memsh_sigint
	) >"$w/link.log" 2>&1 || { echo "compiling or linking memsh's entry points failed: $(tail -5 "$w/link.log")"; return 1; }

	step "CPython $pyver: snapshot (Wizer $wizer_ver)"
	local lib=$w/root/python$pyminor
	mkdir -p "$w/root" "$w/empty" && (cd "$w/root" && unzip -q "$out/python-stdlib.zip" -d "python$pyminor") ||
		{ echo "cannot unpack $out/python-stdlib.zip (unzip)"; return 1; }
	mkdir -p "$lib/site-packages/memsh-mode"
	local maps=() m
	for m in $snap_mounts; do
		case $m in
		/usr/local/lib) maps+=(--mapdir "$m::$w/root") ;;
		*) maps+=(--mapdir "$m::$w/empty") ;;
		esac
	done
	(cd "$w" && timeout 600 ./wizer/wizer --allow-wasi --inherit-stdio=true --init-func memsh_preinit \
		-r _start=memsh_resume "${maps[@]}" -o "$snap.tmp/python-snap.wasm" preinit.wasm) \
		</dev/null >"$w/wizer.log" 2>&1 || { echo "Wizer failed: $(tail -5 "$w/wizer.log")"; return 1; }
	cp "$w/preinit.wasm" "$snap.tmp/python-reactor.wasm" || return 1
	echo "snapshot $k2 wizer $wizer_ver $(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$snap.tmp/snapshot.info"
	touch "$snap.tmp/ok"
	rm -rf "$snap" && mv "$snap.tmp" "$snap" && rm -rf "$w"
	# Snapshots of other C files or interpreters, unused for a day.
	find "$cache" -maxdepth 1 -name 'snap-*' ! -name "snap-$pyver-$k2" -mtime +1 -exec rm -rf {} + 2>/dev/null
	echo "$snap"
}

# install_entries puts the relinked python.wasm and the snapshot in DEST,
# or says in one line why python3 runs without them.
install_entries() {
	local r
	if r=$(entries | tail -n 1) && [ -f "$r/ok" ]; then
		for f in python.wasm python-snap.wasm python-reactor.wasm; do
			if ! cmp -s "$r/$f" "$dest/$f"; then
				cp "$r/$f" "$dest/$f.part" && mv "$dest/$f.part" "$dest/$f"
			fi
		done
		step "python3 snapshot: cached ($r)"
	else
		rm -f "$dest/python-snap.wasm" "$dest/python-reactor.wasm"
		printf 'build-python: no snapshot and no Ctrl-C entry point (python3 works without them): %s\n' "$r" >&2
	fi
}

if [ -f "$out/ok" ]; then
	install_out
	step "CPython $pyver $optlevel for wasm32-wasi: cached ($out)"
	install_entries
	exit 0
fi
[ "$check_only" = 0 ] || die "no cached build for key $key"

# One build at a time per cache (two checkouts may run make build at once).
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
if [ -f "$out/ok" ]; then
	install_out
	step "CPython $pyver $optlevel for wasm32-wasi: built by another run"
	install_entries
	exit 0
fi

# A long step (the compiles take minutes) says it is still running, once a
# minute. The sleep holds no stdio, so a pipe from make closes with us.
(
	while sleep 60 </dev/null >/dev/null 2>&1 && [ -f "$stepfile" ]; do
		printf 'build-python: [%3ds] ... still: %s\n' $(($(date +%s) - start)) "$(cat "$stepfile" 2>/dev/null)" >&2
	done
) &
ticker=$!
trap 'kill "$ticker" 2>/dev/null; rm -f "$stepfile"' EXIT

for t in make tar xz bzip2 gcc tclsh; do
	command -v "$t" >/dev/null 2>&1 || die "missing $t (tclsh: apt-get install tcl; it generates sqlite's amalgamation)"
done

# 1. Sources.
mkdir -p "$cache/src"
cd "$cache/src"
for s in "$pysrc:$pytar" "$zsrc:$ztar" "$bzsrc:$bztar" "$sqsrc:$sqtar"; do
	if [ ! -f "${s##*:}" ]; then
		step "apt-get source ${s%:*}"
		timeout 600 apt-get source --download-only "${s%:*}" >/dev/null 2>&1 ||
			die "apt-get source ${s%:*} failed (deb-src lines: scripts/wasi-toolchain.sh)"
	fi
done

export CC="$WASI_CC $WASI_CFLAGS" CPP="$WASI_CC $WASI_CFLAGS -E" CXX="$WASI_CXX $WASI_CFLAGS"
export AR=$WASI_AR RANLIB=$WASI_RANLIB

# 2. Static libraries for wasm32-wasi: zlib, bzip2, sqlite3.
dk=$(printf '%s\n' "$deps_recipe" "$zsrc" "$bzsrc" "$sqsrc" "$optlevel" "$sqflags" "$WASI_TOOLCHAIN_ID" | sha)
deps=$cache/deps-$dk
work=$cache/work
if [ ! -f "$deps/ok" ]; then
	rm -rf "$deps" "$work" && mkdir -p "$deps/lib" "$deps/include" "$work"

	step "zlib for wasm32-wasi"
	mkdir -p "$work/zlib" && tar -xjf "$cache/src/$ztar" -C "$work/zlib" --strip-components=1
	(cd "$work/zlib" && CFLAGS="$optlevel" CHOST=wasm32 ./configure --static --prefix="$deps" >../zlib.log 2>&1 &&
		make -j"$jobs" libz.a >>../zlib.log 2>&1 && cp libz.a "$deps/lib/" && cp zlib.h zconf.h "$deps/include/") ||
		die "zlib failed: see $work/zlib.log"

	step "bzip2 for wasm32-wasi"
	mkdir -p "$work/bzip2" && tar -xzf "$cache/src/$bztar" -C "$work/bzip2" --strip-components=1
	(cd "$work/bzip2" &&
		for c in blocksort huffman crctable randtable compress decompress bzlib; do
			$CC $optlevel -D_FILE_OFFSET_BITS=64 -c "$c.c" -o "$c.o" || exit 1
		done >../bzip2.log 2>&1 &&
		$AR rcs "$deps/lib/libbz2.a" ./*.o && cp bzlib.h "$deps/include/") ||
		die "bzip2 failed: see $work/bzip2.log"

	step "sqlite3 amalgamation (native tclsh) and library for wasm32-wasi"
	mkdir -p "$work/sqlite" && tar -xJf "$cache/src/$sqtar" -C "$work/sqlite" --strip-components=1
	(cd "$work/sqlite" && env -u CC -u CPP -u CXX -u AR -u RANLIB ./configure >../sqlite.log 2>&1 &&
		make sqlite3.c >>../sqlite.log 2>&1 &&
		$CC $optlevel $sqflags -c sqlite3.c -o sqlite3.o >>../sqlite.log 2>&1 &&
		$AR rcs "$deps/lib/libsqlite3.a" sqlite3.o && cp sqlite3.h sqlite3ext.h "$deps/include/") ||
		die "sqlite3 failed: see $work/sqlite.log"
	touch "$deps/ok"
fi

# 3. The build python: CPython's cross build runs an interpreter of the
#    same version over the new Lib (freezing modules, sysconfig,
#    compileall); another 3.13.x fails on Lib's internals. Bookworm has no
#    3.13.5, so it is built from the same tarball (keyed by the version;
#    -O0: it runs for a minute, compiling it at -O2 took 4x longer), unless
#    $BUILD_PYTHON or a python3.13 on PATH is that exact version already.
buildpy=${BUILD_PYTHON:-}
if [ -z "$buildpy" ] && command -v "python$pyminor" >/dev/null 2>&1; then
	buildpy=$(command -v "python$pyminor")
fi
if [ -n "$buildpy" ] && ! "$buildpy" -c "import sys; sys.exit(sys.version_info[:3] != ($pyver_tuple))" 2>/dev/null; then
	buildpy=
fi
if [ -z "$buildpy" ]; then
	bp=$cache/buildpy-$pyver
	buildpy=$bp/inst/bin/python$pyminor
	if [ ! -f "$bp/ok" ]; then
		step "native build python $pyver (gcc -O0; about 5 minutes on 2 idle cores)"
		rm -rf "$bp" && mkdir -p "$bp/src"
		tar -xJf "$cache/src/$pytar" -C "$bp/src" --strip-components=1
		(cd "$bp/src" && env -u CC -u CPP -u CXX -u AR -u RANLIB ./configure --prefix="$bp/inst" --disable-test-modules --with-ensurepip=no OPT='-DNDEBUG -O0' >../configure.log 2>&1 &&
			make -j"$jobs" >../make.log 2>&1 && make install >../install.log 2>&1) ||
			die "native build python failed: see $bp/*.log"
		touch "$bp/ok"
	fi
fi
step "build python: $buildpy ($("$buildpy" -c 'import sys; print(sys.version.split()[0])'))"

# 4. CPython for wasm32-wasi, configured as its Tools/wasm/wasi.py does,
#    with -O2 (-O3 measured no faster) and the deps above.
step "CPython $pyver: unpack"
b=$work/cpython
rm -rf "$b" && mkdir -p "$b"
tar -xJf "$cache/src/$pytar" -C "$b" --strip-components=1
touch "$b/Modules/Setup.local"
cp "$b/Tools/wasm/config.site-wasm32-wasi" "$b/config.site-memsh"
# bookworm's wasi-libc (2022) has no <pthread.h>: 3.13 falls back to its
# own stubs (Include/cpython/pthread_stubs.h) but cannot size them itself.
cat >>"$b/config.site-memsh" <<'EOF'
ac_cv_type_pthread_t=yes
ac_cv_have_pthread_t=yes
ac_cv_sizeof_pthread_t=4
ac_cv_sizeof_pthread_key_t=4
ac_cv_pthread_key_t_is_arithmetic_type=yes
EOF
mkdir -p "$b/builddir/wasi"
cd "$b/builddir/wasi"
step "CPython $pyver: configure (host wasm32-wasip1, $optlevel)"
# -Wno-int-conversion: wasi-libc's CLOCK_* are pointers, an error in clang >= 15.
CONFIG_SITE=../../config.site-memsh \
	OPT="-DNDEBUG -fwrapv $optlevel -Wall" \
	CFLAGS="-Wno-int-conversion" \
	ZLIB_CFLAGS="-I$deps/include" ZLIB_LIBS="-L$deps/lib -lz" \
	BZIP2_CFLAGS="-I$deps/include" BZIP2_LIBS="-L$deps/lib -lbz2" \
	LIBSQLITE3_CFLAGS="-I$deps/include" LIBSQLITE3_LIBS="-L$deps/lib -lsqlite3" \
	PKG_CONFIG_PATH='' PKG_CONFIG_LIBDIR=/nonexistent \
	../../configure -C \
	--host=wasm32-wasip1 \
	--build="$(env -u CC ../../config.guess)" \
	--with-build-python="$buildpy" \
	--prefix=/usr/local \
	--disable-test-modules \
	--with-ensurepip=no \
	--without-system-libmpdec \
	--without-system-expat \
	>"$b/configure.log" 2>&1 || die "configure failed: see $b/configure.log"
for m in zlib _bz2 _sqlite3 _decimal pyexpat; do
	grep -q "checking for stdlib extension module $m... yes" "$b/configure.log" ||
		die "configure: module $m would not be built (see $b/configure.log)"
done

# memcpy, memmove and memset as wasm's bulk-memory instructions, which
# wazero runs as Go's own copy: bookworm's wasi-libc has them as C loops
# (4x slower than native; BufferedWriter copies every write through one),
# and in the TUI's checked mode each pass of such a loop is also a
# termination check. Linked before libc, so these win. The object is in
# the build directory, named relative to it, so the link of memsh's entry
# points (entries, from the kept tree) finds it too.
cat >"$b/bulkmem.c" <<'EOF'
#include <stddef.h>
void *memcpy(void *restrict d, const void *restrict s, size_t n) { __builtin_memcpy(d, s, n); return d; }
void *memmove(void *d, const void *s, size_t n) { __builtin_memmove(d, s, n); return d; }
void *memset(void *d, int c, size_t n) { __builtin_memset(d, c, n); return d; }
EOF
$WASI_CC $WASI_CFLAGS $optlevel -mbulk-memory -c "$b/bulkmem.c" -o bulkmem.o || die "cannot compile bulkmem.c"

step "CPython $pyver: make -j$jobs (about 4 minutes on 2 cores)"
make -j"$jobs" LINKFORSHARED=bulkmem.o >"$b/make.log" 2>&1 || die "make failed: see $b/make.log"
# How python.wasm was linked (objects relative to this directory) and
# compiled, for the link of memsh's entry points (scripts/wasi/pysnap.c).
make -s -f Makefile -f - LINKFORSHARED=bulkmem.o memsh-link-args >link.args <<'EOF' || die "cannot read the link flags from the Makefile"
memsh-link-args:
	@echo '$(PY_CORE_LDFLAGS) $(LINKFORSHARED)'
	@echo '$(LINK_PYTHON_OBJS) $(LIBS) $(MODLIBS) $(SYSLIBS)'
	@echo '$(PY_CFLAGS) $(PY_CFLAGS_NODIST)'
EOF

step "CPython $pyver: install the stdlib (compileall on the build python)"
rm -rf "$b/root"
# unchecked-hash: the .pyc never look at their .py (whose mtime a zip
# keeps only to 2 seconds), so an import reads one file.
make install LINKFORSHARED=bulkmem.o DESTDIR="$b/root" COMPILEALL_OPTS='-j0 --invalidation-mode unchecked-hash' >"$b/install.log" 2>&1 || die "make install failed: see $b/install.log"

step "CPython $pyver: python-stdlib.zip"
lib=$b/root/usr/local/lib/python$pyminor
# What a sandbox without a GUI, ensurepip or the test suite cannot use.
rm -rf "$lib"/{idlelib,tkinter,turtledemo,ensurepip,test,site-packages,config-"$pyminor"-wasm32-wasi,lib2to3} \
	"$lib"/turtle.py "$lib"/__pycache__/turtle.*
mkdir -p "$lib/lib-dynload"
# zoneinfo looks in TZPATH (nothing there in a guest), then in the tzdata
# package, laid out as PyPI's tzdata lays it out: one package per directory.
"$buildpy" -I - "$lib/tzdata" "$tzver" <<'EOF' || die "copying zoneinfo data failed"
import os, sys
dst, ver = sys.argv[1], sys.argv[2]
src = '/usr/share/zoneinfo'
keys = []
for d, dirs, files in os.walk(src, followlinks=True):
    rel = os.path.relpath(d, src)
    if rel.split(os.sep)[0] in ('posix', 'right'):
        dirs[:] = []
        continue
    for f in files:
        p = os.path.join(d, f)
        with open(p, 'rb') as fh:
            data = fh.read()
        if not data.startswith(b'TZif') or f in ('localtime', 'posixrules'):
            continue
        key = os.path.normpath(os.path.join(rel, f))
        out = os.path.join(dst, 'zoneinfo', key)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, 'wb') as fh:
            fh.write(data)
        keys.append(key)
for d, dirs, files in os.walk(dst):
    open(os.path.join(d, '__init__.py'), 'w').close()
with open(os.path.join(dst, '__init__.py'), 'w') as fh:
    fh.write('# zoneinfo data from Debian tzdata %s\nIANA_VERSION = %r\n' % (ver, ver.split('-')[0]))
with open(os.path.join(dst, 'zones'), 'w') as fh:
    fh.write('\n'.join(sorted(keys)) + '\n')
EOF
rm -f "$b/python-stdlib.zip"
(cd "$lib" && "$buildpy" -I - "$b/python-stdlib.zip" <<'EOF') || die "zipping the stdlib failed"
import os, sys, zipfile
# Stored, not deflated: memsh serves members straight from the zip.
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_STORED) as z:
    # memsh reads the version (the directory to serve it as) from here.
    z.comment = b'memsh-stdlib python3.13'
    for d, dirs, files in os.walk('.'):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(d, f)[2:]
            z.write(p, p)
EOF

rm -rf "$out.tmp" && mkdir -p "$out.tmp"
cp python.wasm "$out.tmp/python.wasm"
mv "$b/python-stdlib.zip" "$out.tmp/python-stdlib.zip"
{
	echo "key $key"
	echo "python $pysrc"
	echo "deps $zsrc $bzsrc $sqsrc tzdata=$tzver (binary package's /usr/share/zoneinfo)"
	echo "toolchain $WASI_TOOLCHAIN_ID"
	echo "build python $("$buildpy" -c 'import sys; print(sys.version.split()[0])')"
	echo "flags OPT=-DNDEBUG -fwrapv $optlevel; sqlite $sqflags"
	echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(($(date +%s) - start))s"
} >"$out.tmp/python.buildinfo"
touch "$out.tmp/ok"
# The interpreter's objects and headers, for the link of pysnap.c below.
tree=$cache/tree-$pyver-$key
rm -rf "$tree" && mkdir -p "$tree"
mv "$b/Include" "$tree/Include" && mv "$b/builddir/wasi" "$tree/build" && touch "$tree/ok"
rm -rf "$out" && mv "$out.tmp" "$out"
rm -rf "$work"
install_out
step "CPython $pyver $optlevel for wasm32-wasi: built ($(du -h "$out/python.wasm" | cut -f1) wasm, $(du -h "$out/python-stdlib.zip" | cut -f1) stdlib)"
install_entries
