// Package prompt decodes bash's prompt escapes (PROMPTING in bash(1)):
// the one implementation behind the TUI's PS1 and PS2 and the shells'
// ${v@P}.
//
// # Notes
//
// Decode is bash 5.2's decode_prompt_string. What follows it in bash,
// the double-quote expansion of $NAME, $(...) and $((...)) when
// promptvars is on, needs a shell and is left to the caller: with
// Env.Vars set, the text an escape inserts (a directory, a host name,
// \$ of a user who is not root) comes back quoted so that expansion
// leaves it as it is; without it, it comes back plain, and so does the
// prompt's own text.
package prompt

import (
	"strconv"
	"strings"
	"time"

	"memsh/shell/internal/strftime"
)

// Env is what the escapes show.
type Env struct {
	User     string    // \u: the user's name
	Host     string    // \H: the host name; \h is its part before the first '.'
	Dir      string    // \w \W: $PWD, or the working directory when PWD is unset
	Home     string    // $HOME: \w starts with ~ inside it, \W is ~ at it; "" when unset
	DirTrim  string    // $PROMPT_DIRTRIM: \w keeps that many trailing components
	Root     bool      // \$ is # (effective uid 0) rather than $
	Jobs     int       // \j: jobs the shell manages
	History  int       // \!: this command's history number
	Command  int       // \#: this command's number
	Now      time.Time // \d \t \T \@ \A \D{fmt}, in the zone to show
	Shell    string    // \s: the base name of $0
	Version  string    // \v: e.g. 5.2
	Release  string    // \V: e.g. 5.2.15
	TTY      string    // \l: the base name of the terminal's device, "tty" when none
	Vars     bool      // promptvars: quote inserted text for a double-quote expansion after
	Readline bool      // line editing: \[ \] become \001 \002 and \n is \r\n
}

// Markers readline's prompt uses around characters that take no room on
// screen (RL_PROMPT_START_IGNORE and RL_PROMPT_END_IGNORE): \[ and \]
// become them when Env.Readline is set.
const (
	StartIgnore = '\001'
	EndIgnore   = '\002'
)

// Decode expands the backslash escapes of ps as bash does for a prompt
// and for ${v@P}. An escape bash does not know is kept with its
// backslash.
func Decode(ps string, e Env) string {
	var b strings.Builder
	quote := func(s string) string {
		if e.Vars {
			return quoteForDQ(s)
		}
		return s
	}
	for i := 0; i < len(ps); i++ {
		c := ps[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 == len(ps) {
			b.WriteByte('\\')
			break
		}
		i++
		switch c = ps[i]; c {
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, ok := octal(ps[i:])
			if !ok {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			if n&0xff != 0 {
				b.WriteByte(byte(n))
			}
			i += min(3, len(ps)-i) - 1
		case 'd':
			b.WriteString(strftime.Format("%a %b %d", e.Now))
		case 't':
			b.WriteString(strftime.Format("%H:%M:%S", e.Now))
		case 'T':
			b.WriteString(strftime.Format("%I:%M:%S", e.Now))
		case '@':
			b.WriteString(strftime.Format("%I:%M %p", e.Now))
		case 'A':
			b.WriteString(strftime.Format("%H:%M", e.Now))
		case 'D':
			if i+1 == len(ps) || ps[i+1] != '{' {
				b.WriteString(`\D`)
				continue
			}
			end := strings.IndexByte(ps[i+2:], '}')
			var f string
			if end < 0 {
				f, i = ps[i+2:], len(ps)
			} else {
				f, i = ps[i+2:i+2+end], i+2+end
			}
			if f == "" {
				f = "%X"
			}
			b.WriteString(quote(strftime.Format(f, e.Now)))
		case 'n':
			if e.Readline {
				b.WriteByte('\r')
			}
			b.WriteByte('\n')
		case 's':
			b.WriteString(quote(visible(e.Shell)))
		case 'v':
			b.WriteString(e.Version)
		case 'V':
			b.WriteString(e.Release)
		case 'w', 'W':
			b.WriteString(quote(visible(dirText(c, e))))
		case 'u':
			b.WriteString(e.User)
		case 'h', 'H':
			h := e.Host
			if c == 'h' {
				h, _, _ = strings.Cut(h, ".")
			}
			b.WriteString(quote(h))
		case '#':
			b.WriteString(strconv.Itoa(e.Command))
		case '!':
			b.WriteString(strconv.Itoa(e.History))
		case '$':
			switch {
			case e.Root:
				b.WriteByte('#')
			case e.Vars:
				b.WriteString(`\$`)
			default:
				b.WriteByte('$')
			}
		case 'j':
			b.WriteString(strconv.Itoa(e.Jobs))
		case 'l':
			tty := e.TTY
			if tty == "" {
				tty = "tty"
			}
			b.WriteString(tty)
		case '[', ']':
			if e.Readline {
				if c == '[' {
					b.WriteByte(StartIgnore)
				} else {
					b.WriteByte(EndIgnore)
				}
			}
		case '\\':
			b.WriteByte('\\')
		case 'a':
			b.WriteByte('\a')
		case 'e':
			b.WriteByte(0x1b)
		case 'r':
			b.WriteByte('\r')
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// octal reads the three octal digits of \nnn at the start of s (fewer
// only where the string ends, as bash copies three bytes and needs them
// all to be digits). A value past 0377 keeps its low byte.
func octal(s string) (int, bool) {
	s = s[:min(3, len(s))]
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return 0, false
		}
		n = n*8 + int(s[i]-'0')
	}
	return n, true
}

// dirText is \w (the directory, ~ for $HOME, trimmed to PROMPT_DIRTRIM
// components) or \W (its last component; ~ at $HOME, / at the root).
func dirText(c byte, e Env) string {
	d := e.Dir
	if d == "" {
		d = "."
	}
	if c == 'W' && (e.Home == "" || e.Home != d) {
		if d != "/" && d != "//" {
			if i := strings.LastIndexByte(d, '/'); i >= 0 {
				d = d[i+1:]
			}
		}
	} else if len(e.Home) > 1 && strings.HasPrefix(d, e.Home) && (len(d) == len(e.Home) || d[len(e.Home)] == '/') {
		d = "~" + d[len(e.Home):]
	}
	return trimDir(d, e.DirTrim)
}

// trimDir is bash's trim_pathname: with PROMPT_DIRTRIM=n, a directory
// of more than n components (after a leading ~/) shows the last n after
// "...".
func trimDir(name, trim string) string {
	n, err := strconv.ParseInt(strings.TrimSpace(trim), 10, 64)
	if err != nil || n <= 0 || name == "" {
		return name
	}
	beg := 0
	if name[0] == '~' {
		beg = len(name)
		if i := strings.IndexByte(name, '/'); i >= 0 {
			beg = i + 1
		}
	}
	if beg == len(name) {
		return name
	}
	if int64(strings.Count(name[beg:], "/")) < n {
		return name
	}
	t := len(name) - 1
	for ; t > beg; t-- {
		if name[t] == '/' {
			n--
		}
		if n == 0 {
			break
		}
	}
	if t == beg || t-beg <= 3 {
		return name
	}
	return name[:beg] + "..." + name[t:]
}

// visible is bash's sh_strvis: control characters in a file name show
// as ^X, so a directory cannot move the cursor.
func visible(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x7f:
			b.WriteString("^?")
		case c < 0x20:
			b.WriteByte('^')
			b.WriteByte(c + '@')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// quoteForDQ is bash's sh_backslash_quote_for_double_quotes: a
// backslash before the characters special inside double quotes ($ ` "
// \), so the expansion after Decode leaves the text as it is.
func quoteForDQ(s string) string {
	if !strings.ContainsAny(s, "$`\"\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("$`\"\\", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// HeredocText turns what Decode returns with Env.Vars (text for an
// expansion inside double quotes) into the body of an unquoted here
// document, for callers whose expander takes that: the two differ only
// in \", which double quotes reduce to ".
func HeredocText(s string) string {
	if !strings.Contains(s, `\"`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] != '"' {
				b.WriteByte('\\')
			}
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
