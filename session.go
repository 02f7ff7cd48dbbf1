package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dustin/go-humanize"

	"memsh/internal/persist"
	"memsh/shell"
	"memsh/shell/command"
)

// listSessions prints the stored sessions for --list-sessions.
func listSessions(w io.Writer) error {
	store, err := persist.DefaultStore()
	if err != nil {
		return err
	}
	list, err := store.List()
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintf(w, "no sessions in %s\n", store.Dir)
		return nil
	}
	for _, s := range list {
		use := ""
		if s.InUse {
			use = "  (in use)"
		}
		fmt.Fprintf(w, "%-20s %10s  saved %s%s\n", s.Name, humanize.IBytes(uint64(s.Size)), s.Saved.Format("2006-01-02 15:04:05"), use)
	}
	fmt.Fprintf(w, "(in %s)\n", store.Dir)
	return nil
}

// sessionFor opens the interactive shell's session (nil for a script,
// which keeps using --load and --save).
func sessionFor(interactive bool, cfg *config, sess *shell.Session) (*persist.Session, []string, error) {
	if !interactive {
		if cfg.session != "" || cfg.fresh {
			return nil, nil, errors.New("--session and --fresh are for the interactive shell; a script uses --load and --save")
		}
		return nil, nil, nil
	}
	return openSession(cfg, sess)
}

// openSession locks the interactive shell's session and restores its
// files and working directory into sess (unless fresh). The notes say
// what happened, for the TUI's banner.
func openSession(cfg *config, sess *shell.Session) (s *persist.Session, notes []string, err error) {
	name := cfg.session
	if name == "" {
		name = persist.DefaultSession
	}
	if err := persist.CheckName(name); err != nil {
		return nil, nil, err
	}
	store, err := persist.DefaultStore()
	if err == nil {
		s, err = store.Open(name)
	}
	if errors.Is(err, persist.ErrInUse) || err != nil && cfg.session != "" {
		return nil, nil, err
	}
	if err != nil {
		// A read-only home must not keep the shell from starting; the
		// quit prompt offers to save instead.
		return nil, []string{"memsh: sessions off: " + err.Error() + " (quitting asks where to save)"}, nil
	}
	if cfg.fresh {
		if s.Exists() {
			if err := s.SetAside(); err != nil {
				s.Close()
				return nil, nil, fmt.Errorf("session %s: --fresh: %w", name, err)
			}
			return s, []string{fmt.Sprintf("session %s: started empty; the previous files are in %s until the next --fresh", name, s.PrevPath())}, nil
		}
		return s, []string{fmt.Sprintf("session %s: new, saved in %s", name, s.TarPath())}, nil
	}
	end := asRoot(sess.FS())
	cwd, ok, err := s.Restore(sess.FS())
	end()
	if err != nil {
		s.Close()
		if cfg.maxFSBytes != "" || cfg.maxFileSize != "" {
			err = fmt.Errorf("%w (limits: --max-fs-bytes %q, --max-file-size %q)", err, cfg.maxFSBytes, cfg.maxFileSize)
		}
		return nil, nil, fmt.Errorf("%w; start with --fresh to set it aside, or another --session", err)
	}
	if !ok {
		return s, []string{fmt.Sprintf("session %s: new, saved in %s on exit and every 30s", name, s.TarPath())}, nil
	}
	if cwd != "" && cfg.cwd == "" {
		// The session's shell starts where it was left.
		sess.Run(context.Background(), "cd -- "+shellQuote(cwd)+" 2>/dev/null", shell.Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard})
	}
	files := 0
	for _, e := range sess.FS().Snapshot("/home") {
		if e.Mode.IsRegular() {
			files++
		}
	}
	note := fmt.Sprintf("session %s restored: %d file(s) under /home, saved %s (%s)", name, files, humanize.Time(s.SavedAt()), s.TarPath())
	return s, []string{note}, nil
}

// shellQuote quotes s for the shell as one word.
func shellQuote(s string) string { return command.BashQuote(s, command.BashSingle) }
