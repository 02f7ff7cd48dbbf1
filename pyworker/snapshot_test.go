package pyworker

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memsh/memfs"
)

func TestSnapshotServes(t *testing.T) {
	seed := []string{"HOME=/root", "PYTHONHASHSEED=0"}
	tests := []struct {
		args []string
		env  []string
		want bool
	}{
		{[]string{"-c", "pass"}, seed, true},
		{[]string{"-c", "pass"}, []string{"HOME=/root"}, false},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=1"}, false},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=random"}, false},
		{[]string{"-c", "pass"}, append(seed, "PYTHONPATH=/lib"), true},
		{[]string{"-c", "pass"}, append(seed, "PYTHONOPTIMIZE=1"), false},
		{[]string{"-c", "pass"}, append(seed, "PYTHONUTF8=1"), false},
		{[]string{"-uS", "-W", "error", "s.py", "-X", "a"}, seed, true},
		{[]string{"-Werror", "-m", "json.tool"}, seed, true},
		{[]string{"-i"}, seed, true},
		{nil, seed, true},
		{[]string{"-"}, seed, true},
		{[]string{"-I", "-c", "pass"}, seed, false},
		{[]string{"-E", "-c", "pass"}, seed, false},
		{[]string{"-X", "importtime", "-c", "pass"}, seed, false},
		{[]string{"-O", "-c", "pass"}, seed, false},
		{[]string{"-V"}, seed, false},
		{[]string{"--version"}, seed, false},
		{[]string{"-c"}, seed, false},
	}
	for _, tt := range tests {
		if got := snapshotServes(tt.args, tt.env); got != tt.want {
			t.Errorf("snapshotServes(%q, %q) = %v, want %v", tt.args, tt.env, got, tt.want)
		}
	}
}

// needSnapshot skips a test when no python-snap.wasm lies beside
// python.wasm.
func needSnapshot(t *testing.T) {
	t.Helper()
	needPython(t)
	p, _ := FindPython("")
	if _, err := os.Stat(filepath.Join(filepath.Dir(p), SnapshotName)); err != nil {
		t.Skip("no " + SnapshotName + " (scripts/build-python.sh builds it)")
	}
}

// stateScript prints what a run's configuration decides and a snapshot
// could carry from one run to the next.
const stateScript = `import os, sys, warnings, locale
print(sys.getfilesystemencoding(), sys.getfilesystemencodeerrors(), locale.getencoding(), locale.getpreferredencoding())
print(sys.argv)
print(sorted((k, v) for k, v in os.environ.items() if k not in ('PWD',)))
print(os.getcwd())
print(sys.path)
print(sys.flags)
print(hash('memsh'), sys.flags.hash_randomization)
print(sys.stdout.write_through, sys.stdout.line_buffering, sys.stderr.line_buffering, sys.stdin.encoding, sys.stdout.errors)
print(sys.warnoptions, warnings.filters[:2])
print('site' in sys.modules, 'sitecustomize' in sys.modules)
print(sys.orig_argv[1:], sys.dont_write_bytecode, sys.get_int_max_str_digits())
`

// TestSnapshotRuns checks a run resumed from the snapshot sees its own
// argv, environment, cwd, flags and stdio exactly as a run started from
// scratch does, one run after another in one Runtime (nothing of one run
// is left for the next), and that runs it cannot serve (no
// PYTHONHASHSEED=0) start from scratch with a fresh hash seed each.
func TestSnapshotRuns(t *testing.T) {
	needSnapshot(t)
	f := newFS(t)
	f.WriteFile("/sub/s.py", []byte(stateScript), 0o644)
	f.WriteFile("/other/lib/m.py", []byte("print('m', __name__)\n"), 0o644)
	snap := New(Config{})
	defer snap.Close()
	plain := New(Config{NoSnapshot: true})
	defer plain.Close()
	runs := []struct {
		dir  string
		env  []string
		args []string
	}{
		{"/sub", []string{"PYTHONHASHSEED=0", "FOO=1"}, []string{"s.py", "a", "b"}},
		{"/other", []string{"PYTHONHASHSEED=0", "BAR=x y", "PYTHONPATH=lib"}, []string{"-u", "-W", "error::DeprecationWarning", "/sub/s.py"}},
		{"/", []string{"PYTHONHASHSEED=0"}, []string{"-S", "-c", stateScript, "c1"}},
		{"/other", []string{"PYTHONHASHSEED=0", "PYTHONDONTWRITEBYTECODE=1", "PYTHONINTMAXSTRDIGITS=800", "PYTHONIOENCODING=latin-1:replace"}, []string{"-s", "-B", "-c", stateScript}},
		{"/other", []string{"PYTHONHASHSEED=0", "PYTHONPATH=lib"}, []string{"-m", "m"}},
		{"/sub", []string{"PYTHONHASHSEED=0"}, []string{"-"}},
	}
	for i, run := range runs {
		stdin := ""
		if run.args[0] == "-" {
			stdin = stateScript
		}
		before := snap.snapRuns.Load()
		got := pyWith(t, snap, f, run.dir, stdin, run.env, run.args...)
		if snap.snapRuns.Load() != before+1 {
			t.Fatalf("run %d: not served from the snapshot", i)
		}
		want := pyWith(t, plain, f, run.dir, stdin, run.env, run.args...)
		if got != want {
			t.Errorf("run %d %q %q: snapshot and plain start differ:\n%s", i, run.env, run.args, lineDiff(got, want))
		}
	}
	// No PYTHONHASHSEED: a plain start, each with its own seed.
	before := snap.snapRuns.Load()
	a := pyWith(t, snap, f, "/", "", nil, "-c", "print(hash('memsh'))")
	b := pyWith(t, snap, f, "/", "", nil, "-c", "print(hash('memsh'))")
	if snap.snapRuns.Load() != before {
		t.Error("a run without PYTHONHASHSEED=0 was served from the snapshot")
	}
	if a.status != 0 || a.stdout == b.stdout {
		t.Errorf("two runs without PYTHONHASHSEED: %+v %+v; want different hashes", a, b)
	}
}

func pyWith(t *testing.T, r *Runtime, f *memfs.FS, dir, stdin string, env []string, args ...string) result {
	t.Helper()
	var out, errb strings.Builder
	st := r.RunPython(t.Context(), Proc{Args: append([]string{"python3"}, args...), Env: append([]string{"HOME=/root"}, env...),
		Dir: dir, Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, FS: f})
	return result{out.String(), errb.String(), st}
}

// lineDiff lists the lines of two results that differ.
func lineDiff(got, want result) string {
	var b strings.Builder
	if got.status != want.status {
		fmt.Fprintf(&b, "status %d, plain %d\n", got.status, want.status)
	}
	for _, s := range [][2]string{{got.stdout, want.stdout}, {got.stderr, want.stderr}} {
		g, w := strings.Split(s[0], "\n"), strings.Split(s[1], "\n")
		for i := range max(len(g), len(w)) {
			gl, wl := "", ""
			if i < len(g) {
				gl = g[i]
			}
			if i < len(w) {
				wl = w[i]
			}
			if gl != wl {
				fmt.Fprintf(&b, "snapshot: %s\nplain:    %s\n", gl, wl)
			}
		}
	}
	return b.String()
}

// TestSnapshotAfterReactor checks that a process that loads the reactor
// (Preload) serves its first PYTHONHASHSEED=0 runs from zygotes with seed
// 0, with the snapshot's hashes, rather than loading a second module for
// the first; the second such run loads the snapshot for the ones after.
func TestSnapshotAfterReactor(t *testing.T) {
	needSnapshot(t)
	needReactor(t)
	f := newFS(t)
	r := New(Config{})
	defer r.Close()
	r.Preload()
	plain := New(Config{NoSnapshot: true})
	defer plain.Close()
	env := []string{"PYTHONHASHSEED=0"}
	want := pyWith(t, plain, f, "/", "", env, "-c", "print(hash('memsh'))")
	for i := range 2 {
		got := pyWith(t, r, f, "/", "", env, "-c", "print(hash('memsh'))")
		if got != want {
			t.Errorf("run %d: %+v; want %+v", i, got, want)
		}
		if n := r.zygoteRuns.Load(); n != int64(i+1) {
			t.Fatalf("run %d: %d runs served by zygotes; want %d", i, n, i+1)
		}
	}
	if r.snapRuns.Load() != 0 {
		t.Error("the snapshot served a run before two were asked for")
	}
	if r.snapshot() == nil { // waits for the load the second run started
		t.Fatal("the snapshot did not load")
	}
	if got := pyWith(t, r, f, "/", "", env, "-c", "print(hash('memsh'))"); got != want {
		t.Errorf("from the snapshot: %+v; want %+v", got, want)
	}
	if r.snapRuns.Load() != 1 {
		t.Error("the third run was not served from the snapshot")
	}
}
