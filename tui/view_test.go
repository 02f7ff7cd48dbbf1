package tui

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
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

// TestViewStates covers the overlays and transient states at 80x24.
func TestViewStates(t *testing.T) {
	type state struct {
		name  string
		opts  Options
		w, h  int
		setup func(*model, *fakeShell)
	}
	for _, tc := range []state{
		{name: "help", w: 80, h: 24, setup: func(m *model, _ *fakeShell) {
			m.onKey(tea.KeyPressMsg{Code: '?', Text: "?"})
		}},
		{name: "help-wide", w: 120, h: 30, setup: func(m *model, _ *fakeShell) {
			m.onKey(tea.KeyPressMsg{Code: tea.KeyF1})
		}},
		{name: "menu", w: 80, h: 24, setup: func(m *model, sh *fakeShell) {
			for _, n := range []string{"alpha.txt", "alps", "alto.md", "altitude.csv"} {
				sh.fs.WriteFile("/home/user/"+n, nil, 0o644)
			}
			m.ed.Set("cat al")
			m.onCompletions(compMsg{version: m.version, start: 4, word: "al", items: completions(sh, "al", false)})
			m.onKey(tea.KeyPressMsg{Code: tea.KeyTab})
		}},
		{name: "search", w: 80, h: 24, setup: func(m *model, _ *fakeShell) {
			for _, e := range []string{"grep -r TODO .", "ls -la", "git status", "go test ./..."} {
				m.hist.add(e, histMeta{})
			}
			m.onKey(tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl})
			for _, r := range "gt" {
				m.onKey(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
		}},
		{name: "running", w: 100, h: 20, setup: func(m *model, _ *fakeShell) {
			m.blocks = append(m.blocks, &block{cmd: "python3 gen.py | wc -l", start: time.Now(), running: true,
				lines: []string{"partial output"}})
			m.job = &job{block: m.blocks[len(m.blocks)-1], waiting: true, echo: true}
			m.meter.samples = []float64{1, 5, 9, 3}
			m.meter.rate = 2.41 * (1 << 30)
			m.meter.last = 5 << 30
		}},
		{name: "ctrl-c-prompt", w: 80, h: 10, setup: func(m *model, _ *fakeShell) {
			m.ed.Set("echo never")
			m.onKey(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
		}},
		{name: "no-color-light", w: 100, h: 16, opts: Options{Theme: "light", NoColor: true}, setup: func(m *model, sh *fakeShell) {
			sh.fs.WriteFile("/home/user/data.bin", make([]byte, 3<<20), 0o644)
			m.onPoll(poll(sh, m.tree, time.Now()))
			clear(m.changed)
			m.ed.Set("nosuch && echo 'ok' # note")
		}},
		{name: "block-selected", w: 100, h: 14, setup: func(m *model, _ *fakeShell) {
			now := time.Now()
			m.blocks = append(m.blocks,
				&block{cmd: "echo a > f", start: now, end: now, fsNote: "fs: +1 file, 2 B written · undo 1", step: 1},
				&block{cmd: "echo b > g", start: now, end: now, fsNote: "fs: +1 file, 2 B written · undo 2", step: 2},
				&block{cmd: "ls", start: now, end: now, lines: []string{"f  g"}})
			m.onKey(tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt})
			m.onKey(tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt})
			m.onKey(tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt})
		}},
		{name: "panel-filter", w: 100, h: 16, setup: func(m *model, sh *fakeShell) {
			sh.fs.MkdirAll("/home/user/src", 0o755)
			sh.fs.WriteFile("/home/user/src/notes.txt", []byte("x"), 0o644)
			sh.fs.WriteFile("/home/user/other.txt", []byte("x"), 0o644)
			m.onPoll(poll(sh, m.tree, time.Now()))
			clear(m.changed)
			m.onKey(tea.KeyPressMsg{Code: tea.KeyF3})
			for _, r := range "/note" {
				m.onKey(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
		}},
		{name: "hex-preview", w: 80, h: 12, setup: func(m *model, _ *fakeShell) {
			m.Update(previewMsg{title: "/home/user/prog (24 B, binary)", hex: []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00>\x00hi!\n")})
		}},
		{name: "long-wrapped-input", w: 80, h: 12, setup: func(m *model, _ *fakeShell) {
			m.ed.Set("echo " + strings.Repeat("abcdefghij ", 16) + "\nfor x in 1; do\n\techo $x\ndone")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := newFake()
			opts := tc.opts
			if opts.Theme == "" {
				opts.Theme = "dark"
			}
			opts.ConfigDir, opts.Version = t.TempDir(), "test"
			m, err := newModel(sh, opts)
			if err != nil {
				t.Fatal(err)
			}
			m.Update(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
			m.onPoll(poll(sh, nil, time.Now()))
			tc.setup(m, sh)
			got := frame(m)
			for i, l := range strings.Split(got, "\n") {
				if w := lipgloss.Width(l); w > tc.w {
					t.Errorf("row %d is %d columns wide, screen is %d", i, w, tc.w)
				}
			}
			if n := strings.Count(got, "\n") + 1; n > tc.h {
				t.Errorf("%d rows, screen has %d", n, tc.h)
			}
			golden.RequireEqual(t, got)
		})
	}
}

// Every size from tiny to wide renders without a panic and within the
// screen, in each mode.
func TestViewAllSizes(t *testing.T) {
	sh := newFake()
	sh.fs.WriteFile("/home/user/a-file-with-a-rather-long-name.txt", []byte("x"), 0o644)
	m := testModel(t, sh, 80, 24)
	m.onPoll(poll(sh, nil, time.Now()))
	runSync(t, m, "echo "+strings.Repeat("wide界", 30))
	runSync(t, m, "warn failing")
	m.hist.add("echo history entry", histMeta{})
	setups := map[string]func(){
		"edit":   func() { m.mode = modeEdit; m.ed.Set("for i in 1 2; do\necho $i\ndone") },
		"help":   func() { m.mode = modeHelp },
		"search": func() { m.mode = modeSearch },
		"menu": func() {
			m.mode = modeEdit
			m.comp = []compItem{{"alpha", "alpha"}, {"beta/", "beta/"}, {"gamma", "gamma"}}
		},
		"panel":   func() { m.comp = nil; m.focus = focusPanel; m.panelPref = panelOn },
		"preview": func() { m.focus = focusPrompt; m.mode = modePreview; m.previewLines = []string{"x"} },
		"save":    func() { m.mode = modeSavePath; m.saveInput.Set("./memsh.tar") },
		"hex": func() {
			m.mode, m.previewLines, m.previewHex = modePreview, nil, []byte("\x7fELF\x00\x01binary data here")
		},
		"selected": func() {
			m.mode, m.previewHex = modeEdit, nil
			m.focus = focusPrompt
			m.selectBlock(-1)
			m.msel = &mouseSel{x0: 2, y0: 1, x1: 200, y1: 3, moved: true}
		},
		"filter": func() {
			m.sel, m.msel = nil, nil
			m.focus, m.panelPref, m.panelTyping = focusPanel, panelOn, true
			m.panelFilter.Set("long")
			m.refold()
		},
	}
	for name, setup := range setups {
		setup()
		for w := 1; w <= 130; w += 7 {
			for h := 1; h <= 40; h += 3 {
				m.Update(tea.WindowSizeMsg{Width: w, Height: h})
				v := m.View().Content
				if w < 20 || h < 6 {
					continue
				}
				rows := strings.Split(v, "\n")
				if len(rows) > h {
					t.Fatalf("%s %dx%d: %d rows", name, w, h, len(rows))
				}
				for i, r := range rows {
					if rw := ansiWidth(r); rw > w {
						t.Fatalf("%s %dx%d: row %d is %d wide: %q", name, w, h, i, rw, ansiStrip(r))
					}
				}
			}
		}
	}
}

// TestViewProfiles renders a failing command (stderr, ✗ status) and an
// unknown command at the prompt in each colour profile, as bubbletea
// downsamples a frame for the terminal: the goldens show the error colour
// each profile gets (red: 203 on 256 colours, 9 on 16).
func TestViewProfiles(t *testing.T) {
	for _, p := range []struct {
		name string
		p    colorprofile.Profile
	}{{"truecolor", colorprofile.TrueColor}, {"256", colorprofile.ANSI256}, {"16", colorprofile.ANSI}} {
		for _, sz := range []struct{ w, h int }{{80, 24}, {160, 50}} {
			t.Run(fmt.Sprintf("%s-%dx%d", p.name, sz.w, sz.h), func(t *testing.T) {
				sh := newFake()
				m := testModel(t, sh, sz.w, sz.h)
				m.onPoll(poll(sh, nil, time.Now()))
				runSync(t, m, "echo fine")
				runSync(t, m, "warn something failed")
				m.ed.Set("nosuch --flag")
				m.now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
				for _, b := range m.blocks {
					if !b.start.IsZero() {
						b.start, b.end = m.now, m.now.Add(12*time.Millisecond)
					}
				}
				var out bytes.Buffer
				w := &colorprofile.Writer{Forward: &out, Profile: p.p}
				io.WriteString(w, m.View().Content)
				golden.RequireEqual(t, out.String())
			})
		}
	}
}

// A command longer than the screen wraps in its block's header, whole,
// with the status on its first row; no row is wider than the screen.
func TestLongCommandWraps(t *testing.T) {
	sh := newFake()
	m := testModel(t, sh, 60, 20)
	cmd := "echo " + strings.Repeat("word ", 30) + "END"
	runSync(t, m, cmd)
	s := ansiStrip(m.View().Content)
	joined := strings.ReplaceAll(strings.ReplaceAll(s, "\n  ", ""), "\n", "")
	if !strings.Contains(joined, "END") || strings.Contains(s, "…") {
		t.Fatalf("command cut:\n%s", s)
	}
	for _, r := range strings.Split(s, "\n") {
		if ansiWidth(r) > 60 {
			t.Fatalf("row wider than the screen: %q", r)
		}
	}
	var first string
	for _, r := range strings.Split(s, "\n") {
		if strings.HasPrefix(r, "$ echo") {
			first = r
		}
	}
	if !strings.Contains(first, "✓") {
		t.Fatalf("first header row: %q\n%s", first, s)
	}
}

// The key map wraps its descriptions to the width it is drawn in, one
// column or two, instead of cutting them.
func TestHelpWraps(t *testing.T) {
	for _, w := range []int{40, 60, 100, 130} {
		m := testModel(t, newFake(), w, 200)
		m.onKey(tea.KeyPressMsg{Code: tea.KeyF1})
		s := ansiStrip(m.View().Content)
		if strings.Contains(s, "…") {
			t.Errorf("width %d: a description was cut:\n%s", w, s)
		}
		words := strings.Join(strings.Fields(s), " ")
		for _, g := range keys().helpGroups() {
			for _, b := range g {
				for _, word := range strings.Fields(b.Help().Desc) {
					if !strings.Contains(words, word) {
						t.Errorf("width %d: %q of %q missing", w, word, b.Help().Desc)
					}
				}
			}
		}
		for _, r := range strings.Split(s, "\n") {
			if ansiWidth(r) > w {
				t.Errorf("width %d: row %q too wide", w, r)
			}
		}
	}
}
