// Command interprun runs one bash script through memsh's new interpreter
// (shell/interp) directly, with the part of memsh's command line that
// bashspec uses, so the spec suite can measure the interpreter before
// shell.Session runs on it:
//
//	go build -o bin/interprun ./bench/bashspec/interprun
//	go run ./bench/bashspec -suite DIR -memsh bin/interprun
//
// Flags: --mount HOST:GUEST[:ro], --env K=V, --timeout D, -c SCRIPT. The
// world is the one memsh gives a script: memfs with /home/user and /tmp,
// the command registry, python3 and "#!" python scripts through pyworker
// (python.wasm found as memsh finds it: next to this binary after make
// build, or $MEMSH_PYTHON_WASM).
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell/command"
	"memsh/shell/commands"
	"memsh/shell/interp"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	var mounts, env []string
	var script string
	hasScript := false
	timeout := time.Duration(0)
	dir := "/home/user"
	for i := 0; i < len(args); i++ {
		a := args[i]
		need := func() (string, bool) {
			if i+1 >= len(args) {
				fmt.Fprintf(os.Stderr, "interprun: %s needs a value\n", a)
				return "", false
			}
			i++
			return args[i], true
		}
		var v string
		var ok bool
		switch a {
		case "--mount", "--env", "--timeout", "--cwd", "-c":
			if v, ok = need(); !ok {
				return 2
			}
		default:
			fmt.Fprintf(os.Stderr, "interprun: unknown argument %q\n", a)
			return 2
		}
		switch a {
		case "--mount":
			mounts = append(mounts, v)
		case "--env":
			env = append(env, v)
		case "--cwd":
			dir = v
		case "--timeout":
			d, err := time.ParseDuration(v)
			if err != nil {
				fmt.Fprintf(os.Stderr, "interprun: --timeout: %v\n", err)
				return 2
			}
			timeout = d
		case "-c":
			script, hasScript = v, true
		}
	}
	if !hasScript {
		fmt.Fprintln(os.Stderr, "interprun: -c SCRIPT is required")
		return 2
	}
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	for _, d := range []string{"/home/user", "/tmp", "/usr/bin", "/dev"} {
		fsys.MkdirAll(d, 0o755)
	}
	fsys.Chmod("/tmp", fs.ModeSticky|0o777)
	fsys.MkdirAll(dir, 0o755)
	for _, m := range mounts {
		if err := mount(fsys, m); err != nil {
			fmt.Fprintf(os.Stderr, "interprun: %v\n", err)
			return 2
		}
	}
	py := pyworker.New(pyworker.Config{})
	defer py.Close()
	cmds := map[string]command.Command{}
	for _, c := range commands.All() {
		cmds[c.Name] = c
	}
	python := func(ctx context.Context, inv *command.Invocation) int {
		return py.RunPython(ctx, pyworker.Proc{Args: inv.Args, Env: inv.Environ, Dir: inv.Dir,
			Stdin: inv.Stdin, Stdout: inv.Stdout, Stderr: inv.Stderr, FS: fsys, Umask: inv.Umask()})
	}
	for _, n := range []string{"python3", "python"} {
		cmds[n] = command.Command{Name: n, Summary: "python through pyworker", Run: python, RawArgs: true}
	}
	// bash and sh are the interpreter itself; memsh's session puts
	// them in /usr/bin too, where `which bash` finds them
	for _, name := range append(slices.Collect(maps.Keys(cmds)), "bash", "sh") {
		fsys.WriteFile("/usr/bin/"+name, []byte("#!/bin/sh\nexec "+name+" \"$@\"\n"), 0o755)
	}
	fsys.Symlink("usr/bin", "/bin")
	base := []string{"HOME=/home/user", "PWD=" + dir, "USER=user", "LOGNAME=user", "SHELL=/bin/bash",
		"TERM=xterm-256color", "HOSTNAME=memsh", "SHLVL=1", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"}
	r := interp.New(interp.Config{FS: fsys, Commands: cmds, Env: mergeEnv(base, env), Dir: dir,
		Script: true, RunFile: func(ctx context.Context, req *interp.FileRequest) int {
			return runFile(ctx, py, fsys, req)
		}})
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	var stdin bytes.Reader
	status, _ := r.Run(ctx, script, interp.Stdio{Stdin: &stdin, Stdout: os.Stdout, Stderr: os.Stderr})
	status = r.Finish(ctx, status)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		fmt.Fprintln(os.Stderr, "interprun: timeout")
		return 124
	}
	return status
}

// runFile runs a "#!" file whose interpreter is python; others cannot
// run here.
func runFile(ctx context.Context, py *pyworker.Runtime, fsys *memfs.FS, req *interp.FileRequest) int {
	line, _, _ := bytes.Cut(req.Head, []byte("\n"))
	if rest, ok := bytes.CutPrefix(line, []byte("#!")); ok {
		f := strings.Fields(string(rest))
		if len(f) > 0 && path.Base(f[0]) == "env" {
			f = f[1:]
		}
		if len(f) > 0 && strings.HasPrefix(path.Base(f[0]), "python") {
			args := append([]string{"python3"}, f[1:]...)
			args = append(append(args, req.Path), req.Args[1:]...)
			return py.RunPython(ctx, pyworker.Proc{Args: args, Env: req.Env, Dir: req.Dir,
				Stdin: req.Stdio.Stdin, Stdout: req.Stdio.Stdout, Stderr: req.Stdio.Stderr, FS: fsys, Umask: 0o022})
		}
	}
	fmt.Fprintf(req.Stdio.Stderr, "bash: %s: cannot execute binary file: Exec format error\n", req.Args[0])
	return 126
}

func mount(fsys *memfs.FS, spec string) error {
	parts := strings.Split(spec, ":")
	mode := memfs.MountCOW
	if len(parts) == 3 && parts[2] == "ro" {
		mode = memfs.MountRO
	} else if len(parts) != 2 && len(parts) != 3 {
		return fmt.Errorf("--mount %q: want HOST:GUEST[:ro]", spec)
	}
	host, err := filepath.Abs(parts[0])
	if err != nil {
		return err
	}
	if err := fsys.MkdirAll(parts[1], 0o755); err != nil {
		return fmt.Errorf("--mount %s: %w", spec, err)
	}
	if err := fsys.Mount(parts[1], host, mode); err != nil {
		return fmt.Errorf("--mount %s: %w", spec, err)
	}
	return nil
}

// mergeEnv is base with over's variables replacing or added.
func mergeEnv(base, over []string) []string {
	out := append([]string(nil), base...)
	for _, kv := range over {
		k, _, _ := strings.Cut(kv, "=")
		replaced := false
		for i, b := range out {
			if strings.HasPrefix(b, k+"=") {
				out[i], replaced = kv, true
			}
		}
		if !replaced {
			out = append(out, kv)
		}
	}
	return out
}
