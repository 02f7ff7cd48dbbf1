package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Tab on a name with a space, outside and inside quotes, and with
// several candidates whose escapes differ.
func TestCompletionQuoting(t *testing.T) {
	for _, tc := range []struct {
		files []string
		input string
		want  string
	}{
		{[]string{"a b.txt"}, "cat a", `cat a\ b.txt `},
		{[]string{"a b.txt"}, `cat "a`, `cat "a b.txt" `},
		{[]string{"a b.txt"}, `cat 'a`, `cat 'a b.txt' `},
		{[]string{"it's.txt"}, `cat 'it`, `cat 'it'\''s.txt' `},
		{[]string{`say "hi".txt`}, `cat "say`, `cat "say \"hi\".txt" `},
		{[]string{"x (1).txt"}, "cat x", `cat x\ \(1\).txt `},
		{[]string{"a b.txt", "a(c).txt"}, "cat a", `cat a`},
		{[]string{"my dir/f"}, `cat "my`, `cat "my dir/`},
		{[]string{"my dir/f"}, `cat "my dir/`, `cat "my dir/f" `},
		{[]string{"my dir/f"}, `cat my\ dir/`, `cat my\ dir/f `},
		{[]string{"a b.txt"}, `echo "x" a`, `echo "x" a\ b.txt `},
	} {
		sh := newFake()
		for _, f := range tc.files {
			p := "/home/user/" + f
			if i := len("/home/user/my dir"); len(p) > i && p[:i] == "/home/user/my dir" {
				sh.fs.MkdirAll("/home/user/my dir", 0o755)
			}
			sh.fs.WriteFile(p, nil, 0o644)
		}
		m := testModel(t, sh, 80, 24)
		m.ed.Set(tc.input)
		msg := m.complete()()
		m.onCompletions(msg.(compMsg))
		if got := m.ed.String(); got != tc.want {
			t.Errorf("%v: %q + Tab = %q, want %q", tc.files, tc.input, got, tc.want)
		}
	}
}

// The same through the program, on the real session.
func TestFlowCompleteEscaping(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	if err := f.sh.FS().WriteFile("/home/user/a b.txt", []byte("spaced\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.tm.Type(`cat "a`)
	f.key("tab")
	f.waitFor(`cat "a b.txt" `, func(m *model) bool { return m.ed.String() == `cat "a b.txt" ` })
	f.key("enter")
	f.waitFor("cat's output", func(m *model) bool {
		_, out := lastBlock(m)
		return finished(m) && out == "spaced"
	})
}

func TestParseOptions(t *testing.T) {
	help := "Usage: x\n  -a, --all                  do not ignore entries starting with .\n      --color[=WHEN]         color the output\n  -w, --width=COLS           set output width\n  -c                         with -lt: sort\n                               more text\n      --help     display this help and exit\n"
	got := parseOptions(help)
	if len(got) != 5 {
		t.Fatalf("%+v", got)
	}
	if got[0].names[0] != "-a" || got[0].names[1] != "--all" || got[0].desc != "do not ignore entries starting with ." || got[0].arg {
		t.Errorf("first: %+v", got[0])
	}
	if got[1].names[0] != "--color" || got[1].arg {
		t.Errorf("--color: %+v", got[1])
	}
	if got[2].names[1] != "--width" || !got[2].arg {
		t.Errorf("--width: %+v", got[2])
	}
}

// ls --al<Tab> lists ls's long options starting with --al, with their
// descriptions, from ls's own --help table (memsh's ls has no --author).
func TestFlowCompleteOptions(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	f.tm.Type("ls --al")
	f.key("tab")
	f.waitFor("the option menu", func(m *model) bool { return len(m.comp) > 0 })
	f.probe(func(m *model) {
		var names []string
		for _, c := range m.comp {
			names = append(names, strings.Fields(c.display)[0])
		}
		if got := strings.Join(names, " "); got != "--all --almost-all" {
			t.Errorf("candidates: %s", got)
		}
		if !strings.Contains(m.comp[0].display, "do not ignore entries starting with .") {
			t.Errorf("no description: %q", m.comp[0].display)
		}
	})
	f.key("tab")
	f.key("enter")
	f.waitFor("--all picked", func(m *model) bool { return m.ed.String() == "ls --all " })
	f.tm.Type("| wc --li")
	f.key("tab")
	f.waitFor("wc's option", func(m *model) bool { return m.ed.String() == "ls --all | wc --lines " })
}

// ~us completes a user of the sandbox's /etc/passwd.
func TestCompleteUser(t *testing.T) {
	sh := newFake()
	sh.fs.MkdirAll("/etc", 0o755)
	sh.fs.WriteFile("/etc/passwd", []byte("root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000::/home/user:/bin/bash\n"), 0o644)
	if got := completions(sh, "~us", false); len(got) != 1 || got[0].insert != "~user/" {
		t.Errorf("~us: %+v", got)
	}
	if got := completions(sh, "~", false); len(got) != 2 {
		t.Errorf("~: %+v", got)
	}
}

// Tab through the menu shows each candidate in the line; Esc restores
// what was typed, Enter keeps the one shown.
func TestMenuShowsSelection(t *testing.T) {
	sh := newFake()
	for _, n := range []string{"alpha.txt", "alps", "alto.md"} {
		sh.fs.WriteFile("/home/user/"+n, nil, 0o644)
	}
	m := testModel(t, sh, 80, 24)
	m.ed.Set("cat al")
	m.onCompletions(m.complete()().(compMsg))
	if m.comp == nil || m.ed.String() != "cat al" {
		t.Fatalf("menu %v, line %q", m.comp != nil, m.ed.String())
	}
	tab := tea.KeyPressMsg{Code: tea.KeyTab}
	m.onKey(tab)
	if m.ed.String() != "cat alpha.txt " {
		t.Fatalf("first tab: %q", m.ed.String())
	}
	m.onKey(tab)
	if m.ed.String() != "cat alps " {
		t.Fatalf("second tab: %q", m.ed.String())
	}
	m.onKey(tea.KeyPressMsg{Code: tea.KeyEscape})
	if m.ed.String() != "cat al" || m.comp != nil {
		t.Fatalf("esc: %q", m.ed.String())
	}
	m.onCompletions(m.complete()().(compMsg))
	m.onKey(tab)
	m.onKey(tea.KeyPressMsg{Code: tea.KeyEnter})
	if m.ed.String() != "cat alpha.txt " || m.comp != nil || m.job != nil {
		t.Fatalf("enter: %q, job %v", m.ed.String(), m.job != nil)
	}
}
