package interp

import (
	"context"
	_ "embed"
	"strconv"
	"strings"
)

// helpText is bash 5.2's help topics, in the order of bash's table
// (recorded from bash 5.2.15's `help '*'` in the C locale): each topic is
// a line "%% NAME<TAB>SYNOPSIS", then its description exactly as `help
// NAME` prints it.
//
//go:embed help_topics.txt
var helpText string

// helpTopic is one entry of bash's help table: a builtin or a piece of
// the grammar (for, if, job_spec, variables, ...).
type helpTopic struct {
	name, synopsis string
	desc           []string // the description's lines, as help prints them
}

// helpTopics reads the help table.
func helpTopics() []helpTopic {
	var out []helpTopic
	for _, l := range strings.Split(strings.TrimSuffix(helpText, "\n"), "\n") {
		if h, ok := strings.CutPrefix(l, "%% "); ok {
			name, syn, _ := strings.Cut(h, "\t")
			out = append(out, helpTopic{name: name, synopsis: syn})
			continue
		}
		if len(out) > 0 {
			t := &out[len(out)-1]
			t.desc = append(t.desc, l)
		}
	}
	return out
}

// bashVersionLine is bash's show_shell_version.
const bashVersionLine = "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n"

// builtinHelp is help [-dms] [pattern ...]: with no pattern, the table
// of every topic's synopsis in two columns laid out for the terminal's
// width (COLUMNS, else the terminal's), a star marking a disabled
// builtin; with patterns, each topic they match (a glob, or else a
// prefix): its synopsis and description, -d its one-line description,
// -s its synopsis, -m a manual page.
func builtinHelp(ctx context.Context, r *Runner, args []string) int {
	opts, i, ok := r.builtinOpts(args, "dms", "help [-dms] [pattern ...]")
	if !ok {
		return 2
	}
	pats := args[i:]
	topics := helpTopics()
	if len(pats) == 0 {
		return r.writeOut("help", []byte(bashVersionLine+r.helpTable(topics)))
	}
	var b strings.Builder
	if hasGlobMeta(pats[0], false) {
		word := "keyword"
		if len(pats) > 1 {
			word = "keywords"
		}
		b.WriteString("Shell commands matching " + word + " `" + strings.Join(pats, ", ") + "'\n\n")
	}
	found := 0
	last := ""
	for _, pat := range pats {
		last = pat
		for pass := 1; pass <= 2; pass++ {
			this := 0
			for _, t := range topics {
				if pass == 1 && t.name != pat && !r.match(pat, t.name) || pass == 2 && !strings.HasPrefix(t.name, pat) {
					continue
				}
				this++
				switch {
				case opts.has('d'):
					b.WriteString(t.name + " - " + strings.TrimPrefix(firstLine(t.desc), "    ") + "\n")
				case opts.has('m'):
					b.WriteString(helpManPage(t))
				default:
					b.WriteString(t.name + ": " + t.synopsis + "\n")
					if !opts.has('s') {
						for _, l := range t.desc {
							b.WriteString(l + "\n")
						}
					}
				}
			}
			found += this
			if this > 0 {
				break
			}
		}
	}
	if st := r.writeOut("help", []byte(b.String())); st != 0 {
		return st
	}
	if found == 0 {
		r.errorf("help: no help topics match `%s'.  Try `help help' or `man -k %s' or `info %s'.", last, last, last)
		return 1
	}
	return 0
}

// noHelpOption are the builtins that take --help as an argument, not
// as a request for their help (they read no options, or read them
// themselves).
var noHelpOption = map[string]bool{":": true, "true": true, "false": true, "echo": true, "test": true, "[": true}

// builtinHelpOption is NAME --help for a builtin that reads options as
// bash's internal_getopt does: its help, status 2. ok is false for the
// builtins that take --help as an argument.
func (r *Runner) builtinHelpOption(name string) (int, bool) {
	if noHelpOption[name] {
		return 0, false
	}
	for _, t := range helpTopics() {
		if t.name == name {
			r.writeOut(name, []byte(name+": "+t.synopsis+"\n"+strings.Join(t.desc, "\n")+"\n"))
			return 2, true
		}
	}
	return 0, false
}

func firstLine(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}

// helpManPage is help -m: a topic as a manual page.
func helpManPage(t helpTopic) string {
	var b strings.Builder
	b.WriteString("NAME\n    " + t.name + " - " + strings.TrimPrefix(firstLine(t.desc), "    ") + "\n\n")
	b.WriteString("SYNOPSIS\n    " + t.synopsis + "\n\nDESCRIPTION\n")
	for _, l := range t.desc {
		b.WriteString(l + "\n")
	}
	b.WriteString("\nSEE ALSO\n    bash(1)\n\nIMPLEMENTATION\n    " + bashVersionLine)
	b.WriteString("    Copyright (C) 2022 Free Software Foundation, Inc.\n")
	b.WriteString("    License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\n")
	return b.String()
}

// columns is bash's default_columns: $COLUMNS when it is a positive
// number, else the terminal's width, else 80.
func (r *Runner) columns() int {
	if v, ok := r.getVar("COLUMNS"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
			return n
		}
	}
	if r.cfg.Columns != nil {
		if n := r.cfg.Columns(); n > 0 {
			return n
		}
	}
	return 80
}

// helpTable is help's listing: the header, then the synopses in two
// columns, each half the width (at most 128), an entry cut with '>'
// where it does not fit, as bash's wdispcolumn lays them out (its
// dispcolumn in a single-byte locale).
func (r *Runner) helpTable(topics []helpTopic) string {
	var b strings.Builder
	b.WriteString("These shell commands are defined internally.  Type `help' to see this list.\n" +
		"Type `help name' to find out more about the function `name'.\n" +
		"Use `info bash' to find out more about the shell in general.\n" +
		"Use `man -k' or `info' to find out more about commands not in this list.\n\n" +
		"A star (*) next to a name means that the command is disabled.\n\n")
	width := min(r.columns()/2, 128)
	if width <= 3 {
		width = 40
	}
	n := len(topics)
	height := (n + 1) / 2
	column := r.helpColumn
	if !r.utf8Locale() {
		column = r.helpColumnBytes
	}
	for i := range height {
		left, cols := column(topics[i], width, 0)
		b.WriteString(left)
		if i<<1 >= n || i+height >= n {
			b.WriteString("\n")
			continue
		}
		b.WriteString(strings.Repeat(" ", max(width-cols, 0)))
		right, _ := column(topics[i+height], width, 1)
		b.WriteString(right + "\n")
	}
	return b.String()
}

// helpColumnBytes is helpColumn in a single-byte locale (bash's
// dispcolumn): an entry of width-3 bytes or more (the right column one
// less) is cut to that and ends in '>'.
func (r *Runner) helpColumnBytes(t helpTopic, width, right int) (string, int) {
	mark := " "
	if _, isBuiltin := r.blt[t.name]; isBuiltin && r.disabled[t.name] {
		mark = "*"
	}
	doc := t.synopsis
	if keep := width - 3 - right; len(doc) >= keep {
		doc = doc[:max(keep, 0)] + ">"
	}
	return mark + doc, len(doc) + 1
}

// utf8Locale reports whether the locale (LC_ALL, LC_CTYPE, LANG) is a
// UTF-8 one, where bash measures text in characters.
func (r *Runner) utf8Locale() bool { return !r.byteLocale() }

// helpColumn is one entry of help's table and the columns it takes: a
// space (a star for a disabled builtin), then the synopsis; one that
// takes width-2 columns or more (the right column cuts one more) ends
// in '>'.
func (r *Runner) helpColumn(t helpTopic, width, right int) (string, int) {
	mark := " "
	if _, isBuiltin := r.blt[t.name]; isBuiltin && r.disabled[t.name] {
		mark = "*"
	}
	doc := []rune(strings.NewReplacer("\n", " ", "\t", " ").Replace(t.synopsis))
	if len(doc) >= width {
		doc = doc[:width-2]
	}
	shown := min(len(doc), width-2)
	cols := shown + 1
	if cols >= width-2 {
		doc = append(doc[:max(shown-1-right, 0)], '>')
		cols = len(doc) + 1
	}
	return mark + string(doc), cols
}
