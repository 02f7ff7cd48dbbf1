package tui

import (
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"memsh/memfs"
	"memsh/shell"
)

var errNoFS = errors.New("the session has no filesystem")

type errUnknownTheme string

func (e errUnknownTheme) Error() string {
	return "unknown theme " + string(e) + " (try dark, light or high-contrast)"
}

// ---- completion ----

func (m *model) complete() tea.Cmd {
	start, word := m.ed.Word()
	cmdPos := m.ed.CommandPosition(start)
	quote, at := m.ed.OpenQuote()
	if quote != 0 {
		// Inside "a b or 'a b the word is all that follows the quote.
		start, word, cmdPos = at+1, string(m.ed.buf[at+1:m.ed.pos]), false
	}
	sh, v := m.sh, m.version
	if sh == nil {
		return nil
	}
	// The user's own `complete` spec for the command comes first, as in
	// bash; it runs in the session, so only between commands.
	var req *shell.CompletionRequest
	if m.job == nil {
		r := m.ed.compLine()
		req = &r
	}
	cmd := m.ed.commandName(start)
	return func() tea.Msg {
		if req != nil {
			if items, note, skip, ok := completeSpec(sh, *req, word, quote); ok {
				return compMsg{version: v, start: start + utf8.RuneCountInString(word[:skip]), word: word[skip:], items: items, note: note}
			}
		}
		if quote == 0 && !cmdPos && strings.HasPrefix(word, "-") {
			// ls --a<Tab>: the command's options, from its --help table.
			return compMsg{version: v, start: start, word: word, items: completeOptions(sh, cmd, word)}
		}
		return compMsg{version: v, start: start, word: word, items: completeIn(sh, word, cmdPos, quote)}
	}
}

func (m *model) onCompletions(c compMsg) tea.Cmd {
	if c.version != m.version || m.job != nil {
		return nil // the input changed meanwhile
	}
	if c.note != "" {
		// What a completion function printed, as bash shows it.
		m.addBlock(&block{note: c.note})
	}
	switch len(c.items) {
	case 0:
		return nil
	case 1:
		m.ed.ReplaceWord(c.start, c.items[0].insert)
		m.edited()
		return nil
	}
	if p := commonPrefix(c.items); len(p) > len(c.word) {
		m.ed.ReplaceWord(c.start, p)
		m.edited()
		return nil
	}
	m.comp, m.compSel, m.compStart, m.compWord = c.items, -1, c.start, c.word
	return nil
}

// onMenuKey drives the completion menu; done is false when the key
// should go on to the editor (and the menu closes).
func (m *model) onMenuKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	n := len(m.comp)
	// The selected candidate shows in the line as it is picked (fish);
	// Esc puts back what was typed.
	show := func() {
		m.ed.ReplaceWord(m.compStart, m.comp[m.compSel].insert)
		m.edited()
	}
	switch {
	case key.Matches(k, keys().Complete), k.String() == "down":
		m.compSel = (m.compSel + 1) % n
		show()
		return nil, true
	case key.Matches(k, keys().CompleteBack), k.String() == "up":
		if m.compSel <= 0 {
			m.compSel = n - 1
		} else {
			m.compSel--
		}
		show()
		return nil, true
	case key.Matches(k, keys().Run):
		if m.compSel >= 0 {
			m.comp = nil
			return nil, true
		}
	case key.Matches(k, keys().Close):
		if m.compSel >= 0 {
			m.ed.ReplaceWord(m.compStart, m.compWord)
			m.edited()
		}
		m.comp = nil
		return nil, true
	}
	m.comp = nil
	return nil, false
}

// ---- history search ----

func (m *model) onSearchKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, keys().Close), key.Matches(k, keys().Cancel):
		m.mode = modeEdit
		return nil
	case key.Matches(k, keys().Run), key.Matches(k, keys().Complete):
		if m.searchSel < len(m.searchHits) {
			m.ed.Set(m.hist.entries[m.searchHits[m.searchSel]])
			m.edited()
		}
		m.mode = modeEdit
		return nil
	case key.Matches(k, keys().Search):
		m.searchFilter = (m.searchFilter + 1) % numFilters
		m.researchHistory()
		return nil
	case k.String() == "up", k.String() == "ctrl+p":
		if m.searchSel+1 < len(m.searchHits) {
			m.searchSel++
		}
		return nil
	case k.String() == "down", k.String() == "ctrl+n", k.String() == "ctrl+s":
		if m.searchSel > 0 {
			m.searchSel--
		}
		return nil
	}
	if editKey(&m.search, k) {
		m.researchHistory()
	}
	return nil
}

// ---- scrolling ----

func (m *model) scrollBy(d int) {
	m.scroll = max(m.scroll+d, 0)
	m.clampScroll()
}

func (m *model) clampScroll() {
	if m.scroll == 0 {
		return
	}
	h := m.blocksHeight()
	rows, _ := m.blockRows(m.mainWidth(), m.scroll+h)
	m.scroll = max(min(m.scroll, len(rows)-h), 0)
}

// ---- panel ----

func (m *model) panelVisible() bool {
	switch m.panelPref {
	case panelOn:
		return m.width >= 60
	case panelOff:
		return false
	}
	return m.width >= minPanelWidth
}

func (m *model) panelWidth() int {
	if !m.panelVisible() {
		return 0
	}
	return max(min(m.width*3/10, 48), 28)
}

// mainWidth is the width of the scrollback and prompt column.
func (m *model) mainWidth() int {
	if pw := m.panelWidth(); pw > 0 {
		return m.width - pw - 1
	}
	return m.width
}

// panelTreeHeight is how many tree rows the panel shows.
func (m *model) panelTreeHeight() int {
	return max(m.height-1-1-panelFooterLines, 1)
}

const panelFooterLines = 5

func (m *model) movePanel(d int) {
	n := len(m.visible)
	if n == 0 {
		m.panelSel, m.panelTop = 0, 0
		return
	}
	m.panelSel = max(min(m.panelSel+d, n-1), 0)
	m.clampPanel()
}

// scrollPanel moves the panel's view by d rows (the mouse wheel), taking
// the selection along only when it would leave the view, so the tree
// visibly scrolls whether or not the panel has focus.
func (m *model) scrollPanel(d int) {
	h, n := m.panelTreeHeight(), len(m.visible)
	m.panelTop = max(min(m.panelTop+d, n-h), 0)
	m.panelSel = max(min(m.panelSel, m.panelTop+h-1), m.panelTop)
	m.clampPanel()
}

func (m *model) clampPanel() {
	h := m.panelTreeHeight()
	n := len(m.visible)
	m.panelSel = max(min(m.panelSel, n-1), 0)
	if m.panelSel < m.panelTop {
		m.panelTop = m.panelSel
	}
	if m.panelSel >= m.panelTop+h {
		m.panelTop = m.panelSel - h + 1
	}
	m.panelTop = max(min(m.panelTop, n-h), 0)
}

func (m *model) onPanelKey(k tea.KeyPressMsg) tea.Cmd {
	if m.panelTyping {
		return m.onPanelFilterKey(k)
	}
	h := m.panelTreeHeight()
	switch {
	case k.String() == "esc" && !m.panelFilter.Empty():
		m.clearPanelFilter()
	case key.Matches(k, keys().PanelFilter):
		// A new filter, as / starts a new search in less.
		m.panelFilter.Reset()
		m.panelTyping = true
		m.refold()
	case key.Matches(k, keys().PanelInsert):
		return m.insertPanelPath()
	case key.Matches(k, keys().Unfocus):
		m.focus = focusPrompt
	case key.Matches(k, keys().PanelUp):
		m.movePanel(-1)
	case key.Matches(k, keys().PanelDown):
		m.movePanel(1)
	case key.Matches(k, keys().PanelPageUp):
		m.movePanel(-h)
	case key.Matches(k, keys().PanelPageDown):
		m.movePanel(h)
	case key.Matches(k, keys().PanelTop):
		m.movePanel(-len(m.visible))
	case key.Matches(k, keys().PanelBottom):
		m.movePanel(len(m.visible))
	case key.Matches(k, keys().PanelOpen):
		if m.panelSel >= len(m.visible) {
			return nil
		}
		r := m.visible[m.panelSel]
		if r.dir {
			m.folded[r.path] = !m.folded[r.path]
			m.refold()
			return nil
		}
		return previewCmd(m.sh, r.path)
	case key.Matches(k, keys().Cancel):
		m.focus = focusPrompt
		return m.onJobOrEdit(k)
	}
	return nil
}

func (m *model) onJobOrEdit(k tea.KeyPressMsg) tea.Cmd {
	if m.job != nil {
		return m.onJobKey(k)
	}
	return m.onEditKey(k)
}

// refold recomputes the visible rows from the tree and the folded set.
func (m *model) refold() {
	m.visible = m.visible[:0]
	if m.tree == nil {
		return
	}
	if f := m.panelFilter.String(); f != "" {
		m.visible = append(m.visible, filterRows(m.tree.rows, f)...)
		m.clampPanel()
		return
	}
	skip := ""
	for _, r := range m.tree.rows {
		if skip != "" && strings.HasPrefix(r.path, skip) {
			continue
		}
		skip = ""
		m.visible = append(m.visible, r)
		if r.dir && m.folded[r.path] {
			skip = r.path + "/"
		}
	}
	m.clampPanel()
}

// previewBytes is how much of a file the preview shows.
const previewBytes = 16 << 10

func previewCmd(sh Shell, p string) tea.Cmd {
	return func() tea.Msg {
		title := p
		if sh == nil || sh.FS() == nil {
			return previewMsg{title: title, lines: []string{"(no filesystem)"}}
		}
		f, err := sh.FS().Open(p)
		if err != nil {
			return previewMsg{title: title, lines: []string{err.Error()}}
		}
		defer f.Close()
		buf := make([]byte, previewBytes)
		n, err := io.ReadFull(f, buf)
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return previewMsg{title: title, lines: []string{err.Error()}}
		}
		size := ""
		if fi, err := f.Stat(); err == nil {
			size = fmtSize(fi.Size())
		}
		if isBinary(buf[:n]) {
			// Binary: a hex dump, laid out for the width when drawn.
			return previewMsg{title: fmt.Sprintf("%s (%s, binary: the first %s as hexdump -C shows it)", title, size, fmtSize(previewHexBytes)),
				hex: buf[:min(n, previewHexBytes)]}
		}
		var s sanitizer
		var lines []string
		s.feed(buf[:n], nil, func(l string) { lines = append(lines, l) })
		if t, ok := s.partial(nil); ok {
			lines = append(lines, t)
		}
		if size != "" {
			title += " (" + size + ")"
		}
		return previewMsg{title: title, lines: lines}
	}
}

// ---- polling the filesystem and the stdin counter ----

// pollInterval is how often the panel looks at the filesystem (a
// counter read; a snapshot only when the generation moved).
const pollInterval = 100 * time.Millisecond

type pollMsg struct {
	at      time.Time
	stdin   int64
	usage   memfs.Usage
	tree    *tree    // nil: unchanged
	changed []string // paths whose size or mtime moved since the last tree
}

func pollNow(sh Shell, prev *tree) tea.Cmd {
	return func() tea.Msg { return poll(sh, prev, time.Now()) }
}

func pollLater(sh Shell, prev *tree) tea.Cmd {
	return tea.Tick(pollInterval, func(t time.Time) tea.Msg { return poll(sh, prev, t) })
}

func poll(sh Shell, prev *tree, at time.Time) pollMsg {
	msg := pollMsg{at: at}
	if sh == nil {
		return msg
	}
	msg.stdin = sh.StdinBytes()
	fsys := sh.FS()
	if fsys == nil {
		return msg
	}
	msg.usage = fsys.Usage()
	gen := fsys.Generation()
	if prev != nil && prev.gen == gen {
		return msg
	}
	t := buildTree(gen, fsys.Snapshot("/"))
	msg.tree = t
	if prev != nil {
		for p, s := range t.sigs {
			if old, ok := prev.sigs[p]; !ok || old != s {
				msg.changed = append(msg.changed, p)
			}
		}
	}
	return msg
}

func (m *model) onPoll(p pollMsg) tea.Cmd {
	m.meter.sample(p.stdin, p.at)
	m.usage = p.usage
	if m.job == nil {
		m.now = p.at
	}
	if p.tree != nil {
		m.tree = p.tree
		for _, c := range p.changed {
			m.changed[c] = p.at
			// A change shows on the directories above it too.
			for d := path.Dir(c); d != "/" && d != "."; d = path.Dir(d) {
				m.changed[d] = p.at
			}
		}
		m.refold()
	}
	for k, t := range m.changed {
		if p.at.Sub(t) > changedFor {
			delete(m.changed, k)
		}
	}
	if save := m.autosaveDue(p.at); save != nil {
		return tea.Batch(pollLater(m.sh, m.tree), save)
	}
	return pollLater(m.sh, m.tree)
}
