package tui

import (
	"testing"
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
