package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// The running command's stdin behaves as a terminal in cooked mode: a
// line goes to the command when it is entered and the command waits to
// read; lines entered while it does not read are type-ahead, queued
// (and shown as queued) until it reads them or ends, when they run as
// the next commands, as bash and zsh do with what was typed meanwhile.

// inputItem is one entered line (or a pasted block of lines), or EOF.
type inputItem struct {
	data   string
	eof    bool
	secret bool // typed while echo was off (read -s): never shown
}

// ttyState is what a session may tell about the line's stdin; a shell
// without it (the tests' fake) reads whatever is sent, echoing it.
type ttyState interface {
	StdinWaiting() bool
	StdinEcho() bool
}

// suspender is a session whose fg can send its job back to the
// background (Ctrl-Z).
type suspender interface{ SuspendForeground() bool }

// stoppedJobs is a session that tells how many of its jobs are stopped
// (asked only between commands).
type stoppedJobs interface{ StoppedJobs() int }

// stdinState reads the session's stdin state, off the UI goroutine.
func stdinState(sh Shell) (waiting, echo bool) {
	if t, ok := sh.(ttyState); ok {
		return t.StdinWaiting(), t.StdinEcho()
	}
	return true, true
}

// cookedPaste turns a terminal's paste into what a tty in cooked mode
// hands a reader: CR and CRLF line ends become LF (terminals send CR for
// Enter), and bracketed-paste markers that slipped through are dropped.
func cookedPaste(s string) string {
	s = strings.ReplaceAll(s, "\x1b[200~", "")
	s = strings.ReplaceAll(s, "\x1b[201~", "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// queueInput adds an entered line or paste to the type-ahead and hands
// what it can to the running command.
func (m *model) queueInput(it inputItem) {
	m.typeahead = append(m.typeahead, it)
	m.deliverInput()
}

// deliverInput gives the running command the oldest queued item when it
// waits on its stdin: one item per wait, so `read a; read b` each get
// their own line and what is left runs after the command.
func (m *model) deliverInput() {
	j := m.job
	if j == nil || !j.waiting || len(m.typeahead) == 0 {
		return
	}
	it := m.typeahead[0]
	m.typeahead = m.typeahead[1:]
	j.waiting = false // until the next tick says it waits again
	if it.eof {
		j.in.closeInput()
		return
	}
	j.in.send([]byte(it.data))
	if !it.secret {
		j.block.feed([]chunk{{streamIn, []byte(it.data)}}, 0, false, &m.st)
	}
}

// runTypeahead runs the next queued line once no command runs; the
// rest wait for it to end. A queued EOF means nothing to the prompt.
func (m *model) runTypeahead() tea.Cmd {
	for m.job == nil && len(m.typeahead) > 0 {
		it := m.typeahead[0]
		m.typeahead = m.typeahead[1:]
		if it.eof || it.secret || strings.TrimSpace(it.data) == "" {
			continue
		}
		return m.runLine(strings.TrimRight(it.data, "\n"))
	}
	return nil
}

// onJobPaste splits a paste into a running command's input as a tty
// would: the complete lines are entered, a last partial line stays in
// the prompt for more typing.
func (m *model) onJobPaste(s string) {
	text := m.ed.String() + cookedPaste(s)
	cut := strings.LastIndexByte(text, '\n') + 1
	m.ed.Set(text[cut:])
	if cut > 0 {
		m.queueInput(inputItem{data: text[:cut], secret: !m.job.echo})
	}
}

// sanitizeLine shows control characters of typed text as ^X, so a queued
// line can never move the cursor or change colours.
func sanitizeLine(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			b.WriteByte('^')
			b.WriteRune(r ^ 0x40)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
