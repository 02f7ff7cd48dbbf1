package pyworker

import (
	"context"
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
