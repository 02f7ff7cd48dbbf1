// Command bigfile times memsh's text commands on a 2-million-line,
// ~44 MB file next to the host's GNU tools on the same file, and prints
// one line per command: memsh's time, GNU's, their ratio and memsh's
// peak heap growth as a multiple of the input's size.
//
//	go run ./bench/bigfile              # median of 3 runs each
//	go run ./bench/bigfile -n 1 -only sort
//	go run ./bench/bigfile -n 1 -match 'sort -[fdhVMm] |sort -c'
//
// memsh runs in this process, a shell session whose memfs holds the
// file; GNU's tools read it from a temporary directory (tmpfs when
// /dev/shm exists), with LC_ALL=C as memsh's byte order, and write to a
// file there (GNU grep stops at the first match when its output is
// /dev/null); memsh writes to its /dev/null. Commands alternate in every round, so a
// change in the machine's load falls on both alike.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"memsh/shell"
)

// cases are the command lines, run by memsh and by bash over GNU's tools;
// {} is the file.
var cases = []string{
	"sort {}",
	"sort -n -k2 {}",
	"sort -n {}",
	"sort -t, -k2,2 {}",
	"sort -u -k1,1 {}",
	"sort -s -k4,4 {}",
	"sort -f {}",
	"sort -d -k1,1 {}",
	"sort -g -k2,2 {}",
	"sort -h -k3,3 {}",
	"sort -V {}",
	"sort -M {}",
	"sort -R --random-source={} {}",
	"sort -m {} {}",
	"cat {} | sort -cs -k9",
	"cat {} | sort",
	"cat {} | sort -n -k2",
	"cat {} | sort -n",
	"cat {} | sort -t, -k2,2",
	"cat {} | sort -u -k1,1",
	"cat {} | sort -s -k4,4",
	"uniq {}",
	"uniq -c {}",
	"cut -d, -f2 {}",
	"cut -c1-10 {}",
	"awk '{s+=$2} END {print s}' {}",
	"awk -F, '{print $2}' {}",
	"sed 's/a/b/g' {}",
	"sed -n '/[0-9] [a-z]*,[0-9]*7 x9/p' {}",
	"grep -c needle {}",
	"grep -c '[0-9] [a-z]*,[0-9]*7 x9' {}",
	"grep -cE 'x(12|34)5' {}",
	"sed -nE '/x(12|34)5/p' {}",
	"grep -cE '[aeiou][0-9]+ [0-9]*5 [a-z]+,[0-9]*7 x[0-9]*9$' {}",
	"cut -d, -f2 {} | sort | uniq -c | sort -rn",
	"cut -d' ' -f1 {} | sort | uniq -c | sort -rn",
}

func main() {
	rounds := flag.Int("n", 3, "runs of each command (the median is printed)")
	only := flag.String("only", "", "run only the commands containing this text")
	match := flag.String("match", "", "run only the commands this regular expression matches")
	lines := flag.Int("lines", 2_000_000, "lines in the file")
	profile := flag.String("cpuprofile", "", "write memsh's CPU profile (all runs) to this file")
	write := flag.String("write", "", "only write the file to this path")
	flag.Parse()
	re, err := regexp.Compile(*match)
	check(err)
	if *write != "" {
		check(os.WriteFile(*write, makeFile(*lines), 0o644))
		return
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		check(err)
		check(pprof.StartCPUProfile(f))
		defer pprof.StopCPUProfile()
	}

	data := makeFile(*lines)
	dir := "/dev/shm"
	if _, err := os.Stat(dir); err != nil {
		dir = os.TempDir()
	}
	tmp, err := os.MkdirTemp(dir, "bigfile")
	check(err)
	defer os.RemoveAll(tmp)
	host := filepath.Join(tmp, "big.txt")
	check(os.WriteFile(host, data, 0o644))

	s, err := shell.New(shell.Options{})
	check(err)
	defer s.Close()
	check(s.FS().WriteFile("/tmp/big.txt", data, 0o644))

	fmt.Printf("file: %d lines, %.1f MB; GNU tools with LC_ALL=C; median of %d\n", *lines, float64(len(data))/1e6, *rounds)
	fmt.Printf("%-48s %9s %9s %7s %9s %9s %7s %9s\n", "command", "memsh", "GNU", "ratio", "CPU", "GNU CPU", "ratio", "mem/input")
	for _, c := range cases {
		if *only != "" && !strings.Contains(c, *only) || !re.MatchString(c) {
			continue
		}
		var mine, gnu, mineCPU, gnuCPU []time.Duration
		var peak uint64
		for range *rounds {
			d, cpu, p := runMemsh(s, strings.ReplaceAll(c, "{}", "/tmp/big.txt"))
			mine, mineCPU = append(mine, d), append(mineCPU, cpu)
			peak = max(peak, p)
			d, cpu = runGNU(strings.ReplaceAll(c, "{}", host), filepath.Join(tmp, "out"))
			gnu, gnuCPU = append(gnu, d), append(gnuCPU, cpu)
		}
		m, g := median(mine), median(gnu)
		mc, gc := median(mineCPU), median(gnuCPU)
		fmt.Printf("%-48s %8.2fs %8.2fs %6.2fx %8.2fs %8.2fs %6.2fx %8.1fx\n", c, m.Seconds(), g.Seconds(), m.Seconds()/g.Seconds(),
			mc.Seconds(), gc.Seconds(), mc.Seconds()/gc.Seconds(), float64(peak)/float64(len(data)))
	}
}

// makeFile writes n lines of four fields, "bee12 3456 gn,789 x1234",
// ~22 bytes each (44 MB for 2 million), from a fixed seed.
func makeFile(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.Grow(n * 24)
	words := []string{"ant", "bee", "cat", "dog", "eel", "fox", "gnu", "needle"}
	for range n {
		fmt.Fprintf(&b, "%s%d %d %s,%d x%d\n",
			words[r.IntN(len(words))], r.IntN(100), r.IntN(10000),
			words[r.IntN(len(words))][:2], r.IntN(1000), r.IntN(10000))
	}
	return []byte(b.String())
}

// runMemsh times one command line in the session (wall clock, and the
// process's CPU time, user and system) and samples the heap while it
// runs, returning the peak growth over the heap before it. The
// samples read runtime/metrics, which, unlike runtime.ReadMemStats, does
// not stop the world (every 20 ms that cost memsh ~10% of its time).
func runMemsh(s *shell.Session, line string) (wall, cpu time.Duration, peakHeap uint64) {
	runtime.GC()
	debug.FreeOSMemory()
	base := heapInUse()
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if h := heapInUse(); h > base && h-base > peak.Load() {
				peak.Store(h - base)
			}
		}
	}()
	cpu0 := cpuTime()
	start := time.Now()
	st, err := s.Run(context.Background(), line+" > /dev/null", shell.Stdio{Stderr: os.Stderr})
	wall = time.Since(start)
	cpu = cpuTime() - cpu0
	close(done)
	if err != nil || st != 0 {
		fmt.Fprintf(os.Stderr, "memsh: %s: status %d %v\n", line, st, err)
	}
	return wall, cpu, peak.Load()
}

// cpuTime is this process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runGNU writes to a file: GNU grep stops at the first match when its
// output is /dev/null. The CPU time is bash's and the tools' it waited for.
func runGNU(line, out string) (wall, cpu time.Duration) {
	cmd := exec.Command("bash", "-c", line+" > "+out)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "GNU: %s: %v\n", line, err)
	}
	wall = time.Since(start)
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// heapInUse is the heap's spans in use (runtime.MemStats.HeapInuse):
// live and dead objects and the free space in their spans.
func heapInUse() uint64 {
	ms := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	metrics.Read(ms)
	return ms[0].Value.Uint64() + ms[1].Value.Uint64()
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
