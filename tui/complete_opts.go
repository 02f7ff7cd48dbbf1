package tui

import (
	"strings"
)

// helpSource is what a session may offer for option completion.
type helpSource interface{ CommandHelp(name string) string }

// optionSpec is one option of a command's --help table.
type optionSpec struct {
	names []string // "-a", "--all"
	arg   bool     // --name=ARG
	desc  string
}

// parseOptions reads the option table of a GNU-style --help text: lines
// that start with blanks and a dash, the names before a run of two or
// more blanks, the description after it ("  -a, --all   do not ignore").
func parseOptions(help string) []optionSpec {
	var out []optionSpec
	for _, line := range strings.Split(help, "\n") {
		t := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(t, "-") || len(line) == len(t) {
			continue
		}
		spec, desc := t, ""
		if i := strings.Index(t, "  "); i >= 0 {
			spec, desc = t[:i], strings.TrimSpace(t[i:])
		}
		var o optionSpec
		for _, f := range strings.Split(spec, ",") {
			f = strings.TrimSpace(f)
			if !strings.HasPrefix(f, "-") {
				continue
			}
			name := f
			if i := strings.IndexAny(f, "=[ "); i >= 0 {
				name = f[:i]
				if strings.HasPrefix(f[i:], "=") {
					o.arg = true
				}
			}
			if name != "-" && name != "--" {
				o.names = append(o.names, name)
			}
		}
		if len(o.names) > 0 {
			o.desc = desc
			out = append(out, o)
		}
	}
	return out
}

// completeOptions lists cmd's options starting with word: long ones for
// "--x", both for "-", shown with their descriptions.
func completeOptions(sh Shell, cmd, word string) []compItem {
	hs, ok := sh.(helpSource)
	if !ok || cmd == "" {
		return nil
	}
	var out []compItem
	seen := map[string]bool{}
	for _, o := range parseOptions(hs.CommandHelp(cmd)) {
		for _, n := range o.names {
			if !strings.HasPrefix(n, word) || seen[n] || len(word) > 1 && word[1] != '-' && strings.HasPrefix(n, "--") {
				continue
			}
			seen[n] = true
			ins := n + " "
			if o.arg && strings.HasPrefix(n, "--") {
				ins = n + "="
			}
			disp := n
			if o.desc != "" {
				disp += "  " + o.desc
			}
			out = append(out, compItem{insert: ins, display: disp})
		}
	}
	return out
}

// commandName is the name of the simple command the word at start belongs
// to: the first word after the last separator before it, past VAR=value
// assignments.
func (e *editor) commandName(start int) string {
	text := string(e.buf[:start])
	if i := strings.LastIndexAny(text, ";|&(\n`{"); i >= 0 {
		text = text[i+1:]
	}
	for _, f := range strings.Fields(text) {
		switch {
		case strings.Contains(f, "=") && !strings.HasPrefix(f, "-"):
			continue
		case f == "sudo" || f == "time" || f == "!" || f == "then" || f == "do" || f == "else":
			continue
		}
		return f
	}
	return ""
}
