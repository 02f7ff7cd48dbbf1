package main

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"memsh/pyworker"
)

// TestScriptSIGINTPython: in script mode a SIGINT reaches a running
// python3 as KeyboardInterrupt, and the script then does what bash does:
// it stops (EXIT trap, status 130) when python dies of it, and goes on
// when python catches it.
func TestScriptSIGINTPython(t *testing.T) {
	py, err := pyworker.FindPython("")
	if err != nil {
		if os.Getenv("MEMSH_REQUIRE_PYTHON") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if b, err := os.ReadFile(py); err != nil || !bytes.Contains(b, []byte("memsh_sigint")) {
		t.Skip("python.wasm has no memsh_sigint (scripts/build-python.sh links it)")
	}
	t.Setenv(pyworker.EnvPythonWasm, py) // memsh runs in a temporary directory
	tests := []struct {
		code, stdout, stderrEnd string
		status                  int
	}{
		{"while True: pass", "ready\ntrap\n", "KeyboardInterrupt\n", 130},
		{"try:\n  while True: pass\nexcept KeyboardInterrupt:\n  print('caught')", "ready\ncaught\nafter\ntrap\n", "", 0},
	}
	for _, tt := range tests {
		script := "trap 'echo trap' EXIT\npython3 -c \"print('ready', flush=True)\n" + tt.code + "\"\necho after"
		start := time.Now()
		cmd, out, errb := startMemsh(t, nil, t.TempDir(), nil, "-c", script)
		waitReady(t, out)
		cmd.Process.Signal(syscall.SIGINT)
		r := waitMemsh(t, cmd, out, errb, start)
		if r.status != tt.status || r.stdout != tt.stdout || !strings.HasSuffix(r.stderr, tt.stderrEnd) {
			t.Errorf("%q: status %d stdout %q stderr %q; want %d, %q, stderr ending %q", tt.code, r.status, r.stdout, r.stderr, tt.status, tt.stdout, tt.stderrEnd)
		}
	}
}
