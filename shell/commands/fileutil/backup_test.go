package fileutil

import "testing"

// Expected outputs are GNU coreutils 9.1's (LANG=C.UTF-8).
func TestBackups(t *testing.T) {
	files := map[string]string{"/home/user/a": "1\n", "/home/user/b": "2\n"}
	runTable(t, []tableCase{
		{Args: []string{"cp", "-bv", "a", "b"}, Files: files,
			Stdout: "'a' -> 'b' (backup: 'b~')\n",
			After:  map[string]string{"/home/user/b": "1\n|0o644", "/home/user/b~": "2\n|0o644"}},
		{Args: []string{"cp", "--backup=numbered", "-v", "a", "b"}, Files: files,
			Stdout: "'a' -> 'b' (backup: 'b.~1~')\n",
			After:  map[string]string{"/home/user/b.~1~": "2\n|0o644"}},
		{Args: []string{"cp", "--backup=existing", "a", "b"},
			Files: map[string]string{"/home/user/a": "1\n", "/home/user/b": "2\n", "/home/user/b.~4~": ""},
			After: map[string]string{"/home/user/b.~5~": "2\n|0o644", "/home/user/b~": "<none>"}},
		{Args: []string{"cp", "-S", ".bak", "a", "b"}, Files: files,
			After: map[string]string{"/home/user/b.bak": "2\n|0o644"}},
		{Args: []string{"cp", "-b", "a", "new"}, Files: files,
			After: map[string]string{"/home/user/new": "1\n|0o644", "/home/user/new~": "<none>"}},
		{Args: []string{"cp", "--backup=foo", "a", "b"}, Files: files, Status: 1,
			Stderr: "cp: invalid argument ‘foo’ for ‘backup type’\nValid arguments are:\n  - ‘none’, ‘off’\n  - ‘simple’, ‘never’\n  - ‘existing’, ‘nil’\n  - ‘numbered’, ‘t’\nTry 'cp --help' for more information.\n"},
		{Args: []string{"cp", "--backup=n", "a", "b"}, Files: files, Status: 1,
			Stderr: "cp: ambiguous argument ‘n’ for ‘backup type’\nValid arguments are:\n  - ‘none’, ‘off’\n  - ‘simple’, ‘never’\n  - ‘existing’, ‘nil’\n  - ‘numbered’, ‘t’\nTry 'cp --help' for more information.\n"},
		{Args: []string{"cp", "-bn", "a", "b"}, Files: files, Status: 1,
			Stderr: "cp: options --backup and --no-clobber are mutually exclusive\nTry 'cp --help' for more information.\n"},
		{Args: []string{"mv", "-bv", "a", "b"}, Files: files,
			Stdout: "renamed 'a' -> 'b' (backup: 'b~')\n",
			After:  map[string]string{"/home/user/a": "<none>", "/home/user/b": "1\n|0o644", "/home/user/b~": "2\n|0o644"}},
		{Args: []string{"ln", "-sbv", "a", "b"}, Files: files,
			Stdout: "'b~' ~ 'b' -> 'a'\n",
			After:  map[string]string{"/home/user/b": "->a", "/home/user/b~": "2\n|0o644"}},
		{Args: []string{"ln", "-sb", "a", "a"}, Files: files,
			After: map[string]string{"/home/user/a": "->a", "/home/user/a~": "1\n|0o644"}},
		{Args: []string{"cp", "-x", "a", "c"}, Files: files,
			After: map[string]string{"/home/user/c": "1\n|0o644"}},
		{Args: []string{"ls", "-B"}, Files: map[string]string{"/home/user/a": "", "/home/user/a~": "", "/home/user/.b~": ""},
			Stdout: "a\n"},
		{Args: []string{"ls", "--format=commas"}, Files: files, Stdout: "a, b\n"},
		{Args: []string{"ls", "--format", "long", "--format=single-column"}, Files: files, Stdout: "a\nb\n"},
		{Args: []string{"ls", "--format=foo"}, Files: files, Status: 1,
			Stderr: "ls: invalid argument ‘foo’ for ‘--format’\nValid arguments are:\n  - ‘verbose’, ‘long’\n  - ‘commas’\n  - ‘horizontal’, ‘across’\n  - ‘vertical’\n  - ‘single-column’\nTry 'ls --help' for more information.\n"},
	})
}
