package shell

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"

	"memsh/memfs"
)

// The sandbox user and machine. Scripts run as uid 1000 ("user") on a
// host called "memsh"; nothing of the real host's identity is shown.
const (
	sandboxUser  = "user"
	sandboxUID   = 1000
	sandboxGID   = 1000
	sandboxHome  = "/home/user"
	sandboxHost  = "memsh"
	sandboxShell = "/bin/bash"
	defaultPath  = "/usr/bin:/bin"
)

// stubPrefix starts every /usr/bin entry memsh writes for an in-process
// command. Running the file runs the registry command directly; copied
// elsewhere it still works, as the shell script it also is.
const stubPrefix = "#!/bin/bash\n# memsh: in-process command\nexec "

func stubScript(name string) []byte {
	return []byte(stubPrefix + name + " \"$@\"\n")
}

// stubName returns the command a stub file runs, if head is one.
func stubName(head []byte) (string, bool) {
	rest, ok := strings.CutPrefix(string(head), stubPrefix)
	if !ok {
		return "", false
	}
	name, tail, ok := strings.Cut(rest, " ")
	if !ok || tail != "\"$@\"\n" || name == "" {
		return "", false
	}
	return name, true
}

// buildBox lays out a small Linux system in fsys: home, /tmp, /etc
// identity files, /usr/bin entries for every command and /bin -> usr/bin.
// Existing files are kept (a loaded snapshot wins), so it is idempotent.
func buildBox(fsys *memfs.FS, home string, commands []string) error {
	dirs := []struct {
		path string
		perm fs.FileMode
		uid  int
	}{
		{"/home", 0o755, 0},
		{"/root", 0o700, 0},
		{"/tmp", fs.ModeSticky | 0o777, 0},
		{"/etc", 0o755, 0},
		{"/usr", 0o755, 0},
		{"/usr/bin", 0o755, 0},
		{"/usr/local", 0o755, 0},
		{"/usr/local/bin", 0o755, 0},
		{"/var", 0o755, 0},
		{"/var/tmp", fs.ModeSticky | 0o777, 0},
		// the shell makes process substitutions' files here as the user
		// (on Linux /proc/self/fd is the process's own)
		{"/dev/fd", 0o755, sandboxUID},
	}
	for _, d := range dirs {
		if err := mkdirOwned(fsys, d.path, d.perm, d.uid, d.uid); err != nil {
			return err
		}
	}
	if home != "" {
		if err := mkdirAllOwned(fsys, home, sandboxUID, sandboxGID); err != nil {
			return err
		}
	}
	files := []struct {
		path, content string
	}{
		{"/etc/hostname", sandboxHost + "\n"},
		{"/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n" +
			fmt.Sprintf("%s:x:%d:%d:%s:%s:%s\n", sandboxUser, sandboxUID, sandboxGID, sandboxUser, sandboxHome, sandboxShell)},
		{"/etc/group", "root:x:0:\n" + fmt.Sprintf("%s:x:%d:\n", sandboxUser, sandboxGID)},
		{"/etc/shells", "/bin/sh\n/bin/bash\n/usr/bin/sh\n/usr/bin/bash\n"},
		{"/etc/os-release", "PRETTY_NAME=\"memsh sandbox\"\nNAME=\"memsh\"\nID=memsh\n"},
		// What an interactive bash reads first (bash -i, interp's
		// interactive.go), as Debian's bash does: the prompt.
		{"/etc/bash.bashrc", "# read by every interactive bash before ~/.bashrc\n[ -z \"$PS1\" ] && return\nPS1='\\u@\\h:\\w\\$ '\n"},
	}
	root, err := fsys.OpenDir("/")
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := writeIfMissing(root, f.path, []byte(f.content), 0o644); err != nil {
			return err
		}
	}
	names := append([]string(nil), commands...)
	sort.Strings(names)
	// One handle on /usr/bin: each entry is then one lookup, not a walk
	// of the whole path.
	bin, err := fsys.OpenDir("/usr/bin")
	if err != nil {
		return err
	}
	for _, name := range names {
		if err := writeIfMissing(bin, name, stubScript(name), 0o755); err != nil {
			return err
		}
	}
	if _, err := fsys.Lstat("/bin"); errors.Is(err, fs.ErrNotExist) {
		if err := fsys.Symlink("usr/bin", "/bin"); err != nil {
			return err
		}
		if err := fsys.Lchown("/bin", 0, 0); err != nil {
			return err
		}
	}
	// The root directory is root's, as on Linux (memfs made it with the
	// sandbox user's ids).
	return fsys.Chown("/", 0, 0)
}

func mkdirOwned(fsys *memfs.FS, p string, perm fs.FileMode, uid, gid int) error {
	err := fsys.Mkdir(p, perm)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	// Mkdir leaves perm as given; sticky bits need Chmod.
	if err := fsys.Chmod(p, perm); err != nil {
		return err
	}
	return fsys.Chown(p, uid, gid)
}

// mkdirAllOwned creates p, owned by uid and gid, and its missing
// parents, owned by root (the user's own under /home/NAME).
func mkdirAllOwned(fsys *memfs.FS, p string, uid, gid int) error {
	p = path.Clean(p)
	if p == "/" {
		return nil
	}
	parentUID, parentGID := 0, 0
	if strings.HasPrefix(path.Dir(p), "/home/") {
		parentUID, parentGID = uid, gid
	}
	if err := mkdirAllOwned(fsys, path.Dir(p), parentUID, parentGID); err != nil {
		return err
	}
	return mkdirOwned(fsys, p, 0o755, uid, gid)
}

// writeIfMissing creates p in dir, owned by root, unless something (even
// a dangling symlink) is there. It is most of a session's start-up, once
// per /usr/bin entry, so it looks p up twice rather than four times:
// O_EXCL refuses any existing name and OpenFile sets perm exactly.
func writeIfMissing(dir *memfs.Dir, p string, data []byte, perm fs.FileMode) error {
	f, err := dir.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return dir.Chown(p, 0, 0, false)
}

// baseEnv is the environment every session starts with, before
// Options.Env overrides. Nothing is taken from the host.
func baseEnv(dir string) []string {
	return []string{
		"HOME=" + sandboxHome,
		"PWD=" + dir,
		"PATH=" + defaultPath,
		"USER=" + sandboxUser,
		"LOGNAME=" + sandboxUser,
		"SHELL=" + sandboxShell,
		"TMPDIR=/tmp",
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
		"HOSTNAME=" + sandboxHost,
		"SHLVL=1",
	}
}
