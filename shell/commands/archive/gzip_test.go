package archive

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"memsh/shell/command"
)

func TestGzipMessages(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"gzip", "g.gz"}, Files: map[string]string{"/home/user/g.gz": "x\n"}, Stderr: "gzip: g.gz already has .gz suffix -- unchanged\n"},
		{Args: []string{"gunzip", "g.gz"}, Files: map[string]string{"/home/user/g.gz": "x\n"}, Stderr: "\ngzip: g.gz: not in gzip format\n", Status: 1},
		{Args: []string{"gzip", "-dc", "h"}, Files: map[string]string{"/home/user/h": "abc"}, Stderr: "\ngzip: h: not in gzip format\n", Status: 1},
		{Args: []string{"gunzip", "h"}, Files: map[string]string{"/home/user/h": "abc"}, Stderr: "gzip: h: unknown suffix -- ignored\n", Status: 2},
		{Args: []string{"gzip", "-d"}, Stdin: "\n", Stderr: "\ngzip: stdin: unexpected end of file\n", Status: 1},
		{Args: []string{"gzip", "-l", "h"}, Files: map[string]string{"/home/user/h": "a\nb\nc\n"}, Stderr: "\ngzip: h: not in gzip format\n", Status: 1},
		{Args: []string{"gzip", "-l", "e"}, Files: map[string]string{"/home/user/e": ""}, Stderr: "\ngzip: e: unexpected end of file\n", Status: 1},
		{Args: []string{"gzip", "nope"}, Stderr: "gzip: nope: No such file or directory\n", Status: 1},
		{Args: []string{"gunzip", "nope"}, Stderr: "gzip: nope.gz: No such file or directory\n", Status: 1},
		{Args: []string{"gzip", "d"}, Files: map[string]string{"/home/user/d/": ""}, Stderr: "gzip: d is a directory -- ignored\n", Status: 2},
		{Args: []string{"gzip", "-q", "g.gz"}, Files: map[string]string{"/home/user/g.gz": "x\n"}},
		{Args: []string{"gzip", "-x"}, Stderr: "gzip: invalid option -- 'x'\nTry `gzip --help' for more information.\n", Status: 1},
		{Args: []string{"gunzip", "-Z"}, Stderr: "gzip: -Z not supported in this version\nTry `gzip --help' for more information.\n", Status: 1},
		{Args: []string{"zcat", "--bogus"}, Stderr: "gzip: unrecognized option '--bogus'\nTry `gzip --help' for more information.\n", Status: 1},
	})
}

// GNU gzip opens /dev/stdin as a file: it reads the standard input under
// that name, stores "stdin" as the name, and, not writing to stdout,
// refuses the symbolic link. Outputs are GNU gzip 1.12's.
func TestGzipDevStdin(t *testing.T) {
	hi := "\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\x03stdin\x00\xcb\xc8\xe4\x02\x00\x7a\x7a\x6f\xed\x03\x00\x00\x00"
	hiN := "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\xc8\xe4\x02\x00\x7a\x7a\x6f\xed\x03\x00\x00\x00"
	runCases(t, []command.Case{
		{Args: []string{"gzip", "-c", "/dev/stdin"}, Stdin: "hi\n", Stdout: hi},
		{Args: []string{"gzip", "-cn", "/dev/stdin"}, Stdin: "hi\n", Stdout: hiN},
		{Args: []string{"gzip", "-dc", "/dev/stdin"}, Stdin: hi, Stdout: "hi\n"},
		{Args: []string{"zcat", "/dev/stdin"}, Stdin: hiN, Stdout: "hi\n"},
		{Args: []string{"zcat", "/dev/fd/0"}, Stdin: hiN, Stdout: "hi\n"},
		{Args: []string{"gzip", "-t", "/dev/stdin"}, Stdin: hiN},
		{Args: []string{"gzip", "-l", "/dev/stdin"}, Stdin: hiN, Stdout: "         compressed        uncompressed  ratio uncompressed_name\n                 23                   3 -66.7% /dev/stdin\n"},
		{Args: []string{"gzip", "-tv", "/dev/stdin"}, Stdin: hiN, Stderr: "/dev/stdin:\t OK\n"},
		{Args: []string{"zcat", "/dev/stdin"}, Stdin: "junk\n", Stderr: "\ngzip: /dev/stdin: not in gzip format\n", Status: 1},
		{Args: []string{"gzip", "/dev/stdin"}, Stdin: "hi\n", Stderr: "gzip: /dev/stdin: Too many levels of symbolic links\n", Status: 1},
		{Args: []string{"gzip", "-d", "/dev/stdin"}, Stdin: hiN, Stderr: "gzip: /dev/stdin: Too many levels of symbolic links\n", Status: 1},
		{Args: []string{"gzip", "-f", "/dev/stdin"}, Stdin: "hi\n", Stderr: "gzip: /dev/stdin is not a directory or a regular file - ignored\n", Status: 2},
	})
}

func TestGzipRoundTrip(t *testing.T) {
	data := strings.Repeat("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n", 1)
	s := newSession(t, map[string]string{"/home/user/f": data, "/home/user/bin": "\x00\xff\x00binary\xfe"})
	// Ratios depend on the deflate encoder (zlib's output is a few bytes
	// smaller), so only the shape is checked.
	if _, e, st := s.run("", "gzip", "-v", "f"); st != 0 || !regexp.MustCompile(`^f:\t [ 0-9]\d\.\d% -- replaced with f\.gz\n$`).MatchString(e) {
		t.Fatalf("gzip -v: %q %d", e, st)
	}
	if s.exists("/home/user/f") {
		t.Fatal("f not removed")
	}
	size := len(s.read("/home/user/f.gz"))
	line := func(c, u int, r, n string) string { return fmt.Sprintf("%19d %19d %s %s\n", c, u, r, n) }
	want := "         compressed        uncompressed  ratio uncompressed_name\n" + line(size, 60, gzRatio(int64(60-(size-20)), 60), "f") + line(size, 60, gzRatio(int64(60-(size-20)), 60), "f") + line(2*size, 120, gzRatio(int64(120-(2*size-20)), 120), "(totals)")
	if o, e, st := s.run("", "gzip", "-l", "f.gz", "f.gz"); st != 0 || o != want {
		t.Fatalf("gzip -l: %q %q %d", o, e, st)
	}
	if _, e, st := s.run("", "gzip", "-tv", "f.gz"); st != 0 || e != "f.gz:\t OK\n" {
		t.Fatalf("gzip -tv: %q %d", e, st)
	}
	if o, _, st := s.run("", "zcat", "f.gz", "f.gz"); st != 0 || o != data+data {
		t.Fatalf("zcat: %q", o)
	}
	if _, e, st := s.run("", "gunzip", "-v", "f.gz"); st != 0 || !strings.HasSuffix(e, "% -- replaced with f\n") || s.read("/home/user/f") != data {
		t.Fatalf("gunzip -v: %q %d", e, st)
	}
	// Binary bytes survive through stdin and stdout.
	bin := s.read("/home/user/bin")
	z, _, st := s.run(bin, "gzip", "-c")
	if st != 0 {
		t.Fatal(st)
	}
	if o, _, st := s.run(z+z, "gunzip"); st != 0 || o != bin+bin {
		t.Fatalf("multi-member: %q", o)
	}
	// Keep, refuse to overwrite, force.
	s.run("", "gzip", "-k", "bin")
	if !s.exists("/home/user/bin") || !s.exists("/home/user/bin.gz") {
		t.Fatal("-k")
	}
	if _, e, st := s.run("", "gzip", "bin"); st != 2 || e != "gzip: bin.gz already exists;\tnot overwritten\n" {
		t.Fatalf("exists: %q %d", e, st)
	}
	if _, e, st := s.run("", "gzip", "-f", "bin"); st != 0 || e != "" || s.exists("/home/user/bin") {
		t.Fatalf("-f: %q %d", e, st)
	}
	// Damage.
	if _, e, st := s.run(z[:20], "gzip", "-dc"); st != 1 || e != "\ngzip: stdin: unexpected end of file\n" {
		t.Fatalf("truncated: %q %d", e, st)
	}
	if o, e, st := s.run(z+"xx", "gzip", "-dc"); st != 2 || o != bin || e != "\ngzip: stdin: decompression OK, trailing garbage ignored\n" {
		t.Fatalf("trailing: %q %d", e, st)
	}
}

func TestGzipRecursive(t *testing.T) {
	s := newSession(t, map[string]string{"/home/user/d/a": "a\n", "/home/user/d/e/b": "b\n", "/home/user/d/c.gz": "zz"})
	if _, e, st := s.run("", "gzip", "-r", "d"); st != 0 || e != "" {
		t.Fatalf("%q %d", e, st)
	}
	for _, p := range []string{"/home/user/d/a.gz", "/home/user/d/e/b.gz", "/home/user/d/c.gz"} {
		if !s.exists(p) {
			t.Fatal(p)
		}
	}
	if _, e, st := s.run("", "gunzip", "-r", "d"); st != 1 || !strings.Contains(e, "c.gz: not in gzip format") {
		t.Fatalf("%q %d", e, st)
	}
	if s.read("/home/user/d/e/b") != "b\n" {
		t.Fatal("b")
	}
}

func TestGzipLargeStream(t *testing.T) {
	s := newSession(t, nil)
	data := bytes.Repeat([]byte("0123456789abcdef\x00\xff"), 300000)
	z, _, st := s.run(string(data), "gzip", "-1")
	if st != 0 {
		t.Fatal(st)
	}
	o, _, st := s.run(z, "zcat")
	if st != 0 || o != string(data) {
		t.Fatal("round trip")
	}
}

func TestGzipTinyIsGNUs(t *testing.T) {
	// `echo hello | gzip` and `printf '' | gzip` from GNU gzip 1.12.
	for in, want := range map[string]string{
		"hello\n": "1f8b0800000000000003cb48cdc9c9e7020020303a3606000000",
		"":        "1f8b080000000000000303000000000000000000",
	} {
		out, _, st := newSession(t, nil).run(in, "gzip")
		if st != 0 || fmt.Sprintf("%x", out) != want {
			t.Errorf("gzip of %q = %x, want %s", in, out, want)
		}
	}
}

func TestGzipStdoutModes(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"zcat", "-f", "f"}, Files: map[string]string{"/home/user/f": "plain\n"}, Stdout: "plain\n"},
		{Args: []string{"gzip", "-dc", "nope.gz"}, Stderr: "gzip: nope.gz: No such file or directory\n", Status: 1},
		{Args: []string{"gzip", "-vc"}, Stdin: "hi\n", Stdout: "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\xc8\xe4\x02\x00\x7a\x7a\x6f\xed\x03\x00\x00\x00", Stderr: "-66.7%\n"},
		{Args: []string{"gzip", "-tv"}, Stdin: "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\xc8\xe4\x02\x00\x7a\x7a\x6f\xed\x03\x00\x00\x00", Stderr: " OK\n"},
	})
}
