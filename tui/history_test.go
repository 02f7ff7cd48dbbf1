package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// history -d and -c as bash 5.2 does them (the outputs are bash's for
// the same lines), and the file follows.
func TestHistoryDeleteAndClear(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 80, 24)
	for _, l := range []string{"echo a", "echo b", "echo c"} {
		runSync(t, m, l)
	}
	out := func(line string) string {
		runSync(t, m, line)
		_, o := lastBlock(m)
		return o
	}
	if got := out("history -d 2"); got != "" {
		t.Errorf("history -d 2 printed %q", got)
	}
	if got, want := out("history"), "    1  echo a\n    2  echo c\n    3  history -d 2\n    4  history"; got != want {
		t.Errorf("after -d 2:\n%s\nwant\n%s", got, want)
	}
	if got := out("history -d 99"); got != "bash: history: 99: history position out of range" || m.lastStatus != 1 {
		t.Errorf("history -d 99: %q status %d", got, m.lastStatus)
	}
	out("history -d 2-3")
	if got, want := out("history"), "    1  echo a\n    2  history\n    3  history -d 99\n    4  history -d 2-3\n    5  history"; got != want {
		t.Errorf("after -d 2-3:\n%s\nwant\n%s", got, want)
	}
	out("history -c")
	if got := out("history"); got != "    1  history" {
		t.Errorf("after -c: %q", got)
	}
	out("history -d -1")
	if len(m.hist.entries) != 1 {
		t.Errorf("history -d -1 left %q", m.hist.entries)
	}
}

func TestHistoryClearRewritesFile(t *testing.T) {
	f := startFlow(t, Options{})
	var path string
	f.probe(func(m *model) { path = m.histPath })
	for _, l := range []string{"echo secret-token", "history -c"} {
		f.tm.Type(l)
		f.key("enter")
		f.waitFor(l, finished)
	}
	f.waitFor("the file rewritten", func(*model) bool {
		b, err := os.ReadFile(path)
		return err == nil && !strings.Contains(string(b), "secret-token")
	})
	if filepath.Base(path) != "history" {
		t.Fatalf("history path %q", path)
	}
}
