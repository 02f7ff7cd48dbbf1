package interp

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testEnv is a TestEnv over the glob test's tree plus a few files made
// for test's operators.
type testEnv struct {
	cwdFS
	vars map[string]bool
	opts map[string]bool
}

func (e testEnv) Access(name string, mode uint32) error { return e.fs.Access(e.abs(name), mode) }
func (e testEnv) IDs() (int, int) {
	fi, err := e.fs.Stat("/w")
	if err != nil {
		return -1, -1
	}
	st := fi.Sys().(*syscall.Stat_t)
	return int(st.Uid), int(st.Gid)
}
func (e testEnv) IsTerminal(fd int) bool     { return false }
func (e testEnv) VarSet(name string) bool    { return e.vars[name] }
func (e testEnv) IsNameref(name string) bool { return name == "ref" }
func (e testEnv) OptionSet(name string) bool { return e.opts[name] }

func makeTestEnv(t *testing.T) (testEnv, string) {
	fsys, host := makeGlobTree(t)
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	must(t, fsys.fs.WriteFile("/w/empty", nil, 0o644))
	must(t, os.WriteFile(filepath.Join(host, "empty"), nil, 0o644))
	must(t, fsys.fs.WriteFile("/w/old", []byte("o"), 0o644))
	must(t, os.WriteFile(filepath.Join(host, "old"), []byte("o"), 0o644))
	must(t, fsys.fs.Chtimes("/w/old", old, old))
	must(t, os.Chtimes(filepath.Join(host, "old"), old, old))
	newer := old.Add(24 * time.Hour)
	must(t, fsys.fs.WriteFile("/w/modified", []byte("m"), 0o644))
	must(t, os.WriteFile(filepath.Join(host, "modified"), []byte("m"), 0o644))
	must(t, fsys.fs.Chtimes("/w/modified", old, newer))
	must(t, os.Chtimes(filepath.Join(host, "modified"), old, newer))
	must(t, fsys.fs.Symlink("nowhere", "/w/dangling"))
	must(t, os.Symlink("nowhere", filepath.Join(host, "dangling")))
	must(t, fsys.fs.Chmod("/w/c", 0o755|os.ModeSticky))
	must(t, os.Chmod(filepath.Join(host, "c"), 0o755|os.ModeSticky))
	return testEnv{
		cwdFS: fsys,
		vars:  map[string]bool{"PATH": true, "a[1]": true},
		opts:  map[string]bool{"errexit": true},
	}, host
}

type testCase struct {
	args   string // split at blanks; "''" is an empty argument
	status int
	msg    string
	nohost bool // depends on the user (root on the host, uid 1000 in memsh)
	setup  string
}

var testCases = []testCase{
	{args: "", status: 1},
	{args: "a", status: 0},
	{args: "''", status: 1},
	{args: "-z", status: 0},
	{args: "! -z", status: 1},
	{args: "-n ''", status: 1},
	{args: "-z ''", status: 0},
	{args: "! ''", status: 0},
	{args: "a = a", status: 0},
	{args: "a == b", status: 1},
	{args: "a != b", status: 0},
	{args: "a < b", status: 0},
	{args: "b < a", status: 1},
	{args: "b > a", status: 0},
	{args: "1 -eq 1", status: 0},
	{args: "-1 -lt 0", status: 0},
	{args: "+5 -eq 5", status: 0},
	{args: "2 -ge 3", status: 1},
	{args: "2 -le 3", status: 0},
	{args: "2 -gt 3", status: 1},
	{args: "2 -ne 3", status: 0},
	{args: "5a -eq 5", status: 2, msg: "5a: integer expression expected"},
	{args: "'' -eq 5", status: 2, msg: ": integer expression expected"},
	{args: "1 -eq x", status: 2, msg: "x: integer expression expected"},
	{args: "99999999999999999999 -eq 1", status: 2, msg: "99999999999999999999: integer expression expected"},
	{args: "a b c", status: 2, msg: "b: binary operator expected"},
	{args: "a -q b", status: 2, msg: "-q: binary operator expected"},
	{args: "-x a b c d", status: 2, msg: "too many arguments"},
	{args: "a = b c d e", status: 2, msg: "too many arguments"},
	{args: "( a b c", status: 2, msg: "`)' expected, found b"},
	{args: "( a", status: 2, msg: "(: unary operator expected"},
	{args: "a -a", status: 2, msg: "a: unary operator expected"},
	{args: "( )", status: 2, msg: "(: unary operator expected"},
	{args: "( a ) -a b", status: 0},
	{args: "( a ) -a ''", status: 1},
	{args: "a -o ''", status: 0},
	{args: "'' -o ''", status: 1},
	{args: "! a -a b", status: 1},
	{args: "! ( a = b )", status: 0},
	{args: "a -a b -o '' -a ''", status: 0},
	{args: "'' -a b -o c", status: 0},
	{args: "! ! a", status: 0},
	{args: "-f a -a ! -d c", status: 1},
	{args: "a = b -o", status: 2, msg: "argument expected"},
	{args: "a -a b c", status: 2, msg: "too many arguments"},
	{args: "x -a -f", status: 0},
	{args: "! ( a )", status: 1},
	{args: "( a -a b )", status: 0},
	{args: "! -a b", status: 0},
	{args: "-n -a -n", status: 0},
	{args: "= = =", status: 0},
	{args: "! = !", status: 0},
	{args: "-z -z -z", status: 2, msg: "-z: binary operator expected"},
	{args: "-e -a -e", status: 0},
	{args: "( ! )", status: 0},
	{args: "( -n )", status: 0},
	{args: "! ! ! a", status: 1},
	{args: "a -o b -a ''", status: 0},
	{args: "( a ) -o ( '' )", status: 0},
	{args: "-l a", status: 2, msg: "-l: unary operator expected"},
	{args: "a -eq", status: 2, msg: "a: unary operator expected"},
	{args: "-n a b", status: 2, msg: "a: binary operator expected"},
	{args: "( ( a ) )", status: 0},
	{args: "! ( ( '' ) )", status: 0},
	{args: "a -a ( b", status: 2, msg: "`)' expected"},
	{args: "x ) y", status: 2, msg: "): binary operator expected"},
	{args: "-t 1 -a a", status: 1},
	{args: "-t -a a", status: 0},
	{args: "a = a -o", status: 2, msg: "argument expected"},
	{args: "1 -eq 1 -a", status: 2, msg: "argument expected"},
	{args: ") ( )", status: 2, msg: "(: binary operator expected"},
	{args: "-a", status: 0},
	{args: "-o", status: 0},
	{args: "( -o )", status: 0},
	{args: "! -o", status: 1},
	{args: "-o -o", status: 1},
	{args: "-a -a -a", status: 0},
	{args: "! -z ''", status: 1},
	{args: "( a b )", status: 2, msg: "a: unary operator expected"},
	{args: "( ( a b ) )", status: 2, msg: "`)' expected, found b"},
	{args: "a ( b", status: 2, msg: "(: binary operator expected"},
	{args: "! ( a = a ) -o ''", status: 1},
	{args: "-e top", status: 0},
	{args: "-e nosuch", status: 1},
	{args: "-a top", status: 0},
	{args: "-f top", status: 0},
	{args: "-f a", status: 1},
	{args: "-d a", status: 0},
	{args: "-d c/la", status: 0},
	{args: "-h c/la", status: 0},
	{args: "-L top", status: 1},
	{args: "-h dangling", status: 0},
	{args: "-e dangling", status: 1},
	{args: "-s top", status: 0},
	{args: "-s empty", status: 1},
	{args: "-p top", status: 1},
	{args: "-S top", status: 1},
	{args: "-b top", status: 1},
	{args: "-k c", status: 0},
	{args: "-k a", status: 1},
	{args: "-u top", status: 1},
	{args: "-g top", status: 1},
	{args: "-O top", status: 0},
	{args: "-G top", status: 0},
	{args: "-r top", status: 0},
	{args: "-x top", status: 1, nohost: true},
	{args: "-x a", status: 0},
	{args: "-w top", status: 0},
	{args: "top -nt old", status: 0},
	{args: "old -nt top", status: 1},
	{args: "old -ot top", status: 0},
	{args: "nosuch -ot top", status: 0},
	{args: "top -nt nosuch", status: 0},
	{args: "top -ef top", status: 0},
	{args: "top -ef c/../top", status: 0},
	{args: "top -ef old", status: 1},
	{args: "-N modified", status: 0},
	{args: "-N old", status: 1},
	{args: "-N nosuch", status: 1},
	{args: "-t", status: 0},
	{args: "-t x", status: 1},
	{args: "-t 5", status: 1},
	{args: "-o errexit", status: 0, setup: "set -e"},
	{args: "-o nounset", status: 1},
	{args: "-v PATH", status: 0},
	{args: "-v nosuch", status: 1},
	{args: "-v a[1]", status: 0, setup: "a[1]=x"},
	{args: "-R ref", status: 0, setup: "declare -n ref=HOME"},
	{args: "-R HOME", status: 1},
	{args: "abc =~ a*", status: 2, msg: "=~: binary operator expected"},
	{args: "[ a ]", status: 0},
	{args: "[ a", status: 2, msg: "missing `]'"},
	{args: "[ ]", status: 1},
	{args: "[ 1 -eq 1 ]", status: 0},
}

func (c testCase) argv() []string {
	var out []string
	for _, f := range strings.Fields(c.args) {
		if f == "''" {
			f = ""
		}
		out = append(out, f)
	}
	return out
}

func (c testCase) run(env TestEnv) (int, string) {
	args := c.argv()
	bracket := len(args) > 0 && args[0] == "["
	if bracket {
		args = args[1:]
	}
	st, err := Test(args, env, bracket)
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	return st, msg
}

func TestTestBuiltin(t *testing.T) {
	env, host := makeTestEnv(t)
	for _, c := range testCases {
		st, msg := c.run(env)
		if st != c.status || msg != c.msg {
			t.Errorf("test %s: got %d %q, want %d %q", c.args, st, msg, c.status, c.msg)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		return
	}
	var script strings.Builder
	fmt.Fprintf(&script, "cd %s || exit 1\n", shellQuote(host))
	for i, c := range testCases {
		cmd := "test"
		args := c.argv()
		if len(args) > 0 && args[0] == "[" {
			cmd, args = "[", args[1:]
		}
		var q []string
		for _, a := range args {
			q = append(q, shellQuote(a))
		}
		// -t's descriptor 1 is the terminal only in memsh's test env;
		// give bash a status to print that does not depend on it.
		if c.args == "-t" {
			q = []string{"-n", "x"}
		}
		fmt.Fprintf(&script, caseMarker+"( %s\n%s %s 2>&1; echo \"status $?\")\n", i, c.setup, shellQuote(cmd), strings.Join(q, " "))
	}
	compareHost(t, bash, script.String(), len(testCases), func(i int, out string) {
		c := testCases[i]
		if c.nohost {
			return
		}
		want := fmt.Sprintf("status %d", c.status)
		if c.msg != "" {
			want = c.msg + "\n" + want
		}
		out = stripLinePrefix(out)
		out = strings.Replace(out, "test: ", "", 1)
		out = strings.Replace(out, "[: ", "", 1)
		if out != want {
			t.Errorf("host bash differs from the table for test %s: bash %q, want %q", c.args, out, want)
		}
	})
}

func TestRegexMatch(t *testing.T) {
	cases := []struct {
		s, re  string
		nocase bool
		ok     bool
		groups string
		err    bool
	}{
		{s: "abc", re: "(b)(c)$", ok: true, groups: "bc b c"},
		{s: "abc", re: "^(x)?a", ok: true, groups: "a "},
		{s: "aXb", re: "x", nocase: true, ok: true, groups: "X"},
		{s: "abc", re: "d", ok: false},
		{s: "abc", re: "(", err: true},
		{s: "ab", re: QuoteRegexp("a.") + "|b", ok: true, groups: "b"},
		{s: "aaa", re: "a*|aaa", ok: true, groups: "aaa"},
	}
	for _, c := range cases {
		ok, groups, err := RegexMatch(c.s, c.re, c.nocase)
		if (err != nil) != c.err || ok != c.ok || strings.Join(groups, " ") != c.groups {
			t.Errorf("RegexMatch(%q, %q) = %v %q %v", c.s, c.re, ok, groups, err)
		}
	}
}

// regexStatusCases are =~ patterns matched against "a{aa" and the
// status and BASH_REMATCH[0] bash gives: glibc's regcomp rejects some
// EREs that GNU grep reads literally.
var regexStatusCases = []struct{ re, want string }{
	{"{", "2 "}, {"a{1", "2 "}, {"a{1,}", "0 a"}, {"a{,2}", "0 a"}, {"{1}a", "2 "},
	{"a{}", "2 "}, {`a\{`, "0 a{"}, {"a{2,1}", "2 "}, {"*a", "2 "}, {"a**", "0 a"},
	{"+a", "2 "}, {"a|*b", "2 "}, {"()", "0 "}, {"a||b", "0 a"}, {"(|a)", "0 a"},
	{"[a", "2 "}, {"a]", "1 "}, {`a\`, "2 "}, {`\w`, "0 a"}, {`\d`, "1 "},
	{"x{1}{2}", "1 "}, {"^*", "2 "}, {"a{1}*", "0 a"}, {"(*a)", "2 "},
	{"[]{]+", "0 {"}, {"[[:alpha:]{]{2}", "0 a{"}, {"a(){1}", "0 a"},
	{`(a)\1`, "0 aa"}, {`\<a`, "0 a"}, {`a\>`, "0 a"}, {`\ba`, "0 a"}, {`\Ba`, "0 a"},
	{"a.a", "0 a{a"}, {"[^a]", "0 {"}, {"a+$", "0 aa"}, {"^(a|a{)+", "2 "}, {"(a*)*", "0 a"},
	{"\\{", "0 {"}, {"x*", "0 "}, {"[a-]+", "0 a"}, {"[z-a]", "2 "}, {"(", "2 "}, {")", "1 "},
}

func TestRegexStatus(t *testing.T) {
	run := func(re string) string {
		ok, g, err := RegexMatch("a{aa", re, false)
		switch {
		case err != nil:
			return "2 "
		case !ok:
			return "1 "
		}
		return "0 " + g[0]
	}
	for _, c := range regexStatusCases {
		if got := run(c.re); got != c.want {
			t.Errorf("%q =~ %q: got %q, want %q", "a{aa", c.re, got, c.want)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		return
	}
	var script strings.Builder
	for i, c := range regexStatusCases {
		fmt.Fprintf(&script, caseMarker+"(re=%s; [[ 'a{aa' =~ $re ]]; echo \"$? ${BASH_REMATCH[0]}\")\n", i, shellQuote(c.re))
	}
	compareHost(t, bash, script.String(), len(regexStatusCases), func(i int, out string) {
		if c := regexStatusCases[i]; out != c.want {
			t.Errorf("host bash differs from the table for =~ %q: bash %q, want %q", c.re, out, c.want)
		}
	})
}
