package interp

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"memsh/memfs"
)

// cwdFS resolves relative names against a working directory, as the
// runner's adapter does.
type cwdFS struct {
	fs  *memfs.FS
	cwd string
}

func (c cwdFS) abs(name string) string {
	if strings.HasPrefix(name, "/") {
		return name
	}
	return c.cwd + "/" + name
}

func (c cwdFS) ReadDir(name string) ([]fs.DirEntry, error) { return c.fs.ReadDir(c.abs(name)) }
func (c cwdFS) Stat(name string) (fs.FileInfo, error)      { return c.fs.Stat(c.abs(name)) }
func (c cwdFS) Lstat(name string) (fs.FileInfo, error)     { return c.fs.Lstat(c.abs(name)) }

// globTree is laid out in memfs and, for the host comparison, in a
// temporary directory: directories end in "/", "name->target" is a
// symbolic link.
var globTree = []string{
	"a/", "a/b/", "a/f", "a/b/deep.txt", ".h/", ".h/x", ".h/y", "c/", "c/g", "c/la->../a",
	"top", "Top.TXT", "x.txt", "y.txt", ".dot.txt", "a b", "br[ack]et", "star*",
}

func makeGlobTree(t *testing.T) (cwdFS, string) {
	m := memfs.New(memfs.Options{})
	if err := m.MkdirAll("/w", 0o755); err != nil {
		t.Fatal(err)
	}
	host := t.TempDir()
	for _, e := range globTree {
		name, target, link := strings.Cut(e, "->")
		switch {
		case link:
			must(t, m.Symlink(target, "/w/"+name))
			must(t, os.Symlink(target, filepath.Join(host, name)))
		case strings.HasSuffix(name, "/"):
			must(t, m.MkdirAll("/w/"+name, 0o755))
			must(t, os.MkdirAll(filepath.Join(host, name), 0o755))
		default:
			must(t, m.WriteFile("/w/"+name, []byte("x"), 0o644))
			must(t, os.WriteFile(filepath.Join(host, name), []byte("x"), 0o644))
		}
	}
	return cwdFS{m, "/w"}, host
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

type globCase struct {
	pat  string // as written in the script (unquoted)
	opts string // shopt names: extglob dotglob globstar nocaseglob; "GI=..." GLOBIGNORE
	want string // the words bash prints, or "" for no match
}

var globCases = []globCase{
	{pat: "*", want: "Top.TXT a a b br[ack]et c star* top x.txt y.txt"},
	{pat: "*.txt", want: "x.txt y.txt"},
	{pat: "./*.txt", want: "./x.txt ./y.txt"},
	{pat: "*/.", want: "a/. c/."},
	{pat: "[a-c]", want: "a c"},
	{pat: "*[!t]", want: "Top.TXT a a b c star* top"},
	{pat: "a/b/*.TXT", opts: "nocaseglob", want: "a/b/deep.txt"},
	{pat: "*/*/", want: "a/b/ c/la/"},
	{pat: "c/*/", want: "c/la/"},
	{pat: ".h/.*", want: ""},
	{pat: ".*/*", want: ".h/x .h/y"},

	{pat: "*.txt", opts: "nocaseglob", want: "Top.TXT x.txt y.txt"},
	{pat: ".*", want: ".dot.txt .h"},
	{pat: "*", opts: "dotglob", want: ".dot.txt .h Top.TXT a a b br[ack]et c star* top x.txt y.txt"},
	{pat: "*/", want: "a/ c/"},
	{pat: "*/*", want: "a/b a/f c/g c/la"},
	{pat: ".h/*", want: ".h/x .h/y"},
	{pat: "a/*/*.txt", want: "a/b/deep.txt"},
	{pat: "?", want: "a c"},
	{pat: "[xy].txt", want: "x.txt y.txt"},
	{pat: "[!x].txt", want: "y.txt"},
	{pat: `star\*`, want: "star*"},
	{pat: `br\[ack\]et`, want: "br[ack]et"},
	{pat: "br[[]ack]et", want: "br[ack]et"},
	{pat: "a?b", want: "a b"},
	{pat: "nomatch*", want: ""},
	{pat: "*/nosuch", want: ""},
	{pat: "*/f", want: "a/f"},
	{pat: "c/la/*", want: "c/la/b c/la/f"},
	{pat: "@(x|y).txt", opts: "extglob", want: "x.txt y.txt"},
	{pat: "!(*.txt)", opts: "extglob", want: "Top.TXT a a b br[ack]et c star* top"},
	{pat: "**", opts: "globstar", want: "Top.TXT a a b a/b a/b/deep.txt a/f br[ack]et c c/g c/la star* top x.txt y.txt"},
	{pat: "**/", opts: "globstar", want: "a/ a/b/ c/ c/la/"},
	{pat: "**/*.txt", opts: "globstar", want: "a/b/deep.txt x.txt y.txt"},
	{pat: "a/**", opts: "globstar", want: "a/ a/b a/b/deep.txt a/f"},
	{pat: "**/f", opts: "globstar", want: "a/f"},
	{pat: "**/y", opts: "globstar dotglob", want: ".h/y"},
	{pat: "**", want: "Top.TXT a a b br[ack]et c star* top x.txt y.txt"},
	{pat: "*", opts: "GI=a*:c", want: ".dot.txt .h Top.TXT br[ack]et star* top x.txt y.txt"},
	{pat: "*/*", opts: "GI=*/f", want: ".h/x .h/y a/b c/g c/la"},
	{pat: ".*", opts: "GI=x", want: ".dot.txt .h"},
}

func (c globCase) options() GlobOptions {
	var o GlobOptions
	for _, f := range strings.Fields(c.opts) {
		switch {
		case f == "extglob":
			o.Flags |= PatExtglob
		case f == "nocaseglob":
			o.Flags |= PatNoCase
		case f == "dotglob":
			o.DotGlob = true
		case f == "globstar":
			o.GlobStar = true
		case strings.HasPrefix(f, "GI="):
			o.Ignore = strings.Split(f[3:], ":")
		}
	}
	return o
}

func (c globCase) script() string {
	var b strings.Builder
	for _, f := range strings.Fields(c.opts) {
		if g, ok := strings.CutPrefix(f, "GI="); ok {
			fmt.Fprintf(&b, "GLOBIGNORE=%s\n", shellQuote(g))
		} else {
			fmt.Fprintf(&b, "shopt -s %s\n", f)
		}
	}
	// nullglob so that no match prints an empty line.
	fmt.Fprintf(&b, "shopt -s nullglob\nset -- %s\necho \"$*\"\n", c.pat)
	return b.String()
}

func TestGlob(t *testing.T) {
	fsys, host := makeGlobTree(t)
	for _, c := range globCases {
		got := strings.Join(Glob(c.pat, fsys, c.options()), " ")
		if got != c.want {
			t.Errorf("Glob(%q) %s: got %q, want %q", c.pat, c.opts, got, c.want)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		return
	}
	var script strings.Builder
	// extglob from the start: bash parses each case before running it.
	fmt.Fprintf(&script, "shopt -s extglob\ncd %s || exit 1\n", shellQuote(host))
	for i, c := range globCases {
		fmt.Fprintf(&script, caseMarker+"( %s)\n", i, c.script())
	}
	compareHost(t, bash, script.String(), len(globCases), func(i int, out string) {
		c := globCases[i]
		if out != c.want {
			t.Errorf("host bash differs from the table for %q %s: bash %q, want %q", c.pat, c.opts, out, c.want)
		}
	})
}

func TestGlobAbsolute(t *testing.T) {
	fsys, _ := makeGlobTree(t)
	got := strings.Join(Glob("/w/a/*", fsys, GlobOptions{}), " ")
	if got != "/w/a/b /w/a/f" {
		t.Errorf("Glob(/w/a/*) = %q", got)
	}
	got = strings.Join(Glob("//w/?", fsys, GlobOptions{}), " ")
	if got != "//w/a //w/c" {
		t.Errorf("Glob(//w/?) = %q", got)
	}
}
