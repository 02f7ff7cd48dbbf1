package tui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// maxHeaderLines is how many lines of a command its block header shows.
const maxHeaderLines = 8

// block is one command in the scrollback: what was run, its output as
// display lines, and how it ended.
type block struct {
	cmd     string
	fsNote  string   // what the command did to the filesystem (fsdelta.go)
	fsPaths []string // the files behind fsNote, shown by ctrl+o
	fsTotal int      // how many files fsNote counts
	step    uint64   // memfs's undo step for the command (0: none)
	lines   []string // display lines, already sanitized and styled
	dropped int64    // lines dropped from the front by the line cap
	skipped int64    // lines never shown: written faster than the screen takes
	san     sanitizer
	tail    string // the unfinished last line, styled
	hasTail bool

	start, end time.Time
	running    bool
	cancelled  bool
	status     int
	err        error
	note       string // a message from memsh itself (not the command)
	hl         string // cmd with syntax colours, computed when it started and ended
	added      int    // lines added since the model last looked
	cleared    bool   // the output erased the screen (`clear`): older blocks go
	erased     bool   // cleared, ever
	plainErr   bool   // stderr is drawn like stdout (a REPL's prompts)
}

// clearScreen forgets the block's output so far, as a terminal's "erase
// screen" would, and tells the model to drop the blocks above.
func (b *block) clearScreen() {
	b.lines = b.lines[:0]
	b.dropped, b.skipped = 0, 0
	b.cleared, b.erased = true, true
}

func (b *block) addLine(l string) {
	if len(b.lines) >= 2*maxBlockLines {
		n := len(b.lines) - maxBlockLines + 1
		b.dropped += int64(n)
		b.lines = append(b.lines[:0], b.lines[n:]...)
	}
	b.lines = append(b.lines, l)
	b.added++
}

// kept returns the lines that count: the last maxBlockLines.
func (b *block) kept() []string {
	if len(b.lines) > maxBlockLines {
		return b.lines[len(b.lines)-maxBlockLines:]
	}
	return b.lines
}

func (b *block) droppedTotal() int64 {
	return b.dropped + b.skipped + int64(len(b.lines)-len(b.kept()))
}

// droppedNote says how many lines are gone and which limit dropped them.
func (b *block) droppedNote() string {
	capped := b.dropped + int64(len(b.lines)-len(b.kept()))
	var why []string
	if capped > 0 {
		why = append(why, fmt.Sprintf("a command keeps its last %d lines", maxBlockLines))
	}
	if b.skipped > 0 {
		why = append(why, fmt.Sprintf("at most %d KiB of output is shown per refresh", maxPending>>10))
	}
	return fmt.Sprintf("… %d lines dropped (%s)", b.droppedTotal(), strings.Join(why, "; "))
}

// feed adds output chunks to the block.
func (b *block) feed(chunks []chunk, dropped int64, resync bool, st *styles) {
	if resync {
		b.skipped += dropped
		b.san.finish(nil)
		b.san.skipEOL = true
	}
	if b.san.onClear == nil {
		b.san.onClear = b.clearScreen
	}
	for _, c := range chunks {
		b.san.feed(c.b, b.streamStyle(c.stream, st), b.addLine)
	}
	if n := len(chunks); n > 0 {
		b.tail, b.hasTail = b.san.partial(b.streamStyle(chunks[n-1].stream, st))
	}
}

func (b *block) streamStyle(stream int, st *styles) *paint {
	switch stream {
	case streamErr:
		if b.plainErr {
			return nil
		}
		return &st.pStderr
	case streamIn:
		return &st.pInput
	}
	return nil
}

// header renders the block's first line: the command and its status.
func (b *block) header(width int, st *styles, now time.Time, spin string, hl func(string) string) []string {
	var right string
	switch {
	case b.start.IsZero(): // abandoned at the prompt with ctrl+c
		right = st.muted.Render("^C")
	case b.running && b.cancelled:
		right = st.muted.Render(spin + " cancelling " + fmtDuration(now.Sub(b.start)))
	case b.running:
		right = st.accent.Render(spin) + " " + st.muted.Render(fmtDuration(now.Sub(b.start)))
	case b.status == 0:
		right = st.success.Render("✓") + " " + st.muted.Render(fmtDuration(b.end.Sub(b.start)))
	default:
		right = st.failure.Render(fmt.Sprintf("✗ %d", b.status)) + " " + st.muted.Render(fmtDuration(b.end.Sub(b.start)))
	}
	if b.hl == "" {
		b.hl = hl(b.cmd)
	}
	cmdLines := strings.Split(b.hl, "\n")
	if n := len(cmdLines); n > maxHeaderLines {
		// A long pasted script: its first lines say what it was.
		cmdLines = append(cmdLines[:maxHeaderLines-1:maxHeaderLines-1],
			st.muted.Render(fmt.Sprintf("… %d more lines", n-maxHeaderLines+1)))
	}
	out := make([]string, 0, len(cmdLines))
	rw := lipgloss.Width(right)
	const indent = "  " // continuation rows of a wrapped command line
	for i, l := range cmdLines {
		p := st.accent.Render("$ ")
		if i > 0 {
			p = st.muted.Render("> ")
		}
		l = p + l
		room := width
		if i == 0 {
			room = width - rw - 1
			if room < 8 {
				// No room beside the status: it goes on a row of its own.
				out = append(out, strings.Repeat(" ", max(width-rw, 0))+right)
				room = width
			}
		}
		// A long command wraps (never cut): the first row beside the
		// status, the rest indented below it.
		rows := []string{l}
		if lipgloss.Width(l) > room {
			rows = []string{ansi.Truncate(l, room, "")}
			for _, r := range wrapLine(ansi.TruncateLeft(l, room, ""), max(width-len(indent), 1)) {
				rows = append(rows, indent+r)
			}
		}
		for j, r := range rows {
			if i == 0 && j == 0 && room < width {
				r += strings.Repeat(" ", max(room-lipgloss.Width(r), 0)+1) + right
			}
			out = append(out, r)
		}
	}
	if b.fsNote != "" {
		out = append(out, st.muted.Render(ansi.Truncate("  "+b.fsNote, width, "…")))
	}
	return out
}

// body returns the block's output lines (unwrapped), with the dropped
// note first and the unfinished line last.
func (b *block) body(st *styles) []string {
	kept := b.kept()
	out := make([]string, 0, len(kept)+3)
	if b.droppedTotal() > 0 {
		out = append(out, st.muted.Render(b.droppedNote()))
	}
	out = append(out, kept...)
	if b.hasTail {
		out = append(out, b.tail)
	}
	if b.err != nil {
		out = append(out, st.failure.Render("memsh: "+b.err.Error()))
	}
	if b.note != "" {
		out = append(out, st.muted.Render(b.note))
	}
	return out
}

func fmtDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	default:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
}

// wrapLine splits a display line into rows of at most width columns.
func wrapLine(l string, width int) []string {
	if width <= 0 || lipgloss.Width(l) <= width {
		return []string{l}
	}
	return strings.Split(ansi.Hardwrap(l, width, true), "\n")
}
