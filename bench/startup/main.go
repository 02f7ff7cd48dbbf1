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
// load falls on all of them alike. Every Go binary is timed from a copy
// made here with write(2): the Go linker writes its output through a
// memory mapping, which leaves the file cached in single pages, and such
// a file starts ~0.5 ms slower than the same bytes installed by a copy
// (or read back from disk), so a freshly linked binary would lose to an
// older one for a reason that is not in its code.
package main

import (
	"flag"
	"fmt"
	"io"
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
	// The Makefile's TAGS, which leave yq formats out of bin/memsh.
	tags := flag.String("tags", "yq_nolua,yq_nohcl,yq_noini,yq_notoml,yq_noprops", "build tags for the dependencies-only program (as the Makefile's TAGS)")
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

	deps, err := buildDepsOnly(dir, *tags)
	if err != nil {
		fatal(err)
	}

	bin, err := install(dir, *memsh, "memsh")
	if err != nil {
		fatal(err)
	}
	cmds := [][]string{{bin, "-c", "true"}, {"bash", "-c", "true"}, {empty}, {deps}, {bin, "--version"}}
	names := []string{"memsh -c true", "bash -c true", "empty Go program", "dependencies only", "memsh --version"}
	if *compare != "" {
		other, err := install(dir, *compare, "compare")
		if err != nil {
			fatal(err)
		}
		cmds = append(cmds, []string{other, "-c", "true"})
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

// install copies the binary src to dir/name with write(2) and returns
// the copy's path (see the package comment for why).
func install(dir, src, name string) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", err
	}
	defer in.Close()
	dst := filepath.Join(dir, name)
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(struct{ io.Writer }{out}, in); err != nil {
		out.Close()
		return "", err
	}
	return dst, out.Close()
}

// buildEmpty builds a Go program whose main returns at once: the floor
// of any Go binary's start-up on this machine.
func buildEmpty(dir string) (string, error) {
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "empty.link")
	cmd := exec.Command("go", "build", "-o", bin, src)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", err
	}
	return install(dir, bin, "empty")
}

// buildDepsOnly builds ./bench/startup/depsonly with memsh's build tags,
// which links what memsh links and runs only the package inits: the
// floor for memsh's start-up set by its dependencies.
func buildDepsOnly(dir, tags string) (string, error) {
	bin := filepath.Join(dir, "depsonly.link")
	cmd := exec.Command("go", "build", "-trimpath", "-tags", tags, "-o", bin, "./bench/startup/depsonly")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", err
	}
	return install(dir, bin, "depsonly")
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
