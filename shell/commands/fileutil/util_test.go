package fileutil

import (
	"testing"

	"memsh/shell/command"
)

// quoteNames are odd file names with how GNU coreutils 9 quotes them
// under LANG=C.UTF-8: quoteaf (rm, always quoted), quotef (cat, a name
// leading a message) and ls's shell-escape style.
var quoteNames = []struct{ name, always, colon, ls string }{
	{"{", "'{'", "'{'", "'{'"},
	{"}", "'}'", "'}'", "'}'"},
	{"{}", "'{}'", "{}", "{}"},
	{"a b", "'a b'", "'a b'", "'a b'"},
	{"'", `"'"`, `"'"`, `"'"`},
	{"$x", "'$x'", "'$x'", "'$x'"},
	{"*", "'*'", "'*'", "'*'"},
	{"a\tb", `'a'$'\t''b'`, `'a'$'\t''b'`, `'a'$'\t''b'`},
	{"a\nb", `'a'$'\n''b'`, `'a'$'\n''b'`, `'a'$'\n''b'`},
	{"\uFFFD", "'\uFFFD'", "\uFFFD", "\uFFFD"},
	{"\xff", `''$'\377'`, `''$'\377'`, `''$'\377'`},
	{":", "':'", "':'", ":"},
	{"a:b", "'a:b'", "'a:b'", "a:b"},
	{"#a", "'#a'", "'#a'", "'#a'"},
	{"a#", "'a#'", "a#", "a#"},
	{"~", "'~'", "'~'", "'~'"},
	{"it's", `"it's"`, `"it's"`, `"it's"`},
	{"a'b$c", `'a'\''b$c'`, `'a'\''b$c'`, `'a'\''b$c'`},
	{"é", "'é'", "é", "é"},
	{"\u0085", `''$'\302\205'`, `''$'\302\205'`, `''$'\302\205'`},
}

func TestQuoteStyles(t *testing.T) {
	for _, c := range quoteNames {
		if got := quote(utf8Inv(), c.name); got != c.always {
			t.Errorf("quote(%q) = %q, want %q", c.name, got, c.always)
		}
		if got := quoteColon(utf8Inv(), c.name); got != c.colon {
			t.Errorf("quoteColon(%q) = %q, want %q", c.name, got, c.colon)
		}
		if got := quoteName(utf8Inv(), c.name); got != c.ls {
			t.Errorf("quoteName(%q) = %q, want %q", c.name, got, c.ls)
		}
	}
}

// TestRmQuotedNames: rm's messages quote the name as GNU rm does.
func TestRmQuotedNames(t *testing.T) {
	var cases []command.Case
	for _, c := range quoteNames {
		cases = append(cases, command.Case{
			Args:   []string{"rm", c.name},
			Stderr: "rm: cannot remove " + c.always + ": No such file or directory\n",
			Status: 1,
		})
	}
	runCases(t, runRm, cases)
}

// utf8Inv is an invocation in memsh's default UTF-8 locale, for the
// quoting helpers.
func utf8Inv() *command.Invocation {
	return &command.Invocation{Environ: []string{"LANG=C.UTF-8"}}
}
