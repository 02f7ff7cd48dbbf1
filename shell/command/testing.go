package command

import (
	"bytes"
	"context"
	"io/fs"
	"strings"

	"memsh/memfs"
)

// Case is one row of a command table test: files to create, the command
// line, stdin, and what must come out.
type Case struct {
	Name   string
	Files  map[string]string // absolute path -> content; a trailing "/" makes a directory
	Args   []string          // Args[0] is the command name
	Stdin  string
	Dir    string // default /home/user
	Stdout string
	Stderr string
	Status int
}

// Run runs c against a fresh memfs and returns stdout, stderr, status and
// the filesystem (for checking what the command changed). exec, when not
// nil, serves inv.Exec.
func (c Case) Run(run Func, exec func(ctx context.Context, argv, env []string, stdio Stdio) int) (stdout, stderr string, status int, fsys *memfs.FS) {
	fsys = memfs.New(memfs.Options{})
	dir := c.Dir
	if dir == "" {
		dir = "/home/user"
	}
	must(fsys.MkdirAll(dir, 0o755))
	must(fsys.MkdirAll("/tmp", 0o1777))
	for p, content := range c.Files {
		if strings.HasSuffix(p, "/") {
			must(fsys.MkdirAll(p, 0o755))
			continue
		}
		if i := strings.LastIndex(p, "/"); i > 0 {
			must(fsys.MkdirAll(p[:i], 0o755))
		}
		must(fsys.WriteFile(p, []byte(content), fs.FileMode(0o644)))
	}
	var out, errb bytes.Buffer
	inv := &Invocation{
		Args:    c.Args,
		Stdio:   Stdio{Stdin: strings.NewReader(c.Stdin), Stdout: &out, Stderr: &errb},
		FS:      fsys,
		Dir:     dir,
		Environ: []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "PWD=" + dir, "TMPDIR=/tmp", "USER=user", "LANG=C.UTF-8"},
		Width:   80,
		Exec:    exec,
	}
	status = run(context.Background(), inv)
	return out.String(), errb.String(), status, fsys
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
