// Command bench measures memsh's python and WASI paths side by side with
// the host and prints one table:
//
//	go run ./bench            # the full run (1 GiB through stdin)
//	go run ./bench -stdin 256M  # a shorter stdin run
//	go run ./bench -checked     # guests as the TUI runs them
//	go run ./bench -only a      # only the python writes
//	go run ./bench -only a -rounds 5  # (a) five times, alternating, medians
//
// (a) python writes: for buffering 0 and 8192 and sizes 1, 2, 4 and 8 MiB,
// MiB*1024 writes of a 1 KiB chunk to a fresh file, timing the writes and
// the close; one warm-up, then the median of 5; every file is read back
// and verified. Inside memsh (a shell session running python3) and with the
// host's python3 writing to tmpfs (/dev/shm); just-bash (python: true) when
// node and a just-bash command are on PATH.
//
// (b) stdin throughput: bench/reader (built for GOOS=wasip1) reading stdin
// in 64 KiB chunks, `head -c N /dev/zero | reader.wasm 65536` inside memsh,
// against the host's `head -c N /dev/zero | cat > /dev/null`.
//
// (c) python3 start-up: a warm `python3 -c pass` in a session, and the
// first python3 of a fresh process with a warm compilation cache.
//
// (d) the interpreter alone: `for i in range(10**6): pass`.
//
// Native figures come from $MEMSH_BENCH_PYTHON, else python3.13, else
// python3 on PATH; (a) also runs the same python.wasm in a bare wazero
// harness writing to tmpfs (bare.go), the yardstick for memsh's own path
// from a guest's write to memfs.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"memsh/pyworker"
	"memsh/shell"
)

// writeBench is the python side of (a). argv[1] is the directory to write
// in; it prints "buffering MiB median-seconds best-seconds" lines.
const writeBench = `import os, sys, time
base = sys.argv[1]
chunk = bytes(range(256)) * 4
for buffering in (0, 8192):
    for mib in (1, 2, 4, 8):
        count = mib * 1024
        times = []
        for rep in range(6):
            path = os.path.join(base, 'w_%d_%d_%d' % (buffering, mib, rep))
            f = open(path, 'wb', buffering=buffering)
            t0 = time.perf_counter()
            for _ in range(count):
                f.write(chunk)
            f.close()
            dt = time.perf_counter() - t0
            if rep:
                times.append(dt)
            with open(path, 'rb') as g:
                if g.read() != chunk * count:
                    sys.exit('verify failed: ' + path)
            os.remove(path)
        times.sort()
        print(buffering, mib, times[len(times) // 2], times[0], flush=True)
# The same loop calling a no-op method instead of write: the interpreter's
# share of the 8 MiB unbuffered figure.
times = []
nop = chunk.__len__
for rep in range(6):
    t0 = time.perf_counter()
    for _ in range(8192):
        nop()
    dt = time.perf_counter() - t0
    if rep:
        times.append(dt)
times.sort()
print('loop', 8, times[len(times) // 2], times[0], flush=True)
`

func main() {
	stdinSize := flag.String("stdin", "1G", "bytes piped into the WASI reader (K, M, G suffixes)")
	firstChild := flag.Bool("first-python-child", false, "internal: time the first python3 of this process")
	firstLine := flag.String("first-python-line", "python3 -c pass", "internal: the command line -first-python-child times")
	firstPause := flag.Duration("first-python-pause", 0, "internal: how long -first-python-child waits before its run, timing the run alone")
	flag.BoolVar(&checked, "checked", false, "run guests as the interactive shell does (wazero's termination checks on); the default is script mode's fast guests")
	flag.IntVar(&rounds, "rounds", 1, "how many times (a) runs memsh, bare wazero and native, alternating; the table shows the medians")
	only := flag.String("only", "abcd", "the parts to run: any of a (writes), b (stdin), c (start-up), d (the loop)")
	flag.Parse()
	if *firstChild {
		firstPythonChild(*firstLine, *firstPause)
		return
	}
	n, err := parseSize(*stdinSize)
	if err != nil {
		fatal(err)
	}
	if _, err := pyworker.FindPython(""); err != nil {
		fatal(err)
	}
	mode := "script mode's fast guests (-checked: the TUI's)"
	if checked {
		mode = "the TUI's checked guests"
	}
	fmt.Printf("memsh bench: %s %s/%s, %d CPUs, load %s; %s\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), loadAvg(), mode)

	rt := pyworker.New(pyworker.Config{Fast: !checked})
	defer rt.Close()
	for _, part := range []struct {
		name string
		run  func()
	}{{"a", func() { writes(rt) }}, {"d", func() { loop(rt) }}, {"b", func() { stdin(rt, n) }}, {"c", func() { startup(rt) }}} {
		if strings.Contains(*only, part.name) {
			part.run()
		}
	}
}

// checked runs guests with wazero's termination checks, as the TUI does;
// memsh's script mode (and so the default here) runs them without.
var checked bool

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

func parseSize(s string) (int64, error) {
	mul := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mul, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mul, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mul, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("invalid size %q", s)
	}
	return n * mul, nil
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func newSession(rt *pyworker.Runtime) *shell.Session {
	s, err := shell.New(shell.Options{Python: rt})
	if err != nil {
		fatal(err)
	}
	return s
}

// run runs script in s and returns its stdout; a non-zero status is fatal.
func run(s *shell.Session, script string, stdin io.Reader) string {
	var out, errb bytes.Buffer
	st, err := s.Run(context.Background(), script, shell.Stdio{Stdin: stdin, Stdout: &out, Stderr: &errb})
	if err != nil || st != 0 {
		fatal(fmt.Errorf("memsh: %s: status %d %v\n%s", script, st, err, errb.String()))
	}
	return out.String()
}

// results parses writeBench's output into "buffering/MiB" -> the median
// seconds and "buffering/MiB/min" -> the best.
func results(out string) map[string]float64 {
	m := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 {
			continue
		}
		v, _ := strconv.ParseFloat(f[2], 64)
		m[f[0]+"/"+f[1]] = v
		v, _ = strconv.ParseFloat(f[3], 64)
		m[f[0]+"/"+f[1]+"/min"] = v
	}
	return m
}

func writes(rt *pyworker.Runtime) {
	fmt.Printf("(a) python: MiB*1024 writes of 1 KiB + close, median of 5 after a warm-up (ms); %d round(s) alternating memsh, bare wazero and native, median of the rounds\n", rounds)
	s := newSession(rt)
	defer s.Close()
	if err := s.FS().WriteFile("/tmp/wbench.py", []byte(writeBench), 0o644); err != nil {
		fatal(err)
	}

	py := nativePython()
	nativeWhere := "not run: no python3 on the host"
	var script, tmp string
	if py != "" {
		dir := "/dev/shm"
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			dir = os.TempDir()
		}
		var err error
		tmp, err = os.MkdirTemp(dir, "memsh-bench-")
		if err != nil {
			fatal(err)
		}
		defer os.RemoveAll(tmp)
		script = filepath.Join(tmp, "wbench.py")
		os.WriteFile(script, []byte(writeBench), 0o644)
		ver, _ := exec.Command(py, "-V").Output()
		nativeWhere = strings.TrimSpace(string(ver)) + " on " + dir
	}
	jb := "skipped: node and just-bash not both on PATH"
	_, errNode := exec.LookPath("node")
	if _, errJB := exec.LookPath("just-bash"); errNode == nil && errJB == nil {
		jb = "present but not driven by this harness yet"
	}
	bareWhere := "not run"
	var bare *bareHarness
	if checked {
		bareWhere = "not run with -checked (it has no termination checks)"
	} else if h, err := newBare(); err != nil {
		bareWhere = "failed: " + err.Error()
	} else {
		bare, bareWhere = h, h.where
		defer h.close()
	}

	var memR, bareR, nativeR []map[string]float64
	for range rounds {
		memR = append(memR, results(run(s, "python3 /tmp/wbench.py /tmp", nil)))
		if bare != nil {
			b, err := bare.run()
			if err != nil {
				bareWhere = "failed: " + err.Error()
				bare = nil
			} else {
				bareR = append(bareR, b)
			}
		}
		if py != "" {
			out, err := exec.Command(py, script, tmp).Output()
			if err != nil {
				fatal(fmt.Errorf("host python3: %v", err))
			}
			nativeR = append(nativeR, results(string(out)))
		}
	}
	mem, bareM, native := medians(memR), medians(bareR), medians(nativeR)
	ratio := func(a, b float64) string {
		if a <= 0 || b <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.2fx", a/b)
	}

	fmt.Printf("%-9s %6s %10s %10s %10s %12s %12s\n", "buffering", "size", "memsh", "bare", "native", "memsh/bare", "memsh/native")
	for _, b := range []string{"0", "8192"} {
		for _, mib := range []string{"1", "2", "4", "8"} {
			k := b + "/" + mib
			m, br, nv := mem[k]*1000, bareM[k]*1000, native[k]*1000
			fmt.Printf("%-9s %4sMiB %10.2f %10.2f %10.2f %12s %12s\n", b, mib, m, br, nv, ratio(m, br), ratio(m, nv))
		}
	}
	fmt.Printf("%-9s %6s %10.2f %10.2f %10.2f %12s\n", "no write", "8MiB", mem["loop/8"]*1000, bareM["loop/8"]*1000, native["loop/8"]*1000, "(loop only)")
	fmt.Println("the best of all runs (less disturbed by other load):")
	for _, k := range []string{"0/8", "8192/8", "loop/8"} {
		m, br, nv := mem[k+"/min"]*1000, bareM[k+"/min"]*1000, native[k+"/min"]*1000
		fmt.Printf("%-9s %6s %10.2f %10.2f %10.2f %12s %12s\n", strings.Split(k, "/")[0], "8MiB", m, br, nv, ratio(m, br), ratio(m, nv))
	}
	if rounds > 1 {
		for _, k := range []string{"0/8", "8192/8"} {
			fmt.Printf("8 MiB, buffering %s, each round (memsh/bare/native ms):", strings.Split(k, "/")[0])
			for i := range memR {
				fmt.Printf(" %.1f/%.1f/%.1f", memR[i][k]*1000, at(bareR, i)[k]*1000, at(nativeR, i)[k]*1000)
			}
			fmt.Println()
		}
	}
	fmt.Printf("bare: the same python.wasm in plain wazero over %s; native: %s; just-bash: %s\n", bareWhere, nativeWhere, jb)
	fmt.Printf("linearity (unbuffered 8 MiB / 1 MiB): memsh %.1fx, native %.1fx (8.0x is linear)\n\n",
		mem["0/8"]/mem["0/1"], native["0/8"]/max(native["0/1"], 1e-9))
}

// rounds is how many times (a) runs each of memsh, bare wazero and native.
var rounds int

// medians is, for each key, the median over the rounds (for a best
// time, the best).
func medians(rs []map[string]float64) map[string]float64 {
	out := map[string]float64{}
	if len(rs) == 0 {
		return out
	}
	for k := range rs[0] {
		var v []float64
		for _, r := range rs {
			v = append(v, r[k])
		}
		slices.Sort(v)
		out[k] = v[len(v)/2]
		if strings.HasSuffix(k, "/min") {
			out[k] = v[0]
		}
	}
	return out
}

// at is rs[i], or an empty map past its end.
func at(rs []map[string]float64, i int) map[string]float64 {
	if i < len(rs) {
		return rs[i]
	}
	return map[string]float64{}
}

// nativePython is the host's CPython to compare with: $MEMSH_BENCH_PYTHON,
// else the first of python3.13 and python3 on PATH that runs.
func nativePython() string {
	cands := []string{os.Getenv("MEMSH_BENCH_PYTHON"), "python3.13", "python3"}
	for _, c := range cands {
		if c == "" {
			continue
		}
		p, err := exec.LookPath(c)
		if err != nil {
			continue
		}
		if exec.Command(p, "-c", "pass").Run() == nil {
			return p
		}
	}
	return ""
}

// loopBench times `for i in range(10**6): pass` inside python, best of 5.
const loopBench = `import time
best = None
for rep in range(5):
    t0 = time.perf_counter()
    for i in range(10**6):
        pass
    dt = time.perf_counter() - t0
    best = dt if best is None or dt < best else best
print(best)
`

// loop is (d): the 1e6 loop inside memsh and in the host's python.
func loop(rt *pyworker.Runtime) {
	fmt.Println("(d) python: for i in range(10**6): pass, best of 5 (ms)")
	s := newSession(rt)
	defer s.Close()
	if err := s.FS().WriteFile("/tmp/loop.py", []byte(loopBench), 0o644); err != nil {
		fatal(err)
	}
	m, _ := strconv.ParseFloat(strings.TrimSpace(run(s, "python3 /tmp/loop.py", nil)), 64)
	nv := 0.0
	where := "not run: no python3 on the host"
	if py := nativePython(); py != "" {
		out, err := exec.Command(py, "-c", loopBench).Output()
		if err != nil {
			fatal(fmt.Errorf("host python3: %v", err))
		}
		nv, _ = strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
		ver, _ := exec.Command(py, "-V").Output()
		where = strings.TrimSpace(string(ver))
	}
	fmt.Printf("memsh %.1f ms, native %.1f ms (%s): %.2fx\n\n", m*1000, nv*1000, where, m/max(nv, 1e-9))
}

// readerWasm builds bench/reader for wasip1 into the user's cache dir,
// keyed by its source and the Go version.
func readerWasm() []byte {
	src, err := os.ReadFile(filepath.Join("bench", "reader", "main.go"))
	if err != nil {
		fatal(fmt.Errorf("run from the repository root: %v", err))
	}
	h := sha256.Sum256(append(src, runtime.Version()...))
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	out := filepath.Join(dir, "memsh", "bench", "reader-"+hex.EncodeToString(h[:8])+".wasm")
	if b, err := os.ReadFile(out); err == nil && pyworker.IsWasm(b) {
		return b
	}
	os.MkdirAll(filepath.Dir(out), 0o755)
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", out, "./bench/reader")
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		fatal(fmt.Errorf("building bench/reader: %v\n%s", err, b))
	}
	b, err := os.ReadFile(out)
	if err != nil {
		fatal(err)
	}
	return b
}

func stdin(rt *pyworker.Runtime, n int64) {
	fmt.Printf("(b) stdin: %d bytes in 64 KiB reads\n", n)
	s := newSession(rt)
	defer s.Close()
	if err := s.FS().WriteFile("/tmp/reader.wasm", readerWasm(), 0o755); err != nil {
		fatal(err)
	}
	script := fmt.Sprintf("head -c %d /dev/zero | /tmp/reader.wasm 65536", n)
	var in io.Reader
	if !s.IsCommand("head") {
		// Until memsh has head, the session's own stdin carries the zeros
		// (still through the shell's exec path and stdin meter).
		script = "/tmp/reader.wasm 65536"
		in = io.LimitReader(zeroReader{}, n)
	}
	run(s, "/tmp/reader.wasm 65536 </dev/null", nil) // compile outside the timing
	t0 := time.Now()
	out := run(s, script, in)
	memsh := time.Since(t0)
	if in != nil {
		script = fmt.Sprintf("%s <(%d zero bytes from a Go io.Reader)", script, n)
	}
	if strings.TrimSpace(out) != strconv.FormatInt(n, 10) {
		fatal(fmt.Errorf("reader saw %q bytes, want %d", strings.TrimSpace(out), n))
	}

	direct := time.Duration(0)
	{
		var out bytes.Buffer
		t0 := time.Now()
		st := rt.RunModule(context.Background(), readerWasm(), pyworker.Proc{
			Args: []string{"reader.wasm", "65536"}, Dir: "/", FS: s.FS(),
			Stdin: io.LimitReader(zeroReader{}, n), Stdout: &out, Stderr: os.Stderr,
		})
		direct = time.Since(t0)
		if st != 0 {
			fatal(fmt.Errorf("reader: status %d", st))
		}
	}

	host := fmt.Sprintf("head -c %d /dev/zero | cat > /dev/null", n)
	t0 = time.Now()
	if err := exec.Command("bash", "-c", host).Run(); err != nil {
		fatal(fmt.Errorf("host: %s: %v", host, err))
	}
	hostT := time.Since(t0)

	rate := func(d time.Duration) string {
		return fmt.Sprintf("%7.2f GiB/s %8.3fs", float64(n)/(1<<30)/d.Seconds(), d.Seconds())
	}
	fmt.Printf("%-58s %s\n", "memsh: "+script, rate(memsh))
	fmt.Printf("%-58s %d bytes\n", "memsh stdin meter", s.StdinBytes())
	fmt.Printf("%-58s %s\n", "pyworker direct: io.Reader of zeros -> reader.wasm", rate(direct))
	fmt.Printf("%-58s %s\n", "host:  "+host, rate(hostT))
	fmt.Printf("memsh / host pipe ceiling: %.2fx\n\n", hostT.Seconds()/memsh.Seconds())
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func startup(rt *pyworker.Runtime) {
	fmt.Println("(c) python3 start-up")
	// The second line is the one the pre-initialised snapshot serves
	// (python-snap.wasm, made with that hash seed; docs/pyworker.md);
	// the first starts CPython from scratch.
	for _, line := range []string{"python3 -c pass", "PYTHONHASHSEED=0 python3 -c pass"} {
		startupOf(rt, line)
	}
	if py := nativePython(); py != "" {
		var ds []time.Duration
		for range 10 {
			t0 := time.Now()
			if err := exec.Command(py, "-c", "pass").Run(); err != nil {
				fatal(err)
			}
			ds = append(ds, time.Since(t0))
		}
		slices.Sort(ds)
		fmt.Printf("%-58s %8.1f ms (min %.1f)\n", "native `"+py+" -c pass`, median of 10", ms(ds[len(ds)/2]), ms(ds[0]))
	}
}

func startupOf(rt *pyworker.Runtime, line string) {
	s := newSession(rt)
	defer s.Close()
	run(s, line, nil)
	var ds, cpus []time.Duration
	for range 10 {
		c0 := cpuTime()
		t0 := time.Now()
		run(s, line, nil)
		ds = append(ds, time.Since(t0))
		cpus = append(cpus, cpuTime()-c0)
	}
	slices.Sort(ds)
	slices.Sort(cpus)
	fmt.Printf("%-58s %8.1f ms (min %.1f; CPU %.1f ms)\n", "warm `"+line+"` in a session, median of 10", ms(ds[len(ds)/2]), ms(ds[0]), ms(cpus[len(cpus)/2]))
	// The same with a pause before each run, as between commands typed
	// or run by a script: time for python's next pre-initialised
	// instance (pyworker/zygote.go) to be made in the background.
	ds, cpus = ds[:0], cpus[:0]
	for range 10 {
		time.Sleep(100 * time.Millisecond)
		c0 := cpuTime()
		t0 := time.Now()
		run(s, line, nil)
		ds = append(ds, time.Since(t0))
		cpus = append(cpus, cpuTime()-c0)
	}
	slices.Sort(ds)
	slices.Sort(cpus)
	fmt.Printf("%-58s %8.1f ms (min %.1f; CPU %.1f ms)\n", "warm `"+line+"` in a session, 100 ms apart, median of 10", ms(ds[len(ds)/2]), ms(ds[0]), ms(cpus[len(cpus)/2]))

	exe, err := os.Executable()
	if err != nil {
		fatal(err)
	}
	// At once, as a script's first command; and a second after the
	// process started, as the first command typed into the shell.
	for _, pause := range []time.Duration{0, time.Second} {
		var firsts, firstCPUs []time.Duration
		for range 5 {
			out, err := exec.Command(exe, "-first-python-child", fmt.Sprintf("-checked=%t", checked), "-first-python-line", line, "-first-python-pause", pause.String()).Output()
			if err != nil {
				fatal(fmt.Errorf("first-python child: %v", err))
			}
			f := strings.Fields(string(out))
			if len(f) != 2 {
				fatal(fmt.Errorf("first-python child said %q", out))
			}
			d, err1 := time.ParseDuration(f[0])
			c, err2 := time.ParseDuration(f[1])
			if err := errors.Join(err1, err2); err != nil {
				fatal(err)
			}
			firsts = append(firsts, d)
			firstCPUs = append(firstCPUs, c)
		}
		slices.Sort(firsts)
		slices.Sort(firstCPUs)
		what := "first `" + line + "` of a fresh process, warm cache, median of 5"
		if pause > 0 {
			what = "first `" + line + "` " + pause.String() + " after the process started (the run alone), median of 5"
		}
		fmt.Printf("%-58s %8.1f ms (min %.1f; CPU %.1f ms)\n", what, ms(firsts[2]), ms(firsts[0]), ms(firstCPUs[2]))
	}
}

// firstPythonChild prints how long a fresh process takes from creating the
// runtime and session to the end of its first `python3 -c pass`, and the
// CPU it used; with a pause, how long the run alone takes after waiting
// that long, and its CPU.
func firstPythonChild(line string, pause time.Duration) {
	c0 := cpuTime()
	t0 := time.Now()
	rt := pyworker.New(pyworker.Config{Fast: !checked})
	rt.Preload()
	s := newSession(rt)
	if pause > 0 {
		time.Sleep(pause)
		c0 = cpuTime()
		t0 = time.Now()
	}
	run(s, line, nil)
	d := time.Since(t0)
	c := cpuTime() - c0
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, d, c)
	w.Flush()
	if err := errors.Join(s.Close(), rt.Close()); err != nil {
		os.Exit(1)
	}
}

// cpuTime is the user+system CPU time this process has used; unlike wall
// time it hardly moves when the machine is busy with other work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
