package pyworker

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"memsh/shell/command"
)

func TestZygoteSeed(t *testing.T) {
	tests := []struct {
		args []string
		env  []string
		seed string
		ok   bool
	}{
		{[]string{"-c", "pass"}, nil, "", true},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=random"}, "", true},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED="}, "", true},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=0"}, "0", true},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=007"}, "7", true},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=4294967295"}, "4294967295", true},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=4294967296"}, "", false},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=x"}, "", false},
		{[]string{"-c", "pass"}, []string{"PYTHONHASHSEED=3", "PYTHONHASHSEED=4"}, "3", true},
		{[]string{"-c", "pass"}, []string{"PYTHONOPTIMIZE=1"}, "", false},
		{[]string{"-E", "-c", "pass"}, []string{"PYTHONHASHSEED=3", "PYTHONOPTIMIZE=1"}, "", true},
		{[]string{"-Ic", "pass"}, []string{"PYTHONHASHSEED=3"}, "", true},
		{[]string{"-X", "dev", "-c", "pass"}, nil, "", false},
		{[]string{"-c", "pass", "-X", "dev"}, nil, "", true},
		{[]string{"-c"}, nil, "", false},
	}
	for _, tt := range tests {
		seed, ok := zygoteSeed(tt.args, tt.env)
		if seed != tt.seed || ok != tt.ok {
			t.Errorf("zygoteSeed(%q, %q) = %q, %v; want %q, %v", tt.args, tt.env, seed, ok, tt.seed, tt.ok)
		}
	}
}

// needReactor skips a test when no python-reactor.wasm lies beside
// python.wasm.
func needReactor(t *testing.T) {
	t.Helper()
	needPython(t)
	p, _ := FindPython("")
	if _, err := os.Stat(filepath.Join(filepath.Dir(p), ReactorName)); err != nil {
		t.Skip("no " + ReactorName + " (scripts/build-python.sh builds it)")
	}
}

// withoutHash drops the line of stateScript that prints a hash.
func withoutHash(r result) result {
	lines := strings.Split(r.stdout, "\n")
	lines = slices.DeleteFunc(lines, func(l string) bool {
		return strings.HasPrefix(l, "-") || (l != "" && l[0] >= '0' && l[0] <= '9' && strings.HasSuffix(l, " 1"))
	})
	r.stdout = strings.Join(lines, "\n")
	return r
}

// TestZygoteRuns checks runs served by prepared instances of the reactor
// one after another in one Runtime: each sees its own argv, environment,
// cwd, flags and stdio exactly as a start from scratch does, nothing of
// one run is left for the next, a run without PYTHONHASHSEED gets a fresh
// hash seed each time, and PYTHONHASHSEED=N gives N's hashes.
func TestZygoteRuns(t *testing.T) {
	needReactor(t)
	f := newFS(t)
	f.WriteFile("/sub/s.py", []byte(stateScript), 0o644)
	f.WriteFile("/other/lib/m.py", []byte("print('m', __name__)\n"), 0o644)
	zyg := New(Config{})
	defer zyg.Close()
	plain := New(Config{NoSnapshot: true})
	defer plain.Close()
	runs := []struct {
		dir  string
		env  []string
		args []string
	}{
		{"/sub", []string{"PYTHONHASHSEED=7", "FOO=1"}, []string{"s.py", "a", "b"}},
		{"/other", []string{"PYTHONHASHSEED=7", "BAR=x y", "PYTHONPATH=lib"}, []string{"-u", "-W", "error::DeprecationWarning", "/sub/s.py"}},
		{"/", []string{"PYTHONHASHSEED=7"}, []string{"-S", "-c", stateScript, "c1"}},
		{"/other", []string{"PYTHONHASHSEED=12", "PYTHONDONTWRITEBYTECODE=1", "PYTHONINTMAXSTRDIGITS=800", "PYTHONIOENCODING=latin-1:replace"}, []string{"-s", "-B", "-c", stateScript}},
		{"/other", []string{"PYTHONHASHSEED=12", "PYTHONPATH=lib"}, []string{"-m", "m"}},
		{"/sub", []string{"PYTHONHASHSEED=12"}, []string{"-"}},
		{"/sub", []string{"PYTHONHASHSEED=3", "PYTHONOPTIMIZE=2"}, []string{"-E", "-c", stateScript}},
		{"/other", []string{"PYTHONPATH=lib"}, []string{"-I", "-c", stateScript}},
		{"/sub", []string{"BAZ=1"}, []string{"s.py"}},
		{"/sub", nil, []string{"-c", "import sys; sys.modules['os'].LEAK = 1; LEAK = 2; import os; os.environ['LEAK'] = '3'; print(os.LEAK)"}},
		{"/sub", nil, []string{"-c", "import os; print(hasattr(os, 'LEAK'), 'LEAK' in os.environ, 'LEAK' in globals())"}},
	}
	for i, run := range runs {
		stdin := ""
		if run.args[0] == "-" {
			stdin = stateScript
		}
		before := zyg.zygoteRuns.Load()
		got := pyWith(t, zyg, f, run.dir, stdin, run.env, run.args...)
		if zyg.zygoteRuns.Load() != before+1 {
			t.Fatalf("run %d: not served by a zygote", i)
		}
		want := pyWith(t, plain, f, run.dir, stdin, run.env, run.args...)
		if !slices.Contains(run.env, "PYTHONHASHSEED=7") && !slices.Contains(run.env, "PYTHONHASHSEED=12") {
			got, want = withoutHash(got), withoutHash(want)
		}
		if got != want {
			t.Errorf("run %d %q %q: zygote and plain start differ:\n%s", i, run.env, run.args, lineDiff(got, want))
		}
	}
	if n := zyg.zygotes.ahead.Load(); n < int64(len(runs))-4 {
		t.Errorf("%d of %d runs took an instance prepared ahead", n, len(runs))
	}
	var hashes []string
	for range 3 {
		r := pyWith(t, zyg, f, "/", "", nil, "-c", "import sys; print(hash('memsh'), sys.flags.hash_randomization)")
		if r.status != 0 || slices.Contains(hashes, r.stdout) {
			t.Fatalf("runs without PYTHONHASHSEED: %+v after %q; want a fresh hash each", r, hashes)
		}
		hashes = append(hashes, r.stdout)
	}
}

// TestZygoteIdle checks a prepared instance's memory counts against the
// budget of the session whose run it follows, that the run taking it
// pays for it and gives it back, and that it is dropped, its memory
// given back, once idle long enough.
func TestZygoteIdle(t *testing.T) {
	needReactor(t)
	f := newFS(t)
	r := New(Config{})
	defer r.Close()
	setIdle := func(d time.Duration) {
		r.zygotes.mu.Lock()
		r.zygotes.idleFor = d
		r.zygotes.mu.Unlock()
	}
	budget := command.NewBudget(1<<30, nil)
	run := func() {
		t.Helper()
		var out, errb strings.Builder
		st := r.RunPython(t.Context(), Proc{Args: []string{"python3", "-c", "print(len(bytearray(1 << 24)))"}, Dir: "/", Stdout: &out, Stderr: &errb, FS: f, Memory: budget})
		if st != 0 || out.String() != "16777216\n" {
			t.Fatalf("status %d, stdout %q, stderr %q", st, out.String(), errb.String())
		}
	}
	setIdle(time.Hour)
	run()
	waitIdle := func() {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			r.zygotes.mu.Lock()
			idle := r.zygotes.idle
			r.zygotes.mu.Unlock()
			if idle != nil {
				if got, want := budget.Used(), idle.mem.charged.Load(); got != want || want < 16<<20 {
					t.Fatalf("budget used %d while an instance of %d bytes waits", got, want)
				}
				return
			}
			if time.Now().After(deadline) {
				t.Fatal("no instance was prepared after a run")
			}
		}
	}
	waitIdle()
	setIdle(50 * time.Millisecond)
	run()
	if r.zygotes.ahead.Load() != 1 {
		t.Fatalf("the second run did not take the instance prepared after the first")
	}
	// Dropped after idleFor (checked until a generous deadline: the timer
	// fires on its own).
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		r.zygotes.mu.Lock()
		idle, preparing := r.zygotes.idle, r.zygotes.preparing
		r.zygotes.mu.Unlock()
		if idle == nil && preparing == nil && budget.Used() == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the idle instance was not dropped")
		}
	}
}

// TestZygotePreload checks that Preload makes the first run's instance
// once the reactor is loaded, charged to no session, and that the first
// run resumes it.
func TestZygotePreload(t *testing.T) {
	needReactor(t)
	f := newFS(t)
	r := New(Config{})
	defer r.Close()
	r.zygotes.mu.Lock()
	r.zygotes.idleFor = time.Hour
	r.zygotes.mu.Unlock()
	r.Preload()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		r.zygotes.mu.Lock()
		idle := r.zygotes.idle
		r.zygotes.mu.Unlock()
		if idle != nil {
			if idle.seed != "" {
				t.Fatalf("Preload prepared an instance with seed %q; want a fresh one", idle.seed)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Preload prepared no instance")
		}
	}
	budget := command.NewBudget(1<<30, nil)
	var out, errb strings.Builder
	st := r.RunPython(t.Context(), Proc{Args: []string{"python3", "-c", "import sys; print(sys.flags.hash_randomization)"}, Dir: "/", Stdout: &out, Stderr: &errb, FS: f, Memory: budget})
	if st != 0 || out.String() != "1\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", st, out.String(), errb.String())
	}
	if r.zygotes.ahead.Load() != 1 {
		t.Error("the first run did not take the instance Preload made")
	}
}
