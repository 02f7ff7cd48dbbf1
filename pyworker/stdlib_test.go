package pyworker

import (
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestPythonStdlibDir checks python imports its stdlib from the directory
// memsh serves, not from the zip in its image, and that the stdlib works
// as before: imports, tracebacks through stdlib code, pydoc, read-only.
func TestPythonStdlibDir(t *testing.T) {
	l := testLayout(t)
	f := newFS(t)
	r := py(t, f, "/", "", "-c", `
import importlib, os, sys
mods = '''json re collections datetime decimal pathlib zipfile sqlite3 csv
hashlib zlib bz2 zoneinfo argparse inspect pydoc encodings.idna
encodings.cp1252 encodings.latin_1 encodings.utf_16'''.split()
for m in mods:
    importlib.import_module(m)
import json
print(json.__file__)
print(sorted(os.listdir('/usr/local/lib')))
print('os.pyc' in os.listdir('`+l.stdlibPrefix()+`') or 'os.py' in os.listdir('`+l.stdlibPrefix()+`'))
print(os.path.samefile('/usr/local/lib', '`+l.sitePath()+`'))
import pydoc
print('Return the number of items' in pydoc.render_doc(len))
try:
    open('`+l.stdlibPrefix()+`new.py', 'w')
except OSError as e:
    import errno
    print(e.errno == errno.EROFS)
json.loads('{')`)
	// The npm build ships only .pyc files; a build of memsh's own ships
	// the sources beside them, as CPython on Linux does.
	jsonFile := l.stdlibPrefix() + "json/__init__.pyc"
	if l.zip != nil {
		jsonFile = l.stdlibPrefix() + "json/__init__.py"
	}
	want := jsonFile + "\n['" + l.lib + "']\nTrue\nFalse\nTrue\nTrue\n"
	if r.status != 1 || r.stdout != want {
		t.Errorf("got status %d stdout %q stderr %q, want 1 %q", r.status, r.stdout, r.stderr, want)
	}
	// Frames name the stdlib where CPython on Linux keeps it, not the
	// build machine's checkout.
	for _, s := range []string{`File "` + l.stdlibPrefix() + `json/decoder.py", line`, "json.decoder.JSONDecodeError: Expecting property name"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("traceback %q lacks %q", r.stderr, s)
		}
	}
	if l.zip != nil && !strings.Contains(r.stderr, "obj, end = self.scan_once(s, idx)") {
		t.Errorf("traceback %q shows no stdlib source line", r.stderr)
	}
}

// TestPythonSitePyc checks sitecustomize is loaded from its cached .pyc,
// not compiled on every start.
func TestPythonSitePyc(t *testing.T) {
	l := testLayout(t)
	tag := "cpython-" + strings.ReplaceAll(strings.TrimPrefix(l.lib, "python"), ".", "")
	for flag, pyc := range map[string]string{"-v": tag + ".pyc", "-Ov": tag + ".opt-1.pyc", "-OOv": tag + ".opt-2.pyc"} {
		r := py(t, newFS(t), "/", "", flag, "-c", "pass")
		want := "code object from '" + l.sitePath() + "/__pycache__/sitecustomize." + pyc + "'"
		if r.status != 0 || !strings.Contains(r.stderr, want) {
			t.Errorf("python3 %s: status %d, stderr lacks %q:\n%s", flag, r.status, want, r.stderr)
		}
	}
}

// TestImageCache extracts the image, stores it in a cache directory and
// reads it back; images older than a day are removed, recent ones kept.
func TestImageCache(t *testing.T) {
	l := testLayout(t)
	rt := testRuntime()
	cm, err := rt.python()
	if err != nil {
		t.Fatal(err)
	}
	img, raw, err := rt.extractImage(cm)
	if err != nil {
		t.Fatal(err)
	}
	if _, errno := img.stdlib.Stat(l.lib + "/os.py"); errno != 0 {
		if _, errno := img.stdlib.Stat(l.lib + "/os.pyc"); errno != 0 {
			t.Errorf("stat os.py[c]: %v", errno)
		}
	}
	dir := t.TempDir()
	c := New(Config{CacheDir: dir})
	c.builtStdlib = rt.builtStdlib // what python() would have set
	stale := filepath.Join(c.imageDir(), "0000-old")
	os.MkdirAll(c.imageDir(), 0o700)
	os.WriteFile(stale, []byte("old"), 0o600)
	old := time.Now().Add(-48 * time.Hour)
	os.Chtimes(stale, old, old)
	recent := filepath.Join(c.imageDir(), "0000-recent")
	os.WriteFile(recent, []byte("recent"), 0o600)
	sum := [32]byte{1, 2, 3}
	if c.readImage(sum) != nil {
		t.Fatal("image read from an empty cache")
	}
	c.writeImage(sum, raw)
	if c.readImage(sum) == nil {
		t.Fatal("image not read back")
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale image kept: %v", err)
	}
	if _, err := os.Stat(recent); err != nil {
		t.Errorf("recent image removed: %v", err)
	}
	file := filepath.Join(c.imageDir(), imageKey(sum))
	good, _ := os.ReadFile(file)
	for what, b := range map[string][]byte{
		"truncated": good[:len(good)/2],
		"damaged":   append(append([]byte{}, good[:len(good)-100]...), append([]byte{good[len(good)-100] ^ 1}, good[len(good)-99:]...)...),
		"headless":  raw,
	} {
		os.WriteFile(file, b, 0o600)
		if c.readImage(sum) != nil {
			t.Errorf("a %s image was accepted", what)
		}
	}
}

func TestParseImageErrors(t *testing.T) {
	for _, in := range []string{"x", "5 python312.zip\nabc", "3 python312.zip\nabc", "2 other\nab", "-1 a.pyc\n"} {
		if _, err := parseImage([]byte(in), nil); err == nil {
			t.Errorf("parseImage(%q) succeeded", in)
		}
	}
}

func TestROFS(t *testing.T) {
	tr := newROFS(1)
	tr.bytes("a/b.txt", []byte("hello"))
	tr.dir("a/c")
	tr.seal()
	if st, errno := tr.Stat("/a/./c/../b.txt"); errno != 0 || st.Size != 5 {
		t.Errorf("stat = %+v, %v", st, errno)
	}
	for _, tt := range []struct {
		name string
		flag experimentalsys.Oflag
		want experimentalsys.Errno
	}{
		{"a/b.txt/x", experimentalsys.O_RDONLY, experimentalsys.ENOTDIR},
		{"a/nope", experimentalsys.O_RDONLY, experimentalsys.ENOENT},
		{"a/nope", experimentalsys.O_CREAT | experimentalsys.O_WRONLY, experimentalsys.EROFS},
		{"a/b.txt", experimentalsys.O_WRONLY, experimentalsys.EROFS},
		{"a", experimentalsys.O_RDWR, experimentalsys.EISDIR},
		{"a/b.txt", experimentalsys.O_DIRECTORY, experimentalsys.ENOTDIR},
	} {
		if _, errno := tr.OpenFile(tt.name, tt.flag, 0); errno != tt.want {
			t.Errorf("open %s %v: %v, want %v", tt.name, tt.flag, errno, tt.want)
		}
	}
	d, errno := tr.OpenFile("a", experimentalsys.O_RDONLY, 0)
	if errno != 0 {
		t.Fatal(errno)
	}
	var names []string
	for {
		ents, errno := d.Readdir(1)
		if errno != 0 || len(ents) == 0 {
			break
		}
		names = append(names, ents[0].Name)
	}
	if strings.Join(names, " ") != "b.txt c" {
		t.Errorf("readdir = %q", names)
	}
	fh, _ := tr.OpenFile("a/b.txt", experimentalsys.O_RDONLY, 0)
	buf := make([]byte, 3)
	if n, _ := fh.Pread(buf, 2); string(buf[:n]) != "llo" {
		t.Errorf("pread = %q", buf[:n])
	}
}

// TestPythonFirstRunsConcurrent starts several pythons at once on a fresh
// Runtime: they share one load of python and its stdlib image.
func TestPythonFirstRunsConcurrent(t *testing.T) {
	needPython(t)
	rt := New(Config{})
	defer rt.Close()
	f := newFS(t)
	var wg sync.WaitGroup
	outs := make([]strings.Builder, 3)
	sts := make([]int, 3)
	for i := range outs {
		wg.Go(func() {
			sts[i] = rt.RunPython(context.Background(), Proc{Args: []string{"python3", "-c", "import json; print(json.dumps([1]))"}, Dir: "/sub", FS: f, Stdout: &outs[i], Stderr: &outs[i]})
		})
	}
	wg.Wait()
	for i := range outs {
		if sts[i] != 0 || outs[i].String() != "[1]\n" {
			t.Errorf("run %d: status %d output %q", i, sts[i], outs[i].String())
		}
	}
}

// stdlibModules are the top-level stdlib modules the npm runtime
// (CPython 3.12.0) imports, less the 13 that CPython 3.13 removed (PEP
// 594: aifc, audioop, cgi, cgitb, chunk, crypt, imghdr, mailcap, nntplib,
// pipes, sndhdr, sunau, telnetlib): memsh's own CPython must import every
// one of them.
const stdlibModules = `abc argparse array ast asyncio atexit base64 bdb binascii bisect builtins
bz2 cProfile calendar cmath cmd code codecs codeop collections colorsys
compileall concurrent configparser contextlib contextvars copy copyreg csv
dataclasses datetime dbm decimal difflib dis doctest email encodings enum
errno faulthandler filecmp fileinput fnmatch fractions ftplib functools gc
genericpath getopt getpass gettext glob graphlib gzip hashlib heapq hmac
html http imaplib importlib inspect io ipaddress itertools json keyword
linecache locale logging mailbox marshal math mimetypes modulefinder netrc
ntpath nturl2path numbers opcode operator optparse os pathlib pdb pickle
pickletools pkgutil platform plistlib poplib posix posixpath pprint profile
pstats py_compile pyclbr pydoc pyexpat queue quopri random re reprlib runpy
sched secrets select selectors shelve shlex shutil signal site smtplib
socket socketserver sqlite3 sre_compile sre_constants sre_parse stat
statistics string stringprep struct subprocess symtable sys sysconfig
tabnanny tarfile tempfile textwrap threading time timeit token tokenize
tomllib trace traceback tracemalloc types typing unicodedata unittest urllib
uuid warnings wave weakref wsgiref xml xmlrpc zipapp zipfile zipimport zlib
zoneinfo`

// TestPythonStdlibModules imports every module of stdlibModules in one
// run, and checks the data the issue asks for works: zoneinfo's time
// zones (memsh's CPython only), sqlite3, decimal, bz2, hashlib.
func TestPythonStdlibModules(t *testing.T) {
	l := testLayout(t)
	r := py(t, newFS(t), "/", "", "-c", `
import importlib, io, contextlib, sys
bad = []
for m in sys.argv[1].split():
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            importlib.import_module(m)
    except BaseException as e:
        bad.append('%s (%s: %s)' % (m, type(e).__name__, e))
print('cannot import:', ', '.join(bad) or 'none')
import bz2, decimal, hashlib, sqlite3
print(bz2.decompress(bz2.compress(b'x' * 100)) == b'x' * 100, decimal.Decimal(1) / 3 == decimal.Decimal('0.3333333333333333333333333333'))
print(hashlib.sha256(b'').hexdigest()[:8], hashlib.sha3_256(b'').hexdigest()[:8], hashlib.blake2b(b'').hexdigest()[:8])
db = sqlite3.connect(':memory:')
print(db.execute("select sqlite_version() >= '3.40', json_extract('{\"a\": 7}', '$.a')").fetchone())`, strings.Join(strings.Fields(stdlibModules), " "))
	want := "cannot import: none\nTrue True\ne3b0c442 a7ffc6f8 786a02f7\n(1, 7)\n"
	if r.status != 0 || r.stdout != want {
		t.Errorf("status %d stdout %q stderr %q, want %q", r.status, r.stdout, r.stderr, want)
	}
	if l.zip == nil {
		return // the npm build has no time zone data
	}
	r = py(t, newFS(t), "/", "", "-c", `
import zoneinfo, datetime
z = zoneinfo.ZoneInfo('Europe/Paris')
print(datetime.datetime(2024, 7, 1, 12, tzinfo=z).utcoffset(), datetime.datetime(2024, 1, 1, 12, tzinfo=z).tzname())
print('America/New_York' in zoneinfo.available_timezones())`)
	if want := "2:00:00 CET\nTrue\n"; r.status != 0 || r.stdout != want {
		t.Errorf("zoneinfo: status %d stdout %q stderr %q, want %q", r.status, r.stdout, r.stderr, want)
	}
}

// TestModuleSum checks what keys the stdlib image: the module's bytes
// without a build info file beside it; with one, its text and the
// module's size, so a rebuilt or replaced module gets a new image.
func TestModuleSum(t *testing.T) {
	dir := t.TempDir()
	wasm := filepath.Join(dir, PythonWasmName)
	mod := []byte("\x00asm\x01\x00\x00\x00")
	if moduleSum(wasm, mod) != sha256.Sum256(mod) {
		t.Error("without build info: not the module's SHA-256")
	}
	info := filepath.Join(dir, BuildInfoName)
	os.WriteFile(info, []byte("key 1\nbuilt 2026-12-02T00:54:19Z\n"), 0o644)
	a := moduleSum(wasm, mod)
	if a == sha256.Sum256(mod) {
		t.Error("with build info: still the module's SHA-256")
	}
	if moduleSum(wasm, append(mod, 0)) == a {
		t.Error("a module of another size got the same key")
	}
	os.WriteFile(info, []byte("key 1\nbuilt 2026-12-02T01:00:00Z\n"), 0o644)
	if moduleSum(wasm, mod) == a {
		t.Error("another build got the same key")
	}
}
