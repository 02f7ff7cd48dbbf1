// Package tui is memsh's interactive terminal: a bubbletea program with a
// multi-line editor, command blocks that stream output, and a side panel
// showing the in-memory filesystem and stdin throughput.
package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"memsh/shell"
)

// Options configure Run.
type Options struct {
	Theme     string // "dark" (default), "light", "high-contrast"
	Save      string // save the VFS to this tar file before quitting; "" = ask when /home/user holds files
	ConfigDir string // history and config file; "" = os.UserConfigDir()/memsh
	NoColor   bool   // NO_COLOR is set: no colours
	Version   string // shown in the status line
}

// Run runs the interactive shell on the real terminal until the user
// leaves, and returns the shell's exit status.
func Run(sess *shell.Session, opts Options) (status int, err error) {
	m, err := newModel(sess, opts)
	if err != nil {
		return 1, err
	}
	final, err := tea.NewProgram(m).Run()
	if err != nil {
		return 1, fmt.Errorf("tui: %w", err)
	}
	fm := final.(*model)
	return fm.status, fm.quitErr
}
