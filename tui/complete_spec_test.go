package tui

import (
	"slices"
	"strings"
	"testing"
)

func TestCompLine(t *testing.T) {
	tests := []struct {
		input string // ^ marks the cursor
		words []string
		index int
		line  string
		point int
	}{
		{"svc st^", []string{"svc", "st"}, 1, "svc st", 6},
		{"svc ^", []string{"svc", ""}, 1, "svc ", 4},
		{"ls | svc a^ b", []string{"svc", "a", "b"}, 1, "svc a b", 5},
		{`git commit -m "a b" ^`, []string{"git", "commit", "-m", `"a b"`, ""}, 4, `git commit -m "a b" `, 20},
		{"x ^ y", []string{"x", "", "y"}, 1, "x  y", 2},
		{`cp my\ fi^ z; ls`, []string{"cp", `my\ fi`, "z"}, 1, `cp my\ fi z`, 9},
	}
	for _, tc := range tests {
		var e editor
		i := strings.Index(tc.input, "^")
		e.Set(strings.Replace(tc.input, "^", "", 1))
		e.pos = len([]rune(tc.input[:i]))
		req := e.compLine()
		if !slices.Equal(req.Words, tc.words) || req.Index != tc.index || req.Line != tc.line || req.Point != tc.point {
			t.Errorf("%q: got %q %d %q %d, want %q %d %q %d", tc.input, req.Words, req.Index, req.Line, req.Point, tc.words, tc.index, tc.line, tc.point)
		}
	}
}

// complete -W and complete -F definitions are honoured by Tab, on the
// real session: `svc st` offers start/stop/status, a -F function gets
// COMP_WORDS and COMP_CWORD and its COMPREPLY is the menu.
func TestFlowCompleteSpecs(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	f.tm.Type(`complete -W "start stop status" svc; _pick() { COMPREPLY=($(compgen -W "$COMP_CWORD:${COMP_WORDS[0]} red green" -- "$2")); }; complete -F _pick pick; complete -o filenames -f files; mkdir -p "my dir"`)
	f.key("enter")
	f.waitFor("the definitions", func(m *model) bool { return finished(m) })
	f.tm.Type("svc st")
	f.key("tab")
	f.waitFor("the menu of svc", func(m *model) bool { return len(m.comp) == 3 })
	f.probe(func(m *model) {
		var got []string
		for _, c := range m.comp {
			got = append(got, c.display)
		}
		if strings.Join(got, " ") != "start status stop" || m.ed.String() != "svc st" {
			t.Errorf("svc st<Tab>: menu %q, line %q", got, m.ed.String())
		}
	})
	f.key("tab")
	f.waitFor("start in the line", func(m *model) bool { return m.ed.String() == "svc start " })
	f.key("enter") // keeps it
	f.key("ctrl+u")
	f.tm.Type("pick a g")
	f.key("tab")
	f.waitFor("green", func(m *model) bool { return m.ed.String() == "pick a green " })
	f.key("ctrl+u")
	f.tm.Type("pick a 2")
	f.key("tab")
	f.waitFor("COMP_CWORD:COMP_WORDS[0]", func(m *model) bool { return m.ed.String() == "pick a 2:pick " })
	f.key("ctrl+u")
	f.tm.Type("files my")
	f.key("tab")
	f.waitFor("a quoted directory", func(m *model) bool { return m.ed.String() == `files my\ dir/` })
	// After --opt= only what follows the = is completed, as bash cuts
	// words at COMP_WORDBREAKS; on an empty line complete -E's spec runs.
	f.key("ctrl+u")
	f.tm.Type(`complete -W "red green" colr; complete -E -W "hello"`)
	f.key("enter")
	f.waitFor("the definitions", func(m *model) bool { return finished(m) })
	f.tm.Type("colr --c=g")
	f.key("tab")
	f.waitFor("--c=green", func(m *model) bool { return m.ed.String() == "colr --c=green " })
	f.key("ctrl+u")
	f.key("tab")
	f.waitFor("the -E spec", func(m *model) bool { return m.ed.String() == "hello " })
	// And a line still runs as typed afterwards, with $? untouched.
	f.key("ctrl+u")
	f.tm.Type("echo $? ${COMP_WORDS-unset}")
	f.key("enter")
	f.waitFor("echo", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && strings.HasPrefix(b.cmd, "echo $?") && out == "0 unset"
	})
}
