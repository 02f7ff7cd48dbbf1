package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"
)

var spinFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// View lays out, top to bottom: the scrollback of command blocks, any
// menu (completions, history search), the prompt, and a status line; the
// side panel takes the right-hand columns when visible.
func (m *model) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	if m.width < 20 || m.height < 6 {
		v.SetContent("memsh: terminal too small")
		return v
	}
	if m.pager != nil {
		v.SetContent(strings.Join(m.renderPager(m.width), "\n"))
		if m.pager.typing {
			v.Cursor = tea.NewCursor(min(1+runewidth.StringWidth(m.pager.input.String()), m.width-1), m.height-1)
		}
		return v
	}
	content, cx, cy := m.render()
	v.SetContent(content)
	if cx >= 0 {
		v.Cursor = tea.NewCursor(cx, cy)
		v.Cursor.Blink = false
	}
	return v
}

// render builds the frame and says where the cursor goes (-1: hidden).
func (m *model) render() (string, int, int) {
	mw := m.mainWidth()
	bottom, cx, cy := m.renderBottom(mw)
	h := m.height - 1 // the status line
	var main []string
	switch m.mode {
	case modeHelp:
		main = m.renderHelp(mw, h)
		cx = -1
	case modePreview:
		main = m.renderPreview(mw, h)
		cx = -1
	default:
		areaH := max(h-len(bottom), 0)
		rows := m.visibleRows(mw, areaH)
		m.paintSelection(rows, mw)
		if cx >= 0 {
			cy += len(rows)
		}
		main = append(rows, bottom...)
	}
	for len(main) < h {
		main = append(main, "")
	}
	main = append(main[:h], m.statusLine(mw))
	if m.focus == focusPanel || m.mode == modeHelp || m.mode == modePreview {
		cx = -1
	}
	pw := m.panelWidth()
	if pw == 0 {
		return strings.Join(main, "\n"), cx, cy
	}
	pv := panelView{
		width: pw, height: m.height, rows: m.visible, top: m.panelTop, sel: m.panelSel,
		focused: m.focus == focusPanel, changed: m.changed, last: m.lastChanged, folded: m.folded, now: m.now, usage: m.usage,
		meter: &m.meter, running: m.job != nil, filter: m.panelFilter.String(), typing: m.panelTyping,
	}
	if m.tree != nil {
		pv.files = m.tree.files
	}
	side := strings.Split(pv.render(&m.st), "\n")
	sep := m.st.border.Render("│")
	if m.focus == focusPanel {
		sep = m.st.accent.Render("│")
	}
	var b strings.Builder
	for i := 0; i < m.height; i++ {
		l := main[i]
		if w := lipgloss.Width(l); w < mw {
			l += strings.Repeat(" ", mw-w)
		} else if w > mw {
			l = ansi.Truncate(l, mw, "")
		}
		b.WriteString(l)
		b.WriteString(sep)
		if i < len(side) {
			b.WriteString(side[i])
		}
		if i < m.height-1 {
			b.WriteByte('\n')
		}
	}
	return b.String(), cx, cy
}

// blocksHeight is how many rows the scrollback may use.
func (m *model) blocksHeight() int {
	bottom, _, _ := m.renderBottom(m.mainWidth())
	return max(m.height-1-len(bottom), 1)
}

// visibleRows returns the scrollback rows to show in at most h rows,
// honouring the scroll offset. Short scrollback stays at the top, with the
// prompt right below it, as in a terminal.
func (m *model) visibleRows(width, h int) []string {
	rows, _ := m.visibleRowsOwners(width, h)
	return rows
}

// visibleRowsOwners is visibleRows with, for each row, the index in
// m.blocks of the block it belongs to (for the mouse).
func (m *model) visibleRowsOwners(width, h int) ([]string, []int) {
	rows, owners := m.blockRows(width, m.scroll+h)
	end := len(rows) - m.scroll
	if end < 0 {
		end = 0
	}
	start := max(end-h, 0)
	return rows[start:end], owners[start:end]
}

// blockRows renders the newest need rows of the scrollback (fewer if
// there are fewer), oldest first, with the index of each row's block. It
// walks blocks and lines from the end, so its cost follows the screen
// size, not the scrollback size.
func (m *model) blockRows(width, need int) ([]string, []int) {
	var rev []string
	var owners []int
	spin := spinFrames[m.spin%len(spinFrames)]
	for i := len(m.blocks) - 1; i >= 0 && len(rev) < need; i-- {
		b := m.blocks[i]
		body := b.body(&m.st)
		for j := len(body) - 1; j >= 0 && len(rev) < need; j-- {
			w := wrapLine(body[j], width)
			for k := len(w) - 1; k >= 0; k-- {
				rev = append(rev, w[k])
				owners = append(owners, i)
			}
		}
		if b.cmd != "" && len(rev) < need {
			hdr := b.header(width, &m.st, m.now, spin, m.highlightText)
			for k := len(hdr) - 1; k >= 0; k-- {
				r := hdr[k]
				if b == m.sel {
					// The selected block (alt+up): its header in the
					// selection colours, across the width.
					t := ansi.Strip(r)
					r = m.st.selected.Render(t + strings.Repeat(" ", max(width-ansi.StringWidth(t), 0)))
				}
				rev = append(rev, r)
				owners = append(owners, i)
			}
		}
	}
	if len(rev) > need {
		rev, owners = rev[:need], owners[:need]
	}
	slices.Reverse(rev)
	slices.Reverse(owners)
	return rev, owners
}

// highlightText renders src with syntax colours.
func (m *model) highlightText(src string) string {
	cls := highlight(src, m.isCommand)
	var b strings.Builder
	m.runs(src, cls, func(s string, c class) { b.WriteString(m.classStyle(c).Render(s)) })
	return b.String()
}

// runs calls f for each maximal run of src with one class, splitting at
// newlines so styles never span lines.
func (m *model) runs(src string, cls []class, f func(string, class)) {
	start := 0
	for i := 0; i <= len(src); i++ {
		if i == len(src) || src[i] == '\n' || (i > start && cls[i] != cls[start]) {
			if i > start {
				f(src[start:i], cls[start])
			}
			if i < len(src) && src[i] == '\n' {
				f("\n", clPlain)
				start = i + 1
				continue
			}
			start = i
		}
	}
}

func (m *model) classStyle(c class) *lipgloss.Style {
	switch c {
	case clCommand:
		return &m.st.command
	case clUnknown:
		return &m.st.unknown
	case clKeyword:
		return &m.st.keyword
	case clString:
		return &m.st.str
	case clVariable:
		return &m.st.variable
	case clComment:
		return &m.st.comment
	case clOperator:
		return &m.st.operator
	}
	return &m.st.text
}

// renderBottom renders what sits below the scrollback: menus and the
// prompt. It returns the rows and the cursor position within them.
func (m *model) renderBottom(width int) ([]string, int, int) {
	switch m.mode {
	case modeSearch:
		return m.renderSearch(width)
	case modeSaveAsk:
		return []string{m.st.accent.Render("Save the sandbox's files to a tar before quitting? [y/n] ")}, -1, 0
	case modeSavePath:
		p := m.st.accent.Render("Save to: ")
		l := p + m.saveInput.String()
		return []string{ansi.Truncate(l, width, "")}, min(lipgloss.Width(p)+runewidth.StringWidth(string(m.saveInput.buf[:m.saveInput.pos])), width-1), 0
	}
	var rows []string
	if m.comp != nil {
		rows = append(rows, m.renderMenu(width)...)
	}
	rows = append(rows, m.renderTypeahead(width)...)
	ed, cx, cy := m.renderEditor(width)
	cy += len(rows)
	return append(rows, ed...), cx, cy
}

// renderTypeahead shows the lines entered while a command runs that it
// has not read: they run next, as type-ahead does in a terminal.
func (m *model) renderTypeahead(width int) []string {
	if m.job == nil {
		return nil
	}
	var rows []string
	for _, it := range m.typeahead {
		if it.eof || it.secret {
			continue
		}
		first, _, more := strings.Cut(strings.TrimRight(it.data, "\n"), "\n")
		if more {
			first += " …"
		}
		rows = append(rows, m.st.muted.Render(ansi.Truncate("queued: "+sanitizeLine(first), width, "…")))
	}
	if n := len(rows); n > 3 {
		rows = append(rows[:2], m.st.muted.Render(fmt.Sprintf("… %d more queued", n-2)))
	}
	return rows
}

// maxEditorRows caps the prompt's height; longer input scrolls.
func (m *model) maxEditorRows() int { return max(m.height/2, 3) }

// renderEditor draws the input with highlighting, the PS2 prompt on
// continuation lines, soft wrapping, and the autosuggestion.
func (m *model) renderEditor(width int) ([]string, int, int) {
	src := m.ed.String()
	prompt, ps2 := m.st.accent.Render("$ "), m.st.muted.Render("> ")
	var cls []class
	if m.job != nil && !m.job.echo {
		// read -s: what is typed is not shown, as echo is off.
		return []string{m.st.input.Render("› ")}, 2, 0
	}
	var above []string // the lines of a multi-line PS1 before its last
	if m.job != nil {
		prompt = m.st.input.Render("› ")
		ps2 = prompt
		cls = make([]class, len(src))
	} else {
		cls = m.highlighted(src)
		above, prompt, ps2 = m.customPrompts(width, prompt, ps2)
	}
	pw := max(lipgloss.Width(prompt), lipgloss.Width(ps2))
	prompt += strings.Repeat(" ", pw-lipgloss.Width(prompt))
	ps2 += strings.Repeat(" ", pw-lipgloss.Width(ps2))
	tw := max(width-pw, 4)
	var rows []string
	var cur strings.Builder
	col := 0
	cx, cy := -1, 0
	var run strings.Builder
	runClass := clPlain
	flushRun := func() {
		if run.Len() > 0 {
			cur.WriteString(m.classStyle(runClass).Render(run.String()))
			run.Reset()
		}
	}
	newRow := func(p string) {
		flushRun()
		rows = append(rows, cur.String())
		cur.Reset()
		cur.WriteString(p)
		col = 0
	}
	// Only the lines around the cursor can show: for a big paste, lay out
	// just those, so a frame costs the same as for a one-liner.
	from, to, boff := m.editorWindow(tw)
	if from == 0 {
		cur.WriteString(prompt)
	} else {
		cur.WriteString(ps2)
	}
	runeIdx := from
	for i, r := range src[boff : boff+runesLen(m.ed.buf[from:to])] {
		bi := boff + i
		if runeIdx == m.ed.pos {
			cx, cy = pw+col, len(rows)
		}
		runeIdx++
		if r == '\n' {
			newRow(ps2)
			continue
		}
		c := clPlain
		if bi < len(cls) {
			c = cls[bi]
		}
		text, w := string(r), runewidth.RuneWidth(r)
		switch {
		case r == '\t':
			w = 4 - col%4
			text = strings.Repeat(" ", w)
		case r < 0x20 || r == 0x7f:
			text, w = "^"+string(rune(r^0x40)), 2
		}
		if col+w > tw {
			newRow(strings.Repeat(" ", pw))
			if cx >= 0 && cy == len(rows)-1 && cx-pw >= tw {
				cx, cy = pw, len(rows)
			}
		}
		if c != runClass {
			flushRun()
			runClass = c
		}
		run.WriteString(text)
		col += w
	}
	if m.ed.pos == to {
		if col >= tw {
			newRow(strings.Repeat(" ", pw))
		}
		cx, cy = pw+col, len(rows)
	}
	flushRun()
	if sug := m.suggestion(); sug != "" {
		rest := strings.SplitN(sug[len(src):], "\n", 2)[0]
		rest = ansi.Truncate(rest, max(tw-col, 0), "")
		cur.WriteString(m.st.suggestion.Render(rest))
	}
	rows = append(rows, cur.String())
	if mr := m.maxEditorRows(); len(rows) > mr {
		top := min(max(cy-mr+1, 0), len(rows)-mr)
		rows = rows[top : top+mr]
		cy -= top
	}
	if len(above) > 0 && len(rows) < m.maxEditorRows() {
		rows = append(above, rows...)
		cy += len(above)
	}
	return rows, cx, cy
}

// customPrompts renders PS1 and PS2 when the session sets them (bash's
// escapes and colours, prompt.go); a prompt wider than half the screen
// falls back to the default one.
func (m *model) customPrompts(width int, prompt, ps2 string) (above []string, p1, p2 string) {
	p1, p2 = prompt, ps2
	pe := m.penv
	pe.histNum = len(m.hist.entries) + 1
	if pe.ps1 != "" {
		lines := promptLines(expandPrompt(pe.ps1, pe, m.now))
		if last := lines[len(lines)-1]; lipgloss.Width(last) <= width/2 {
			p1 = last
			for _, l := range lines[:len(lines)-1] {
				above = append(above, ansi.Truncate(l, width, "…"))
			}
		}
	}
	if pe.ps2 != "" {
		lines := promptLines(expandPrompt(pe.ps2, pe, m.now))
		if last := lines[len(lines)-1]; lipgloss.Width(last) <= width/2 {
			p2 = last
		}
	}
	return above, p1, p2
}

// editorWindow picks the runes of the input worth laying out: all of a
// small input; for a big one, maxEditorRows lines (and at most that many
// screen rows of text) either side of the cursor. boff is the byte
// offset of from in the input's string.
func (m *model) editorWindow(tw int) (from, to, boff int) {
	buf, pos := m.ed.buf, m.ed.pos
	if len(buf) <= 4096 {
		return 0, len(buf), 0
	}
	k := m.maxEditorRows()
	from = m.ed.lineStart(pos)
	for i := 0; i < k && from > 0; i++ {
		from = m.ed.lineStart(from - 1)
	}
	to = m.ed.lineEnd(pos)
	for i := 0; i < k && to < len(buf); i++ {
		to = m.ed.lineEnd(to + 1)
	}
	from = max(from, pos-k*tw)
	to = min(to, pos+k*tw)
	return from, to, runesLen(buf[:from])
}

// runesLen is the UTF-8 length of rs.
func runesLen(rs []rune) int {
	n := 0
	for _, r := range rs {
		if l := utf8.RuneLen(r); l > 0 {
			n += l
		} else {
			n += 3 // an invalid rune becomes U+FFFD in a string
		}
	}
	return n
}

// renderMenu lays the completion candidates out in columns.
func (m *model) renderMenu(width int) []string {
	colW := 0
	for _, it := range m.comp {
		colW = max(colW, runewidth.StringWidth(it.display))
	}
	colW = min(colW+2, width)
	cols := max(width/colW, 1)
	maxRows := 8
	n := len(m.comp)
	nrows := (n + cols - 1) / cols
	shown := min(nrows, maxRows)
	first := 0
	if m.compSel >= 0 {
		first = max(m.compSel%nrows-shown+1, 0)
	}
	var out []string
	for r := first; r < first+shown; r++ {
		var b strings.Builder
		for c := 0; c < cols; c++ {
			i := c*nrows + r
			if i >= n {
				break
			}
			cell := ansi.Truncate(m.comp[i].display, colW-2, "…")
			cell += strings.Repeat(" ", colW-runewidth.StringWidth(cell))
			if i == m.compSel {
				b.WriteString(m.st.selected.Render(cell))
			} else if strings.HasSuffix(m.comp[i].display, "/") {
				b.WriteString(m.st.dir.Render(cell))
			} else {
				b.WriteString(m.st.text.Render(cell))
			}
		}
		out = append(out, b.String())
	}
	if shown < nrows {
		out = append(out, m.st.muted.Render(fmt.Sprintf("… %d candidates", n)))
	}
	return out
}

// renderSearch is the ctrl+r list above a query line.
func (m *model) renderSearch(width int) ([]string, int, int) {
	var rows []string
	for i := len(m.searchHits) - 1; i >= 0; i-- {
		idx := m.searchHits[i]
		l := strings.ReplaceAll(m.hist.entries[idx], "\n", " ⏎ ")
		meta := m.histMetaText(m.hist.meta[idx])
		room := width - 2
		if mw := lipgloss.Width(meta); mw > 0 && room-mw-2 >= 12 {
			room -= mw + 2
		} else {
			meta = ""
		}
		l = ansi.Truncate(l, room, "…")
		pad := strings.Repeat(" ", max(room-lipgloss.Width(l), 0))
		if meta != "" {
			pad += "  "
		}
		if i == m.searchSel {
			rows = append(rows, m.st.selected.Render("> "+l)+pad+meta)
		} else {
			rows = append(rows, "  "+m.markMatch(l, m.search.String())+pad+meta)
		}
	}
	if len(m.searchHits) == 0 {
		rows = append(rows, m.st.muted.Render("  no match"))
	}
	p := m.st.accent.Render("search: ")
	q := m.search.String()
	filter := m.st.muted.Render("  [" + filterNames[m.searchFilter] + " · ctrl+r filter]")
	rows = append(rows, ansi.Truncate(p+q+filter, width, ""))
	cx := min(8+runewidth.StringWidth(string(m.search.buf[:m.search.pos])), width-1)
	return rows, cx, len(rows) - 1
}

// histMetaText is an entry's status, duration, age and directory, as
// Ctrl+R lists them ("" for an entry from before they were kept).
func (m *model) histMetaText(mt histMeta) string {
	if !mt.done {
		return ""
	}
	st := m.st.success.Render("✓")
	if mt.status != 0 {
		st = m.st.failure.Render(fmt.Sprintf("✗ %d", mt.status))
	}
	dir := mt.dir
	if h := m.home; h != "" && h != "/" && (dir == h || strings.HasPrefix(dir, h+"/")) {
		dir = "~" + dir[len(h):]
	}
	return st + m.st.muted.Render(" "+fmtDuration(mt.dur)+" · "+ago(m.now.Sub(mt.at))+" · "+ansi.Truncate(dir, 24, "…"))
}

// ago is a short age: 5s, 3m, 2h, 4d.
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds ago", max(int(d.Seconds()), 0))
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	default:
		return fmt.Sprintf("%dd ago", int(d.Hours()/24))
	}
}

// markMatch draws l with the characters the query matched in the
// accent style: the substring if there is one, else the subsequence.
func (m *model) markMatch(l, q string) string {
	hit := matchPositions(strings.ToLower(l), strings.ToLower(q))
	if len(hit) == 0 || len(l) != len(strings.ToLower(l)) {
		return m.st.text.Render(l)
	}
	var b strings.Builder
	start := 0
	for i := 1; i <= len(l); i++ {
		if i == len(l) || hit[i] != hit[start] {
			if hit[start] {
				b.WriteString(m.st.accent.Render(l[start:i]))
			} else {
				b.WriteString(m.st.text.Render(l[start:i]))
			}
			start = i
		}
	}
	return b.String()
}

// matchPositions returns the byte offsets of s that q matches.
func matchPositions(s, q string) map[int]bool {
	if q == "" {
		return nil
	}
	hit := map[int]bool{}
	if i := strings.Index(s, q); i >= 0 {
		for k := i; k < i+len(q); k++ {
			hit[k] = true
		}
		return hit
	}
	if asciiWidth(q) < 0 {
		return nil // a byte-wise subsequence could split a rune
	}
	j := 0
	for i := 0; i < len(s) && j < len(q); i++ {
		if s[i] == q[j] {
			hit[i] = true
			j++
		}
	}
	if j < len(q) {
		return nil
	}
	return hit
}

// renderHelp is the key map, in two columns when there is room.
func (m *model) renderHelp(width, h int) []string {
	kw := 0
	var items []key.Binding // a zero Binding separates groups
	for gi, g := range keys().helpGroups() {
		if gi > 0 {
			items = append(items, key.Binding{})
		}
		for _, bnd := range g {
			kw = max(kw, len(bnd.Help().Key))
			items = append(items, bnd)
		}
	}
	column := func(items []key.Binding, w int) []string {
		var rows []string
		for _, bnd := range items {
			rows = append(rows, helpRows(bnd, kw, w, &m.st)...)
		}
		return rows
	}
	title := m.st.title.Render("Keys") + m.st.muted.Render("  (any key closes; up/down scroll)")
	lines := wrapLine(title, width)
	if width >= 96 {
		half := (len(items) + 1) / 2
		colW := width / 2
		left, right := column(items[:half], colW-1), column(items[half:], width-colW)
		for i := 0; i < max(len(left), len(right)); i++ {
			var l string
			if i < len(left) {
				l = left[i]
			}
			l += strings.Repeat(" ", max(colW-lipgloss.Width(l), 0))
			if i < len(right) {
				l += right[i]
			}
			lines = append(lines, l)
		}
	} else {
		lines = append(lines, column(items, width)...)
	}
	top := min(m.helpTop, max(len(lines)-h, 0))
	lines = lines[top:]
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines
}

// helpRows lays out one key's help in w columns: the key, then its
// description wrapped at word boundaries, continuation rows indented to
// the descriptions' column; when that leaves too little room, the
// description goes under the key.
func helpRows(b key.Binding, kw, w int, st *styles) []string {
	h := b.Help()
	if h.Key == "" {
		return []string{""}
	}
	ind := kw + 2
	wide := w-ind >= 16
	if !wide {
		ind = 2
	}
	rows := strings.Split(ansi.Wrap(h.Desc, max(w-ind, 1), ""), "\n")
	out := []string{ansi.Truncate(st.accent.Render(h.Key), w, "")}
	if wide {
		out[0] += strings.Repeat(" ", kw-len(h.Key)+2) + st.text.Render(rows[0])
		rows = rows[1:]
	}
	for _, r := range rows {
		out = append(out, strings.Repeat(" ", ind)+st.text.Render(r))
	}
	return out
}

func (m *model) renderPreview(width, h int) []string {
	lines := []string{m.st.title.Render(ansi.Truncate(m.previewTitle, width, "…"))}
	body := m.previewLines
	if m.previewHex != nil {
		body = hexDump(m.previewHex, hexPerRow(width))
	}
	for _, l := range body {
		for _, w := range wrapLine(l, width) {
			if len(lines) >= h-1 {
				break
			}
			lines = append(lines, w)
		}
	}
	lines = append(lines, m.st.muted.Render("(any key closes)"))
	return lines
}

// statusLine shows where the shell is and what the keys do now.
func (m *model) statusLine(width int) string {
	cwd := m.cwd
	if h := m.home; h != "" && h != "/" && (cwd == h || strings.HasPrefix(cwd, h+"/")) {
		cwd = "~" + cwd[len(h):]
	}
	left := m.st.accent.Render(cwd)
	var hint string
	switch {
	case m.flash != "":
		hint = m.flash
	case m.focus == focusPanel && m.panelTyping:
		hint = "filter: type a name · enter keep · tab insert · esc clear"
	case m.focus == focusPanel:
		hint = "panel: ↑↓ move · enter open · / filter · i insert · esc back"
	case m.job != nil && m.job.block.cancelled:
		hint = "cancelling…"
	case m.job != nil && !m.job.echo:
		hint = "input hidden (read -s) · ctrl+c cancel"
	case m.job != nil && m.job.waiting:
		hint = "typing goes to stdin · ctrl+d EOF · ctrl+c cancel"
	case m.job != nil:
		hint = "enter queues a line to run next · ctrl+c cancel"
	case m.comp != nil:
		hint = "tab next · enter pick · esc close"
	case m.mode == modeSearch:
		hint = "↑↓ pick · enter accept · esc cancel"
	case m.mode == modeSaveAsk:
		hint = "y save · n quit without saving · esc stay"
	case m.mode == modeSavePath:
		hint = "enter save and quit · esc stay"
	case m.sel != nil && slices.Contains(m.blocks, m.sel):
		hint = m.selectionHint()
	default:
		hint = "? keys · f2 panel · ctrl+d quit"
	}
	right := m.st.muted.Render(hint)
	room := width - lipgloss.Width(right) - 1
	if room < 8 {
		return ansi.Truncate(left, width, "…")
	}
	left = ansi.Truncate(left, room, "…")
	return left + strings.Repeat(" ", width-lipgloss.Width(left)-lipgloss.Width(right)) + right
}
