package archive

import (
	"strings"
	"testing"
	"time"
)

func zipTree(t *testing.T) *session {
	s := newSession(t, map[string]string{
		"/home/user/d/f":   "hello\n",
		"/home/user/d/e/g": "x\n",
		"/home/user/d/big": strings.Repeat("some text that compresses\n", 200),
	})
	mt := time.Date(2026, 11, 29, 19, 9, 0, 0, time.UTC)
	for _, p := range []string{"d/f", "d/e/g", "d/big", "d/e", "d"} {
		s.fs.Chtimes("/home/user/"+p, mt, mt)
	}
	return s
}

func TestZipUnzip(t *testing.T) {
	s := zipTree(t)
	o, e, st := s.run("", "zip", "-r", "a.zip", "d")
	if st != 0 || e != "" || !strings.HasPrefix(o, "  adding: d/ (stored 0%)\n  adding: d/big (deflated ") ||
		!strings.HasSuffix(o, "%)\n  adding: d/e/ (stored 0%)\n  adding: d/e/g (stored 0%)\n  adding: d/f (stored 0%)\n") {
		t.Fatalf("zip: %q %q %d", o, e, st)
	}
	o, _, st = s.run("", "unzip", "-l", "a.zip")
	want := "Archive:  a.zip\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n" +
		"        0  2026-11-29 19:09   d/\n     5200  2026-11-29 19:09   d/big\n        0  2026-11-29 19:09   d/e/\n" +
		"        2  2026-11-29 19:09   d/e/g\n        6  2026-11-29 19:09   d/f\n---------                     -------\n" +
		"     5208                     5 files\n"
	if st != 0 || o != want {
		t.Fatalf("unzip -l:\n%s", o)
	}
	o, _, st = s.run("", "unzip", "a.zip", "-d", "o")
	want = "Archive:  a.zip\n   creating: o/d/\n  inflating: o/d/big                 \n   creating: o/d/e/\n extracting: o/d/e/g                 \n extracting: o/d/f                   \n"
	if st != 0 || o != want {
		t.Fatalf("unzip:\n%q", o)
	}
	if s.read("/home/user/o/d/big") != s.read("/home/user/d/big") || s.read("/home/user/o/d/e/g") != "x\n" {
		t.Fatal("contents")
	}
	if fi, _ := s.fs.Stat("/home/user/o/d/f"); !fi.ModTime().Equal(time.Date(2026, 11, 29, 19, 9, 0, 0, time.UTC)) {
		t.Fatal("mtime", fi.ModTime())
	}
	o, e, st = s.run("", "unzip", "a.zip", "d/f", "-d", "o")
	if st != 1 || o != "Archive:  a.zip\n" || e != "replace o/d/f? [y]es, [n]o, [A]ll, [N]one, [r]ename:  NULL\n(EOF or read error, treating as \"[N]one\" ...)\n" {
		t.Fatalf("prompt: %q %q %d", o, e, st)
	}
	o, e, st = s.run("y\n", "unzip", "a.zip", "d/f", "-d", "o")
	if st != 0 || o != "Archive:  a.zip\n extracting: o/d/f                   \n" || e != "replace o/d/f? [y]es, [n]o, [A]ll, [N]one, [r]ename: " {
		t.Fatalf("prompt yes: %q %q %d", o, e, st)
	}
	o, _, st = s.run("", "unzip", "-p", "a.zip", "d/f", "d/e/g")
	if st != 0 || o != "x\nhello\n" {
		t.Fatalf("-p: %q", o)
	}
	o, _, st = s.run("", "unzip", "-t", "a.zip")
	if st != 0 || !strings.HasSuffix(o, "    testing: d/f                      OK\nNo errors detected in compressed data of a.zip.\n") {
		t.Fatalf("-t: %q", o)
	}
	o, e, st = s.run("", "zip", "a.zip", "d/f")
	if st != 0 || o != "updating: d/f (stored 0%)\n" {
		t.Fatalf("update: %q %q", o, e)
	}
	o, _, _ = s.run("", "unzip", "-l", "a.zip")
	if !strings.Contains(o, "5 files") {
		t.Fatalf("after update: %q", o)
	}
}

func TestZipErrors(t *testing.T) {
	s := zipTree(t)
	// Info-ZIP writes its warnings and errors to standard output.
	o, e, st := s.run("", "zip", "c.zip", "nope")
	if st != 12 || e != "" || o != "\tzip warning: name not matched: nope\n\nzip error: Nothing to do! (c.zip)\n" {
		t.Fatalf("%q %q %d", o, e, st)
	}
	o, e, st = s.run("", "zip", "x.zip", "d/f", "nope")
	if st != 0 || o != "\tzip warning: name not matched: nope\n  adding: d/f (stored 0%)\n" || e != "" {
		t.Fatalf("%q %q %d", o, e, st)
	}
	_, e, st = s.run("", "unzip", "nope.zip")
	if st != 9 || e != "unzip:  cannot find or open nope.zip, nope.zip.zip or nope.zip.ZIP.\n" {
		t.Fatalf("%q %d", e, st)
	}
	o, e, st = s.run("", "unzip", "x.zip", "nothere", "-d", "o3")
	if st != 11 || o != "Archive:  x.zip\n" || e != "caution: filename not matched:  nothere\n" {
		t.Fatalf("%q %q %d", o, e, st)
	}
	s.fs.WriteFile("/home/user/g.zip", []byte("garbage\n"), 0o644)
	o, e, st = s.run("", "unzip", "g.zip")
	if st != 9 || o != "Archive:  g.zip\n" || !strings.HasSuffix(e, "unzip:  cannot find zipfile directory in one of g.zip or\n        g.zip.zip, and cannot find g.zip.ZIP, period.\n") {
		t.Fatalf("%q %q %d", o, e, st)
	}
}
