package memfs

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The kernel is the oracle for permissions too: the test binary runs
// itself as uid/gid 1000 (with setpriv, when the tests run as root) over
// a host tree built like permTree, and memfs with EnforcePermissions runs
// the same scenario; the transcripts must match.

const permChildEnv = "MEMFS_PERM_ORACLE_DIR"

var permTree = []struct {
	path string
	dir  bool
	perm fs.FileMode
	uid  int
}{
	{"/etc", true, 0o755, 0},
	{"/etc/passwd", false, 0o644, 0},
	{"/etc/shadow", false, 0o640, 0},
	{"/root", true, 0o700, 0},
	{"/root/secret", false, 0o600, 0},
	{"/tmp", true, 0o777 | fs.ModeSticky, 0},
	{"/tmp/roots", false, 0o666, 0},
	{"/tmp/mine", false, 0o644, 1000},
	{"/tmp/rootdir", true, 0o755, 0},
	{"/home", true, 0o755, 0},
	{"/home/user", true, 0o755, 1000},
	{"/home/user/f", false, 0o644, 1000},
	{"/home/user/a", true, 0o755, 1000},
	{"/home/user/a/b", true, 0o755, 1000},
	{"/shared", true, 0o775, 0},
	{"/shared/g", false, 0o664, 0},
}

func permScenario(r *rec, fsys tfs) {
	r.content(fsys, "/etc/passwd")
	r.content(fsys, "/etc/shadow")
	r.open(fsys, "/etc/passwd", os.O_WRONLY)
	r.open(fsys, "/etc/passwd", os.O_RDONLY|os.O_TRUNC)
	r.open(fsys, "/etc/new", os.O_WRONLY|os.O_CREATE)
	r.open(fsys, "/etc/passwd", os.O_WRONLY|os.O_CREATE)
	r.err("mkdir in /etc", fsys.Mkdir("/etc/d", 0o755))
	r.err("mkdir existing in /etc", fsys.Mkdir("/etc/passwd", 0o755))
	r.err("symlink in /etc", fsys.Symlink("x", "/etc/l"))
	r.err("link into /etc", fsys.Link("/home/user/f", "/etc/f"))
	r.err("remove from /etc", fsys.Remove("/etc/passwd"))
	r.err("remove missing from /etc", fsys.Remove("/etc/nope"))
	r.err("rename out of /etc", fsys.Rename("/etc/passwd", "/tmp/p"))
	r.err("rename into /etc", fsys.Rename("/home/user/f", "/etc/f"))
	r.stat(fsys, "/root")
	r.stat(fsys, "/root/secret")
	r.stat(fsys, "/root/nope")
	r.readdir(fsys, "/root")
	r.readdir(fsys, "/etc")
	r.err("chmod root's file", fsys.Chmod("/etc/passwd", 0o777))
	r.err("truncate root's file", fsys.Truncate("/etc/passwd", 0))
	r.err("truncate 0666 file", fsys.Truncate("/tmp/roots", 1))
	r.open(fsys, "/tmp/new", os.O_WRONLY|os.O_CREATE)
	r.err("remove root's file from sticky /tmp", fsys.Remove("/tmp/roots"))
	r.err("rename root's file in sticky /tmp", fsys.Rename("/tmp/roots", "/tmp/r2"))
	r.err("rename over root's file in sticky /tmp", fsys.Rename("/tmp/new", "/tmp/roots"))
	r.err("remove root's dir from sticky /tmp", fsys.Remove("/tmp/rootdir"))
	r.err("remove own file from /tmp", fsys.Remove("/tmp/mine"))
	r.err("removeall /tmp/rootdir", fsys.RemoveAll("/tmp/rootdir"))
	r.open(fsys, "/shared/g", os.O_WRONLY)
	r.open(fsys, "/shared/new", os.O_WRONLY|os.O_CREATE)
	r.err("chmod own file", fsys.Chmod("/home/user/f", 0o400))
	r.open(fsys, "/home/user/f", os.O_WRONLY)
	r.open(fsys, "/home/user/f", os.O_RDONLY)
	r.err("chmod own dir 0500", fsys.Chmod("/home/user/a", 0o500))
	r.open(fsys, "/home/user/a/x", os.O_WRONLY|os.O_CREATE)
	r.err("move dir out of a 0500 dir", fsys.Rename("/home/user/a/b", "/home/user/b"))
	r.err("chmod own dir 0755", fsys.Chmod("/home/user/a", 0o755))
	r.err("chmod b 0555", fsys.Chmod("/home/user/a/b", 0o555))
	r.err("move a 0555 dir to another parent", fsys.Rename("/home/user/a/b", "/home/user/b"))
	r.err("rename a 0555 dir in place", fsys.Rename("/home/user/a/b", "/home/user/a/c"))
	r.err("chmod own dir 0100", fsys.Chmod("/home/user/a", 0o100))
	r.stat(fsys, "/home/user/a/c")
	r.readdir(fsys, "/home/user/a")
	r.err("chmod own dir 0600", fsys.Chmod("/home/user/a", 0o600))
	r.stat(fsys, "/home/user/a/c")
	r.readdir(fsys, "/home/user/a")
	g := r.open(fsys, "/home/user/ro", os.O_WRONLY|os.O_CREATE|os.O_EXCL)
	if g != nil {
		r.write(g, "ok")
		g.Close()
	}
	r.err("chmod ro 0444", fsys.Chmod("/home/user/ro", 0o444))
	r.open(fsys, "/home/user/ro", os.O_RDWR)
}

// TestPermChild is the half that runs as uid 1000; it does nothing in a
// normal run.
func TestPermChild(t *testing.T) {
	dir := os.Getenv(permChildEnv)
	if dir == "" {
		t.Skip("runs only as the unprivileged half of TestPermissionsAgainstOS")
	}
	syscall.Umask(0)
	var r rec
	permScenario(&r, osTFS{root: dir})
	for _, l := range r.lines {
		os.Stdout.WriteString("LINE " + l + "\n")
	}
}

func TestPermissionsAgainstOS(t *testing.T) {
	setpriv, err := exec.LookPath("setpriv")
	if os.Getuid() != 0 || err != nil {
		t.Skip("needs root and setpriv to run the kernel side as uid 1000")
	}
	dir, err := os.MkdirTemp("", "memfs-perm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	// every directory above the tree must be searchable by uid 1000
	os.Chmod(dir, 0o755)
	for d := dir; d != "/"; d = filepath.Dir(d) {
		if fi, err := os.Stat(d); err == nil && fi.Mode().Perm()&0o001 == 0 {
			t.Skipf("%s is not searchable by others", d)
		}
	}
	mfs := New(Options{UID: 1000, GID: 1000})
	for _, e := range permTree {
		host := filepath.Join(dir, e.path)
		if e.dir {
			os.Mkdir(host, 0o700)
			mfs.Mkdir(e.path, 0o700)
		} else {
			os.WriteFile(host, []byte("data"), 0o600)
			mfs.WriteFile(e.path, []byte("data"), 0o600)
		}
		for _, err := range []error{os.Chmod(host, e.perm), os.Chown(host, e.uid, e.uid), mfs.Chmod(e.path, e.perm), mfs.Chown(e.path, e.uid, e.uid)} {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	mfs.EnforcePermissions(true)

	cmd := exec.Command(setpriv, "--reuid=1000", "--regid=1000", "--clear-groups", os.Args[0], "-test.run=^TestPermChild$", "-test.v")
	cmd.Env = append(os.Environ(), permChildEnv+"="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if !bytes.Contains(out, []byte("LINE ")) {
			// uid 1000 could not run the test binary (e.g. a private build dir)
			t.Skipf("the unprivileged half did not run: %v\n%s", err, out)
		}
		t.Fatalf("child: %v\n%s", err, out)
	}
	var want []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if l, ok := strings.CutPrefix(sc.Text(), "LINE "); ok {
			want = append(want, l)
		}
	}
	if len(want) == 0 {
		t.Fatalf("child printed no transcript:\n%s", out)
	}
	var got rec
	permScenario(&got, memTFS{mfs})
	compareTranscripts(t, want, got.lines)
	if testing.Verbose() {
		t.Log(strings.Join(want, "\n"))
	}
}
