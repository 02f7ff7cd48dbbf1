// Command startup times how long `memsh -c true` takes from exec to exit,
// next to `bash -c true`, an empty Go program and `memsh --version` (the
// Go runtime and package inits, without a session) and a program that
// links memsh's dependencies but does nothing (./depsonly), and prints one line
// per command: the median and minimum wall time and the median CPU time
// (user + system, summed over all threads).
//
//	make build && go run ./bench/startup            # 200 rounds
//	go run ./bench/startup -n 500 -memsh bin/memsh
//
// The commands run in turn in every round, so a change in the machine's
// load falls on all of them alike.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"time"
)

func main() {
	n := flag.Int("n", 200, "rounds")
	memsh := flag.String("memsh", "bin/memsh", "the memsh binary")
	compare := flag.String("compare", "", "another memsh binary to time alongside (e.g. an older build)")
	flag.Parse()
	if *n < 1 {
		fatal(fmt.Errorf("-n must be at least 1"))
	}

	dir, err := os.MkdirTemp("", "startup")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(dir)
	empty, err := buildEmpty(dir)
	if err != nil {
		fatal(err)
	}

	deps, err := buildDepsOnly(dir)
	if err != nil {
		fatal(err)
	}

	cmds := [][]string{{*memsh, "-c", "true"}, {"bash", "-c", "true"}, {empty}, {deps}, {*memsh, "--version"}}
	names := []string{"memsh -c true", "bash -c true", "empty Go program", "dependencies only", "memsh --version"}
	if *compare != "" {
		cmds = append(cmds, []string{*compare, "-c", "true"})
		names = append(names, filepath.Base(*compare)+" -c true")
	}
	wall := make([][]time.Duration, len(cmds))
	cpu := make([][]time.Duration, len(cmds))
	for range *n {
		for i, argv := range cmds {
			w, c, err := runOnce(argv)
			if err != nil {
				fatal(fmt.Errorf("%v: %w", argv, err))
			}
			wall[i] = append(wall[i], w)
			cpu[i] = append(cpu[i], c)
		}
	}
	fmt.Printf("%d rounds\n%-18s %10s %10s %10s\n", *n, "", "median", "min", "cpu")
	for i := range cmds {
		fmt.Printf("%-18s %10s %10s %10s\n", names[i], ms(median(wall[i])), ms(slices.Min(wall[i])), ms(median(cpu[i])))
	}
	fmt.Printf("memsh / bash: %.2fx (median wall), %.2fx (median cpu)\n",
		float64(median(wall[0]))/float64(median(wall[1])), float64(median(cpu[0]))/float64(median(cpu[1])))
}

// runOnce runs argv with no input and discarded output, and returns the
// wall time from start to exit and the CPU time the process used.
func runOnce(argv []string) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	t0 := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, err
	}
	wall = time.Since(t0)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu = time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
	}
	return wall, cpu, nil
}

// buildEmpty builds a Go program whose main returns at once: the floor
// of any Go binary's start-up on this machine.
func buildEmpty(dir string) (string, error) {
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "empty")
	cmd := exec.Command("go", "build", "-o", bin, src)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	return bin, cmd.Run()
}

// buildDepsOnly builds ./bench/startup/depsonly, which links what memsh
// links and runs only the package inits: the floor for memsh's start-up
// set by its dependencies.
func buildDepsOnly(dir string) (string, error) {
	bin := filepath.Join(dir, "depsonly")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./bench/startup/depsonly")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	return bin, cmd.Run()
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/1e6) }

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "startup:", err)
	os.Exit(1)
}
