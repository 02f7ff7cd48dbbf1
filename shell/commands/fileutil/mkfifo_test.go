package fileutil

import (
	"testing"

	"memsh/shell/command"
)

// Messages were recorded from GNU coreutils 9.1; where GNU creates the
// FIFO, memfs cannot, and says so.
func TestMkfifo(t *testing.T) {
	runCases(t, runMkfifo, []command.Case{
		{Args: []string{"mkfifo", "p"}},
		{Args: []string{"mkfifo"}, Stderr: "mkfifo: missing operand\nTry 'mkfifo --help' for more information.\n", Status: 1},
		{Args: []string{"mkfifo", "-m", "x", "p"}, Stderr: "mkfifo: invalid mode\n", Status: 1},
		{Args: []string{"mkfifo", "f", "a/b"}, Files: map[string]string{"/home/user/f": ""}, Stderr: "mkfifo: cannot create fifo 'f': File exists\nmkfifo: cannot create fifo 'a/b': No such file or directory\n", Status: 1},
	})
}

func TestMknod(t *testing.T) {
	runCases(t, runMknod, []command.Case{
		{Args: []string{"mknod", "p", "p"}, Stderr: "mknod: p: Operation not supported\n", Status: 1},
		{Args: []string{"mknod", "q", "c", "1", "3"}, Stderr: "mknod: q: Operation not permitted\n", Status: 1},
		{Args: []string{"mknod", "f", "p"}, Files: map[string]string{"/home/user/f": ""}, Stderr: "mknod: f: File exists\n", Status: 1},
		{Args: []string{"mknod"}, Stderr: "mknod: missing operand\nTry 'mknod --help' for more information.\n", Status: 1},
		{Args: []string{"mknod", "q"}, Stderr: "mknod: missing operand after ‘q’\nTry 'mknod --help' for more information.\n", Status: 1},
		{Args: []string{"mknod", "q", "c", "1"}, Stderr: "mknod: missing operand after ‘1’\nTry 'mknod --help' for more information.\n", Status: 1},
		{Args: []string{"mknod", "q", "b"}, Stderr: "mknod: missing operand after ‘b’\nSpecial files require major and minor device numbers.\nTry 'mknod --help' for more information.\n", Status: 1},
		{Args: []string{"mknod", "q", "c", "1", "x"}, Stderr: "mknod: invalid minor device number ‘x’\n", Status: 1},
		{Args: []string{"mknod", "q", "z", "1", "2"}, Stderr: "mknod: invalid device type ‘z’\nTry 'mknod --help' for more information.\n", Status: 1},
		{Args: []string{"mknod", "q", "p", "1", "2"}, Stderr: "mknod: extra operand ‘1’\nFifos do not have major and minor device numbers.\nTry 'mknod --help' for more information.\n", Status: 1},
	})
}
