package shell

import (
	"context"
	"io"
	"os"
	"sync/atomic"
	"time"
)

// termInput tracks the running line's own stdin (the file Run made from
// Stdio.Stdin) as a terminal driver would: whether a command is blocked
// reading it, and whether echo is off (read -s). The interactive shell
// asks both to feed typed lines only to a reader that waits (what is
// typed meanwhile stays queued, as type-ahead does in a terminal) and to
// hide what is typed at a silent read.
type termInput struct {
	file    atomic.Pointer[os.File]
	waiting atomic.Int32 // reads of file in progress
	noEcho  atomic.Int32 // silent reads (read -s) in progress
}

// isTerm reports whether r is the running line's own stdin.
func (t *termInput) isTerm(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && f != nil && f == t.file.Load()
}

// waitingReader counts its Reads of the line's stdin as waiting.
type waitingReader struct {
	r io.Reader
	n *atomic.Int32
}

func (w waitingReader) Read(p []byte) (int, error) {
	w.n.Add(1)
	defer w.n.Add(-1)
	return w.r.Read(p)
}

// lineStdin is the line's stdin as a session on shell/interp hands it
// to the interpreter: every Read of it counts as waiting, whoever reads
// (the read and mapfile builtins, a registry command through what read
// buffered), so the TUI feeds typed lines to them as to a command. A
// registry command gets the file itself (interpInvoke), which
// meterStdin counts.
type lineStdin struct {
	f *os.File
	t *termInput
}

func (l *lineStdin) Read(p []byte) (int, error) {
	l.t.waiting.Add(1)
	defer l.t.waiting.Add(-1)
	return l.f.Read(p)
}

// IsTerminal tells the interpreter that the line's stdin is the
// terminal (read -p shows its prompt).
func (l *lineStdin) IsTerminal() bool { return true }

// SetReadDeadline bounds a read the interpreter makes (read -t).
func (l *lineStdin) SetReadDeadline(t time.Time) error { return l.f.SetReadDeadline(t) }

// lineFile is the file behind the line's stdin r, or r itself.
func lineFile(r io.Reader) io.Reader {
	if l, ok := r.(*lineStdin); ok {
		return l.f
	}
	return r
}

// StdinWaiting reports whether a command of the running line is blocked
// reading the line's stdin (not a pipe or file it was redirected from).
func (s *Session) StdinWaiting() bool { return s.c.term.waiting.Load() > 0 }

// StdinEcho reports whether what is typed for the line's stdin may be
// shown: false while `read -s` reads it.
func (s *Session) StdinEcho() bool { return s.c.term.noEcho.Load() == 0 }

// PagerFunc shows text full-screen and returns when the user leaves it.
type PagerFunc func(ctx context.Context, title string, text []byte)

// SetPager gives commands writing to the terminal (less, more, man) the
// interactive shell's pager; nil takes it away.
func (s *Session) SetPager(p PagerFunc) {
	if p == nil {
		s.c.pager.Store(nil)
		return
	}
	s.c.pager.Store(&p)
}
