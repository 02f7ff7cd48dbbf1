package tui

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"
)

// ascii renders s in the ASCII colour profile: no colours, attributes
// kept, so goldens show layout and text, not palette.
func ascii(s string) string {
	var b bytes.Buffer
	w := colorprofile.NewWriter(&b, nil)
	w.Profile = colorprofile.ASCII
	w.WriteString(s)
	return b.String()
}

// testModel is a model over a fake shell with a fixed clock and size.
func testModel(t *testing.T, sh Shell, w, h int) *model {
	t.Helper()
	m, err := newModel(sh, Options{Theme: "dark", ConfigDir: t.TempDir(), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// runSync runs a command line to completion inside the test, feeding
// the model the same messages the program would.
func runSync(t *testing.T, m *model, src string) {
	t.Helper()
	m.ed.Set(src)
	cmd := m.run(src)
	deliver(t, m, cmd, 5*time.Second)
}

// deliver executes cmd and its follow-ups until the running job ends,
// ignoring ticks.
func deliver(t *testing.T, m *model, cmd tea.Cmd, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 && time.Now().Before(deadline) {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case outTickMsg, pollMsg:
			// periodic: the test drives time itself
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
	if m.job != nil {
		t.Fatal("job still running")
	}
}

func frame(m *model) string {
	m.now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, b := range m.blocks {
		if !b.start.IsZero() {
			b.start = m.now
			b.end = m.now.Add(12 * time.Millisecond)
		}
	}
	return ascii(m.View().Content)
}

func TestViewGoldens(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"120x30", 120, 30}} {
		t.Run(sz.name, func(t *testing.T) {
			sh := newFake()
			m := testModel(t, sh, sz.w, sz.h)
			m.onPoll(poll(sh, nil, time.Now()))
			runSync(t, m, "echo hello world")
			runSync(t, m, "warn oops")
			runSync(t, m, "touch /home/user/notes.txt some notes")
			m.onPoll(poll(sh, m.tree, time.Now()))
			clear(m.changed)
			m.ed.Set("for i in 1 2; do echo $i; done | nosuch 'x'")
			golden.RequireEqual(t, frame(m))
		})
	}
}
