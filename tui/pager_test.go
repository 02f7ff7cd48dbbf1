package tui

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"memsh/shell"
)

// startTermFlow runs the real session as main does at a terminal
// (Options.Term: commands see their stdout is the screen).
func startTermFlow(t *testing.T) *flow {
	t.Helper()
	s, err := shell.New(shell.Options{Term: true})
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { s.Close() })
	return startFlowWith(t, s, true, Options{})
}

// less in the TUI: a full-screen view over its input that scrolls and
// searches; the command ends when the view is quit.
func TestFlowLess(t *testing.T) {
	f := startTermFlow(t)
	f.tm.Type("seq 200 | less")
	f.key("enter")
	f.waitFor("the pager", func(m *model) bool { return m.pager != nil })
	f.probe(func(m *model) {
		s := ascii(m.View().Content)
		if !strings.Contains(s, "(standard input)") || !strings.HasPrefix(s, "1\n2\n") {
			t.Fatalf("pager screen:\n%s", s)
		}
	})
	f.tm.Type("/15")
	f.key("enter")
	f.probe(func(m *model) {
		if got := m.pager.plain[m.pager.top]; got != "15" {
			t.Errorf("after /15 the top line is %q", got)
		}
	})
	f.tm.Type("n")
	f.probe(func(m *model) {
		if got := m.pager.plain[m.pager.top]; got != "115" {
			t.Errorf("after n the top line is %q", got)
		}
	})
	f.tm.Type("N")
	f.probe(func(m *model) {
		if got := m.pager.plain[m.pager.top]; got != "15" {
			t.Errorf("after N the top line is %q", got)
		}
	})
	f.tm.Type("G")
	f.probe(func(m *model) {
		if s := ascii(m.View().Content); !strings.Contains(s, "200\n") || !strings.Contains(s, "(END)") {
			t.Errorf("G:\n%s", s)
		}
	})
	f.tm.Type("/nomatch")
	f.key("enter")
	f.probe(func(m *model) {
		if s := ascii(m.View().Content); !strings.Contains(s, "Pattern not found") {
			t.Errorf("no match message:\n%s", s)
		}
	})
	f.tm.Type("g")
	f.probe(func(m *model) {
		if m.pager.top != 0 || m.job == nil {
			t.Errorf("g: top %d, job %v", m.pager.top, m.job != nil)
		}
	})
	f.tm.Type("q")
	f.waitFor("less to end", func(m *model) bool { return m.pager == nil && finished(m) })
	f.probe(func(m *model) {
		if b, out := lastBlock(m); b.status != 0 || out != "" {
			t.Errorf("less block: status %d output %q", b.status, out)
		}
	})
}

// man shows the command's --help in the pager.
func TestFlowMan(t *testing.T) {
	f := startTermFlow(t)
	f.tm.Type("man wc")
	f.key("enter")
	f.waitFor("the pager", func(m *model) bool { return m.pager != nil })
	f.probe(func(m *model) {
		if s := ascii(m.View().Content); !strings.Contains(s, "Usage: wc") || !strings.Contains(s, "man wc") {
			t.Errorf("man wc:\n%s", s)
		}
	})
	f.key("ctrl+c")
	f.waitFor("man to end", func(m *model) bool { return m.pager == nil && finished(m) })
}

// ctrl+o opens the last output in the pager; alt+c copies it with OSC 52.
func TestFlowBlockPagerAndCopy(t *testing.T) {
	f := startFlow(t, Options{})
	f.tm.Type("echo copied-text")
	f.key("enter")
	f.waitFor("echo", finished)
	f.key("ctrl+o")
	f.probe(func(m *model) {
		if m.pager == nil || len(m.pager.plain) != 1 || m.pager.plain[0] != "copied-text" {
			t.Fatalf("ctrl+o: %+v", m.pager)
		}
	})
	f.tm.Type("q")
	f.tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModAlt})
	want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte("copied-text"))
	teatest.WaitFor(t, f.tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(want)) },
		teatest.WithDuration(10*time.Second))
}

// Ctrl+O on a block that changed files lists them after its output.
func TestFlowBlockFilesInPager(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	f.tm.Type("echo x > new.txt; echo done")
	f.key("enter")
	f.waitFor("the block", finished)
	f.key("ctrl+o")
	f.probe(func(m *model) {
		got := strings.Join(m.pager.plain, "\n")
		if got != "done\n\nfs: +1 file, 2 B written · undo 2:\n+ /home/user/new.txt" {
			t.Errorf("pager:\n%s", got)
		}
	})
}
