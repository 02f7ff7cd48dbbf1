package interp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"sync"
	"testing"
	"time"

	"memsh/memfs"
)

// Speed against bash (issue 11, item 6). Each benchmark runs one
// workload in the interpreter and, where the host has bash, reports
// bash's time for the same script measured in the same run
// ("bash-ns/op") and the ratio ("x-bash", below 1 is faster than bash):
//
//	go test ./shell/interp -run '^$' -bench . -benchtime 3x

var speedWorkloads = []struct{ name, script string }{
	{"ForArith200k", `for ((i=0;i<200000;i++)); do :; done`},
	{"FuncCall100k", `f() { :; }; for ((i=0;i<100000;i++)); do f; done`},
	{"StrAppend10k", `s=; for ((i=0;i<10000;i++)); do s+=x; done`},
	{"StrAppend20k", `s=; for ((i=0;i<20000;i++)); do s+=x; done`},
	{"StrAppend40k", `s=; for ((i=0;i<40000;i++)); do s+=x; done`},
	{"StrAppend80k", `s=; for ((i=0;i<80000;i++)); do s+=x; done`},
	{"ArrAppend40k", `a=(); for ((i=0;i<40000;i++)); do a+=("$i"); done`},
	{"Assoc40k", `declare -A h; for ((i=0;i<40000;i++)); do h[$i]=$i; done`},
	{"ReadLoop200k", `seq 200000 | while read -r l; do :; done`},
	{"StrIndex20k", `s=$(printf '%020000d' 0); n=0; for ((i=0;i<${#s};i++)); do c=${s:i:1}; done`},
}

// benchRegistry is built once: building the command table is the
// session's cost, not the interpreter's.
var benchRegistry = sync.OnceValue(registry)

func newBenchRunner() *Runner {
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	fsys.MkdirAll("/home/user", 0o755)
	return New(Config{FS: fsys, Commands: benchRegistry(), Env: testEnvVars, Dir: "/home/user", Script: true})
}

func BenchmarkSpeed(b *testing.B) {
	for _, w := range speedWorkloads {
		b.Run(w.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := newBenchRunner()
				st, err := r.Run(context.Background(), w.script, Stdio{Stdout: io.Discard, Stderr: io.Discard})
				if err != nil || st != 0 {
					b.Fatalf("status %d, %v", st, err)
				}
			}
			ours := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			if bashNs, ok := timeBash(w.script); ok {
				b.ReportMetric(bashNs, "bash-ns/op")
				b.ReportMetric(ours/bashNs, "x-bash")
			}
		})
	}
}

// timeBash runs script in the host's bash (best of three) and returns
// its wall time in nanoseconds.
func timeBash(script string) (float64, bool) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		return 0, false
	}
	best := time.Duration(0)
	for range 3 {
		cmd := exec.Command(bash, "-c", script)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8"}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		start := time.Now()
		if err := cmd.Run(); err != nil {
			return 0, false
		}
		if d := time.Since(start); best == 0 || d < best {
			best = d
		}
	}
	return float64(best.Nanoseconds()), true
}

// TestAppendLinear checks that s+=x and a+=(x) cost O(total): the bytes
// 80,000 appends allocate may be at most 16x (not 64x) those of 10,000.
// Allocation, unlike time, does not depend on the machine's load.
func TestAppendLinear(t *testing.T) {
	run := func(n int) uint64 {
		r := newBenchRunner()
		script := fmt.Sprintf(`s=; for ((i=0;i<%d;i++)); do s+=x; done; a=(); for ((i=0;i<%d;i++)); do a+=(x); done`, n, n)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r.Run(context.Background(), script, Stdio{Stdout: io.Discard})
		runtime.ReadMemStats(&after)
		if v, _ := r.getVar("s"); len(v) != n {
			t.Fatalf("len(s) = %d, want %d", len(v), n)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, big := run(10000), run(80000)
	if big > 16*small {
		t.Errorf("80,000 appends allocated %d bytes, 10,000 allocated %d: not linear", big, small)
	}
}
