package fileutil

import "testing"

// Expected outputs are GNU coreutils 9.1's install (LANG=C.UTF-8).
func TestInstall(t *testing.T) {
	files := map[string]string{"/home/user/a": "hi\n", "/home/user/d/": ""}
	runTable(t, []tableCase{
		{Args: []string{"install", "a", "b"}, Files: files,
			After: map[string]string{"/home/user/b": "hi\n|0o755"}},
		{Args: []string{"install", "-m", "644", "a", "c"}, Files: files,
			After: map[string]string{"/home/user/c": "hi\n|0o644"}},
		{Args: []string{"install", "-m", "u=rw", "a", "c"}, Files: files,
			After: map[string]string{"/home/user/c": "hi\n|0o600"}},
		{Args: []string{"install", "-m", "+x", "a", "c"}, Files: files,
			After: map[string]string{"/home/user/c": "hi\n|0o111"}},
		{Args: []string{"install", "-v", "a", "d"}, Files: map[string]string{"/home/user/a": "hi\n", "/home/user/d/a": "old"},
			Stdout: "removed 'd/a'\n'a' -> 'd/a'\n", After: map[string]string{"/home/user/d/a": "hi\n|0o755"}},
		{Args: []string{"install", "-d", "-v", "x/y"}, Files: files,
			Stdout: "install: creating directory 'x'\ninstall: creating directory 'x/y'\n",
			After:  map[string]string{"/home/user/x/y": "<dir>0o755"}},
		{Args: []string{"install", "-d", "-m", "700", "g/h"}, Files: files,
			After: map[string]string{"/home/user/g": "<dir>0o755", "/home/user/g/h": "<dir>0o700"}},
		{Args: []string{"install", "-D", "-v", "a", "p/q"}, Files: files,
			Stdout: "install: creating directory 'p'\n'a' -> 'p/q'\n", After: map[string]string{"/home/user/p/q": "hi\n|0o755"}},
		{Args: []string{"install", "-C", "-v", "a", "b"}, Files: map[string]string{"/home/user/a": "hi\n", "/home/user/b": "hi\n"},
			Stdout: "removed 'b'\n'a' -> 'b'\n"},
		{Args: []string{"install", "-bv", "a", "b"}, Files: map[string]string{"/home/user/a": "hi\n", "/home/user/b": "x"},
			Stdout: "'a' -> 'b' (backup: 'b~')\n", After: map[string]string{"/home/user/b~": "x|0o644"}},
		{Args: []string{"install", "missing", "b"}, Files: files, Status: 1,
			Stderr: "install: cannot stat 'missing': No such file or directory\n"},
		{Args: []string{"install", "d", "e"}, Files: files, Status: 1, Stderr: "install: omitting directory 'd'\n"},
		{Args: []string{"install", "a"}, Files: files, Status: 1,
			Stderr: "install: missing destination file operand after 'a'\nTry 'install --help' for more information.\n"},
		{Args: []string{"install", "a", "a", "c"}, Files: files, Status: 1, Stderr: "install: target 'c': No such file or directory\n"},
		{Args: []string{"install", "-m", "999", "a", "b"}, Files: files, Status: 1, Stderr: "install: invalid mode ‘999’\n"},
		{Args: []string{"install", "-T", "a", "d"}, Files: files, Status: 1,
			Stderr: "install: cannot overwrite directory 'd' with non-directory\n"},
		{Args: []string{"install", "-d", "a"}, Files: files, Status: 1, Stderr: "install: cannot create directory ‘a’: File exists\n"},
		{Args: []string{"install", "a", "a"}, Files: files, Status: 1, Stderr: "install: 'a' and 'a' are the same file\n"},
		{Args: []string{"install", "-o", "nosuchuser", "a", "b"}, Files: files, Status: 1, Stderr: "install: invalid user ‘nosuchuser’\n"},
		{Args: []string{"install", "-s", "a", "s"}, Files: files, Status: 1,
			Stderr: "strip: s: file format not recognized\ninstall: strip process terminated abnormally\n",
			After:  map[string]string{"/home/user/s": "<none>"}},
	})
}
