package interp

import (
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// patCase is a pattern operation and what bash gives. op is "match"
// ([[ s == pat ]]: "0" or "1"), "#", "##", "%", "%%", "/", "//", "/#",
// "/%" (the ${s OP pat} expansion, rep after the pattern for /).
type patCase struct {
	op, s, pat, rep string
	flags           PatternFlags
	want            string
}

var patCases = []patCase{
	{op: "match", s: "abc", pat: "a*", want: "0"},
	{op: "match", s: "abc", pat: "a?c", want: "0"},
	{op: "match", s: "abc", pat: "a?", want: "1"},
	{op: "match", s: "", pat: "*", want: "0"},
	{op: "match", s: "a/b", pat: "*", want: "0"},
	{op: "match", s: "a]", pat: "[a]]*", want: "0"},
	{op: "match", s: "]", pat: "[]]", want: "0"},
	{op: "match", s: "x", pat: "[!]]", want: "0"},
	{op: "match", s: "]", pat: "[!]]", want: "1"},
	{op: "match", s: "-", pat: "[a-]", want: "0"},
	{op: "match", s: "[", pat: "[", want: "0"},
	{op: "match", s: "[a", pat: "[a", want: "0"},
	{op: "match", s: `\`, pat: `\\`, want: "0"},
	{op: "match", s: "a", pat: `\a`, want: "0"},
	{op: "match", s: "*", pat: `\*`, want: "0"},
	{op: "match", s: "x", pat: `\*`, want: "1"},
	{op: "match", s: "é", pat: "?", want: "0"},
	{op: "match", s: "\xff", pat: "?", want: "0"},
	{op: "match", s: "\xffa", pat: "\xff?", want: "0"},
	{op: "match", s: "b", pat: "[[:alpha:]]", want: "0"},
	{op: "match", s: "b", pat: "[[:alpa:]]", want: "1"},
	{op: "match", s: "5", pat: "[[:digit:][:upper:]]", want: "0"},
	{op: "match", s: " ", pat: "[[:space:]]", want: "0"},
	{op: "match", s: "!", pat: "[[:punct:]]", want: "0"},
	{op: "match", s: "é", pat: "[[:alpha:]]", want: "0"},
	{op: "match", s: "É", pat: "[[:upper:]]", want: "0"},
	{op: "match", s: "ß", pat: "[[:lower:]]", want: "0"},
	{op: "match", s: "€", pat: "[[:punct:]]", want: "0"},
	{op: "match", s: "~", pat: "[[:punct:]]", want: "0"},
	{op: "match", s: "é", pat: "[a-z]", want: "1"},
	{op: "match", s: "-", pat: "[[:alpha:]-z]", want: "0"},
	{op: "match", s: "٣", pat: "[[:digit:]]", want: "1"},
	{op: "match", s: "٣", pat: "[[:alnum:]]", want: "0"},
	{op: "match", s: " ", pat: "[[:graph:]]", want: "1"},
	{op: "match", s: " ", pat: "[[:print:]]", want: "0"},
	{op: "match", s: "x", pat: "[z-a]", want: "1"},
	{op: "match", s: "_", pat: "[[:word:]]", want: "0"},
	{op: "match", s: "B", pat: "[a-c]", want: "1"},
	{op: "match", s: "a", pat: "[[:upper:]]", flags: PatNoCase, want: "1"},
	{op: "match", s: "A", pat: "[[:lower:]]", flags: PatNoCase, want: "1"},
	{op: "match", s: "a", pat: "[B-Z]", flags: PatNoCase, want: "1"},
	{op: "match", s: "b", pat: "[A-Z]", flags: PatNoCase, want: "0"},
	{op: "match", s: "É", pat: "é", flags: PatNoCase, want: "0"},
	{op: "match", s: "é", pat: "[É]", flags: PatNoCase, want: "0"},
	{op: "match", s: "ß", pat: "ẞ", flags: PatNoCase, want: "0"},
	{op: "match", s: "s", pat: "ſ", flags: PatNoCase, want: "1"},
	{op: "match", s: "a", pat: "[!A]", flags: PatNoCase, want: "1"},
	{op: "match", s: "Ab", pat: "a*", flags: PatNoCase, want: "0"},
	{op: "match", s: "B", pat: "[a-c]", flags: PatNoCase, want: "0"},
	{op: "match", s: "ABC", pat: "a*c", flags: PatNoCase, want: "0"},
	{op: "match", s: "x", pat: "[[.x.]]", want: "0"},
	{op: "match", s: "x", pat: "[[=x=]]", want: "0"},
	{op: "match", s: "a", pat: `[\]]`, want: "1"},
	{op: "match", s: "]", pat: `[\]]`, want: "0"},
	{op: "match", s: "a", pat: "[^b]", want: "0"},
	{op: "match", s: "abcd", pat: "*b*d", want: "0"},
	{op: "match", s: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", pat: "*a*a*a*a*a*a*a*c", want: "1"},
	{op: "match", s: "", pat: "!(x)", flags: PatExtglob, want: "0"},
	{op: "match", s: "xx", pat: "!(x)", flags: PatExtglob, want: "0"},
	{op: "match", s: "x", pat: "!(x)", flags: PatExtglob, want: "1"},
	{op: "match", s: "ab", pat: "@(a|ab)", flags: PatExtglob, want: "0"},
	{op: "match", s: "aaab", pat: "+(a)b", flags: PatExtglob, want: "0"},
	{op: "match", s: "b", pat: "+(a)b", flags: PatExtglob, want: "1"},
	{op: "match", s: "b", pat: "*(a)b", flags: PatExtglob, want: "0"},
	{op: "match", s: "ab", pat: "?(a)b", flags: PatExtglob, want: "0"},
	{op: "match", s: "aab", pat: "?(a)b", flags: PatExtglob, want: "1"},
	{op: "match", s: "foo.c", pat: "!(*.h)", flags: PatExtglob, want: "0"},
	{op: "match", s: "foo.h", pat: "!(*.h)", flags: PatExtglob, want: "1"},
	{op: "match", s: "abab", pat: "*(ab|cd)", flags: PatExtglob, want: "0"},
	{op: "match", s: "abcdx", pat: "+(ab|cd)x", flags: PatExtglob, want: "0"},
	{op: "match", s: "a(b)", pat: "a(b)", flags: PatExtglob, want: "0"},
	{op: "match", s: "@(a", pat: "@(a", flags: PatExtglob, want: "0"},
	{op: "match", s: "xay", pat: "x@(a|+(b))y", flags: PatExtglob, want: "0"},
	{op: "match", s: "xbbby", pat: "x@(a|+(b))y", flags: PatExtglob, want: "0"},
	{op: "match", s: "ABab", pat: "+(ab)", flags: PatExtglob | PatNoCase, want: "0"},
	{op: "match", s: "aaaaaaaaaaaaaaaa", pat: "*(a|aa|aaa)*(a|aa)b", flags: PatExtglob, want: "1"},

	{op: "match", s: "abc", pat: "a!(b)c", flags: PatExtglob, want: "1"},
	{op: "match", s: "axc", pat: "a!(b)c", flags: PatExtglob, want: "0"},
	{op: "match", s: "ac", pat: "a!(b)c", flags: PatExtglob, want: "0"},
	{op: "match", s: "abbc", pat: "a!(b)c", flags: PatExtglob, want: "0"},
	{op: "match", s: "foo", pat: "!(f*)", flags: PatExtglob, want: "1"},
	{op: "match", s: "bar", pat: "!(f*)", flags: PatExtglob, want: "0"},
	{op: "match", s: "foo.txt", pat: "*.!(txt)", flags: PatExtglob, want: "1"},
	{op: "match", s: "foo.txt", pat: "!(*.txt|*.md)", flags: PatExtglob, want: "1"},
	{op: "match", s: "a.b", pat: "@(a|b).@(a|b)", flags: PatExtglob, want: "0"},
	{op: "match", s: "", pat: "*(a)", flags: PatExtglob, want: "0"},
	{op: "match", s: "", pat: "+(a)", flags: PatExtglob, want: "1"},
	{op: "match", s: "aXbx", pat: "*(a|[[:upper:]]|b)x", flags: PatExtglob, want: "0"},
	{op: "match", s: "a|b", pat: "a|b", flags: PatExtglob, want: "0"},
	{op: "match", s: "ab", pat: "a|b", want: "1"},
	{op: "match", s: "x)", pat: "@(x\\))", flags: PatExtglob, want: "0"},
	{op: "match", s: "ab", pat: "@(a)@(b)", flags: PatExtglob, want: "0"},
	{op: "match", s: "?(a)", pat: "?(a)", want: "0"},
	{op: "match", s: "a", pat: "?(a)", want: "1"},
	{op: "#", s: "aaab", pat: "*(a)", flags: PatExtglob, want: "aaab"},
	{op: "##", s: "aaab", pat: "*(a)", flags: PatExtglob, want: "b"},
	{op: "%%", s: "abccc", pat: "+(c)", flags: PatExtglob, want: "ab"},
	{op: "%", s: "abccc", pat: "+(c)", flags: PatExtglob, want: "abcc"},
	{op: "//", s: "a1b22c333", pat: "+([0-9])", rep: "#", flags: PatExtglob, want: "a#b#c#"},
	{op: "//", s: "hello world", pat: "o", rep: "0", want: "hell0 w0rld"},
	{op: "/", s: "hello", pat: "l*", rep: "L", want: "heL"},
	{op: "//", s: "aaa", pat: "aa", rep: "b", want: "ba"},
	{op: "#", s: "abcabc", pat: "*b", want: "cabc"},
	{op: "##", s: "abcabc", pat: "*b", want: "c"},
	{op: "%", s: "abcabc", pat: "b*", want: "abca"},
	{op: "%%", s: "abcabc", pat: "b*", want: "a"},
	{op: "#", s: "abc", pat: "x", want: "abc"},
	{op: "#", s: "abc", pat: "", want: "abc"},
	{op: "%", s: "abc", pat: "", want: "abc"},
	{op: "##", s: "abc", pat: "*", want: ""},
	{op: "#", s: "abc", pat: "*", want: "abc"},
	{op: "%", s: "a.b.c", pat: ".*", want: "a.b"},
	{op: "%%", s: "a.b.c", pat: ".*", want: "a"},
	{op: "#", s: "/usr/lib/x", pat: "*/", want: "usr/lib/x"},
	{op: "##", s: "/usr/lib/x", pat: "*/", want: "x"},
	{op: "%", s: "foo.tar.gz", pat: ".@(gz|bz2)", flags: PatExtglob, want: "foo.tar"},
	{op: "##", s: "foo.tar.gz", pat: "+([a-z]).", flags: PatExtglob, want: "tar.gz"},
	{op: "/", s: "ABC", pat: "a", rep: "x", flags: PatNoCase, want: "xBC"},
	{op: "//", s: "ABC", pat: "b", rep: "y", flags: PatNoCase, want: "AyC"},
	{op: "#", s: "héllo", pat: "h?", want: "llo"},

	{op: "/", s: "abcabc", pat: "b", rep: "X", want: "aXcabc"},
	{op: "//", s: "abcabc", pat: "b", rep: "X", want: "aXcaXc"},
	{op: "//", s: "abcabc", pat: "b*", rep: "X", want: "aX"},
	{op: "//", s: "abc", pat: "?", rep: "<&>", want: "<a><b><c>"},
	{op: "//", s: "abc", pat: "?", rep: `\&`, want: "&&&"},
	{op: "/#", s: "abc", pat: "", rep: "-", want: "-abc"},
	{op: "/%", s: "abc", pat: "", rep: "-", want: "abc-"},
	{op: "/#", s: "abcab", pat: "a*b", rep: "-", want: "-"},
	{op: "/%", s: "abcab", pat: "b", rep: "-", want: "abca-"},
	{op: "/#", s: "abc", pat: "b", rep: "-", want: "abc"},
	{op: "//", s: "abcabc", pat: "*(z)", rep: "-", flags: PatExtglob, want: "-a-b-c-a-b-c"},
	{op: "//", s: "abc", pat: "b*(z)", rep: "-", flags: PatExtglob, want: "a-c"},
	{op: "//", s: "aaa", pat: "a", rep: "", want: ""},
	{op: "/", s: "abc", pat: "", rep: "X", want: "abc"},
	{op: "//", s: "a.b.c", pat: `\.`, rep: "/", want: "a/b/c"},
}

func (c patCase) run() string {
	p := CompilePattern(c.pat, c.flags)
	switch c.op {
	case "match":
		return strconv.Itoa(boolStatus(p.Match(c.s)))
	case "#", "##":
		return p.TrimPrefix(c.s, c.op == "##")
	case "%", "%%":
		return p.TrimSuffix(c.s, c.op == "%%")
	case "/":
		return p.Replace(c.s, c.rep, ReplaceFirst, true)
	case "//":
		return p.Replace(c.s, c.rep, ReplaceAll, true)
	case "/#":
		return p.Replace(c.s, c.rep, ReplacePrefix, true)
	case "/%":
		return p.Replace(c.s, c.rep, ReplaceSuffix, true)
	}
	panic("bad op " + c.op)
}

func (c patCase) script() string {
	var b strings.Builder
	if c.flags&PatExtglob != 0 {
		b.WriteString("shopt -s extglob\n")
	}
	if c.flags&PatNoCase != 0 {
		b.WriteString("shopt -s nocasematch\n")
	}
	fmt.Fprintf(&b, "s=%s p=%s r=%s\n", shellQuote(c.s), shellQuote(c.pat), shellQuote(c.rep))
	switch c.op {
	case "match":
		// case, not [[ ]]: [[ == ]] matches as if extglob were on.
		b.WriteString("case $s in $p) echo 0;; *) echo 1;; esac\n")
	case "/", "//", "/#", "/%":
		fmt.Fprintf(&b, "printf '%%s\\n' \"${s%s$p/$r}\"\n", c.op)
	default:
		fmt.Fprintf(&b, "printf '%%s\\n' \"${s%s$p}\"\n", c.op)
	}
	return b.String()
}

func TestPattern(t *testing.T) {
	for _, c := range patCases {
		if got := c.run(); got != c.want {
			t.Errorf("%s %q %q %q (flags %d): got %q, want %q", c.op, c.s, c.pat, c.rep, c.flags, got, c.want)
		}
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		return
	}
	var script strings.Builder
	for i, c := range patCases {
		fmt.Fprintf(&script, caseMarker+"( %s)\n", i, c.script())
	}
	compareHost(t, bash, script.String(), len(patCases), func(i int, host string) {
		c := patCases[i]
		if got := c.run(); got != host {
			t.Errorf("host bash differs: %s %q %q %q (flags %d): bash %q, memsh %q", c.op, c.s, c.pat, c.rep, c.flags, host, got)
		}
	})
}

// caseMarker starts case N's output in a host script: a record
// separator, which no case prints.
const caseMarker = "printf '\\036%d\\n'\n"

// compareHost runs script (cases started by caseMarker) in bash and
// calls check with each case's output, less its final newline.
func compareHost(t *testing.T, bash, script string, n int, check func(i int, out string)) {
	t.Helper()
	cmd := exec.Command(bash)
	cmd.Stdin = strings.NewReader(script + "exit 0\n")
	cmd.Env = []string{"LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("host bash: %v\n%s", err, out)
	}
	parts := strings.Split(string(out), "\x1e")[1:]
	if len(parts) != n {
		t.Fatalf("host bash printed %d results for %d cases", len(parts), n)
	}
	for _, p := range parts {
		num, body, _ := strings.Cut(p, "\n")
		i, _ := strconv.Atoi(num)
		check(i, strings.TrimSuffix(body, "\n"))
	}
}

// TestPatternContext: ${x//*(a)b/} over a long run of a's is quadratic
// (in bash too); a cancelled context stops it and leaves s as it was.
func TestPatternContext(t *testing.T) {
	s := strings.Repeat("a", 200000)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := CompilePattern("*(a)b", PatExtglob).WithContext(ctx)
	if got := p.Replace(s, "", ReplaceAll, true); got != s {
		t.Error("Replace went on after its context was cancelled")
	}
	if got := p.TrimSuffix(s, false); got != s {
		t.Error("TrimSuffix went on after its context was cancelled")
	}
	if got := p.TrimPrefix(s, true); got != s {
		t.Error("TrimPrefix went on after its context was cancelled")
	}
	if !CompilePattern("*(a)", PatExtglob).WithContext(context.Background()).Match("aaa") {
		t.Error("a live context changed a match")
	}
}
