package interp

import (
	"path"
	"strconv"
	"strings"
	"time"
)

// decodePrompt decodes a prompt string's backslash escapes as bash's
// decode_prompt_string does (${x@P}, PS4): \s the shell, \v and \V its
// version, \u \h \H \w \W the user, host and directory, \d \t \T \@ \A
// the time, \n \r \a \e \\ \nnn characters, \[ \] dropped.
func (r *Runner) decodePrompt(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	now := time.Now()
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'a':
			b.WriteByte(7)
		case 'e':
			b.WriteByte(27)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case '\\':
			b.WriteByte('\\')
		case '[', ']':
		case 's':
			b.WriteString(path.Base(r.arg0))
		case 'v':
			b.WriteString("5.2")
		case 'V':
			b.WriteString("5.2.15")
		case 'u':
			u, _ := r.getVar("USER")
			b.WriteString(u)
		case 'h', 'H':
			h, _ := r.getVar("HOSTNAME")
			if c == 'h' {
				h, _, _ = strings.Cut(h, ".")
			}
			b.WriteString(h)
		case 'w', 'W':
			d := r.dir
			if home, ok := r.getVar("HOME"); ok && home != "" && home != "/" && (d == home || strings.HasPrefix(d, home+"/")) {
				d = "~" + d[len(home):]
			}
			if c == 'W' && d != "/" && d != "~" {
				d = path.Base(d)
			}
			b.WriteString(d)
		case '$':
			if r.euid() == 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('$')
			}
		case 'd':
			b.WriteString(now.Format("Mon Jan 02"))
		case 't':
			b.WriteString(now.Format("15:04:05"))
		case 'T':
			b.WriteString(now.Format("03:04:05"))
		case '@':
			b.WriteString(now.Format("03:04 PM"))
		case 'A':
			b.WriteString(now.Format("15:04"))
		case 'j':
			b.WriteString(strconv.Itoa(r.jobCount()))
		case 'l':
			b.WriteString("tty")
		case '!', '#':
			b.WriteString("1")
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, k := 0, 0
			for k < 3 && i+k < len(s) && s[i+k] >= '0' && s[i+k] <= '7' {
				n = n*8 + int(s[i+k]-'0')
				k++
			}
			b.WriteByte(byte(n))
			i += k - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// euid is the shell's effective user id ($EUID).
func (r *Runner) euid() int {
	v, _ := r.getVar("EUID")
	n, _ := strconv.Atoi(v)
	return n
}

// jobCount is how many background jobs this shell has (\j).
func (r *Runner) jobCount() int {
	if r.bg == nil {
		return 0
	}
	r.bg.mu.Lock()
	defer r.bg.mu.Unlock()
	return len(r.bg.order)
}
