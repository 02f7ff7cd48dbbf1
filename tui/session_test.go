package tui

import (
	"os"
	"testing"
	"time"

	"memsh/internal/persist"
)

// The session is saved from the poll once autosaveInterval has passed,
// and only when the filesystem changed since the last save.
func TestAutosave(t *testing.T) {
	sh := newFake()
	s, err := persist.Store{Dir: t.TempDir()}.Open("auto")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m := testModel(t, sh, 80, 24)
	m.opts.Session = s
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	if m.autosaveDue(t0) != nil || m.autosaveDue(t0.Add(autosaveInterval-time.Second)) != nil {
		t.Fatal("saved before the interval")
	}
	cmd := m.autosaveDue(t0.Add(autosaveInterval))
	if cmd == nil {
		t.Fatal("no save after the interval")
	}
	if m.autosaveDue(t0.Add(2*autosaveInterval)) != nil {
		t.Fatal("a second save while one runs")
	}
	msg := cmd().(autosavedMsg)
	m.now = t0.Add(autosaveInterval)
	m.onAutosaved(msg)
	if msg.err != nil || !s.Exists() {
		t.Fatalf("autosave: %v", msg.err)
	}
	first, _ := os.Stat(s.TarPath())
	// Nothing changed: the next interval writes nothing.
	cmd = m.autosaveDue(t0.Add(2 * autosaveInterval))
	if cmd == nil {
		t.Fatal("no check after the second interval")
	}
	m.onAutosaved(cmd().(autosavedMsg))
	if st, _ := os.Stat(s.TarPath()); !st.ModTime().Equal(first.ModTime()) || !os.SameFile(st, first) {
		t.Error("an unchanged filesystem was saved again")
	}
	sh.fs.WriteFile("/home/user/new", []byte("x"), 0o644)
	m.now = t0.Add(2 * autosaveInterval)
	cmd = m.autosaveDue(t0.Add(3 * autosaveInterval))
	m.onAutosaved(cmd().(autosavedMsg))
	if st, _ := os.Stat(s.TarPath()); os.SameFile(st, first) {
		t.Error("a changed filesystem was not saved")
	}
}
