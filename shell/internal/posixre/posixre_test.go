package posixre

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// grepO mimics `grep -o [-i] [-w] [-x]` over the lines of input: every
// non-empty match, one per line.
func grepO(re *Regexp, input string) string {
	var out strings.Builder
	for _, line := range strings.SplitAfter(input, "\n") {
		line = strings.TrimSuffix(line, "\n")
		for _, m := range re.FindAllSubmatchIndex([]byte(line), -1) {
			if m[1] > m[0] {
				out.WriteString(line[m[0]:m[1]] + "\n")
			}
		}
	}
	return out.String()
}

// diffInput is the text every differential pattern is run over.
const diffInput = "abc\naaa\nabab\nfoo bar baz\nfoo_bar foobar\n" +
	"a{1}\n*star\n+plus\nx.y\nxay\n(paren)\n[br]\nback\\slash\n" +
	"héllo wörld\nÉcole école\n12 345 6789\ntab\there\n" +
	"abcabc\nabcab\nxyzzy\naXbXc\n$dollar^caret\n" +
	"the cat sat on the mat\nmississippi\n^hat\n^^hh\n\n"

type reCase struct {
	syntax  Syntax
	flags   Flags
	pattern string
}

var reCases = []reCase{
	{BRE, 0, "a"}, {BRE, 0, "ab*"}, {BRE, 0, "a\\+"}, {BRE, 0, "a\\?b"},
	{BRE, 0, "\\(ab\\)\\1"}, {BRE, 0, "\\(a\\)\\(b\\)\\2\\1"}, {BRE, 0, "\\(.\\)\\1"},
	{BRE, 0, "a\\|b"}, {BRE, 0, "*star"}, {BRE, 0, "^*"}, {BRE, 0, "\\{1\\}"},
	{BRE, 0, "a\\{2\\}"}, {BRE, 0, "a\\{1,2\\}"}, {BRE, 0, "a\\{,2\\}"}, {BRE, 0, "a\\{2,\\}"},
	{BRE, 0, "a{1}"}, {BRE, 0, "x.y"}, {BRE, 0, "x\\.y"}, {BRE, 0, "[[:digit:]]\\+"},
	{BRE, 0, "[[:alpha:]]*"}, {BRE, 0, "[^a-z ]\\+"}, {BRE, 0, "[]b[]"}, {BRE, 0, "[a-]"},
	{BRE, 0, "\\<foo"}, {BRE, 0, "bar\\>"}, {BRE, 0, "\\bba"}, {BRE, 0, "\\Bar"},
	{BRE, 0, "\\w\\+"}, {BRE, 0, "\\W"}, {BRE, 0, "\\s"}, {BRE, 0, "\\S\\+"},
	{BRE, 0, "$dollar"}, {BRE, 0, "caret^"}, {BRE, 0, "\\$"}, {BRE, 0, "^\\(ab\\)*"},
	{BRE, 0, "\\(a*\\)*"}, {BRE, 0, "\\(a\\|ab\\)\\(c\\|bcd\\)"}, {BRE, 0, "s\\(s\\|i\\)*"},
	{BRE, 0, "\\(.*\\)\\1"}, {BRE, 0, "\\([a-z]\\)\\1"}, {BRE, 0, "\\<\\w"}, {BRE, 0, "\\w\\>"},
	{BRE, 0, "\\`a"}, {BRE, 0, "c\\'"}, {BRE, 0, "back\\\\"}, {BRE, 0, "[\\]"},
	{ERE, 0, "a|b"}, {ERE, 0, "(ab)+"}, {ERE, 0, "(a|ab)(c|bcd)"}, {ERE, 0, "a{2}"},
	{BRE, 0, "^^h"}, {BRE, 0, "^^*h"}, {BRE, 0, "\\(^^h\\)"}, {ERE, 0, "^^h"}, {BRE, 0, "x\\|^^h"},
	{ERE, 0, "a{"}, {ERE, 0, "a{1"}, {ERE, 0, "\\{1\\}"}, {ERE, 0, "a+?"},
	{ERE, 0, "(a)(b)?\\2"}, {ERE, 0, "(.)\\1"}, {ERE, 0, "^(ab|a)(bab)?$"}, {ERE, 0, "[[:upper:]]"},
	{ERE, 0, "(s|i)+p"}, {ERE, 0, "\\<(the|cat)\\>"}, {ERE, 0, "x|"}, {ERE, 0, "()"},
	{ERE, 0, "[[:punct:]]+"}, {ERE, 0, "[[:space:]]"}, {ERE, 0, "(ss|s)+i"}, {ERE, 0, "o\\b"},
	{BRE, IgnoreCase, "école"}, {BRE, IgnoreCase, "A\\(B\\)\\1"}, {ERE, IgnoreCase, "[[:upper:]]+"},
	{ERE, IgnoreCase, "x[A-Z]y"}, {ERE, IgnoreCase, "(a)\\1"},
	{BRE, WholeWord, "foo"}, {BRE, WholeWord, "bar"}, {BRE, WholeWord, "a*"}, {ERE, WholeWord, "[a-z]+"},
	{ERE, WholeWord, "ab|abc"}, {BRE, WholeLine, "a*"}, {ERE, WholeLine, "abc|aaa"}, {BRE, WholeLine, "\\(ab\\)*"},
}

func gnuArgs(c reCase) []string {
	args := []string{"-o"}
	if c.syntax == ERE {
		args = append(args, "-E")
	} else {
		args = append(args, "-G")
	}
	if c.flags&IgnoreCase != 0 {
		args = append(args, "-i")
	}
	if c.flags&WholeWord != 0 {
		args = append(args, "-w")
	}
	if c.flags&WholeLine != 0 {
		args = append(args, "-x")
	}
	return append(args, "-e", c.pattern)
}

// TestDifferentialGNUGrepCLocale runs every case in bytes mode against
// GNU grep with LC_ALL=C, over text with UTF-8 and invalid bytes.
func TestDifferentialGNUGrepCLocale(t *testing.T) {
	path, err := exec.LookPath("grep")
	if err != nil {
		t.Skip("no grep on the host")
	}
	if v, _ := exec.Command(path, "--version").Output(); !bytes.Contains(v, []byte("GNU grep")) {
		t.Skip("host grep is not GNU grep")
	}
	input := diffInput + "x\xffy a\xe9b\n"
	cases := append(reCases, reCase{BRE, 0, "x.y"}, reCase{ERE, 0, "a.b"}, reCase{ERE, IgnoreCase, "\xc9"}, reCase{BRE, 0, "[^a-z ]"})
	for _, c := range cases {
		cmd := exec.Command(path, append([]string{"-a"}, gnuArgs(c)...)...)
		cmd.Env = []string{"LC_ALL=C"}
		cmd.Stdin = strings.NewReader(input)
		want, _ := cmd.Output()
		re, err := Compile(c.pattern, c.syntax, c.flags|Bytes)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := grepO(re, input); got != string(want) {
			t.Errorf("LC_ALL=C grep %v:\ngot:\n%q\nwant:\n%q", gnuArgs(c), got, want)
		}
	}
}

// TestDifferentialGNUGrep runs every case through GNU grep -o on the host,
// where there is one, and compares the matched text.
func TestDifferentialGNUGrep(t *testing.T) {
	path, err := exec.LookPath("grep")
	if err != nil {
		t.Skip("no grep on the host")
	}
	if v, _ := exec.Command(path, "--version").Output(); !bytes.Contains(v, []byte("GNU grep")) {
		t.Skip("host grep is not GNU grep")
	}
	for _, c := range reCases {
		cmd := exec.Command(path, gnuArgs(c)...)
		cmd.Env = []string{"LC_ALL=C.UTF-8"}
		cmd.Stdin = strings.NewReader(diffInput)
		want, _ := cmd.Output()
		re, err := Compile(c.pattern, c.syntax, c.flags)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := grepO(re, diffInput); got != string(want) {
			t.Errorf("grep %v:\ngot:\n%s\nwant:\n%s", gnuArgs(c), got, want)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		syntax  Syntax
		pattern string
		want    string
	}{
		{ERE, "(", "Unmatched ( or \\("},
		{BRE, "\\(", "Unmatched ( or \\("},
		{BRE, "\\)", "Unmatched ) or \\)"},
		{BRE, "a\\{1", "Unmatched \\{"},
		{BRE, "a\\{1,2", "Unmatched \\{"},
		{BRE, "a\\{x\\}", "Invalid content of \\{\\}"},
		{ERE, "a{2,1}", "Invalid content of \\{\\}"},
		{BRE, "a\\{99999\\}", "Regular expression too big"},
		{BRE, "\\(a\\{1000\\}\\)\\{1000\\}", "Regular expression too big (more than 131072 compiled states)"},
		{BRE, "x\\", "Trailing backslash"},
		{BRE, "[a", "Unmatched [, [^, [:, [., or [="},
		{BRE, "[[:alpha:]", "Unmatched [, [^, [:, [., or [="},
		{BRE, "[[:foo:]]", "Invalid character class name"},
		{BRE, "[z-a]", "Invalid range end"},
		{BRE, "[[:alpha:]-z]", "Invalid range end"},
		{ERE, "[a-c-e]", "Invalid range end"},
		{BRE, "[:alpha:]", "character class syntax is [[:space:]], not [:space:]"},
		{BRE, "\\2", "Invalid back reference"},
		{BRE, "\\(a\\)\\2", "Invalid back reference"},
		{ERE, "(a)\\2", "Invalid back reference"},
	} {
		_, err := Compile(c.pattern, c.syntax, 0)
		if err == nil || err.Error() != c.want {
			t.Errorf("Compile(%q) = %v, want %q", c.pattern, err, c.want)
		}
	}
}

func TestWarnings(t *testing.T) {
	for pat, want := range map[string]string{"*a": "* at start of expression", "a|+b": "+ at start of expression", "(?a)": "? at start of expression", "^*": "* at start of expression"} {
		re, err := Compile(pat, ERE, 0)
		if err != nil || len(re.Warnings()) != 1 || re.Warnings()[0] != want {
			t.Errorf("Compile(%q): warnings %v, err %v; want %q", pat, re.Warnings(), err, want)
		}
	}
}

func TestBytes(t *testing.T) {
	// Invalid UTF-8 and NUL: no panic, an invalid byte matches only itself.
	re, err := Compile("a.b", BRE, 0)
	if err != nil {
		t.Fatal(err)
	}
	if re.Match([]byte("a\xffb")) {
		t.Error(". matched an invalid byte")
	}
	if !re.Match([]byte("a\x00b")) {
		t.Error(". did not match NUL")
	}
	re, err = Compile("\\(a\xff\\)\\1", BRE, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := re.FindIndex([]byte("xa\xffa\xff")); len(got) != 2 || got[0] != 1 || got[1] != 5 {
		t.Errorf("raw byte back-reference: %v", got)
	}
}

func TestSubmatch(t *testing.T) {
	for _, c := range []struct {
		syntax  Syntax
		pattern string
		text    string
		want    []int
	}{
		{ERE, "(a*)(a*)", "aaa", []int{0, 3, 0, 3, 3, 3}},
		{ERE, "(.)*", "abc", []int{0, 3, 2, 3}},
		{BRE, "\\(a\\)\\1\\(b\\)*", "aabb", []int{0, 4, 0, 1, 3, 4}},
		{ERE, "x(y)?", "x", []int{0, 1, -1, -1}},
		{ERE, "\\<(b)\\1", "abb bb", []int{4, 6, 4, 5}},
	} {
		re, err := Compile(c.pattern, c.syntax, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := re.FindSubmatchIndex([]byte(c.text))
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q on %q: %v, want %v", c.pattern, c.text, got, c.want)
		}
	}
}

func TestBacktrackLimit(t *testing.T) {
	// 2^29 ways to split the first run, none leaving an even second run.
	re, err := Compile("\\(a*\\)*b\\1\\1b", BRE, 0)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("a", 30) + "b" + strings.Repeat("a", 31) + "b"
	if re.Match([]byte(text)) {
		t.Error("matched an odd run")
	}
	if re.Err() == nil || !strings.Contains(re.Err().Error(), "50000000") {
		t.Errorf("want an error naming the step limit, got %v", re.Err())
	}
}

// TestEachMatchesFindAll: the streaming walk and the collecting one agree,
// on each line and across lines (Multiline, anchors mid-text).
func TestEachMatchesFindAll(t *testing.T) {
	for _, c := range reCases {
		for _, flags := range []Flags{c.flags, c.flags | Multiline} {
			re, err := Compile(c.pattern, c.syntax, flags)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range append(strings.Split(diffInput, "\n"), diffInput) {
				var each [][]int
				re.EachSubmatchIndex([]byte(text), func(m []int) bool {
					each = append(each, m)
					return true
				})
				if all := re.FindAllSubmatchIndex([]byte(text), -1); fmt.Sprint(each) != fmt.Sprint(all) {
					t.Errorf("%q (flags %d) on %q:\neach %v\nall  %v", c.pattern, flags, text, each, all)
				}
			}
		}
	}
}
