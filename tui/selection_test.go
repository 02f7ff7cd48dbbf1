package tui

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// alt+up selects older blocks; alt+u on one undoes its command and every
// one after it (`undo N`); on a block that changed no files it says so.
func TestFlowUndoSelectedBlock(t *testing.T) {
	f := startFlow(t, Options{})
	needReal(t, f)
	run := func(line string) {
		t.Helper()
		f.tm.Type(line)
		f.key("enter")
		f.waitFor(line, func(m *model) bool { b, _ := lastBlock(m); return finished(m) && b.cmd == line })
	}
	run("echo a > f")
	run("echo b > g")
	run("echo c > h")
	run("ls")
	altUp := tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt}
	f.tm.Send(altUp)
	f.probe(func(m *model) {
		if m.sel == nil || m.sel.cmd != "ls" {
			t.Fatalf("alt+up selected %+v", m.sel)
		}
		if !strings.Contains(ascii(m.View().Content), "no files changed") {
			t.Errorf("no hint for a block without file changes:\n%s", ascii(m.View().Content))
		}
	})
	f.tm.Send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModAlt})
	f.waitFor("the refusal note", func(m *model) bool {
		n := m.blocks[len(m.blocks)-1].note
		return strings.Contains(n, `"ls" changed no files: nothing to undo for it`)
	})
	f.tm.Send(altUp)
	f.tm.Send(altUp)
	f.tm.Send(altUp)
	f.probe(func(m *model) {
		if m.sel == nil || m.sel.cmd != "echo b > g" {
			t.Fatalf("three alt+up selected %+v", m.sel)
		}
		if v := ascii(m.View().Content); !strings.Contains(v, "alt+u undo it and 1 after") {
			t.Errorf("hint:\n%s", v)
		}
	})
	f.tm.Send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModAlt})
	f.waitFor("undo of echo b > g and after", func(m *model) bool {
		b, out := lastBlock(m)
		return finished(m) && strings.HasPrefix(b.cmd, "undo ") &&
			out == "undo: restored 2 files changed by 2 commands ('echo c > h', 'echo b > g')"
	})
	run("ls")
	f.probe(func(m *model) {
		if _, out := lastBlock(m); out != "f" {
			t.Errorf("after undo, ls: %q", out)
		}
		if m.sel != nil {
			t.Errorf("selection kept after undo")
		}
	})
	// alt+down past the newest ends the selection; esc does too.
	f.tm.Send(altUp)
	f.tm.Send(tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModAlt})
	f.probe(func(m *model) {
		if m.sel != nil {
			t.Errorf("alt+down past the newest kept %q", m.sel.cmd)
		}
	})
}

// ctrl+o and alt+c act on the selected block, not the newest.
func TestFlowSelectedBlockCopy(t *testing.T) {
	f := startFlow(t, Options{})
	for _, l := range []string{"echo first-out", "echo second-out"} {
		f.tm.Type(l)
		f.key("enter")
		f.waitFor(l, func(m *model) bool { b, _ := lastBlock(m); return finished(m) && b.cmd == l })
	}
	altUp := tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt}
	f.tm.Send(altUp)
	f.tm.Send(altUp)
	f.tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModAlt})
	want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte("first-out"))
	teatest.WaitFor(t, f.tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(want)) },
		teatest.WithDuration(10*time.Second))
}

// A drag in the scrollback selects text there only: what is copied has
// no side panel in it, even when the drag ends over the panel; a click
// on a block selects it.
func TestMouseSelectionSkipsPanel(t *testing.T) {
	sh := newFake()
	sh.fs.WriteFile("/home/user/panel-file.txt", []byte("x"), 0o644)
	m := testModel(t, sh, 120, 20)
	m.blocks = append(m.blocks, &block{cmd: "cat notes", lines: []string{"alpha beta", "gamma delta"}})
	m.Update(pollNow(sh, nil)())
	if !m.panelVisible() {
		t.Fatal("panel hidden at 120 columns")
	}
	content := ascii(m.View().Content)
	if !strings.Contains(content, "panel-file.txt") {
		t.Fatalf("panel lacks the file:\n%s", content)
	}
	rows := m.visibleRows(m.mainWidth(), m.blocksHeight())
	y := -1
	for i, r := range rows {
		if strings.HasPrefix(ansiStrip(r), "alpha") {
			y = i
		}
	}
	if y < 0 {
		t.Fatalf("no alpha row in %q", rows)
	}
	m.Update(tea.MouseClickMsg{X: 6, Y: y, Button: tea.MouseLeft})
	m.Update(tea.MouseMotionMsg{X: 119, Y: y + 1, Button: tea.MouseLeft})
	_, cmd := m.Update(tea.MouseReleaseMsg{X: 119, Y: y + 1, Button: tea.MouseLeft})
	if cmd == nil {
		t.Fatal("no copy on release")
	}
	// SetClipboard's message is bubbletea's own string type.
	text := fmt.Sprint(cmd())
	if !strings.Contains(text, "beta") || !strings.Contains(text, "gamma delta") || strings.Contains(text, "panel") || strings.Contains(text, "alpha") {
		t.Errorf("copied %q", text)
	}
	v := ascii(m.View().Content)
	if !strings.Contains(v, "copied 16 characters to the clipboard") {
		t.Errorf("no note of the copy:\n%s", v)
	}
	// A click without a drag selects the block under it.
	m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
	m.Update(tea.MouseClickMsg{X: 3, Y: y, Button: tea.MouseLeft})
	m.Update(tea.MouseReleaseMsg{X: 3, Y: y, Button: tea.MouseLeft})
	if m.sel == nil || m.sel.cmd != "cat notes" {
		t.Errorf("click selected %+v", m.sel)
	}
}

// A selection whose block left the scrollback (ctrl+l) is dropped: alt+u
// then undoes the newest undoable block, not a block no longer shown.
func TestSelectionDroppedWithItsBlock(t *testing.T) {
	m := testModel(t, newFake(), 80, 24)
	now := time.Now()
	m.blocks = append(m.blocks, &block{cmd: "ls", start: now, end: now})
	m.onKey(tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModAlt})
	if m.sel == nil {
		t.Fatal("nothing selected")
	}
	m.Update(tea.KeyPressMsg{Code: 'l', Mod: tea.ModCtrl})
	if strings.Contains(ansiStrip(m.View().Content), "block:") {
		t.Error("the hint of a cleared block stays")
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
	if m.sel != nil {
		t.Error("the selection outlived its block")
	}
}
