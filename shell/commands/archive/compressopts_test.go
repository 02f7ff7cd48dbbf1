package archive

import (
	"strings"
	"testing"
)

// TestCompressBadOptions: bad options in each tool's words, recorded
// from xz 5.4.1, bzip2 1.0.8 and zstd 1.5.4 (the first line of stderr,
// and xz's second; bzip2 and zstd then print their usage, whose text is
// memsh's own).
func TestCompressBadOptions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // stderr's first lines
	}{
		{[]string{"xz", "--fo=x"}, "xz: option '--fo=x' is ambiguous; possibilities: '--force' '--format'\nxz: Try `xz --help' for more information.\n"},
		{[]string{"xz", "--mem"}, "xz: option '--mem' is ambiguous; possibilities: '--memlimit-compress' '--memlimit-decompress' '--memlimit-mt-decompress' '--memlimit' '--memory'\nxz: Try `xz --help' for more information.\n"},
		{[]string{"xz", "-T"}, "xz: option requires an argument -- 'T'\nxz: Try `xz --help' for more information.\n"},
		{[]string{"xz", "--threads"}, "xz: option '--threads' requires an argument\nxz: Try `xz --help' for more information.\n"},
		{[]string{"xz", "--decompress=1"}, "xz: option '--decompress' doesn't allow an argument\nxz: Try `xz --help' for more information.\n"},
		{[]string{"unxz", "--bogus"}, "unxz: unrecognized option '--bogus'\nunxz: Try `unxz --help' for more information.\n"},
		{[]string{"xzcat", "-X"}, "xzcat: invalid option -- 'X'\nxzcat: Try `xzcat --help' for more information.\n"},
		{[]string{"xz", "-dX"}, "xz: invalid option -- 'X'\nxz: Try `xz --help' for more information.\n"},
		{[]string{"bzip2", "-dQ"}, "bzip2: Bad flag `-dQ'\n"},
		{[]string{"bunzip2", "f", "--bogus"}, "bunzip2: Bad flag `--bogus'\n"},
		{[]string{"zstd", "--bogus"}, "Incorrect parameters \n"},
		{[]string{"zstd", "-X"}, "Incorrect parameters \n"},
		{[]string{"unzstd", "--bogus"}, "Incorrect parameters \n"},
		{[]string{"zstd", "-o"}, "error: missing command argument \n"},
	} {
		s := newSession(t, nil)
		_, stderr, st := s.run("", c.args...)
		if st != 1 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%q: status %d, stderr %q; want 1 and %q first", c.args, st, stderr, c.want)
		}
	}
}

// TestCompressGetopt: getopt_long's rules for all three: long-option
// prefixes, clusters, options after operands, "--".
func TestCompressGetopt(t *testing.T) {
	s := newSession(t, map[string]string{"/home/user/-d": "dash\n", "/home/user/f": "text\n"})
	for _, tool := range []string{"xz", "zstd"} {
		if _, e, st := s.run("", tool, "--ke", "f"); st != 0 {
			t.Fatalf("%s --ke f: %d %s", tool, st, e)
		}
		z := "f." + map[string]string{"xz": "xz", "zstd": "zst"}[tool]
		out, e, st := s.run("", tool, z, "--decomp", "--std")
		if st != 0 || out != "text\n" {
			t.Errorf("%s %s --decomp --std: %q %d %s", tool, z, out, st, e)
		}
		out, _, st = s.run("", tool, "-dcq", z)
		if st != 0 || out != "text\n" {
			t.Errorf("%s -dcq: %q %d", tool, out, st)
		}
		if _, e, st := s.run("", tool, "-c", "--", "-d"); st != 0 {
			t.Errorf("%s -c -- -d: %d %s (a file named -d)", tool, st, e)
		}
	}
	if _, e, st := s.run("", "xz", "--li", "f.xz"); st != 1 || e != "xz: --list: not supported in memsh\n" {
		t.Errorf("xz --li: %d %q", st, e)
	}
	out, _, st := s.run("", "xz", "-V")
	if st != 0 || !strings.HasPrefix(out, "xz (XZ Utils) 5.4.1\n") {
		t.Errorf("xz -V: %q %d", out, st)
	}
}
