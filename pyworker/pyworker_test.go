package pyworker

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"memsh/memfs"
)

// shared is the one Runtime the tests use, as a process would.
var (
	sharedOnce sync.Once
	shared     *Runtime
)

func testRuntime() *Runtime {
	sharedOnce.Do(func() { shared = New(Config{}) })
	return shared
}

// testLayout is the layout of the python testRuntime runs.
func testLayout(t testing.TB) pyLayout {
	t.Helper()
	needPython(t)
	r := testRuntime()
	if _, err := r.python(); err != nil {
		t.Fatal(err)
	}
	return r.layout
}

// withoutSourceLines drops the source and caret lines CPython 3.13 prints
// under a traceback's frames, -c code's too (3.12 printed none for -c), so
// one expectation fits both runtimes.
func withoutSourceLines(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if !strings.HasPrefix(line, "    ") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// pyVersionPrefix is what `python3 -V` starts with for the runtime
// testRuntime runs: "Python 3.13.".
func pyVersionPrefix(t testing.TB) string {
	return "Python " + strings.TrimPrefix(testLayout(t).lib, "python") + "."
}

// needPython skips a test when python.wasm is not installed, or fails it
// when MEMSH_REQUIRE_PYTHON=1 says it must be (make test).
func needPython(t testing.TB) {
	t.Helper()
	if _, err := FindPython(""); err != nil {
		if os.Getenv("MEMSH_REQUIRE_PYTHON") == "1" {
			t.Fatalf("MEMSH_REQUIRE_PYTHON=1 but %v", err)
		}
		t.Skip(err)
	}
}

type result struct {
	stdout, stderr string
	status         int
}

// py runs python3 with args over fsys in dir, feeding stdin.
func py(t testing.TB, fsys *memfs.FS, dir, stdin string, args ...string) result {
	t.Helper()
	needPython(t)
	var out, errb bytes.Buffer
	p := Proc{
		Args:   append([]string{"python3"}, args...),
		Env:    []string{"HOME=/root", "PATH=/usr/bin:/bin"},
		Dir:    dir,
		Stdin:  strings.NewReader(stdin),
		Stdout: &out,
		Stderr: &errb,
		FS:     fsys,
	}
	st := testRuntime().RunPython(context.Background(), p)
	return result{out.String(), errb.String(), st}
}

func newFS(t testing.TB) *memfs.FS {
	t.Helper()
	f := memfs.New(memfs.Options{})
	for _, d := range []string{"/tmp", "/root", "/sub/dir"} {
		if err := f.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return f
}
