package tui

import (
	"context"

	"github.com/charmbracelet/x/ansi"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell"
	"memsh/themes"
)

// fakeShell stands in for *shell.Session in tests of the TUI itself: a
// few line-oriented commands over a real memfs.
type fakeShell struct {
	fs     *memfs.FS
	mu     sync.Mutex
	exited bool
	exitSt int
	stdin  atomic.Int64
}

func newFake() *fakeShell {
	f := &fakeShell{fs: memfs.New(memfs.Options{MaxBytes: 64 << 20})}
	f.fs.MkdirAll("/home/user", 0o755)
	f.fs.MkdirAll("/tmp", 0o777)
	return f
}

func (f *fakeShell) Run(ctx context.Context, script string, stdio shell.Stdio) (int, error) {
	status := 0
	for _, line := range strings.Split(script, "\n") {
		args := strings.Fields(line)
		if len(args) == 0 {
			continue
		}
		if f.fs != nil {
			f.fs.Checkpoint(line) // as the session does per statement
		}
		switch args[0] {
		case "echo":
			io.WriteString(stdio.Stdout, strings.Join(args[1:], " ")+"\n")
			status = 0
		case "warn":
			io.WriteString(stdio.Stderr, strings.Join(args[1:], " ")+"\n")
			status = 1
		case "sleep":
			d, _ := strconv.ParseFloat(args[1], 64)
			select {
			case <-ctx.Done():
				return 130, nil
			case <-time.After(time.Duration(d * float64(time.Second))):
			}
		case "cat":
			buf := make([]byte, 4096)
			for {
				n, err := stdio.Stdin.Read(buf)
				f.stdin.Add(int64(n))
				stdio.Stdout.Write(buf[:n])
				if err != nil {
					break
				}
				if ctx.Err() != nil {
					return 130, nil
				}
			}
		case "yes": // floods stdout until cancelled
			buf := []byte(strings.Repeat("y\n", 8192))
			for ctx.Err() == nil {
				stdio.Stdout.Write(buf)
			}
			return 130, nil
		case "python3": // reports how it was called, on stderr like a REPL prompt
			io.WriteString(stdio.Stderr, ">>> "+strings.Join(args[1:], " ")+"\n")
		case "clear":
			io.WriteString(stdio.Stdout, "\x1b[H\x1b[2J\x1b[3J")
		case "touch":
			f.fs.WriteFile(args[1], []byte(strings.Join(args[2:], " ")), 0o644)
		case "exit":
			n, _ := strconv.Atoi(args[1])
			f.mu.Lock()
			f.exited, f.exitSt = true, n
			f.mu.Unlock()
			return n, nil
		default:
			io.WriteString(stdio.Stderr, "memsh: "+args[0]+": command not found\n")
			status = 127
		}
	}
	return status, nil
}

func (f *fakeShell) FS() *memfs.FS             { return f.fs }
func (f *fakeShell) Dir() string               { return "/home/user" }
func (f *fakeShell) Getenv(name string) string { return map[string]string{"HOME": "/home/user"}[name] }
func (f *fakeShell) Vars() []string            { return []string{"HOME", "HOSTNAME", "PATH", "PWD"} }
func (f *fakeShell) Commands() []string {
	return []string{"cat", "echo", "exit", "printf", "sleep", "touch", "warn"}
}
func (f *fakeShell) IsCommand(name string) bool {
	for _, c := range f.Commands() {
		if c == name {
			return true
		}
	}
	return false
}
func (f *fakeShell) Exited() (int, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.exitSt, f.exited
}
func (f *fakeShell) StdinBytes() int64 { return f.stdin.Load() }

type themesTheme = themes.Theme

var themesGet = themes.Get

func ansiStrip(s string) string { return ansi.Strip(s) }

func ansiWidth(s string) int { return ansi.StringWidth(s) }

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
