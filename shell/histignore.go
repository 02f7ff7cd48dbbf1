package shell

import "memsh/shell/interp"

// HistIgnored reports whether HISTIGNORE's value ignore keeps line out
// of the history, as bash reads it: ':'-separated patterns that must
// match the whole line, & standing for the previous entry (prev). The
// TUI's history asks it; the interpreter's own history (bash -i,
// set -o history) uses the same rule.
func HistIgnored(ignore, line, prev string) bool {
	return interp.HistIgnored(ignore, line, prev, false)
}
