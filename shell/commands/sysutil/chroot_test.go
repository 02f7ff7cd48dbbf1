package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestChroot(t *testing.T) {
	runCases(t, runChroot, []command.Case{
		{Args: []string{"chroot"}, Stderr: "chroot: missing operand\nTry 'chroot --help' for more information.\n", Status: 125},
		{Args: []string{"chroot", "/tmp", "true"}, Stderr: "chroot: cannot change root directory to '/tmp': Operation not permitted\n", Status: 125},
		{Args: []string{"chroot", "/x", "true"}, Stderr: "chroot: cannot change root directory to '/x': No such file or directory\n", Status: 125},
		{Args: []string{"chroot", "/it's", "true"}, Stderr: "chroot: cannot change root directory to \"/it's\": No such file or directory\n", Status: 125},
		{Args: []string{"chroot", "/f", "true"}, Files: map[string]string{"/f": ""}, Stderr: "chroot: cannot change root directory to '/f': Not a directory\n", Status: 125},
		{Args: []string{"chroot", "--skip-chdir", "/", "echo", "hi"}, Stdout: "hi\n"},
		{Args: []string{"chroot", "--userspec=nosuch", "/", "true"}, Stderr: "chroot: invalid user\n", Status: 125},
		{Args: []string{"chroot", "--userspec=0", "/", "true"}, Stderr: "chroot: failed to set supplemental groups: Operation not permitted\n", Status: 125},
		{Args: []string{"chroot", "/", "nosuch"}, Stderr: "chroot: failed to run command ‘nosuch’: No such file or directory\n", Status: 127},
	})
}
