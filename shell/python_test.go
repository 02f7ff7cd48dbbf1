package shell

import (
	"os"
	"testing"
)

func TestPython(t *testing.T) {
	if os.Getenv("MEMSH_PYTHON_WASM") == "" {
		if _, err := os.Stat("../bin/python.wasm"); err != nil { // installed by make build
			t.Skip("python.wasm not installed")
		}
		abs, _ := os.Getwd()
		t.Setenv("MEMSH_PYTHON_WASM", abs+"/../bin/python.wasm")
	}
	s := newTestSession(t, Options{})
	cases := []scriptCase{
		{name: "python3 -c", script: "python3 -c 'print(1+1)'", stdout: "2\n"},
		{name: "python alias", script: "python -c 'import sys; print(sys.argv)' a", stdout: "['-c', 'a']\n"},
		{name: "cwd and files", script: "mkdir -p /tmp/p && cd /tmp/p && python3 -c 'open(\"f\",\"w\").write(\"hi\\n\")'; cat /tmp/p/f", stdout: "hi\n"},
		{name: "stdin", script: "echo data | python3 -c 'import sys; print(sys.stdin.read().upper(), end=\"\")'", stdout: "DATA\n"},
		{name: "shebang", script: "printf '#!/usr/bin/env python3\\nimport sys\\nprint(\"py\", sys.argv[1:])\\n' > s.py; chmod +x s.py; ./s.py x", stdout: "py ['x']\n"},
		{name: "exit status", script: "python3 -c 'raise SystemExit(3)'; echo $?", stdout: "3\n"},
	}
	for _, c := range cases {
		out, errs, st := run(t, s, c.script, "")
		if out != c.stdout || st != c.status {
			t.Errorf("%s: got %q %q %d", c.name, out, errs, st)
		}
	}
}
