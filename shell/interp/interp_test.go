package interp

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/commands"
)

// registry is the command table the tests run with.
func registry() map[string]command.Command {
	m := map[string]command.Command{}
	for _, c := range commands.All() {
		m[c.Name] = c
	}
	return m
}

// testEnvVars is what both memsh and host bash see.
var testEnvVars = []string{"LANG=C.UTF-8", "TZ=UTC", "HOME=/home/user", "PATH=/usr/bin:/bin"}

// runMemsh runs script in a new interpreter over a fresh memfs.
func runMemsh(t testing.TB, script string) (string, string, int) {
	t.Helper()
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	fsys.MkdirAll("/home/user/work", 0o755)
	fsys.MkdirAll("/tmp", 0o1777)
	r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Dir: "/home/user/work", Script: true})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	status, _ := r.Run(ctx, script, Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	status = r.finish(ctx, status)
	return out.String(), errb.String(), status
}

// runBash runs script in the host's bash, if there is one.
func runBash(t testing.TB, script string) (string, int, bool) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		return "", 0, false
	}
	dir := t.TempDir()
	cmd := exec.Command(bash, "-c", script)
	cmd.Dir = dir
	cmd.Env = append([]string{"HOME=" + dir}, testEnvVars[:2]...)
	cmd.Env = append(cmd.Env, "PATH=/usr/bin:/bin")
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stdin = strings.NewReader("")
	err = cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("host bash: %v", err)
	}
	return out.String(), status, true
}

// bashCase is a script with the stdout and status recorded from bash 5.2.
type bashCase struct {
	name, script, stdout string
	status               int
}

// runCases runs each case in the interpreter and, where the host has
// bash, checks the recording against it too.
func runCases(t *testing.T, cases []bashCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if out, status, ok := runBash(t, c.script); ok && (out != c.stdout || status != c.status) {
				t.Errorf("recording no longer matches host bash: stdout %q status %d", out, status)
			}
			out, errs, status := runMemsh(t, c.script)
			if out != c.stdout || status != c.status {
				t.Errorf("script:\n%s\n--- got (status %d)\n%s--- want (status %d)\n%s--- stderr\n%s", c.script, status, out, c.status, c.stdout, errs)
			}
		})
	}
}

// TestInterp runs interpCases.
func TestInterp(t *testing.T) { runCases(t, interpCases) }
