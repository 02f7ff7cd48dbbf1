// Package histexpand is bash's history expansion, as an interactive
// bash does it to a line before running it (bash's "H" in $-): `!!`,
// `!N`, `!-N`, `!prefix`, `!?text?`, the word designators (`!$`, `!^`, `!*`, `!!:2`, `!vi:1-3`,
// `!:0`), the modifiers `:h :t :r :e :p :s/old/new/ :gs/old/new/ :&`,
// and `^old^new^` at the start of a line.
//
// As in bash, nothing is expanded inside single quotes or after a
// backslash, and a `!` followed by a blank, `=`, `(` or the end of the
// line (or a closing double quote) stays as it is. A line that expanded
// is shown before it runs and goes into the history expanded; one whose
// expansion failed ("bash: !x: event not found") does not run.
package histexpand

import (
	"errors"
	"strconv"
	"strings"
)

// Result is the outcome of expanding one line.
type Result struct {
	Line    string // the expanded line
	Changed bool   // an expansion took place (the line is echoed)
	Print   bool   // :p: show the line, do not run it
}

// Expand expands src against entries (oldest first, the line itself not
// among them), numbered from 1. The error text is bash's message.
func Expand(src string, entries []string) (Result, error) {
	return ExpandFrom(src, entries, 0)
}

// ExpandFrom is Expand against entries whose first is history number
// dropped+1 (HISTSIZE dropped the ones before it, as bash's
// history_base moves on): !N names number N.
func ExpandFrom(src string, entries []string, dropped int) (Result, error) {
	res := Result{Line: src}
	if !strings.ContainsAny(src, "!^") {
		return res, nil
	}
	if strings.HasPrefix(src, "^") {
		line, err := quickSubst(src, entries)
		if err != nil {
			return res, err
		}
		return Result{Line: line, Changed: true}, nil
	}
	var b strings.Builder
	inSingle, inDouble := false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && !inSingle && i+1 < len(src):
			b.WriteByte(c)
			b.WriteByte(src[i+1])
			i++
			continue
		case c == '\'' && !inDouble:
			inSingle = !inSingle
		case c == '"' && !inSingle:
			inDouble = !inDouble
		case c == '!' && !inSingle:
			if i+1 >= len(src) || strings.IndexByte(" \t\n=(", src[i+1]) >= 0 || (inDouble && src[i+1] == '"') {
				break
			}
			text, n, print, err := expandEvent(src[i:], entries, dropped)
			if err != nil {
				return res, err
			}
			b.WriteString(text)
			res.Changed = true
			res.Print = res.Print || print
			i += n - 1
			continue
		}
		b.WriteByte(c)
	}
	res.Line = b.String()
	return res, nil
}

// expandEvent expands the history reference at the start of s ("!...")
// and returns its text and the number of bytes of s it used; the first
// entry is history number dropped+1.
func expandEvent(s string, entries []string, dropped int) (text string, used int, print bool, err error) {
	i := 1
	var event string
	ref := ""
	switch {
	case s[i] == '!':
		i++
		event, err = eventAt(entries, -1, "!!")
	case s[i] == '$' || s[i] == '^' || s[i] == '*' || s[i] == ':' || s[i] == '%':
		// !$ !^ !* !:N: words of the previous command.
		event, err = eventAt(entries, -1, "!")
	case s[i] == '-' || isDigit(s[i]):
		j := i
		if s[j] == '-' {
			j++
		}
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		ref = s[:j]
		n, convErr := strconv.Atoi(s[i:j])
		i = j
		switch {
		case convErr != nil:
			err = errors.New("bash: " + ref + ": event not found")
		case n < 0:
			event, err = eventAt(entries, n, ref)
		default:
			event, err = eventAt(entries, n-1-dropped-len(entries), ref)
		}
	case s[i] == '?':
		j := strings.IndexByte(s[i+1:], '?')
		var needle string
		if j < 0 {
			needle, ref, i = s[i+1:], s, len(s)
		} else {
			needle, ref, i = s[i+1:i+1+j], s[:i+2+j], i+2+j
		}
		event, err = searchEvent(entries, ref, func(e string) bool { return strings.Contains(e, needle) })
	default:
		// The prefix ends as bash's get_history_event ends it: at a
		// blank, ':', a word designator (^ $ * %, or - after its first
		// character), an operator or a quote.
		j := i
		for j < len(s) && strings.IndexByte(" \t\n:;&|<>()\"'^$*%", s[j]) < 0 && (s[j] != '-' || j == i) {
			j++
		}
		prefix := s[i:j]
		ref, i = s[:j], j
		event, err = searchEvent(entries, ref, func(e string) bool { return strings.HasPrefix(e, prefix) })
	}
	if err != nil {
		return "", 0, false, err
	}
	text = event
	// Word designators.
	if i < len(s) {
		var words string
		var ok bool
		words, i, ok, err = wordDesignator(s, i, event)
		if err != nil {
			return "", 0, false, err
		}
		if ok {
			text = words
		}
	}
	// Modifiers.
	for i+1 < len(s) && s[i] == ':' {
		var p bool
		text, i, p, err = modifier(s, i+1, text)
		if err != nil {
			return "", 0, false, err
		}
		print = print || p
	}
	return text, i, print, nil
}

// eventAt is the entry off lines back (-1: the last).
func eventAt(entries []string, off int, ref string) (string, error) {
	k := len(entries) + off
	if off >= 0 || k < 0 || k >= len(entries) {
		return "", errors.New("bash: " + ref + ": event not found")
	}
	return entries[k], nil
}

func searchEvent(entries []string, ref string, match func(string) bool) (string, error) {
	for k := len(entries) - 1; k >= 0; k-- {
		if match(entries[k]) {
			return entries[k], nil
		}
	}
	return "", errors.New("bash: " + ref + ": event not found")
}

// wordDesignator reads a word designator at s[i:] (after the event, with
// or without its ':'); ok is false when there is none.
func wordDesignator(s string, i int, event string) (string, int, bool, error) {
	j := i
	if s[j] == ':' {
		j++
		if j >= len(s) {
			return "", i, false, nil
		}
		if !isDigit(s[j]) && strings.IndexByte("^$*-%", s[j]) < 0 {
			return "", i, false, nil // a modifier
		}
	} else if strings.IndexByte("^$*%-", s[j]) < 0 {
		return "", i, false, nil
	}
	words := histWords(event)
	last := len(words) - 1
	bad := func() (string, int, bool, error) {
		return "", 0, false, errors.New("bash: " + s[i:j] + ": bad word specifier")
	}
	num := func() (int, bool) {
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k == j {
			return 0, false
		}
		n, _ := strconv.Atoi(s[j:k])
		j = k
		return n, true
	}
	var from, to int
	switch s[j] {
	case '^':
		from, to = 1, 1
		j++
	case '$':
		from, to = last, last
		j++
	case '*':
		j++
		if last < 1 {
			return "", j, true, nil
		}
		from, to = 1, last
	case '%':
		return bad()
	case '-':
		from = 0
		j++
		if n, ok := num(); ok {
			to = n
		} else {
			to = last - 1
		}
	default:
		from, _ = num()
		to = from
		if j < len(s) && s[j] == '*' {
			j++
			to = last
		} else if j < len(s) && s[j] == '-' {
			j++
			if j < len(s) && s[j] == '$' {
				j++
				to = last
			} else if n, ok := num(); ok {
				to = n
			} else {
				to = last - 1
			}
		}
	}
	if from < 0 || to > last || from > to+1 {
		return bad()
	}
	if from > to {
		return "", j, true, nil
	}
	return strings.Join(words[from:to+1], " "), j, true, nil
}

// modifier applies the modifier at s[i:] (after its ':') to text.
func modifier(s string, i int, text string) (string, int, bool, error) {
	global := false
	if s[i] == 'g' || s[i] == 'a' {
		global = true
		i++
		if i >= len(s) {
			return "", 0, false, errors.New("bash: :" + s[i-1:] + ": unrecognized history modifier")
		}
	}
	switch s[i] {
	case 'p':
		return text, i + 1, true, nil
	case 'h':
		if k := strings.LastIndexByte(text, '/'); k > 0 {
			text = text[:k]
		} else if k == 0 {
			text = "/"
		}
		return text, i + 1, false, nil
	case 't':
		if k := strings.LastIndexByte(text, '/'); k >= 0 {
			text = text[k+1:]
		}
		return text, i + 1, false, nil
	case 'r':
		if k := strings.LastIndexByte(text, '.'); k > strings.LastIndexByte(text, '/') && k >= 0 {
			text = text[:k]
		}
		return text, i + 1, false, nil
	case 'e':
		if k := strings.LastIndexByte(text, '.'); k > strings.LastIndexByte(text, '/') && k >= 0 {
			text = text[k:]
		} else {
			text = ""
		}
		return text, i + 1, false, nil
	case 'q':
		return "'" + strings.ReplaceAll(text, "'", `'\''`) + "'", i + 1, false, nil
	case 's', '&':
		if s[i] == '&' {
			return "", 0, false, errors.New("bash: :&: no previous substitution")
		}
		if i+1 >= len(s) {
			return "", 0, false, errors.New("bash: :s: substitution failed")
		}
		delim := s[i+1]
		parts := strings.SplitN(s[i+2:], string(delim), 3)
		old := parts[0]
		repl := ""
		used := i + 2 + len(old)
		if len(parts) > 1 {
			repl = parts[1]
			used += 1 + len(repl)
			if len(parts) > 2 {
				used++ // the closing delimiter
			}
		}
		if old == "" || !strings.Contains(text, old) {
			return "", 0, false, errors.New("bash: :s" + string(delim) + old + string(delim) + repl + string(delim) + ": substitution failed")
		}
		repl = strings.ReplaceAll(repl, "&", old)
		if global {
			text = strings.ReplaceAll(text, old, repl)
		} else {
			text = strings.Replace(text, old, repl, 1)
		}
		return text, used, false, nil
	}
	return "", 0, false, errors.New("bash: :" + s[i:i+1] + ": unrecognized history modifier")
}

// quickSubst is ^old^new^: the last command with old replaced by new.
func quickSubst(src string, entries []string) (string, error) {
	parts := strings.SplitN(src[1:], "^", 3)
	old := parts[0]
	repl, rest := "", ""
	if len(parts) > 1 {
		repl = parts[1]
	}
	if len(parts) > 2 {
		rest = parts[2]
	}
	last, err := eventAt(entries, -1, "^"+old)
	if err != nil {
		return "", err
	}
	if old == "" || !strings.Contains(last, old) {
		return "", errors.New("bash: :s^" + old + "^" + repl + "^: substitution failed")
	}
	return strings.Replace(last, old, repl, 1) + rest, nil
}

// histWords splits a history line into words as bash's history does:
// blanks separate words, quotes hold theirs together, and the shell's
// operators are words of their own.
func histWords(line string) []string {
	var words []string
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n') {
			i++
		}
		if i >= len(line) {
			break
		}
		start := i
		if strings.IndexByte("|&;<>()", line[i]) >= 0 {
			j := i + 1
			for j < len(line) && j-i < 2 && strings.IndexByte("|&;<>", line[j]) >= 0 && (line[j] == line[i] || line[j] == '>' || line[j] == '&') {
				j++
			}
			words = append(words, line[i:j])
			i = j
			continue
		}
		for i < len(line) && strings.IndexByte(" \t\n|&;<>()", line[i]) < 0 {
			switch line[i] {
			case '\\':
				i += 2
				continue
			case '\'', '"':
				q := line[i]
				i++
				for i < len(line) && line[i] != q {
					if q == '"' && line[i] == '\\' {
						i++
					}
					i++
				}
			}
			i++
		}
		if i > len(line) {
			i = len(line)
		}
		words = append(words, line[start:i])
	}
	return words
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
