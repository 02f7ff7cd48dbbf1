package tui

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// pagerView is the full-screen pager: less, more and man from the session
// (Invocation.Pager), or a finished block's output (ctrl+o). It takes the
// whole screen until q.
type pagerView struct {
	title string
	lines []string // display lines, colours kept
	plain []string // the same without escapes, for search
	top   int      // first line shown

	typing  bool   // the search prompt is open
	back    bool   // the search (typed or last) goes backward
	input   editor // the pattern being typed
	re      *regexp.Regexp
	pattern string
	msg     string // "Pattern not found", a bad pattern

	done chan struct{} // closed when the pager closes; the command waits on it
}

// pagerReq is a command's request to show text (Session.SetPager).
type pagerReq struct {
	title string
	text  []byte
	done  chan struct{}
}

// pagerFor returns the session's pager function: it hands the text to
// the model through ch and blocks the command until the view closes.
func pagerFor(ch chan<- pagerReq) func(ctx context.Context, title string, text []byte) {
	return func(ctx context.Context, title string, text []byte) {
		done := make(chan struct{})
		select {
		case ch <- pagerReq{title, text, done}:
		case <-ctx.Done():
			return
		}
		select {
		case <-done:
		case <-ctx.Done():
		}
	}
}

// waitPager delivers the next pager request of the running job; it ends
// with the job (ctx), so no goroutine outlives it.
func waitPager(ctx context.Context, ch <-chan pagerReq) tea.Cmd {
	return func() tea.Msg {
		select {
		case r := <-ch:
			return r
		case <-ctx.Done():
			return nil
		}
	}
}

// newPager builds the view over raw command output, sanitised as block
// output is (colours kept, other controls dropped, tabs expanded).
func newPager(title string, text []byte, done chan struct{}) *pagerView {
	var s sanitizer
	var lines []string
	s.feed(text, nil, func(l string) { lines = append(lines, l) })
	if l, ok := s.partial(nil); ok {
		lines = append(lines, l)
	}
	return newPagerLines(title, lines, done)
}

func newPagerLines(title string, lines []string, done chan struct{}) *pagerView {
	p := &pagerView{title: title, lines: lines, done: done}
	p.plain = make([]string, len(lines))
	for i, l := range lines {
		p.plain[i] = ansi.Strip(l)
	}
	return p
}

// close ends the view and lets a waiting command go on.
func (p *pagerView) close() {
	if p.done != nil {
		close(p.done)
		p.done = nil
	}
}

// onPagerReq opens the view for a command; the next request of the same
// job is waited for again.
func (m *model) onPagerReq(r pagerReq) tea.Cmd {
	if m.pager != nil {
		m.pager.close()
	}
	m.pager = newPager(r.title, r.text, r.done)
	if m.job != nil {
		return waitPager(m.job.ctx, m.pagerCh)
	}
	return nil
}

// openBlockInPager shows the newest finished block's output (ctrl+o),
// then the files its command added (+), changed (~) and removed (-).
func (m *model) openBlockInPager() {
	if b := m.targetBlock(); b != nil {
		lines := b.body(&m.st)
		if b.fsNote != "" {
			// The files behind the block's fs: line, after its output.
			lines = append(lines, "", m.st.muted.Render(b.fsNote+":"))
			lines = append(lines, b.fsPaths...)
			if n := b.fsTotal; n > len(b.fsPaths) {
				lines = append(lines, m.st.muted.Render(fmt.Sprintf("… and %d more", n-len(b.fsPaths))))
			}
		}
		m.pager = newPagerLines("$ "+strings.ReplaceAll(b.cmd, "\n", " ⏎ "), lines, nil)
	}
}

// copyBlock copies the newest finished block's output, without colours,
// to the terminal's clipboard with OSC 52 (alt+c).
func (m *model) copyBlock() tea.Cmd {
	b := m.targetBlock()
	if b == nil {
		return nil
	}
	lines := b.body(&m.st)
	for i, l := range lines {
		lines[i] = ansi.Strip(l)
	}
	text := strings.Join(lines, "\n")
	m.blocks = append(m.blocks, &block{note: fmt.Sprintf("copied the output of %q (%d lines) to the clipboard", firstLine(b.cmd), len(lines))})
	return tea.SetClipboard(text)
}

func firstLine(s string) string {
	l, _, more := strings.Cut(s, "\n")
	if more {
		l += " …"
	}
	return l
}

// targetBlock is the block ctrl+o and alt+c act on: the selected one,
// else the newest finished.
func (m *model) targetBlock() *block {
	if m.sel != nil {
		return m.sel
	}
	return m.lastOutputBlock()
}

// lastOutputBlock is the newest command block that has finished.
func (m *model) lastOutputBlock() *block {
	for i := len(m.blocks) - 1; i >= 0; i-- {
		if b := m.blocks[i]; b.cmd != "" && !b.running {
			return b
		}
	}
	return nil
}

// pagerRows is how many text rows the pager shows (the last row is its
// status line).
func (m *model) pagerRows() int { return max(m.height-1, 1) }

func (m *model) onPagerKey(k tea.KeyPressMsg) tea.Cmd {
	p := m.pager
	if p.typing {
		switch {
		case key.Matches(k, keys().Run):
			p.typing = false
			if q := p.input.String(); q != "" {
				p.setPattern(q)
			}
			p.search(p.back, m.pagerRows())
		case key.Matches(k, keys().Close, keys().Cancel):
			p.typing = false
		default:
			editKey(&p.input, k)
		}
		return nil
	}
	h := m.pagerRows()
	p.msg = ""
	switch {
	case key.Matches(k, keys().PagerQuit):
		p.close()
		m.pager = nil
	case key.Matches(k, keys().PagerDown):
		p.scroll(1, h)
	case key.Matches(k, keys().PagerUp):
		p.scroll(-1, h)
	case key.Matches(k, keys().PagerPageDown):
		p.scroll(h, h)
	case key.Matches(k, keys().PagerPageUp):
		p.scroll(-h, h)
	case key.Matches(k, keys().PagerHalfDown):
		p.scroll(h/2, h)
	case key.Matches(k, keys().PagerHalfUp):
		p.scroll(-h/2, h)
	case key.Matches(k, keys().PagerTop):
		p.top = 0
	case key.Matches(k, keys().PagerEnd):
		p.scroll(len(p.lines), h)
	case key.Matches(k, keys().PagerSearch), key.Matches(k, keys().PagerSearchBack):
		p.typing, p.back = true, k.Text == "?"
		p.input.Reset()
	case key.Matches(k, keys().PagerNext):
		p.search(p.back, h)
	case key.Matches(k, keys().PagerPrev):
		p.search(!p.back, h)
	}
	return nil
}

func (p *pagerView) scroll(d, h int) {
	p.top = max(min(p.top+d, len(p.lines)-h), 0)
}

// setPattern compiles q as less does: a regular expression, case-blind
// when q has no capital letter (less -i's smart case); a bad expression
// is searched for as text.
func (p *pagerView) setPattern(q string) {
	expr := q
	if _, err := regexp.Compile(expr); err != nil {
		expr = regexp.QuoteMeta(q)
	}
	if strings.ToLower(q) == q {
		expr = "(?i)" + expr
	}
	p.re, p.pattern = regexp.MustCompile(expr), q
}

// search moves to the next line matching the pattern after the top line
// (before it, backward), as n and N do.
func (p *pagerView) search(back bool, h int) {
	if p.re == nil {
		p.msg = "No previous regular expression"
		return
	}
	step, i := 1, p.top+1
	if back {
		step, i = -1, p.top-1
	}
	for ; i >= 0 && i < len(p.plain); i += step {
		if p.re.MatchString(p.plain[i]) {
			p.top = i
			p.scroll(0, h)
			if p.top != i {
				// Near the end the match shows lower on the screen.
				p.msg = ""
			}
			return
		}
	}
	p.msg = "Pattern not found"
}

// renderPager draws the view: wrapped lines from top, matches in reverse
// video, and a status line like less's.
func (m *model) renderPager(width int) []string {
	p := m.pager
	h := m.pagerRows()
	var rows []string
	last := p.top
	for i := p.top; i < len(p.lines) && len(rows) < h; i++ {
		l := p.lines[i]
		if p.re != nil && p.re.MatchString(p.plain[i]) {
			l = m.markPattern(p.plain[i], p.re)
		}
		for _, r := range wrapLine(l, width) {
			if len(rows) < h {
				rows = append(rows, r)
			}
		}
		last = i
	}
	for len(rows) < h {
		rows = append(rows, m.st.muted.Render("~"))
	}
	var status string
	switch {
	case p.typing:
		prompt := "/"
		if p.back {
			prompt = "?"
		}
		status = prompt + p.input.String()
	case p.msg != "":
		status = m.st.failure.Render(p.msg) + m.st.muted.Render("  (q quits)")
	default:
		pos := "(END)"
		if last < len(p.lines)-1 {
			pos = fmt.Sprintf("%d%%", (last+1)*100/max(len(p.lines), 1))
		}
		status = m.st.selected.Render(fmt.Sprintf(" %s  lines %d-%d/%d  %s ", p.title, min(p.top+1, len(p.lines)), last+1, len(p.lines), pos)) +
			m.st.muted.Render("  q quit · / search · n/N next/prev · g/G top/end")
	}
	return append(rows, ansi.Truncate(status, width, "…"))
}

// markPattern shows plain with re's matches in reverse video.
func (m *model) markPattern(plain string, re *regexp.Regexp) string {
	var b strings.Builder
	prev := 0
	for _, loc := range re.FindAllStringIndex(plain, -1) {
		if loc[1] == loc[0] {
			continue
		}
		b.WriteString(plain[prev:loc[0]])
		b.WriteString(m.st.selected.Render(plain[loc[0]:loc[1]]))
		prev = loc[1]
	}
	b.WriteString(plain[prev:])
	return b.String()
}
