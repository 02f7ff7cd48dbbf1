package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"memsh/shell"
	"memsh/shell/prompt"
)

// promptEnv is what PS1 and PS2 need from the session, read off the UI
// goroutine after each command (and at start).
type promptEnv struct {
	ps1, ps2 string
	vars     map[string]string // USER, HOSTNAME, HOME, PWD, EUID, PROMPT_DIRTRIM and the $NAMEs the prompts use
	status   int
	cwd      string
	histNum  int
	jobs     int
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

// jobCounter is the part of a session that counts its running jobs
// (shell.Session does; test fakes need not).
type jobCounter interface{ Jobs() int }

// readPromptEnv reads PS1, PS2 and the variables they refer to.
func readPromptEnv(sh Shell, status int) promptEnv {
	pe := promptEnv{ps1: sh.Getenv("PS1"), ps2: sh.Getenv("PS2"), vars: map[string]string{}, status: status, cwd: sh.Dir()}
	if jc, ok := sh.(jobCounter); ok {
		pe.jobs = jc.Jobs()
	}
	names := []string{"USER", "HOSTNAME", "HOME", "PWD", "EUID", "PROMPT_DIRTRIM"}
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

// expandPrompt expands ps as bash expands PS1: its escapes decoded by
// shell/prompt (as for readline: \[ \] become markers, dropped here since
// the sanitizer keeps only SGR of what they enclose), then, as bash's
// promptvars does inside double quotes, $NAME, ${NAME} and $? (memsh's
// TUI does not run command substitutions in a prompt) and the
// backslashes before $ ` " \.
func expandPrompt(ps string, pe promptEnv, now time.Time) string {
	dir := pe.vars["PWD"]
	if dir == "" {
		dir = pe.cwd
	}
	text := prompt.Decode(ps, prompt.Env{
		User: pe.vars["USER"], Host: pe.vars["HOSTNAME"], Dir: dir, Home: pe.vars["HOME"],
		DirTrim: pe.vars["PROMPT_DIRTRIM"], Root: pe.vars["EUID"] == "0",
		Jobs: pe.jobs, History: pe.histNum, Command: pe.histNum, Now: now,
		Shell: "bash", Version: "5.2", Release: "5.2.15", Vars: true, Readline: true,
	})
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == prompt.StartIgnore || c == prompt.EndIgnore:
		case c == '\\' && i+1 < len(text) && strings.IndexByte("$`\"\\", text[i+1]) >= 0:
			i++
			b.WriteByte(text[i])
		case c == '\r' && i+1 < len(text) && text[i+1] == '\n':
			// readline's newline is \r\n; the lines are split at \n
		case c == '$' && i+1 < len(text) && text[i+1] == '?':
			b.WriteString(strconv.Itoa(pe.status))
			i++
		default:
			name, n := varRef(text[i:])
			if n == 0 {
				b.WriteByte(c)
				continue
			}
			b.WriteString(pe.vars[name])
			i += n - 1
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
