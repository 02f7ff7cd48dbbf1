// Command bashspec measures memsh against a public bash spec-test suite in
// the Oils project's format (spec/*.test.sh: cases that start with a
// "#### name" line), with the host's GNU bash as the oracle: the suite's
// recorded expectations are ignored. Each case runs twice in bash and once
// in memsh (bin/memsh -c); a case is kept when bash's two runs agree on
// stdout and exit status, and passes when memsh gives the same stdout and
// status.
//
// The suite is not part of this repository. Given a checkout of it
// (only its spec/ folder is read):
//
//	go run ./bench/bashspec -suite DIR                 # every bash-relevant file
//	go run ./bench/bashspec -suite DIR -files 'arith*' # some of them
//	go run ./bench/bashspec -suite DIR -failures f.txt # each failing case, both outputs
//
// The suite's helper programs (spec/bin: argv.py, printenv.py, ...) are
// copied to a temporary directory with their interpreter line set to
// python3, put first on bash's PATH and mounted read-only into memsh at
// /spec-bin, first on its PATH. The suite's spec/ folder is mounted
// read-only at /oils/spec, and REPO_ROOT names the suite's root in each
// shell. Both shells see SH=bash, a fresh working directory named work
// in their home directory (so \W and ~/work read the same) and TMP
// pointing at a scratch directory; stdin is empty. memsh runs share the
// harness's cache directory (XDG_CACHE_HOME), where python's compiled
// code is kept.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// skipped are the suite's files that test Oils' own language (YSH, hay)
// or other shells, not bash.
var skipped = []string{"ysh-*", "hay*", "zsh-*", "spec-harness-bug*", "known-differences*"}

type specCase struct {
	file, name, code string
}

type result struct {
	specCase
	kept, pass       bool
	bashOut, memOut  string
	bashCode, memSt  int
	bashErr, memsErr string
}

func main() {
	suite := flag.String("suite", "", "a checkout of the suite (holding spec/*.test.sh)")
	memsh := flag.String("memsh", "bin/memsh", "the memsh binary to measure")
	bash := flag.String("bash", "bash", "the oracle")
	files := flag.String("files", "*", "glob of spec file names to run (without .test.sh)")
	failures := flag.String("failures", "", "write each failing kept case with both outputs to this file")
	jobs := flag.Int("j", 2, "cases run at once")
	timeout := flag.Duration("timeout", 10*time.Second, "limit per run of one case")
	flag.Parse()
	if *suite == "" {
		fmt.Fprintln(os.Stderr, "bashspec: -suite DIR is required (a checkout of the spec-test suite)")
		os.Exit(2)
	}
	if err := run(*suite, *memsh, *bash, *files, *failures, *jobs, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "bashspec:", err)
		os.Exit(1)
	}
}

func run(suite, memsh, bash, files, failures string, jobs int, timeout time.Duration) error {
	memsh, err := filepath.Abs(memsh)
	if err != nil {
		return err
	}
	if suite, err = filepath.Abs(suite); err != nil {
		return err
	}
	paths, err := filepath.Glob(filepath.Join(suite, "spec", files+".test.sh"))
	if err != nil {
		return err
	}
	var cases []specCase
	for _, p := range paths {
		base := strings.TrimSuffix(filepath.Base(p), ".test.sh")
		if isSkipped(base) {
			continue
		}
		cs, err := parseFile(p, base)
		if err != nil {
			return err
		}
		cases = append(cases, cs...)
	}
	if len(cases) == 0 {
		return fmt.Errorf("no cases found under %s", filepath.Join(suite, "spec"))
	}
	helpers, err := os.MkdirTemp("", "bashspec-bin-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(helpers)
	if err := copyHelpers(filepath.Join(suite, "spec", "bin"), helpers); err != nil {
		return err
	}

	results := make([]result, len(cases))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(jobs, 1) {
		wg.Go(func() {
			for i := range next {
				results[i] = runCase(cases[i], suite, memsh, bash, helpers, timeout)
			}
		})
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	return report(results, failures)
}

func isSkipped(base string) bool {
	for _, pat := range skipped {
		if ok, _ := filepath.Match(pat, base); ok {
			return true
		}
	}
	return false
}

// parseFile splits one spec file into its cases. Lines starting with "##"
// are the suite's annotations; a multi-line one ("## STDOUT:") runs to
// "## END" and is skipped whole.
func parseFile(path, base string) ([]specCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var (
		cases   []specCase
		cur     *specCase
		code    strings.Builder
		inBlock bool
	)
	flush := func() {
		if cur != nil {
			cur.code = code.String()
			cases = append(cases, *cur)
		}
		code.Reset()
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#### "):
			flush()
			cur = &specCase{file: base, name: strings.TrimPrefix(line, "#### ")}
			inBlock = false
		case inBlock:
			if strings.TrimSpace(line) == "## END" {
				inBlock = false
			}
		case strings.HasPrefix(line, "## ") || line == "##":
			if strings.HasSuffix(strings.TrimSpace(line), ":") {
				inBlock = true
			}
		case cur != nil:
			code.WriteString(line)
			code.WriteByte('\n')
		}
	}
	flush()
	return cases, sc.Err()
}

// copyHelpers copies the suite's helper programs, pointing their
// interpreter line at python3 (the suite's say python2).
func copyHelpers(from, to string) error {
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			return err
		}
		if first, rest, ok := bytes.Cut(data, []byte("\n")); ok && bytes.HasPrefix(first, []byte("#!")) && bytes.Contains(first, []byte("python")) {
			data = append([]byte("#!/usr/bin/env python3\n"), rest...)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o755); err != nil {
			return err
		}
	}
	return nil
}

func runCase(c specCase, suite, memsh, bash, helpers string, timeout time.Duration) result {
	r := result{specCase: c}
	out1, st1, _ := runBash(c.code, suite, bash, helpers, timeout)
	out2, st2, errText := runBash(c.code, suite, bash, helpers, timeout)
	r.bashOut, r.bashCode, r.bashErr = out1, st1, errText
	r.kept = out1 == out2 && st1 == st2 && st1 != -1
	if !r.kept {
		return r
	}
	r.memOut, r.memSt, r.memsErr = runMemsh(c.code, suite, memsh, helpers, timeout)
	r.pass = r.memOut == r.bashOut && r.memSt == r.bashCode
	return r
}

func runBash(code, suite, bash, helpers string, timeout time.Duration) (string, int, string) {
	dir, err := os.MkdirTemp("", "bashspec-")
	if err != nil {
		return "", -1, err.Error()
	}
	defer os.RemoveAll(dir)
	// TMP outside the working directory, whose listing (echo *, echo .*)
	// must be as empty as memsh's
	work, tmp := filepath.Join(dir, "work"), filepath.Join(dir, "tmp")
	os.Mkdir(work, 0o755)
	os.Mkdir(tmp, 0o755)
	env := []string{"PATH=" + helpers + ":/usr/bin:/bin", "HOME=" + dir, "TMP=" + tmp, "SH=" + bash, "REPO_ROOT=" + suite, "LC_ALL=C.UTF-8", "TZ=UTC"}
	return runProcess(timeout, work, env, bash, "-c", code)
}

func runMemsh(code, suite, memsh, helpers string, timeout time.Duration) (string, int, string) {
	dir, err := os.MkdirTemp("", "bashspec-")
	if err != nil {
		return "", -1, err.Error()
	}
	defer os.RemoveAll(dir)
	args := []string{"--mount", helpers + ":/spec-bin:ro", "--mount", filepath.Join(suite, "spec") + ":/oils/spec:ro",
		"--env", "PATH=/spec-bin:/usr/bin:/bin", "--env", "SH=bash", "--env", "TMP=/tmp", "--env", "REPO_ROOT=/oils",
		"--env", "LC_ALL=C.UTF-8", "--env", "TZ=UTC",
		"--cwd", "/home/user/work", "--timeout", timeout.String(), "-c", code}
	env := []string{"HOME=" + dir, "PATH=/usr/bin:/bin"}
	// memsh keeps python's compiled machine code under the user's cache
	// directory; with HOME a fresh directory per case, every case that
	// runs a helper script would compile python.wasm again (seconds of
	// CPU each), so the runs share the harness's own cache directory.
	if cache, err := os.UserCacheDir(); err == nil {
		env = append(env, "XDG_CACHE_HOME="+cache)
	}
	return runProcess(timeout+5*time.Second, dir, env, memsh, args...)
}

func runProcess(timeout time.Duration, dir string, env []string, name string, args ...string) (string, int, string) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = nil
	var out, errb bytes.Buffer
	cmd.Stdout = &limited{w: &out, n: 1 << 20}
	cmd.Stderr = &limited{w: &errb, n: 1 << 16}
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.String(), -1, "timed out"
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
		return out.String(), 0, errb.String()
	case errors.As(err, &ee):
		return out.String(), ee.ExitCode(), errb.String()
	default:
		return out.String(), -1, err.Error()
	}
}

// limited keeps the first n bytes and drops the rest, so a case that
// prints without end cannot fill memory.
type limited struct {
	w io.Writer
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	if l.n > 0 {
		k := min(len(p), l.n)
		l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}

func report(results []result, failures string) error {
	type tally struct{ total, kept, pass int }
	byFile := map[string]*tally{}
	var all tally
	var failed []result
	for _, r := range results {
		t := byFile[r.file]
		if t == nil {
			t = &tally{}
			byFile[r.file] = t
		}
		t.total++
		all.total++
		if r.kept {
			t.kept++
			all.kept++
		}
		if r.pass {
			t.pass++
			all.pass++
		} else if r.kept {
			failed = append(failed, r)
		}
	}
	names := make([]string, 0, len(byFile))
	for n := range byFile {
		names = append(names, n)
	}
	// the files with the most failures first: the largest clusters
	sort.Slice(names, func(i, j int) bool {
		fi, fj := byFile[names[i]], byFile[names[j]]
		if di, dj := fi.kept-fi.pass, fj.kept-fj.pass; di != dj {
			return di > dj
		}
		return names[i] < names[j]
	})
	fmt.Printf("%-28s %6s %6s %6s %7s\n", "file", "cases", "kept", "pass", "pass%")
	for _, n := range names {
		t := byFile[n]
		fmt.Printf("%-28s %6d %6d %6d %6.1f%%\n", n, t.total, t.kept, t.pass, pct(t.pass, t.kept))
	}
	fmt.Printf("%-28s %6d %6d %6d %6.1f%%\n", "TOTAL", all.total, all.kept, all.pass, pct(all.pass, all.kept))
	if failures == "" {
		return nil
	}
	var b strings.Builder
	for _, r := range failed {
		fmt.Fprintf(&b, "==== %s: %s\n--- code\n%s--- bash (status %d)\n%s--- memsh (status %d)\n%s--- memsh stderr\n%s\n",
			r.file, r.name, r.code, r.bashCode, r.bashOut, r.memSt, r.memOut, r.memsErr)
	}
	return os.WriteFile(failures, []byte(b.String()), 0o644)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
