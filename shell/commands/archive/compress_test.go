package archive

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"memsh/shell/command"
)

// helloBz2 is `printf 'hello bzip2\n' | bzip2` from the real tool.
var helloBz2, _ = hex.DecodeString("425a6839314159265359ab6ba1f1000002d9800010400010001264c01020003100d34d04001ea3ef4e51a2078bb9229c284855b5d0f880")

func TestCompressMessages(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"xz", "g.xz"}, Files: map[string]string{"/home/user/g.xz": "x\n"}, Stderr: "xz: g.xz: File already has `.xz' suffix, skipping\n", Status: 2},
		{Args: []string{"unxz", "g.xz"}, Files: map[string]string{"/home/user/g.xz": "x\n"}, Stderr: "unxz: g.xz: File format not recognized\n", Status: 1},
		{Args: []string{"unxz", "h"}, Files: map[string]string{"/home/user/h": "abc"}, Stderr: "unxz: h: File format not recognized\n", Status: 1},
		{Args: []string{"xz", "-d"}, Stdin: "\n", Stderr: "xz: (stdin): File format not recognized\n", Status: 1},
		{Args: []string{"xz", "nope"}, Stderr: "xz: nope: No such file or directory\n", Status: 1},
		{Args: []string{"xz", "d"}, Files: map[string]string{"/home/user/d/": ""}, Stderr: "xz: d: Is a directory, skipping\n", Status: 2},
		{Args: []string{"bzip2", "-dc", "nope"}, Stderr: "bzip2: Can't open input file nope: No such file or directory.\n", Status: 1},
		{Args: []string{"bunzip2", "g.bz2"}, Files: map[string]string{"/home/user/g.bz2": "garbage\n"}, Stderr: "bunzip2: g.bz2 is not a bzip2 file.\n", Status: 2},
		{Args: []string{"bzcat"}, Stdin: string(helloBz2), Stdout: "hello bzip2\n"},
		{Args: []string{"bzip2", "f"}, Files: map[string]string{"/home/user/f": "x"}, Stderr: "bzip2: bzip2 compression is not supported in memsh (decompression is)\n", Status: 1},
		{Args: []string{"zstd", "-q", "nope"}, Stderr: "zstd: can't stat nope : No such file or directory -- ignored \n", Status: 1},
		{Args: []string{"zstd", "-dc", "g.zst"}, Files: map[string]string{"/home/user/g.zst": "x\n"}, Stderr: "zstd: g.zst: unknown header \n", Status: 1},
	})
}

func TestCompressRoundTrips(t *testing.T) {
	data := bytes.Repeat([]byte("round trip \x00\xff data\n"), 50000)
	for _, tool := range []struct{ comp, decomp, suffix string }{{"xz", "unxz", ".xz"}, {"zstd", "unzstd", ".zst"}} {
		s := newSession(t, map[string]string{"/home/user/f": string(data)})
		z, e, st := s.run(string(data), tool.comp, "-c")
		if st != 0 || e != "" {
			t.Fatalf("%s -c: %q", tool.comp, e)
		}
		if o, _, st := s.run(z, tool.comp, "-dc"); st != 0 || o != string(data) {
			t.Fatalf("%s -dc: round trip", tool.comp)
		}
		if _, e, st := s.run("", tool.comp, "-q", "f"); st != 0 {
			t.Fatalf("%s f: %q", tool.comp, e)
		}
		if tool.comp == "xz" && s.exists("/home/user/f") {
			t.Fatal("xz keeps its input only with -k")
		}
		if tool.comp == "zstd" {
			s.fs.Remove("/home/user/f")
		}
		if _, e, st := s.run("", tool.decomp, "-q", "f"+tool.suffix); st != 0 || s.read("/home/user/f") != string(data) {
			t.Fatalf("%s: %q", tool.decomp, e)
		}
		// Truncated input is an error, never a hang or a panic.
		_, e, st = s.run(z[:len(z)/2], tool.comp, "-dc")
		if st != 1 || !strings.Contains(e, "(stdin)") && !strings.Contains(e, "stdin") {
			t.Fatalf("%s truncated: %q %d", tool.comp, e, st)
		}
	}
	s := newSession(t, map[string]string{"/home/user/h.bz2": string(helloBz2)})
	if _, e, st := s.run("", "bunzip2", "h.bz2"); st != 0 || s.read("/home/user/h") != "hello bzip2\n" || s.exists("/home/user/h.bz2") {
		t.Fatalf("bunzip2: %q", e)
	}
}
