package tui

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"

	"memsh/internal/persist"
)

// autosaveInterval is how often the session is saved while the
// filesystem changes: a crash or kill -9 loses at most this much.
const autosaveInterval = 30 * time.Second

type autosavedMsg struct{ err error }

// signalMsg says the process got SIGTERM, SIGHUP or (without a terminal)
// SIGINT: quit at once, without questions; Run saves the session after.
type signalMsg struct{ sig os.Signal }

// autosaveDue returns the Cmd saving the session when autosaveInterval
// has passed since the last one ended (the panel's poll, ten times a
// second, is the clock: no timer outlives the program). The save itself
// happens only when the filesystem moved since the last save
// (persist.Session.SaveIfChanged compares the generation counter, so an
// idle session costs nothing).
func (m *model) autosaveDue(now time.Time) tea.Cmd {
	s := m.opts.Session
	if s == nil || m.autosaving || m.sh == nil || m.sh.FS() == nil {
		return nil
	}
	if m.lastAutosave.IsZero() {
		m.lastAutosave = now
	}
	if now.Sub(m.lastAutosave) < autosaveInterval {
		return nil
	}
	m.autosaving = true
	fsys, cwd := m.sh.FS(), m.cwd
	return func() tea.Msg {
		_, err := s.SaveIfChanged(fsys, cwd)
		return autosavedMsg{err}
	}
}

func (m *model) onAutosaved(msg autosavedMsg) {
	m.autosaving, m.lastAutosave = false, m.now
	switch {
	case msg.err != nil && !m.autosaveFailed:
		// Said once; it is said again only after a save worked.
		m.autosaveFailed = true
		m.noteErr(msg.err.Error() + " (will retry every 30s and on exit)")
	case msg.err == nil:
		m.autosaveFailed = false
	}
}

// saveSessionCmd saves the session on the way out: whole, whatever the
// generation says, so the saved cwd is the last one.
func saveSessionCmd(s *persist.Session, sh Shell, cwd string) tea.Cmd {
	return func() tea.Msg {
		if sh == nil || sh.FS() == nil {
			return savedMsg{errNoFS}
		}
		return savedMsg{s.Save(sh.FS(), cwd)}
	}
}

// handleSignals turns SIGTERM and SIGHUP (the terminal went away) into a
// clean quit that saves the session; bubbletea's own handler would quit
// on SIGTERM only and let SIGHUP kill memsh with the last changes unsaved.
// If the program does not end within a few seconds (a command ignoring
// its cancellation), it is killed; Run saves the session either way.
func handleSignals(p *tea.Program) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			p.Send(signalMsg{sig})
			select {
			case <-time.After(5 * time.Second):
				p.Kill()
			case <-done:
			}
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
