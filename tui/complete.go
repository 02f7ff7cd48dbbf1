package tui

import (
	"io/fs"
	"path"
	"sort"
	"strings"
)

// compItem is one completion candidate.
type compItem struct {
	insert  string // replaces the word being completed
	display string // shown in the menu
}

// compMsg carries the candidates for the word at the cursor; version ties
// it to the input it was computed for.
type compMsg struct {
	version int
	start   int
	word    string
	items   []compItem
	note    string // what a completion function wrote to stderr
}

// completions computes candidates for word (the text from start to the
// cursor). It reads the session and its filesystem, so it runs in a
// tea.Cmd, never in Update.
func completions(sh Shell, word string, cmdPos bool) []compItem {
	return completeIn(sh, word, cmdPos, 0)
}

// completeIn completes word typed after an open quote (quote is ' or ",
// 0 outside quotes): names are quoted for that context and a file's
// completion closes the quote.
func completeIn(sh Shell, word string, cmdPos bool, quote rune) []compItem {
	if quote != 0 {
		return completePaths(sh, word, quote)
	}
	switch {
	case strings.HasPrefix(word, "${"):
		return completeVars(sh, word[2:], "${", "}")
	case strings.HasPrefix(word, "$"):
		return completeVars(sh, word[1:], "$", "")
	case cmdPos && !strings.Contains(word, "/"):
		var out []compItem
		seen := map[string]bool{}
		for _, c := range sh.Commands() {
			if strings.HasPrefix(c, word) && !seen[c] {
				seen[c] = true
				out = append(out, compItem{insert: c + " ", display: c})
			}
		}
		if len(out) > 0 || word == "" {
			return out
		}
	}
	if strings.HasPrefix(word, "~") && !strings.Contains(word, "/") {
		return completeUsers(sh, word[1:])
	}
	if i := strings.IndexByte(word, '='); i >= 0 && !strings.Contains(word[:i], "/") {
		// VAR=/pa or --file=/pa: complete the path after the '='.
		items := completePaths(sh, word[i+1:], 0)
		for k := range items {
			items[k].insert = word[:i+1] + items[k].insert
		}
		return items
	}
	return completePaths(sh, word, 0)
}

// completeUsers completes ~name from the sandbox's /etc/passwd, as bash
// does from the user database (memsh's is the sandbox's, never the host's).
func completeUsers(sh Shell, prefix string) []compItem {
	fsys := sh.FS()
	if fsys == nil {
		return nil
	}
	data, err := fsys.ReadFile("/etc/passwd")
	if err != nil {
		return nil
	}
	var out []compItem
	for _, line := range strings.Split(string(data), "\n") {
		name, _, _ := strings.Cut(line, ":")
		if name != "" && strings.HasPrefix(name, prefix) {
			out = append(out, compItem{insert: "~" + name + "/", display: "~" + name})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].display < out[b].display })
	return out
}

func completeVars(sh Shell, prefix, open, close string) []compItem {
	var out []compItem
	for _, v := range sh.Vars() {
		if strings.HasPrefix(v, prefix) {
			out = append(out, compItem{insert: open + v + close, display: "$" + v})
		}
	}
	return out
}

func completePaths(sh Shell, word string, quote rune) []compItem {
	fsys := sh.FS()
	if fsys == nil {
		return nil
	}
	dirPart, base := "", word
	if i := strings.LastIndexByte(word, '/'); i >= 0 {
		dirPart, base = word[:i+1], word[i+1:]
	}
	lookup, raw := unescapeWord(dirPart), unescapeWord(base)
	if quote != 0 {
		lookup, raw = unquoteIn(dirPart, quote), unquoteIn(base, quote)
	}
	switch {
	case lookup == "~/" || strings.HasPrefix(lookup, "~/"):
		lookup = path.Join(sh.Getenv("HOME"), lookup[2:])
	case !strings.HasPrefix(lookup, "/"):
		lookup = path.Join(sh.Dir(), lookup)
	}
	if lookup == "" {
		lookup = "/"
	}
	ents, err := fsys.ReadDir(lookup)
	if err != nil {
		return nil
	}
	base = raw
	var out []compItem
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, base) || (strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".")) {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			// A symlink to a directory completes like a directory.
			if fi, err := fsys.Stat(path.Join(lookup, name)); err == nil && fi.IsDir() {
				isDir = true
			}
		}
		it := compItem{insert: dirPart + quoteIn(name, quote), display: name}
		switch {
		case isDir:
			it.insert += "/"
			it.display += "/"
		case quote != 0:
			it.insert += string(quote) + " "
		default:
			it.insert += " "
		}
		out = append(out, it)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].display < out[b].display })
	return out
}

// escapeWord backslash-escapes the characters the shell would split or
// expand in a file name.
func escapeWord(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(" \t\n\\'\"$`&|;<>()*?[]#~!{}", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// quoteIn quotes name for the inside of an open quote: in '...' a ' is
// closed, escaped and reopened; in "..." the four characters special
// there get a backslash.
func quoteIn(name string, quote rune) string {
	switch quote {
	case '\'':
		return strings.ReplaceAll(name, "'", `'\''`)
	case '"':
		var b strings.Builder
		for _, r := range name {
			if strings.ContainsRune("\"\\$`", r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	return escapeWord(name)
}

// unquoteIn reverses quoteIn for what was typed after the quote.
func unquoteIn(s string, quote rune) string {
	if quote == '\'' {
		return strings.ReplaceAll(s, `'\''`, "'")
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func unescapeWord(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// commonPrefix of the candidates' insert texts.
func commonPrefix(items []compItem) string {
	if len(items) == 0 {
		return ""
	}
	p := items[0].insert
	for _, it := range items[1:] {
		for !strings.HasPrefix(it.insert, p) {
			p = p[:len(p)-1]
		}
	}
	// Never end inside a UTF-8 sequence, nor on the backslash of an
	// escape whose character differs between candidates ("a\ b" and
	// "a\(c" share "a\", which would escape whatever is typed next).
	for len(p) > 0 && (!utf8ValidEnd(p) || oddBackslashes(p)) {
		p = p[:len(p)-1]
	}
	return p
}

func oddBackslashes(s string) bool {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

func utf8ValidEnd(s string) bool {
	for i := len(s) - 1; i >= 0 && i >= len(s)-4; i-- {
		c := s[i]
		if c < 0x80 {
			return true
		}
		if c >= 0xc0 {
			need := 2
			if c >= 0xe0 {
				need = 3
			}
			if c >= 0xf0 {
				need = 4
			}
			return len(s)-i == need
		}
	}
	return true
}
