// Package tui is memsh's interactive terminal: a bubbletea program with a
// multi-line editor, command blocks that stream output, and a side panel
// showing the in-memory filesystem and stdin throughput.
//
// The root model (model.go) owns all state, focus and layout; the editor,
// blocks, panel and menus render to the widths it hands them; keys are
// matched only through the keymap (keymap.go); colours come from a theme
// in package themes. Update never does I/O: the session runs in tea.Cmds
// and everything it produces comes back as messages, output at most ~30
// times a second.
package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"memsh/internal/persist"
	"memsh/shell"
	"memsh/themes"
)

// Options configure Run.
type Options struct {
	// Theme is "dark" (default), "light" or "high-contrast". Empty means
	// the config file's choice, else dark.
	Theme string
	// Save names a tar file the whole VFS is saved to before quitting.
	// Empty: when /home/user holds files, quitting asks once whether to
	// save them.
	Save string
	// Session, when set, is where the filesystem persists: saved every 30
	// seconds while it changes, on quitting and on SIGTERM/SIGHUP. The
	// caller has restored it and closes it.
	Session *persist.Session
	// Notes are shown under the banner (what was restored, from where).
	Notes []string
	// ConfigDir holds the history and the config file; "" means
	// os.UserConfigDir()/memsh.
	ConfigDir string
	NoColor   bool   // NO_COLOR is set: no colours (attributes stay)
	Version   string // shown in the banner
}

// Run runs the interactive shell on the real terminal until the user
// leaves, and returns the shell's exit status.
func Run(sess *shell.Session, opts Options) (status int, err error) {
	if sess == nil {
		return 1, errors.New("tui: no session")
	}
	if opts.ConfigDir == "" {
		dir, err := os.UserConfigDir()
		if err == nil {
			opts.ConfigDir = filepath.Join(dir, "memsh")
		}
	}
	var badConfig string
	fromFlag := opts.Theme != ""
	if opts.Theme == "" {
		opts.Theme = configTheme(opts.ConfigDir)
		if _, ok := themes.Get(opts.Theme); !ok && opts.Theme != "" {
			// A typo in the config file should not keep memsh from starting.
			badConfig = errUnknownTheme(opts.Theme).Error() + " in " + filepath.Join(opts.ConfigDir, "config")
			opts.Theme = ""
		}
	}
	opts.Notes = append(opts.Notes, runRC(sess, opts.ConfigDir)...)
	if !fromFlag {
		if th, bad := rcTheme(sess); bad != "" {
			badConfig = bad
		} else if th != "" {
			opts.Theme, badConfig = th, ""
		}
	}
	m, err := newModel(sess, opts)
	if err != nil {
		return 1, fmt.Errorf("tui: %w", err)
	}
	m.penv = readPromptEnv(sess, 0)
	if badConfig != "" {
		m.noteErr(badConfig)
	}
	p := tea.NewProgram(m, tea.WithoutSignalHandler())
	stop := handleSignals(p)
	final, err := p.Run()
	stop()
	fm, _ := final.(*model)
	if fm == nil {
		fm = m
	}
	if opts.Session != nil && !fm.sessionSaved {
		// Quit by a signal, killed, or after a failed save: one more try.
		if serr := opts.Session.Save(fm.sh.FS(), fm.cwd); serr != nil && err == nil {
			err = serr
		}
	}
	if err != nil {
		return 1, fmt.Errorf("tui: %w", err)
	}
	return fm.status, nil
}

// rcTheme is the theme the rc file chose by setting MEMSH_THEME (it
// wins over the config file; --theme wins over both), or why it cannot
// be used.
func rcTheme(sh Shell) (theme, bad string) {
	t := sh.Getenv("MEMSH_THEME")
	if t == "" {
		return "", ""
	}
	if _, ok := themes.Get(t); !ok {
		return "", errUnknownTheme(t).Error() + " in MEMSH_THEME (set by memshrc)"
	}
	return t, ""
}

// configTheme reads "theme = NAME" from ConfigDir/config. The file is
// optional; lines starting with # are comments.
func configTheme(dir string) string {
	if dir == "" {
		return ""
	}
	f, err := os.Open(filepath.Join(dir, "config"))
	if errors.Is(err, fs.ErrNotExist) || err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	theme := ""
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(k) == "theme" {
			theme = strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return theme
}
