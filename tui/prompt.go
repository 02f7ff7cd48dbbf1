package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"memsh/shell"
)

// promptEnv is what PS1 and PS2 need from the session, read off the UI
// goroutine after each command (and at start).
type promptEnv struct {
	ps1, ps2 string
	vars     map[string]string // USER, HOSTNAME, HOME, EUID and the $NAMEs the prompts use
	status   int
	cwd      string
	histNum  int
}

// varRef reads a $NAME or ${NAME} reference at the start of s: the name
// and the reference's length (0 when there is none).
func varRef(s string) (name string, n int) {
	if len(s) < 2 || s[0] != '$' {
		return "", 0
	}
	i, braced := 1, s[1] == '{'
	if braced {
		i = 2
	}
	j := i
	for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || j > i && s[j] >= '0' && s[j] <= '9') {
		j++
	}
	if j == i {
		return "", 0
	}
	if braced {
		if j == len(s) || s[j] != '}' {
			return "", 0
		}
		return s[i:j], j + 1
	}
	return s[i:j], j
}

// readPromptEnv reads PS1, PS2 and the variables they refer to.
func readPromptEnv(sh Shell, status int) promptEnv {
	pe := promptEnv{ps1: sh.Getenv("PS1"), ps2: sh.Getenv("PS2"), vars: map[string]string{}, status: status, cwd: sh.Dir()}
	names := []string{"USER", "HOSTNAME", "HOME", "EUID"}
	ps := pe.ps1 + pe.ps2
	for i := range len(ps) {
		if name, n := varRef(ps[i:]); n > 0 {
			names = append(names, name)
		}
	}
	for _, n := range names {
		pe.vars[n] = sh.Getenv(n)
	}
	return pe
}

// expandPrompt expands bash's prompt escapes in ps (PROMPTING in bash's
// manual) and, as bash's promptvars does, $NAME, ${NAME} and $?. The
// result may hold SGR sequences (\e[...m between \[ and \]); everything
// else that is not text is dropped by the caller's sanitizer.
func expandPrompt(ps string, pe promptEnv, now time.Time, jobs int) string {
	var b strings.Builder
	home := pe.vars["HOME"]
	tilde := func(p string) string {
		if home != "" && home != "/" && (p == home || strings.HasPrefix(p, home+"/")) {
			return "~" + p[len(home):]
		}
		return p
	}
	for i := 0; i < len(ps); i++ {
		c := ps[i]
		if c == '$' && i+1 < len(ps) {
			if ps[i+1] == '?' {
				b.WriteString(strconv.Itoa(pe.status))
				i++
				continue
			}
			if name, n := varRef(ps[i:]); n > 0 {
				b.WriteString(pe.vars[name])
				i += n - 1
				continue
			}
		}
		if c != '\\' || i+1 == len(ps) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := ps[i]; e {
		case 'u':
			b.WriteString(pe.vars["USER"])
		case 'h':
			h, _, _ := strings.Cut(pe.vars["HOSTNAME"], ".")
			b.WriteString(h)
		case 'H':
			b.WriteString(pe.vars["HOSTNAME"])
		case 'w':
			b.WriteString(tilde(pe.cwd))
		case 'W':
			if t := tilde(pe.cwd); t == "~" || t == "/" {
				b.WriteString(t)
			} else {
				b.WriteString(path.Base(pe.cwd))
			}
		case '$':
			if pe.vars["EUID"] == "0" {
				b.WriteByte('#')
			} else {
				b.WriteByte('$')
			}
		case 't':
			b.WriteString(now.Format("15:04:05"))
		case 'T':
			b.WriteString(now.Format("03:04:05"))
		case '@':
			b.WriteString(now.Format("03:04 PM"))
		case 'A':
			b.WriteString(now.Format("15:04"))
		case 'd':
			b.WriteString(now.Format("Mon Jan 02"))
		case 'j':
			b.WriteString(strconv.Itoa(jobs))
		case 's':
			b.WriteString("bash")
		case 'v':
			b.WriteString("5.2")
		case 'V':
			b.WriteString("5.2.15")
		case '!', '#':
			b.WriteString(strconv.Itoa(pe.histNum))
		case 'n':
			b.WriteByte('\n')
		case 'e':
			b.WriteByte(0x1b)
		case 'a', 'r', '[', ']':
			// bell, carriage return and the non-printing brackets: nothing
		case '\\':
			b.WriteByte('\\')
		case '0', '1', '2', '3':
			if i+2 < len(ps) {
				if v, err := strconv.ParseUint(ps[i:i+3], 8, 8); err == nil {
					b.WriteByte(byte(v))
					i += 2
					continue
				}
			}
			fmt.Fprintf(&b, "\\%c", e)
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}

// promptLines renders ps as display lines (SGR kept, other controls
// dropped); the last is the one the input follows.
func promptLines(text string) []string {
	var s sanitizer
	var lines []string
	s.feed([]byte(text), nil, func(l string) { lines = append(lines, l) })
	l, _ := s.partial(nil)
	return append(lines, l)
}

// rcTimeout bounds the rc file's run: a loop in it must not keep memsh
// from starting.
const rcTimeout = 10 * time.Second

// runRC runs ConfigDir/memshrc in the session (aliases, functions,
// variables, PS1), as bash runs ~/.bashrc: the file lives on the host and
// is only read; the sandbox never sees it. Its output and errors, and a
// timeout, come back as notes for the banner.
func runRC(sh Shell, dir string) []string {
	if dir == "" || sh == nil {
		return nil
	}
	p := filepath.Join(dir, "memshrc")
	src, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return []string{"memsh: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(context.Background(), rcTimeout)
	defer cancel()
	var out bytes.Buffer
	st, err := sh.Run(ctx, string(src), shell.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out})
	var notes []string
	if s := strings.TrimRight(out.String(), "\n"); s != "" {
		notes = append(notes, s)
	}
	switch {
	case err != nil:
		notes = append(notes, fmt.Sprintf("memsh: %s: %v", p, err))
	case ctx.Err() != nil:
		notes = append(notes, fmt.Sprintf("memsh: %s: stopped after %s (the rc file's time limit)", p, rcTimeout))
	case st != 0:
		notes = append(notes, fmt.Sprintf("memsh: %s: exit status %d", p, st))
	}
	return notes
}
