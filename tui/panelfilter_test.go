package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// In the focused panel, / filters the tree as you type (the matches and
// the directories above them), Tab puts the selected path, quoted, into
// the prompt, Esc clears the filter; Enter on a binary file shows a hex
// dump.
func TestFlowPanelFilterInsertHex(t *testing.T) {
	f := startFlow(t, Options{})
	sh := f.sh
	sh.FS().MkdirAll("/home/user/src", 0o755)
	sh.FS().WriteFile("/home/user/src/my notes.txt", []byte("text\n"), 0o644)
	sh.FS().WriteFile("/home/user/prog.bin", []byte("\x7fELF\x02\x01\x01\x00\x00\x00"), 0o755)
	f.tm.Type("cat")
	f.tm.Send(tea.KeyPressMsg{Code: tea.KeyF3})
	f.waitFor("the tree with the files", func(m *model) bool {
		return m.tree != nil && strings.Contains(ascii(m.View().Content), "prog.bin")
	})
	f.tm.Type("/NOTES")
	f.waitFor("nothing for NOTES (a capital: case matters)", func(m *model) bool {
		return m.panelFilter.String() == "NOTES" && len(m.visible) == 0
	})
	for range 5 {
		f.tm.Send(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	f.tm.Type("notes")
	f.waitFor("the filtered tree", func(m *model) bool {
		var paths []string
		for _, r := range m.visible {
			paths = append(paths, r.path)
		}
		return strings.Join(paths, " ") == "/home /home/user /home/user/src /home/user/src/my notes.txt"
	})
	f.probe(func(m *model) {
		v := ansiStrip(m.View().Content)
		if !strings.Contains(v, "/notes") || !strings.Contains(v, "4 shown") {
			t.Errorf("no filter line in the panel:\n%s", v)
		}
	})
	f.key("down")
	f.key("down")
	f.key("down")
	f.key("tab")
	f.waitFor("the path in the prompt", func(m *model) bool {
		return m.ed.String() == "cat 'src/my notes.txt' " && m.focus == focusPrompt
	})
	f.tm.Send(tea.KeyPressMsg{Code: tea.KeyF3})
	f.tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	f.waitFor("the filter cleared, the panel still focused", func(m *model) bool {
		return m.panelFilter.Empty() && m.focus == focusPanel && len(m.visible) > 4
	})
	f.tm.Type("/prog")
	f.key("enter")
	f.waitFor("prog.bin filtered", func(m *model) bool {
		return !m.panelTyping && len(m.visible) == 3 && m.visible[2].name == "prog.bin"
	})
	f.key("down")
	f.key("down")
	f.key("enter")
	f.waitFor("the hex dump", func(m *model) bool {
		v := ascii(m.View().Content)
		return m.mode == modePreview && strings.Contains(v, "binary") &&
			strings.Contains(v, "00000000  7f 45 4c 46 02 01 01 00  |.ELF....|") // 8 a row in 76 columns
	})
}

func TestQuoteArg(t *testing.T) {
	for in, want := range map[string]string{"a.txt": "a.txt", "my notes": "'my notes'", "it's": `'it'\''s'`, "/x/$y": "'/x/$y'"} {
		if got := quoteArg(in); got != want {
			t.Errorf("quoteArg(%q) = %q, want %q", in, got, want)
		}
	}
}
