package archive

import (
	"bytes"
	"context"
	"io/fs"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// session runs several commands over one memfs, as a script would.
type session struct {
	t  *testing.T
	fs *memfs.FS
}

func newSession(t *testing.T, files map[string]string) *session {
	t.Helper()
	fsys := memfs.New(memfs.Options{})
	if err := fsys.MkdirAll("/home/user", 0o755); err != nil {
		t.Fatal(err)
	}
	for p, c := range files {
		if strings.HasSuffix(p, "/") {
			fsys.MkdirAll(p, 0o755)
			continue
		}
		fsys.MkdirAll(p[:strings.LastIndex(p, "/")], 0o755)
		if err := fsys.WriteFile(p, []byte(c), fs.FileMode(0o644)); err != nil {
			t.Fatal(err)
		}
	}
	return &session{t: t, fs: fsys}
}

// run runs one command line (args[0] names a command of this package).
func (s *session) run(stdin string, args ...string) (stdout, stderr string, status int) {
	var run command.Func
	for _, c := range Commands() {
		if c.Name == args[0] {
			run = c.Run
		}
	}
	if run == nil {
		s.t.Fatalf("no command %q", args[0])
	}
	var out, errb bytes.Buffer
	inv := &command.Invocation{
		Args:    args,
		Stdio:   command.Stdio{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb},
		FS:      s.fs,
		Dir:     "/home/user",
		Environ: []string{"HOME=/home/user", "USER=user", "LANG=C.UTF-8", "TZ=UTC"},
		Width:   80,
	}
	status = run(context.Background(), inv)
	return out.String(), errb.String(), status
}

func (s *session) read(p string) string {
	b, err := s.fs.ReadFile(p)
	if err != nil {
		s.t.Fatalf("read %s: %v", p, err)
	}
	return string(b)
}

func (s *session) exists(p string) bool {
	_, err := s.fs.Lstat(p)
	return err == nil
}

// runCases runs a table of command.Case rows against this package.
func runCases(t *testing.T, cases []command.Case) {
	t.Helper()
	for _, c := range cases {
		name := c.Name
		if name == "" {
			name = strings.Join(c.Args, " ")
		}
		t.Run(name, func(t *testing.T) {
			var run command.Func
			for _, cmd := range Commands() {
				if cmd.Name == c.Args[0] {
					run = cmd.Run
				}
			}
			out, errs, st, _ := c.Run(run, nil)
			if out != c.Stdout || errs != c.Stderr || st != c.Status {
				t.Errorf("got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d", out, errs, st, c.Stdout, c.Stderr, c.Status)
			}
		})
	}
}
