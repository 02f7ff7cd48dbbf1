package main

// The hostile suite: memsh driven as a user would drive it, by scripts
// that try to hurt the host or to make memsh hang, crash or lose data.
// Each test is one class of attack and asserts the outcome; see
// docs/security.md ("The hostile suite"). They run the memsh binary
// (this test binary, as testscript's TestMain installs it on $PATH) with a
// sentinel HOME, cache and temp directory, and check those afterwards.

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"memsh/pyworker"
)

// hangLimit is how long any one memsh run may take before the test
// calls it a hang. It is far above what the runs need: the tests check
// that memsh stops, not how fast (the latencies are logged).
const hangLimit = 60 * time.Second

// sentinel is a fresh HOME, XDG cache and TMPDIR for memsh, plus a file
// in each that must stay as it is.
type sentinel struct {
	home, cache, tmp string
}

func newSentinel(t *testing.T) *sentinel {
	t.Helper()
	root := t.TempDir()
	s := &sentinel{filepath.Join(root, "home"), filepath.Join(root, "cache"), filepath.Join(root, "tmp")}
	for _, d := range []string{s.home, s.cache, s.tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "sentinel"), []byte("untouched\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func (s *sentinel) env() []string {
	if s == nil {
		return os.Environ()
	}
	return append(os.Environ(), "HOME="+s.home, "XDG_CACHE_HOME="+s.cache, "TMPDIR="+s.tmp)
}

// files lists every file under the sentinel directories.
func (s *sentinel) files(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, d := range []string{s.home, s.cache, s.tmp} {
		filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

// check fails the test unless the sentinel directories hold only their
// sentinel files, unchanged, plus the files named in allowed.
func (s *sentinel) check(t *testing.T, allowed ...string) {
	t.Helper()
	for _, p := range s.files(t) {
		if filepath.Base(p) == "sentinel" {
			if b, _ := os.ReadFile(p); string(b) != "untouched\n" {
				t.Errorf("%s was changed: %q", p, b)
			}
			continue
		}
		ok := false
		for _, a := range allowed {
			ok = ok || p == a
		}
		if !ok {
			t.Errorf("memsh wrote %s on the host", p)
		}
	}
}

// memshRun is one finished run of memsh.
type memshRun struct {
	stdout, stderr string
	status         int
	took           time.Duration
}

// startMemsh starts memsh with args in dir under the sentinel.
func startMemsh(t *testing.T, s *sentinel, dir string, stdin io.Reader, args ...string) (*exec.Cmd, *lockedBuffer, *lockedBuffer) {
	t.Helper()
	bin, err := exec.LookPath("memsh")
	if err != nil {
		t.Fatalf("memsh is not on $PATH (TestMain installs it): %v", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, s.env(), stdin
	var out, errb lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out, &errb
}

// waitMemsh waits for cmd, killing it and failing the test past hangLimit.
func waitMemsh(t *testing.T, cmd *exec.Cmd, out, errb *lockedBuffer, start time.Time) memshRun {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(hangLimit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("memsh %q hangs (killed after %v)\nstderr: %s", cmd.Args[1:], hangLimit, errb)
	}
	r := memshRun{stdout: out.String(), stderr: errb.String(), took: time.Since(start)}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.status = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return r
}

func runMemshBin(t *testing.T, s *sentinel, dir string, stdin io.Reader, args ...string) memshRun {
	t.Helper()
	start := time.Now()
	cmd, out, errb := startMemsh(t, s, dir, stdin, args...)
	return waitMemsh(t, cmd, out, errb, start)
}

// wasmScript is a script fragment writing a WASI module to file: one
// function, _start, whose body (local declarations and code) is body; a
// custom section holding tag makes every module's bytes different.
func wasmScript(file string, body []byte, tag string) string {
	code := append([]byte{byte(len(body))}, body...)
	mod := []byte("\x00asm\x01\x00\x00\x00\x01\x04\x01\x60\x00\x00\x03\x02\x01\x00\x07\x0a\x01\x06_start\x00\x00")
	mod = append(mod, 10, byte(len(code)+1), 1)
	mod = append(mod, code...)
	mod = append(mod, 0, byte(len(tag)+2), 1, 't')
	mod = append(mod, tag...)
	var b strings.Builder
	for _, c := range mod {
		fmt.Fprintf(&b, `\x%02x`, c)
	}
	return fmt.Sprintf("printf '%s' > %s; chmod +x %s\n", b.String(), file, file)
}

// TestHostileHostWrites: nothing a script does writes to the host but
// --save's archive. Distinct modules compiled one after another (each
// used to leave a file in the compile cache), a module declaring 4 GiB
// of locals, and --save aimed at a symlink, a FIFO, a directory and
// /dev/null.
func TestHostileHostWrites(t *testing.T) {
	s := newSentinel(t)
	work := t.TempDir()
	var script strings.Builder
	for i := range 40 {
		script.WriteString(wasmScript(fmt.Sprintf("m%d", i), []byte{0, 0x0b}, fmt.Sprint(i)))
		fmt.Fprintf(&script, "./m%d || echo m%d failed\n", i, i)
	}
	// 0xfffffff0 locals of type i32 (the body is never reached).
	script.WriteString(wasmScript("bomb", []byte{1, 0xf0, 0xff, 0xff, 0xff, 0x0f, 0x7f, 0x0b}, "b"))
	script.WriteString("./bomb; echo bomb=$?\n")
	r := runMemshBin(t, s, work, nil, "-c", script.String())
	if r.status != 0 || strings.Contains(r.stdout, "failed") || !strings.Contains(r.stdout, "bomb=126") ||
		!strings.Contains(r.stderr, "declares 4294967280 locals, over the limit of 50000") {
		t.Errorf("modules: status %d\nstdout %s\nstderr %s", r.status, r.stdout, r.stderr)
	}

	victim := filepath.Join(s.home, "victim")
	os.WriteFile(victim, []byte("keep\n"), 0o600)
	link := filepath.Join(s.home, "link.tar")
	os.Symlink(victim, link)
	fifo := filepath.Join(s.tmp, "fifo.tar")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{link, fifo, s.cache, "/dev/null"} {
		r := runMemshBin(t, s, work, nil, "--save", target, "-c", "echo hi > /tmp/x")
		if r.status != 1 || !strings.Contains(r.stderr, "not a regular file") {
			t.Errorf("--save %s: status %d, stderr %q", target, r.status, r.stderr)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Errorf("--save wrote through a symlink: %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("--save replaced the symlink: %v", err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("--save replaced the FIFO: %v", err)
	}
	s.check(t, victim, link, fifo)
}

// TestHostileTimeouts: --timeout stops every kind of wait, and memsh
// exits with 124: busy loops of the shell and of a WASI module, reads of
// an idle stdin pipe, endless input.
func TestHostileTimeouts(t *testing.T) {
	s := newSentinel(t)
	work := t.TempDir()
	loop := wasmScript("loop", []byte{0, 0x03, 0x40, 0x0c, 0x00, 0x0b, 0x0b}, "l") // loop br 0 end
	for _, c := range []struct{ name, script string }{
		{"shell loop", "while :; do :; done"},
		{"busy module", loop + "./loop"},
		{"busy modules in the background", loop + "./loop & ./loop & ./loop & ./loop & wait"},
		{"cat of an idle pipe", "cat"},
		{"read of an idle pipe", "read x"},
		{"read -t of an idle pipe", "read -t 100 x"},
		{"read -n of an idle pipe", "read -n 5 x"},
		{"read -t of endless NULs", "read -t 100 x < /dev/zero"},
		{"mapfile of an idle pipe", "mapfile a"},
		{"xargs of endless NULs", "xargs < /dev/zero"},
		{"xargs of endless lines", "yes | xargs > /dev/null"},
		{"sort of an idle pipe", "sort"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The write end stays open and silent: the pipe is idle.
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer pw.Close()
			// The EXIT trap runs only when the run itself returned: a run
			// left behind (abandoned after the grace) skips it.
			r := runMemshBin(t, s, work, pr, "--timeout", "1s", "-c", "trap 'echo trapped' EXIT; "+c.script)
			pr.Close()
			if r.status != 124 || !strings.Contains(r.stderr, "timed out after 1s") {
				t.Errorf("status %d, stderr %q", r.status, r.stderr)
			}
			if !strings.Contains(r.stdout, "trapped") {
				t.Errorf("the run did not return (no EXIT trap): stdout %q", r.stdout)
			}
			t.Logf("stopped after %v (timeout 1s)", r.took)
		})
	}
	s.check(t)
}

// TestHostileBusyPythons: more busy python3 guests than Go has Ps (which
// froze memsh until SIGKILL) stop at --timeout and at SIGTERM. It runs
// with the user's own environment, where python and its compile cache
// are.
func TestHostileBusyPythons(t *testing.T) {
	py, err := pyworker.FindPython("")
	if err != nil {
		if os.Getenv("MEMSH_REQUIRE_PYTHON") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	t.Setenv(pyworker.EnvPythonWasm, py) // memsh runs in a temporary directory
	work := t.TempDir()
	busy := "for i in 1 2 3 4 5 6 7 8; do python3 -c 'while True: pass' & done; echo ready; wait"
	r := runMemshBin(t, nil, work, nil, "--timeout", "2s", "-c", busy)
	if r.status != 124 {
		t.Errorf("--timeout: status %d, stderr %q", r.status, r.stderr)
	}
	t.Logf("--timeout 2s: stopped after %v", r.took)
	start := time.Now()
	cmd, out, errb := startMemsh(t, nil, work, nil, "-c", busy)
	waitReady(t, out)
	cmd.Process.Signal(syscall.SIGTERM)
	if r := waitMemsh(t, cmd, out, errb, start); r.status != 143 {
		t.Errorf("SIGTERM: status %d, stderr %q", r.status, r.stderr)
	}
}

// TestHostileSignals: SIGINT, SIGTERM and SIGHUP during a long run end
// it the way `exit` does: the EXIT trap runs and --save writes the
// archive (keeping the old archive's mode), the status is 128+N, and no
// temporary file is left, even when more signals come during the save.
func TestHostileSignals(t *testing.T) {
	s := newSentinel(t)
	work := t.TempDir()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			tarPath := filepath.Join(work, "state-"+fmt.Sprint(int(sig))+".tar")
			os.WriteFile(tarPath, nil, 0o640)
			os.Chmod(tarPath, 0o640)
			start := time.Now()
			cmd, out, errb := startMemsh(t, s, work, nil, "--save", tarPath, "-c",
				`trap 'echo trapped > /home/user/trap' EXIT
				head -c 30M /dev/zero > /home/user/big; echo ready; while :; do :; done`)
			waitReady(t, out)
			cmd.Process.Signal(sig)
			time.Sleep(20 * time.Millisecond)
			cmd.Process.Signal(sig) // during the save
			r := waitMemsh(t, cmd, out, errb, start)
			if r.status != 128+int(sig) {
				t.Errorf("status %d, want %d (stderr %q)", r.status, 128+int(sig), r.stderr)
			}
			fi, err := os.Stat(tarPath)
			if err != nil || fi.Mode().Perm() != 0o640 || fi.Size() < 30<<20 {
				t.Fatalf("archive: %v %v", fi, err)
			}
			check := runMemshBin(t, s, work, nil, "--load", tarPath, "-c", "cat /home/user/trap; wc -c < /home/user/big")
			if check.stdout != "trapped\n31457280\n" {
				t.Errorf("loaded back: %q %q", check.stdout, check.stderr)
			}
			ents, _ := os.ReadDir(work)
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), ".memsh-save-") {
					t.Errorf("temporary file left: %s", e.Name())
				}
			}
		})
	}
	s.check(t)
}

// waitReady waits until the script has printed "ready".
func waitReady(t *testing.T, out *lockedBuffer) {
	t.Helper()
	for deadline := time.Now().Add(hangLimit); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(out.String(), "ready") {
			return
		}
	}
	t.Fatal("the script never got ready")
}

// TestHostileMountFIFO: a mounted file replaced by a FIFO on the host
// neither hangs cat nor --save: both fail with a message.
func TestHostileMountFIFO(t *testing.T) {
	s := newSentinel(t)
	work := t.TempDir()
	host := filepath.Join(work, "host")
	os.Mkdir(host, 0o755)
	os.WriteFile(filepath.Join(host, "f"), []byte("x\n"), 0o644)
	pr, pw := io.Pipe()
	start := time.Now()
	cmd, out, errb := startMemsh(t, s, work, pr, "--mount", host+":/m:ro", "--save", filepath.Join(work, "s.tar"), "-c",
		"ls /m >/dev/null; echo ready; read go; cat /m/f; echo st=$?")
	waitReady(t, out)
	os.Remove(filepath.Join(host, "f"))
	if err := syscall.Mkfifo(filepath.Join(host, "f"), 0o644); err != nil {
		t.Fatal(err)
	}
	io.WriteString(pw, "go\n")
	pw.Close()
	r := waitMemsh(t, cmd, out, errb, start)
	if !strings.Contains(r.stdout, "st=1") || !strings.Contains(r.stderr, "cat: /m/f: Input/output error") ||
		!strings.Contains(r.stderr, "--save") || r.status != 1 {
		t.Errorf("status %d\nstdout %q\nstderr %q", r.status, r.stdout, r.stderr)
	}
	s.check(t)
}

// TestHostileDeepTree: a chain of 3,000 directories built as a script
// builds it (mkdir n; mv d n/d; mv n d), deeper than PATH_MAX, is saved
// whole and loaded back whole: saved again, it lists the same; du, find,
// tar c and x, zip -r and unzip (each checked by diff -r), chmod -R and
// rm -r walk all of it. The
// 100,000-level and 1,000,000-file extremes are memfs's TestHugeTrees.
func TestHostileDeepTree(t *testing.T) {
	s := newSentinel(t)
	work := t.TempDir()
	first, second := filepath.Join(work, "deep.tar"), filepath.Join(work, "again.tar")
	r := runMemshBin(t, s, work, nil, "--save", first, "-c",
		`mkdir d; echo bottom > d/f; for ((i = 1; i < 3000; i++)); do mkdir n; mv d n/d; mv n d; done; echo built`)
	if r.status != 0 || r.stdout != "built\n" {
		t.Fatalf("build: %d %q %q", r.status, r.stdout, r.stderr)
	}
	r = runMemshBin(t, s, work, nil, "--load", first, "--save", second, "-c", "true")
	if r.status != 0 || r.stderr != "" {
		t.Fatalf("load: %d %q", r.status, r.stderr)
	}
	a, b := tarNames(t, first), tarNames(t, second)
	if len(a) < 3000 || strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("saved %d entries, loaded and saved again %d", len(a), len(b))
	}
	// the tree walkers reach past PATH_MAX, and rm -r deletes the chain
	r = runMemshBin(t, s, work, nil, "--load", first, "-c",
		`du -s --inodes d; find d -name f | wc -c
		tar cf x.tar d && mkdir o && tar xf x.tar -C o && diff -r d o/d && echo tar
		zip -qr x.zip d && unzip -q x.zip -d z && diff -r d z/d && echo zip
		chmod -R go-rx d; rm -r d && [ ! -e d ] && echo removed`)
	if want := "3001\td\n6002\ntar\nzip\nremoved\n"; r.status != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("walk: %d %q %q, want %q", r.status, r.stdout, r.stderr, want)
	}
	s.check(t)
}

// tarNames lists the names in the tar archive at path.
func tarNames(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
}

// lockedBuffer collects a process's output while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestHostileSignalDuringLoad: SIGTERM while --load is still reading its
// archive ends memsh with 143 before anything runs, and the --save
// target keeps its old archive byte for byte (a half-loaded tree saved
// over it would lose every file the rest of the archive held), with no
// temporary file left beside it. The archive comes through a FIFO the
// test feeds by halves, so the signal lands in the middle of the load
// on every run.
func TestHostileSignalDuringLoad(t *testing.T) {
	s := newSentinel(t)
	work := t.TempDir()
	state := filepath.Join(work, "state.tar")
	old := []byte("the old archive\n")
	if err := os.WriteFile(state, old, 0o600); err != nil {
		t.Fatal(err)
	}
	var archive bytes.Buffer
	tw := tar.NewWriter(&archive)
	for _, name := range []string{"home/user/a", "home/user/b"} {
		data := bytes.Repeat([]byte(name+"\n"), 1<<20/len(name))
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg})
		tw.Write(data)
	}
	tw.Close()
	fifo := filepath.Join(work, "load.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// Opened read-write, the FIFO has a writer before memsh opens it.
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	half := archive.Len() / 2
	wrote := make(chan error, 1)
	go func() {
		_, err := w.Write(archive.Bytes()[:half])
		wrote <- err
	}()
	start := time.Now()
	cmd, out, errb := startMemsh(t, s, work, nil, "--load", fifo, "--save", state, "-c", "echo ran")
	select {
	case err := <-wrote: // memsh has read all but the pipe's buffer of it
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(hangLimit):
		cmd.Process.Kill()
		t.Fatal("memsh never read the archive")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	r := waitMemsh(t, cmd, out, errb, start)
	t.Logf("stopped after %v: %s", r.took, strings.TrimSpace(r.stderr))
	if r.status != 143 || r.stdout != "" || !strings.Contains(r.stderr, "--load") {
		t.Errorf("status %d, stdout %q, stderr %q", r.status, r.stdout, r.stderr)
	}
	if b, err := os.ReadFile(state); err != nil || !bytes.Equal(b, old) {
		t.Errorf("the --save target changed: %d bytes, %v", len(b), err)
	}
	ents, _ := os.ReadDir(work)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".memsh-save-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
	s.check(t)
}
