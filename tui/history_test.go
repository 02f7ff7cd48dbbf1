package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
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

// Up walks only the entries starting with what was typed; Down comes
// back to it.
func TestHistoryPrefixFilter(t *testing.T) {
	m := testModel(t, newFake(), 80, 24)
	for _, e := range []string{"git status", "ls -l", "git log", "git log", "echo hi"} {
		m.hist.add(e, histMeta{})
	}
	m.histIdx = len(m.hist.entries)
	for _, r := range "git" {
		m.onKey(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	up := func() string { m.onKey(tea.KeyPressMsg{Code: tea.KeyUp}); return m.ed.String() }
	down := func() string { m.onKey(tea.KeyPressMsg{Code: tea.KeyDown}); return m.ed.String() }
	if got := up(); got != "git log" {
		t.Fatalf("up: %q", got)
	}
	if got := up(); got != "git status" {
		t.Fatalf("up again: %q", got)
	}
	if got := up(); got != "git status" {
		t.Fatalf("up at the oldest match: %q", got)
	}
	if got := down(); got != "git log" {
		t.Fatalf("down: %q", got)
	}
	if got := down(); got != "git" {
		t.Fatalf("down to the typed text: %q", got)
	}
	m.ed.Reset()
	m.histIdx = len(m.hist.entries)
	if got := up(); got != "echo hi" {
		t.Fatalf("up on an empty prompt: %q", got)
	}
	if got := up(); got != "git log" {
		t.Fatalf("up on an empty prompt, again: %q", got)
	}
}

// HISTCONTROL, HISTIGNORE and HISTSIZE as bash reads them.
func TestHistControl(t *testing.T) {
	h := &history{}
	h.setControl("", false, "", "")
	if !h.ignoreSpace || !h.ignoreDups || h.size != maxHistory {
		t.Fatalf("defaults: %+v", h)
	}
	h.setControl("", true, "", "3")
	for _, e := range []string{"a", "a", " b", "c", "d"} {
		h.add(e, histMeta{})
	}
	if got := strings.Join(h.entries, ","); got != " b,c,d" {
		t.Errorf("HISTCONTROL= HISTSIZE=3: %q", got)
	}
	h = &history{}
	h.setControl("ignorespace:erasedups", true, "", "")
	for _, e := range []string{"a", "b", "a", " x", "c", "b"} {
		h.add(e, histMeta{})
	}
	if got := strings.Join(h.entries, ","); got != "a,c,b" {
		t.Errorf("erasedups: %q", got)
	}
	h.setControl("", false, "", "0")
	if len(h.entries) != 0 {
		t.Errorf("HISTSIZE=0 kept %q", h.entries)
	}
	// HISTIGNORE: whole-line patterns, & the previous entry (bash 5.2
	// keeps "echo a", "ls", "echo b" of these).
	h = &history{}
	h.setControl("", true, "ls *:&:[ ]*", "")
	for _, e := range []string{"echo a", "echo a", "ls /tmp", "ls", " x", "echo b"} {
		h.add(e, histMeta{})
	}
	if got := strings.Join(h.entries, ","); got != "echo a,ls,echo b" {
		t.Errorf("HISTIGNORE: %q", got)
	}
}
