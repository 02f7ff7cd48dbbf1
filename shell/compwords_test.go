package shell

import (
	"slices"
	"testing"
)

// TestCompWords: COMP_WORDS, COMP_CWORD and $2 as bash 5.2 gives them at
// Tab with the default COMP_WORDBREAKS (recorded from an interactive
// bash with the cursor at the end of the line unless said).
func TestCompWords(t *testing.T) {
	for _, tc := range []struct {
		line  string
		point int // -1: end of line
		words []string
		cword int
		cur   string
	}{
		{"cmd --opt=val", -1, []string{"cmd", "--opt", "=", "val"}, 3, "val"},
		{"cmd --opt=", -1, []string{"cmd", "--opt", "="}, 2, ""},
		{"cmd host:path", -1, []string{"cmd", "host", ":", "path"}, 3, "path"},
		{"cmd host:", -1, []string{"cmd", "host", ":"}, 2, ""},
		{"cmd a:=b", -1, []string{"cmd", "a", ":=", "b"}, 3, "b"},
		{"cmd a := b", -1, []string{"cmd", "a", ":=", "b"}, 3, "b"},
		{`cmd "a=b" c`, -1, []string{"cmd", `"a=b"`, "c"}, 2, "c"},
		{`cmd 'x:y'`, -1, []string{"cmd", `'x:y'`}, 1, `'x:y'`},
		{`cmd 'x:y`, -1, []string{"cmd", `'x:y`}, 1, "x:y"},
		{`cmd "a b`, -1, []string{"cmd", `"a b`}, 1, "a b"},
		{`cmd a\ b`, -1, []string{"cmd", `a\ b`}, 1, `a\ b`},
		{`cmd a\:b`, -1, []string{"cmd", `a\:b`}, 1, `a\:b`},
		{`cmd a"b:c"d`, -1, []string{"cmd", `a"b:c"d`}, 1, `a"b:c"d`},
		{"cmd a>b", -1, []string{"cmd", "a", ">", "b"}, 3, "b"},
		{"cmd a b ", -1, []string{"cmd", "a", "b", ""}, 3, ""},
		{"cmd a =b", -1, []string{"cmd", "a", "=", "b"}, 3, "b"},
		{"cmd x y=$HOME:a", -1, []string{"cmd", "x", "y", "=", "$HOME", ":", "a"}, 6, "a"},
		{"", 0, nil, -1, ""},
		{"cmd ab cd", 5, []string{"cmd", "ab", "cd"}, 1, "a"},
		{"cmd  cd", 4, []string{"cmd", "", "cd"}, 1, ""},
	} {
		p := tc.point
		if p < 0 {
			p = len(tc.line)
		}
		words, cword, cur := compWords(tc.line, p, defaultWordBreaks)
		if !slices.Equal(words, tc.words) || cword != tc.cword || cur != tc.cur {
			t.Errorf("%q at %d: got %q %d %q, want %q %d %q", tc.line, p, words, cword, cur, tc.words, tc.cword, tc.cur)
		}
	}
}
