package pyworker

import "testing"

func TestParsePythonArgs(t *testing.T) {
	tests := []struct {
		args   []string
		noSite bool
		script int
	}{
		{nil, false, -1},
		{[]string{"x.py", "-S"}, false, 0},
		{[]string{"-S", "x.py"}, true, 1},
		{[]string{"-uS", "x.py"}, true, 1},
		{[]string{"-Wignore", "-X", "dev", "x.py"}, false, 3},
		{[]string{"-W", "ignore", "x.py"}, false, 2},
		{[]string{"-c", "x.py"}, false, -1},
		{[]string{"-Sc", "pass", "x.py"}, true, -1},
		{[]string{"-m", "mod"}, false, -1},
		{[]string{"-"}, false, 0},
		{[]string{"--", "-x.py"}, false, 1},
		{[]string{"--check-hash-based-pycs", "always", "x.py"}, false, 2},
		{[]string{"-I", "-E", "x.py", "-S"}, false, 2},
	}
	for _, tt := range tests {
		got := parsePythonArgs(tt.args)
		if got.noSite != tt.noSite || got.script != tt.script {
			t.Errorf("%q: got %+v, want noSite %v script %d", tt.args, got, tt.noSite, tt.script)
		}
	}
}

func TestPyRepr(t *testing.T) {
	tests := map[string]string{
		"/a/b.py":     `'/a/b.py'`,
		"it's":        `"it's"`,
		`a'b"c`:       `'a\'b"c'`,
		"tab\there":   `'tab\there'`,
		"back\\slash": `'back\\slash'`,
		"\x01é":       `'\x01é'`,
	}
	for in, want := range tests {
		if got := pyRepr(in); got != want {
			t.Errorf("pyRepr(%q) = %s, want %s", in, got, want)
		}
	}
}
