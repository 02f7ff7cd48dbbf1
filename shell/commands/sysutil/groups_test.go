package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestGroups(t *testing.T) {
	runCases(t, runGroups, []command.Case{
		{Args: []string{"groups"}, Files: map[string]string{"/etc/passwd": "root:x:0:0::/root:/bin/bash\nuser:x:1000:1000::/home/user:/bin/bash\n", "/etc/group": "root:x:0:\nuser:x:1000:\nwheel:x:10:user\n"}, Stdout: "user wheel\n"},
		{Args: []string{"groups", "root", "nosuch", "user"}, Files: map[string]string{"/etc/passwd": "root:x:0:0::/root:/bin/bash\nuser:x:1000:1000::/home/user:/bin/bash\n", "/etc/group": "root:x:0:\nuser:x:1000:\n"}, Stdout: "root : root\nuser : user\n", Stderr: "groups: ‘nosuch’: no such user\n", Status: 1},
	})
}
