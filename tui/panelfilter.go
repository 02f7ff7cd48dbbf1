package tui

import (
	"path"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// onPanelFilterKey edits the panel's name filter (/ in the focused
// panel): the tree narrows as you type; Enter keeps the filter and goes
// back to moving, Esc clears it, Up/Down move, Tab inserts the path.
func (m *model) onPanelFilterKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, keys().Close):
		m.clearPanelFilter()
	case key.Matches(k, keys().Run):
		m.panelTyping = false
	case k.String() == "tab":
		m.panelTyping = false
		return m.insertPanelPath()
	case k.String() == "up":
		m.movePanel(-1)
	case k.String() == "down":
		m.movePanel(1)
	default:
		if editKey(&m.panelFilter, k) {
			m.panelSel, m.panelTop = 0, 0
			m.refold()
		}
	}
	return nil
}

func (m *model) clearPanelFilter() {
	m.panelFilter.Reset()
	m.panelTyping = false
	m.refold()
}

// filterRows keeps the rows whose name holds the filter (ignoring case
// unless it has a capital, as less and fd do) and the directories above
// them, so a match shows where it lives.
func filterRows(rows []treeRow, filter string) []treeRow {
	fold := !strings.ContainsFunc(filter, unicode.IsUpper)
	if fold {
		filter = strings.ToLower(filter)
	}
	keep := map[string]bool{}
	for _, r := range rows {
		name := r.name
		if fold {
			name = strings.ToLower(name)
		}
		if !strings.Contains(name, filter) {
			continue
		}
		for p := r.path; p != "/" && p != "." && !keep[p]; p = path.Dir(p) {
			keep[p] = true
		}
	}
	var out []treeRow
	for _, r := range rows {
		if keep[r.path] {
			out = append(out, r)
		}
	}
	return out
}

// insertPanelPath puts the selected entry's path, shell-quoted, into the
// prompt at the cursor (relative to the working directory when it is
// below it) and goes back to the prompt.
func (m *model) insertPanelPath() tea.Cmd {
	if m.panelSel >= len(m.visible) {
		return nil
	}
	p := m.visible[m.panelSel].path
	if rel, ok := strings.CutPrefix(p, strings.TrimSuffix(m.cwd, "/")+"/"); ok && m.cwd != "" {
		p = rel
	}
	text := quoteArg(p) + " "
	if pos := m.ed.pos; pos > 0 && !strings.ContainsRune(" \t\n", m.ed.buf[pos-1]) {
		text = " " + text
	}
	m.ed.Insert(text)
	m.focus = focusPrompt
	m.edited()
	return nil
}

// quoteArg quotes s for the shell only when it needs it: as it is, or
// in single quotes (a ' inside as '\”).
func quoteArg(s string) string {
	if s != "" && escapeWord(s) == s {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
