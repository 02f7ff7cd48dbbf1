package fileutil

import (
	"io/fs"
	"strings"
	"testing"

	"memsh/shell/command"
)

// fifoCase is a mkfifo or mknod run and the FIFOs (name -> ls -l's
// mode string) it leaves, as GNU coreutils 9.1 left them with umask 022.
type fifoCase struct {
	c     command.Case
	fifos map[string]string
}

func runFifoCases(t *testing.T, run command.Func, cases []fifoCase) {
	t.Helper()
	for _, fc := range cases {
		c := fc.c
		name := strings.Join(c.Args, " ")
		t.Run(name, func(t *testing.T) {
			stdout, stderr, status, fsys := c.Run(run, nil)
			if stdout != c.Stdout || stderr != c.Stderr || status != c.Status {
				t.Errorf("got stdout %q stderr %q status %d; want %q %q %d", stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
			}
			for name, want := range fc.fifos {
				fi, err := fsys.Lstat("/home/user/" + name)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if fi.Mode().Type() != fs.ModeNamedPipe || fi.Mode().String() != want {
					t.Errorf("%s: mode %s, want %s", name, fi.Mode(), want)
				}
			}
		})
	}
}

func TestMkfifo(t *testing.T) {
	const noCtx = "mkfifo: warning: ignoring --context; it requires an SELinux/SMACK-enabled kernel\n"
	runFifoCases(t, runMkfifo, []fifoCase{
		{command.Case{Args: []string{"mkfifo", "p", "q"}}, map[string]string{"p": "prw-r--r--", "q": "prw-r--r--"}},
		{command.Case{Args: []string{"mkfifo", "-m", "600", "q"}}, map[string]string{"q": "prw-------"}},
		{command.Case{Args: []string{"mkfifo", "-m", "666", "q"}}, map[string]string{"q": "prw-rw-rw-"}},
		{command.Case{Args: []string{"mkfifo", "-m", "u+x", "q"}}, map[string]string{"q": "prwxrw-rw-"}},
		{command.Case{Args: []string{"mkfifo", "-m", "+x", "q"}}, map[string]string{"q": "prwxrwxrwx"}},
		{command.Case{Args: []string{"mkfifo", "-m", "=r", "q"}}, map[string]string{"q": "pr--r--r--"}},
		{command.Case{Args: []string{"mkfifo", "-m", "o-w,+w", "q"}}, map[string]string{"q": "prw-rw-r--"}},
		{command.Case{Args: []string{"mkfifo", "--mode=g-r", "q"}}, map[string]string{"q": "prw--w-rw-"}},
		{command.Case{Args: []string{"mkfifo", "-Z", "q"}}, map[string]string{"q": "prw-r--r--"}},
		{command.Case{Args: []string{"mkfifo", "--context=x", "q"}, Stderr: noCtx}, map[string]string{"q": "prw-r--r--"}},
		{command.Case{Args: []string{"mkfifo", "-m", "4755", "q"}, Stderr: "mkfifo: mode must specify only file permission bits\n", Status: 1}, nil},
		{command.Case{Args: []string{"mkfifo", "-m", "1777", "q"}, Stderr: "mkfifo: mode must specify only file permission bits\n", Status: 1}, nil},
		{command.Case{Args: []string{"mkfifo", "-m", "u+s", "q"}, Stderr: "mkfifo: mode must specify only file permission bits\n", Status: 1}, nil},
		{command.Case{Args: []string{"mkfifo"}, Stderr: "mkfifo: missing operand\nTry 'mkfifo --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mkfifo", "-m", "x"}, Stderr: "mkfifo: missing operand\nTry 'mkfifo --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mkfifo", "--context=x"}, Stderr: noCtx + "mkfifo: missing operand\nTry 'mkfifo --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mkfifo", "-m", "x", "p"}, Stderr: "mkfifo: invalid mode\n", Status: 1}, nil},
		{command.Case{Args: []string{"mkfifo", "f", "a/b", "p"}, Files: map[string]string{"/home/user/f": ""}, Stderr: "mkfifo: cannot create fifo 'f': File exists\nmkfifo: cannot create fifo 'a/b': No such file or directory\n", Status: 1}, map[string]string{"p": "prw-r--r--"}},
		{command.Case{Args: []string{"mkfifo", "f/x", "d/", ""}, Files: map[string]string{"/home/user/f": ""}, Stderr: "mkfifo: cannot create fifo 'f/x': Not a directory\nmkfifo: cannot create fifo 'd/': No such file or directory\nmkfifo: cannot create fifo '': No such file or directory\n", Status: 1}, nil},
	})
}

func TestMknod(t *testing.T) {
	runFifoCases(t, runMknod, []fifoCase{
		{command.Case{Args: []string{"mknod", "p", "p"}}, map[string]string{"p": "prw-r--r--"}},
		{command.Case{Args: []string{"mknod", "-m", "640", "p", "p"}}, map[string]string{"p": "prw-r-----"}},
		{command.Case{Args: []string{"mknod", "-m", "4755", "p", "p"}, Stderr: "mknod: mode must specify only file permission bits\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "-m", "x"}, Stderr: "mknod: invalid mode\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "q", "c", "1", "3"}, Stderr: "mknod: q: Operation not permitted\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "f", "p"}, Files: map[string]string{"/home/user/f": ""}, Stderr: "mknod: f: File exists\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "a/b", "p"}, Stderr: "mknod: a/b: No such file or directory\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod"}, Stderr: "mknod: missing operand\nTry 'mknod --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "q"}, Stderr: "mknod: missing operand after ‘q’\nTry 'mknod --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "q", "c", "1"}, Stderr: "mknod: missing operand after ‘1’\nTry 'mknod --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "q", "b"}, Stderr: "mknod: missing operand after ‘b’\nSpecial files require major and minor device numbers.\nTry 'mknod --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "q", "c", "1", "x"}, Stderr: "mknod: invalid minor device number ‘x’\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "q", "z", "1", "2"}, Stderr: "mknod: invalid device type ‘z’\nTry 'mknod --help' for more information.\n", Status: 1}, nil},
		{command.Case{Args: []string{"mknod", "q", "p", "1", "2"}, Stderr: "mknod: extra operand ‘1’\nFifos do not have major and minor device numbers.\nTry 'mknod --help' for more information.\n", Status: 1}, nil},
	})
}
