package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// ---- block selection: alt+up / alt+down, a click on a block ----

// selectable reports whether a block can be selected: a finished command.
func selectable(b *block) bool { return b.cmd != "" && !b.running }

// selectBlock moves the selection to the next older (d < 0) or newer
// (d > 0) finished command block; past the newest it ends.
func (m *model) selectBlock(d int) {
	i := len(m.blocks)
	for k, b := range m.blocks {
		if b == m.sel {
			i = k
		}
	}
	for i += d; i >= 0 && i < len(m.blocks); i += d {
		if selectable(m.blocks[i]) {
			m.sel = m.blocks[i]
			m.showBlock(i)
			return
		}
	}
	if d > 0 {
		m.sel = nil
		m.scroll = 0
	}
}

// showBlock scrolls so that block i's header is on the screen.
func (m *model) showBlock(i int) {
	width, h := m.mainWidth(), m.blocksHeight()
	below := 0 // rows from the block's first row to the end
	for k := len(m.blocks) - 1; k >= i; k-- {
		below += m.blockHeight(k, width)
	}
	if below > m.scroll+h || below <= m.scroll {
		m.scroll = max(below-h, 0)
	}
	m.clampScroll()
}

// blockHeight is how many rows block k takes at width.
func (m *model) blockHeight(k, width int) int {
	b := m.blocks[k]
	n := 0
	for _, l := range b.body(&m.st) {
		n += len(wrapLine(l, width))
	}
	if b.cmd != "" {
		n += len(b.header(width, &m.st, m.now, "", m.highlightText))
	}
	return n
}

// laterUndoable counts the blocks after b whose commands changed files.
func (m *model) laterUndoable(b *block) int {
	n, after := 0, false
	for _, x := range m.blocks {
		if after && x.step > 0 && x.fsNote != "" {
			n++
		}
		if x == b {
			after = true
		}
	}
	return n
}

// undoSelected undoes the selected block's command and every command
// after it (`undo N`): the journal is one line of history, and a later
// command may have used what this one made, so it never undoes one
// command out of the middle.
func (m *model) undoSelected() tea.Cmd {
	b := m.sel
	m.sel = nil
	if b.step == 0 || b.fsNote == "" {
		m.addBlock(&block{note: fmt.Sprintf("memsh: undo: %q changed no files: nothing to undo for it", firstLine(b.cmd))})
		return nil
	}
	return m.runLine(fmt.Sprintf("undo %d", b.step))
}

// selectionHint is the status line's hint while a block is selected.
func (m *model) selectionHint() string {
	undo := "alt+u undo"
	switch {
	case m.sel.step == 0 || m.sel.fsNote == "":
		undo = "no files changed"
	case m.laterUndoable(m.sel) > 0:
		undo = fmt.Sprintf("alt+u undo it and %d after", m.laterUndoable(m.sel))
	}
	return "block: " + undo + " · ctrl+o view · alt+c copy"
}

// ---- mouse selection: drag in the scrollback copies with OSC 52 ----

// mouseSel is text selected with the mouse, in screen cells of the
// scrollback area, from where the button went down to where it is.
type mouseSel struct {
	x0, y0, x1, y1 int
	moved          bool
}

// ordered returns the selection's start and end in reading order.
func (s *mouseSel) ordered() (x0, y0, x1, y1 int) {
	if s.y1 < s.y0 || s.y1 == s.y0 && s.x1 < s.x0 {
		return s.x1, s.y1, s.x0, s.y0
	}
	return s.x0, s.y0, s.x1, s.y1
}

// span is the cells [from, to) selected on row y of a row width wide.
func (s *mouseSel) span(y, width int) (from, to int, ok bool) {
	x0, y0, x1, y1 := s.ordered()
	if y < y0 || y > y1 {
		return 0, 0, false
	}
	from, to = 0, width
	if y == y0 {
		from = x0
	}
	if y == y1 {
		to = x1 + 1
	}
	return from, min(to, width), from < to
}

// onMouseDown starts a selection in the scrollback, or focuses what was
// clicked: a tree row selects it in the panel, anywhere else returns to
// the prompt.
func (m *model) onMouseDown(mouse tea.Mouse) {
	if mouse.Button != tea.MouseLeft || m.mode != modeEdit || m.pager != nil {
		return
	}
	m.msel = nil
	if !m.panelVisible() || mouse.X < m.mainWidth() {
		m.focus = focusPrompt
		if rows := m.visibleRows(m.mainWidth(), m.blocksHeight()); mouse.Y < len(rows) {
			m.msel = &mouseSel{x0: mouse.X, y0: mouse.Y, x1: mouse.X, y1: mouse.Y}
		}
		return
	}
	m.focus = focusPanel
	if row := mouse.Y - 1; row >= 0 && row < m.panelTreeHeight() && m.panelTop+row < len(m.visible) {
		m.panelSel = m.panelTop + row
	}
}

// onMouseDrag extends the selection, kept inside the scrollback's rows
// and column: it never reaches the side panel or the prompt.
func (m *model) onMouseDrag(mouse tea.Mouse) {
	if m.msel == nil || mouse.Button != tea.MouseLeft {
		return
	}
	rows := m.visibleRows(m.mainWidth(), m.blocksHeight())
	m.msel.x1 = max(min(mouse.X, m.mainWidth()-1), 0)
	m.msel.y1 = max(min(mouse.Y, len(rows)-1), 0)
	m.msel.moved = true
}

// onMouseUp copies a dragged selection to the clipboard; a click (no
// drag) on a command block selects that block, as alt+up would.
func (m *model) onMouseUp(mouse tea.Mouse) tea.Cmd {
	s := m.msel
	if s == nil {
		return nil
	}
	rows, owners := m.visibleRowsOwners(m.mainWidth(), m.blocksHeight())
	if !s.moved {
		m.msel = nil
		if s.y0 < len(owners) {
			if b := m.blocks[owners[s.y0]]; selectable(b) {
				if m.sel == b {
					m.sel = nil
				} else {
					m.sel = b
				}
			}
		}
		return nil
	}
	var lines []string
	for y, r := range rows {
		if from, to, ok := s.span(y, m.mainWidth()); ok {
			lines = append(lines, strings.TrimRight(ansi.Strip(ansi.Cut(r, from, to)), " "))
		}
	}
	text := strings.Join(lines, "\n")
	if text == "" {
		m.msel = nil
		return nil
	}
	m.flash = fmt.Sprintf("copied %d characters to the clipboard (OSC 52)", len([]rune(text)))
	return tea.SetClipboard(text)
}

// paintSelection draws the mouse selection over the scrollback rows.
func (m *model) paintSelection(rows []string, width int) {
	if m.msel == nil {
		return
	}
	for y, r := range rows {
		from, to, ok := m.msel.span(y, width)
		if !ok {
			continue
		}
		mid := ansi.Strip(ansi.Cut(r, from, to))
		if mid == "" {
			continue
		}
		rows[y] = ansi.Cut(r, 0, from) + "\x1b[m" + m.st.selected.Render(mid) + ansi.Cut(r, to, ansi.StringWidth(r))
	}
}
