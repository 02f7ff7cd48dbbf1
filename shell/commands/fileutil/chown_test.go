package fileutil

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// ownerFS is a sandbox-like tree: the user's own files (uid 1000) and
// root's, with the passwd and group files chown reads.
func ownerFS(t *testing.T) *memfs.FS {
	t.Helper()
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	for _, d := range []string{"/etc", "/home/user/d/e"} {
		if err := fsys.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"/etc/passwd":      "root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n",
		"/etc/group":       "root:x:0:\nuser:x:1000:\nstaff:x:50:user\n",
		"/home/user/f":     "",
		"/home/user/d/e/x": "",
		"/home/user/rootf": "",
	}
	for p, c := range files {
		if err := fsys.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"/etc/passwd", "/etc/group", "/home/user/rootf"} {
		if err := fsys.Chown(p, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

// Expected values were recorded from GNU coreutils 9.1, run as an
// unprivileged user (uid 1000).
func TestChown(t *testing.T) {
	for _, c := range []struct {
		args           []string
		stdout, stderr string
		status         int
	}{
		{[]string{"chown"}, "", "chown: missing operand\nTry 'chown --help' for more information.\n", 1},
		{[]string{"chown", "user"}, "", "chown: missing operand after ‘user’\nTry 'chown --help' for more information.\n", 1},
		{[]string{"chown", "nosuch", "f"}, "", "chown: invalid user: ‘nosuch’\n", 1},
		{[]string{"chown", ":nosuch", "f"}, "", "chown: invalid group: ‘:nosuch’\n", 1},
		{[]string{"chown", "root:nosuch", "f"}, "", "chown: invalid group: ‘root:nosuch’\n", 1},
		{[]string{"chown", "user", "g"}, "", "chown: cannot access 'g': No such file or directory\n", 1},
		{[]string{"chown", "--reference=g", "f"}, "", "chown: failed to get attributes of 'g': No such file or directory\n", 1},
		{[]string{"chown", "root", "f"}, "", "chown: changing ownership of 'f': Operation not permitted\n", 1},
		{[]string{"chown", "-v", "root:root", "f"}, "failed to change ownership of 'f' from user:user to root:root\n", "chown: changing ownership of 'f': Operation not permitted\n", 1},
		{[]string{"chown", "-f", "root", "f", "g"}, "", "", 1},
		{[]string{"chown", "user", "rootf"}, "", "chown: changing ownership of 'rootf': Operation not permitted\n", 1},
		{[]string{"chown", "-v", "user", "f"}, "ownership of 'f' retained as user\n", "", 0},
		{[]string{"chown", "-c", "user:user", "f"}, "", "", 0},
		{[]string{"chown", "-v", "1000:1000", "f"}, "ownership of 'f' retained as user:user\n", "", 0},
		{[]string{"chown", "-v", ":staff", "f"}, "changed ownership of 'f' from user:user to :staff\n", "", 0},
		{[]string{"chown", "-c", "user:", "f"}, "", "", 0},
		{[]string{"chown", "user.staff", "f"}, "", "chown: warning: '.' should be ':': ‘user.staff’\n", 0},
		{[]string{"chown", "", "rootf"}, "", "", 0},
		{[]string{"chown", "-Rv", "user", "d"}, "ownership of 'd' retained as user\nownership of 'd/e' retained as user\nownership of 'd/e/x' retained as user\n", "", 0},
		{[]string{"chown", "-v", "--from=root", "root", "f"}, "ownership of 'f' retained as root\n", "", 0},
		{[]string{"chgrp"}, "", "chgrp: missing operand\nTry 'chgrp --help' for more information.\n", 1},
		{[]string{"chgrp", "nosuch", "f"}, "", "chgrp: invalid group: ‘nosuch’\n", 1},
		{[]string{"chgrp", "-v", "staff", "f"}, "changed group of 'f' from user to staff\n", "", 0},
		{[]string{"chgrp", "-v", "user", "f"}, "group of 'f' retained as user\n", "", 0},
		{[]string{"chgrp", "root", "f"}, "", "chgrp: changing group of 'f': Operation not permitted\n", 1},
		{[]string{"chgrp", "-v", "user", "rootf"}, "failed to change group of 'rootf' from root to user\n", "chgrp: changing group of 'rootf': Operation not permitted\n", 1},
	} {
		fsys := ownerFS(t)
		var out, errb bytes.Buffer
		inv := &command.Invocation{Args: c.args, Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb},
			FS: fsys, Dir: "/home/user", Environ: []string{"LANG=C.UTF-8"}}
		run := runChown
		if c.args[0] == "chgrp" {
			run = runChgrp
		}
		status := run(context.Background(), inv)
		if out.String() != c.stdout || errb.String() != c.stderr || status != c.status {
			t.Errorf("%q:\n got %q %q %d\nwant %q %q %d", c.args, out.String(), errb.String(), status, c.stdout, c.stderr, c.status)
		}
	}
}

func TestChownChanges(t *testing.T) {
	fsys := ownerFS(t)
	inv := &command.Invocation{Args: []string{"chgrp", "-R", "staff", "d"}, Stdio: command.Stdio{Stdout: new(bytes.Buffer), Stderr: new(bytes.Buffer)},
		FS: fsys, Dir: "/home/user"}
	if st := runChgrp(context.Background(), inv); st != 0 {
		t.Fatalf("status %d: %s", st, inv.Stderr)
	}
	for _, p := range []string{"/home/user/d", "/home/user/d/e", "/home/user/d/e/x"} {
		fi, err := fsys.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if gid := statOf(fi).Gid; gid != 50 {
			t.Errorf("%s: gid %d, want 50", p, gid)
		}
	}
}

// "NUMBER:" names no login group: GNU says invalid spec even for a uid
// that exists.
func TestChownNumericLoginGroup(t *testing.T) {
	fsys := ownerFS(t)
	var out, errb bytes.Buffer
	inv := &command.Invocation{Args: []string{"chown", "1000:", "f"}, Stdio: command.Stdio{Stdout: &out, Stderr: &errb},
		FS: fsys, Dir: "/home/user", Environ: []string{"LANG=C.UTF-8"}}
	if st := runChown(context.Background(), inv); st != 1 || errb.String() != "chown: invalid spec: ‘1000:’\n" {
		t.Errorf("status %d, stderr %q", st, errb.String())
	}
}
