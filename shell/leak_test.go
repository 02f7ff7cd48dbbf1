package shell

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// hostSentinel is a fake host: HOME, TMPDIR, PATH and the working
// directory are temp dirs holding marker files and a marker executable
// (which records it ran). Nothing a script does may read, write or run
// any of it.
type hostSentinel struct {
	home, tmp, bin, cwd string
	ranMarker           string // created by the marker executable if it ever runs
}

const hostSecret = "HOST-SECRET-7f3a"

func newHostSentinel(t *testing.T) *hostSentinel {
	t.Helper()
	root := t.TempDir()
	h := &hostSentinel{
		home: filepath.Join(root, "home"),
		tmp:  filepath.Join(root, "tmp"),
		bin:  filepath.Join(root, "bin"),
		cwd:  filepath.Join(root, "cwd"),
	}
	h.ranMarker = filepath.Join(root, "RAN")
	for _, d := range []string{h.home, h.tmp, h.bin, h.cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "marker.txt"), []byte(hostSecret+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := "#!/bin/sh\necho " + hostSecret + "\ntouch " + h.ranMarker + "\n"
	for _, name := range []string{"memshmarker", "ls", "cat", "bash", "sh", "python3", "lib.sh"} {
		if err := os.WriteFile(filepath.Join(h.bin, name), []byte(exe), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(h.tmp, "sh-interp-leak"), []byte(hostSecret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(h.cwd, filepath.Join(h.home, "link")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", h.home)
	t.Setenv("TMPDIR", h.tmp)
	t.Setenv("PATH", h.bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("MEMSH_HOST_SENTINEL", hostSecret)
	t.Chdir(h.cwd)
	return h
}

// listing returns every path under the sentinel dirs with its content.
func (h *hostSentinel) listing(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, d := range []string{h.home, h.tmp, h.bin, h.cwd} {
		filepath.Walk(d, func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return nil
			}
			data, _ := os.ReadFile(p)
			out[p] = info.Mode().String() + " " + string(data)
			return nil
		})
	}
	return out
}

// check fails if a script's output shows the host, or the host changed.
func (h *hostSentinel) check(t *testing.T, before map[string]string, script, stdout, stderr string) {
	t.Helper()
	for _, s := range []string{stdout, stderr} {
		for _, leak := range []string{hostSecret, h.home, h.tmp, h.bin, h.cwd} {
			if strings.Contains(s, leak) && !strings.Contains(script, leak) {
				t.Errorf("%q shows the host (%q): stdout %q stderr %q", script, leak, stdout, stderr)
			}
		}
	}
	if _, err := os.Stat(h.ranMarker); err == nil {
		t.Fatalf("%q ran a host executable", script)
	}
	after := h.listing(t)
	for p, v := range after {
		if before[p] != v {
			t.Errorf("%q changed the host: %s", script, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%q removed %s from the host", script, p)
		}
	}
}

// TestNoHostAccess runs a corpus of scripts aimed at every way
// mvdan/sh reaches the host (DESIGN.md's leak table) against a sentinel
// host, and checks nothing of it was read, written or executed.
func TestNoHostAccess(t *testing.T) {
	h := newHostSentinel(t)
	corpus := []string{
		// exec: host PATH and host binaries
		"memshmarker", "PATH=" + h.bin + "; memshmarker; ls; cat marker.txt",
		h.bin + "/memshmarker", "command memshmarker", "exec memshmarker",
		"env memshmarker", "xargs memshmarker < /dev/null",
		// type, command -v, hash, source over the host PATH
		"PATH=" + h.bin + "; type memshmarker; type -p memshmarker; type -P memshmarker; type -a memshmarker",
		"PATH=" + h.bin + "; command -v memshmarker; command -V memshmarker; hash memshmarker",
		"PATH=" + h.bin + "; source lib.sh; . lib.sh",
		"source " + h.bin + "/lib.sh", "builtin type memshmarker",
		// environment, HOME, UID, cwd
		"echo $HOME $UID $EUID $GID $MEMSH_HOST_SENTINEL; env; printenv; export -p; declare -p HOME",
		"pwd; echo *; ls; cat marker.txt; cd; ls -a; echo ~ ~/marker.txt",
		"cd " + h.cwd + "; cd " + h.home, "cat " + h.home + "/marker.txt",
		// access and stat
		"test -r " + h.home + "/marker.txt && echo readable; [ -e " + h.bin + "/memshmarker ] && echo exists; [[ -x " + h.bin + "/memshmarker ]] && echo x",
		// pwd -P evaluates symlinks
		"mkdir -p " + h.home + "/link; cd " + h.home + "/link; pwd -P; cd -P .; pwd",
		// test -O/-G
		"test -O " + h.home + "/marker.txt; test -G /; [[ -O / ]]; [[ -G " + h.home + " ]]; echo $?",
		// process substitution and the FIFO open shortcut
		"cat <(echo psub); eval 'cat <(echo eval-psub)'; echo 'cat <(echo sourced)' > s.sh; source s.sh",
		"read x < " + h.tmp + "/sh-interp-leak; echo $x", "cat " + h.tmp + "/sh-interp-leak",
		"echo hi > >(cat)",
		// ~user lookups
		"echo ~root ~daemon ~nobody ~bin/x; eval 'echo ~daemon'; echo ~daemon | cat",
		// /dev paths and redirections
		"echo x > /dev/stdout; echo y > /dev/fd/1; cat < /dev/null; echo > " + h.tmp + "/new; echo > marker.txt",
		"echo data | cat > " + h.home + "/out; cat <<< here; cat <<EOF\nheredoc\nEOF",
		// child shells and scripts
		"bash -c 'memshmarker; echo $HOME'; sh -c 'cd; pwd'",
		"printf '#!/bin/sh\\nmemshmarker\\n' > t; chmod +x t; ./t; printf '#!" + h.bin + "/memshmarker\\n' > u; chmod +x u; ./u",
		// globbing of host paths
		"echo " + h.home + "/* " + h.bin + "/*; shopt -s globstar; echo " + h.cwd + "/**",
		// recursion does not take the process down
		"f() { f; }; f",
	}
	before := h.listing(t)
	for _, script := range corpus {
		s := newTestSession(t, Options{})
		out, errs, _ := run(t, s, script, "")
		h.check(t, before, script, out, errs)
	}
	// The sandbox's own view is intact.
	s := newTestSession(t, Options{})
	out, _, _ := run(t, s, "cd; pwd; echo $HOME $TMPDIR $UID", "")
	if out != "/home/user\n/home/user /tmp 1000\n" {
		t.Errorf("sandbox view: %q", out)
	}
}

// One test per row of DESIGN.md's leak table, each failing if the leak
// returns.
func TestLeakExecNeverReachesHost(t *testing.T) {
	h := newHostSentinel(t)
	s := newTestSession(t, Options{})
	_, errs, st := run(t, s, "PATH="+h.bin+"; memshmarker", "")
	if st != 127 || errs != "bash: memshmarker: command not found\n" {
		t.Errorf("got %q %d", errs, st)
	}
	if _, err := os.Stat(h.ranMarker); err == nil {
		t.Error("host executable ran")
	}
}

func TestLeakLookupBuiltins(t *testing.T) {
	h := newHostSentinel(t)
	s := newTestSession(t, Options{})
	for _, script := range []string{"type memshmarker", "command -v memshmarker", "hash memshmarker", "source lib.sh", "type -P memshmarker"} {
		out, errs, st := run(t, s, "PATH="+h.bin+"; "+script, "")
		if st == 0 || strings.Contains(out+errs, h.bin) {
			t.Errorf("%q found the host file: %q %q %d", script, out, errs, st)
		}
	}
}

func TestLeakEnvironment(t *testing.T) {
	newHostSentinel(t)
	s := newTestSession(t, Options{})
	// bash has no GID (mvdan/sh's interpreter set one, the sandbox's):
	// unset or the sandbox's, it is never the host's.
	out, _, _ := run(t, s, "echo $HOME $UID $EUID ${GID-1000}; echo ${MEMSH_HOST_SENTINEL:-none}", "")
	if out != "/home/user 1000 1000 1000\nnone\n" {
		t.Errorf("got %q", out)
	}
	listed, _, _ := run(t, s, "env", "")
	env := strings.Split(strings.TrimSuffix(listed, "\n"), "\n")
	for _, kv := range env {
		if strings.Contains(kv, hostSecret) {
			t.Errorf("host variable in environment: %s", kv)
		}
	}
	for _, want := range []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "USER=user", "LOGNAME=user", "SHELL=/bin/bash", "TMPDIR=/tmp", "TERM=xterm-256color", "LANG=C.UTF-8", "HOSTNAME=memsh", "PWD=/home/user"} {
		if !slices.Contains(env, want) {
			t.Errorf("environment lacks %s: %v", want, env)
		}
	}
}

func TestLeakWorkingDirectory(t *testing.T) {
	newHostSentinel(t) // the process's cwd is a host dir with marker.txt
	s := newTestSession(t, Options{})
	out, _, _ := run(t, s, "pwd; echo *", "")
	if out != "/home/user\n*\n" {
		t.Errorf("got %q", out)
	}
	if s.Dir() != "/home/user" {
		t.Errorf("Dir() = %q", s.Dir())
	}
}

func TestLeakAccess(t *testing.T) {
	h := newHostSentinel(t)
	s := newTestSession(t, Options{})
	out, _, _ := run(t, s, "[ -r "+h.home+"/marker.txt ] || echo absent; echo > f; chmod 200 f; [ -r f ] || echo unreadable; [ -w f ] && echo writable", "")
	if out != "absent\nunreadable\nwritable\n" {
		t.Errorf("got %q", out)
	}
}

func TestLeakPwdP(t *testing.T) {
	h := newHostSentinel(t)
	s := newTestSession(t, Options{})
	// The same path exists on the host as a symlink; memfs has a real dir.
	out, errs, _ := run(t, s, "mkdir -p "+h.home+"/link; cd "+h.home+"/link; pwd -P", "")
	if out != h.home+"/link\n" {
		t.Errorf("got %q %q", out, errs)
	}
}

func TestLeakOwnerTests(t *testing.T) {
	s := newTestSession(t, Options{})
	out, errs, _ := run(t, s, "touch mine; [ -O mine ] && echo O; [[ -G mine ]] && echo G; [ -O /etc ] || echo root-owned", "")
	if out != "O\nG\nroot-owned\n" {
		t.Errorf("got %q %q", out, errs)
	}
}

func TestLeakProcessSubstitution(t *testing.T) {
	h := newHostSentinel(t)
	s := newTestSession(t, Options{})
	before := h.listing(t)
	out, _, _ := run(t, s, "cat <(echo a) <(echo b); eval 'cat <(echo c)'; echo d > >(cat); read x < "+h.tmp+"/sh-interp-leak || echo refused", "")
	if out != "a\nb\nc\nd\nrefused\n" {
		t.Errorf("got %q", out)
	}
	h.check(t, before, "psub", out, "")
	for _, dir := range []string{os.TempDir(), "/tmp"} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "sh-interp-") && e.Name() != "sh-interp-leak" {
				t.Errorf("host FIFO %s/%s", dir, e.Name())
			}
		}
	}
	// mvdan/sh opens "$TMPDIR/sh-interp-*" on the host, bypassing the open
	// handler; the sandbox's TMPDIR is /tmp, so plant one there.
	f, err := os.CreateTemp("/tmp", "sh-interp-memsh-test-")
	if err != nil {
		t.Skip("no host /tmp")
	}
	defer os.Remove(f.Name())
	f.WriteString(hostSecret + "\n")
	f.Close()
	out, errs, _ := run(t, s, "read x < "+f.Name()+"; echo \"[$x]\"", "")
	if strings.Contains(out, hostSecret) || out != "[]\n" {
		t.Errorf("read the host's %s: %q %q", f.Name(), out, errs)
	}
}

func TestLeakTildeUser(t *testing.T) {
	s := newTestSession(t, Options{})
	// daemon exists on most hosts (home /usr/sbin); not in the sandbox.
	out, _, _ := run(t, s, "echo ~daemon ~root; echo ~daemon | cat; eval 'echo ~daemon'", "")
	if out != "~daemon /root\n~daemon\n~daemon\n" {
		t.Errorf("got %q", out)
	}
}

func TestLeakProcessIDs(t *testing.T) {
	s := newTestSession(t, Options{})
	out, _, _ := run(t, s, `echo $$ ${$} $PPID $BASHPID; (echo $$ $PPID; [ $BASHPID != $$ ] && echo sub-differs)`, "")
	if out != "4242 4242 1 4242\n4242 1\nsub-differs\n" {
		t.Errorf("got %q", out)
	}
	// A child bash is another process of the sandbox, numbered on from
	// the sandbox's own ids (the subshell above took 4243), never the
	// host's; comparing with the host's pid instead would fail whenever
	// the host's happens to be 4244.
	out, _, _ = run(t, s, `bash -c 'echo $$ $PPID $BASHPID'`, "")
	if out != "4244 4242 4244\n" {
		t.Errorf("child shell: got %q, want the sandbox's ids 4244 4242 4244", out)
	}
}

func TestLeakDevStreams(t *testing.T) {
	s := newTestSession(t, Options{})
	out, errs, _ := run(t, s, "echo out > /dev/stdout; echo err > /dev/stderr; read x < /dev/stdin; echo $x >/dev/fd/1; [ -e /dev/stdin ] && echo exists", "in\n")
	if out != "out\nin\nexists\n" || errs != "err\n" {
		t.Errorf("got %q %q", out, errs)
	}
}
