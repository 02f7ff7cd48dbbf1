package devutil

import (
	"testing"

	"memsh/shell/command"
)

// The expected outputs were produced by tree 2.1.0 on the same files.
func TestTree(t *testing.T) {
	files := map[string]string{
		"/home/user/a": "", "/home/user/B": "", "/home/user/c.txt": "", "/home/user/d/f1": "hello\n",
		"/home/user/d/sub/f2": "", "/home/user/e/": "", "/home/user/.hid/x": "",
	}
	bar := "│\u00a0\u00a0 "
	runCases(t, []fileCase{
		{Case: command.Case{Args: []string{"tree"}, Files: files,
			Stdout: ".\n├── B\n├── a\n├── c.txt\n├── d\n" + bar + "├── f1\n" + bar + "└── sub\n" + bar + "    └── f2\n└── e\n\n4 directories, 5 files\n"}},
		{Case: command.Case{Args: []string{"tree", "-a", "-L", "1", "--noreport", "--dirsfirst"}, Files: files,
			Stdout: ".\n├── .hid\n├── d\n├── e\n├── B\n├── a\n└── c.txt\n"}},
		{Case: command.Case{Args: []string{"tree", "-d"}, Files: files, Stdout: ".\n├── d\n" + bar + "└── sub\n└── e\n\n4 directories\n"}},
		{Case: command.Case{Args: []string{"tree", "-fi", "d"}, Files: files, Stdout: "d\nd/f1\nd/sub\nd/sub/f2\n\n2 directories, 2 files\n"}},
		{Case: command.Case{Args: []string{"tree", "-P", "*.txt", "--prune"}, Files: files, Stdout: ".\n└── c.txt\n\n1 directory, 1 file\n"}},
		{Case: command.Case{Args: []string{"tree", "-I", "d|e", "-s", "--noreport", "-r"}, Files: files,
			Stdout: "[       4096]  .\n├── [          0]  c.txt\n├── [          0]  a\n└── [          0]  B\n"}},
		{Case: command.Case{Args: []string{"tree", "--charset", "ascii", "d"}, Files: files, Stdout: "d\n|-- f1\n`-- sub\n    `-- f2\n\n2 directories, 2 files\n"}},
		{Case: command.Case{Args: []string{"tree", "-J", "d"}, Files: files,
			Stdout: "[\n  {\"type\":\"directory\",\"name\":\"d\",\"contents\":[\n    {\"type\":\"file\",\"name\":\"f1\"},\n    {\"type\":\"directory\",\"name\":\"sub\",\"contents\":[\n      {\"type\":\"file\",\"name\":\"f2\"}\n    ]}\n  ]}\n,\n  {\"type\":\"report\",\"directories\":2,\"files\":2}\n]\n"}},
		{Case: command.Case{Args: []string{"tree", "--gitignore", "--noreport"}, Files: map[string]string{
			"/home/user/.gitignore": "node_modules\n*.log\n!keep.log\n/build\n", "/home/user/node_modules/x": "", "/home/user/src/a.js": "",
			"/home/user/src/b.log": "", "/home/user/src/build/o": "", "/home/user/build/out": "", "/home/user/keep.log": ""},
			Stdout: ".\n├── keep.log\n└── src\n    ├── a.js\n    └── build\n        └── o\n"}},
		{Case: command.Case{Args: []string{"tree", "e"}, Files: files, Stdout: "e\n\n0 directories, 0 files\n"}},
		{Case: command.Case{Args: []string{"tree", "nope"}, Files: files, Stdout: "nope  [error opening dir]\n\n0 directories, 0 files\n", Status: 2}},
		{Case: command.Case{Args: []string{"tree", "-L", "0"}, Files: files, Stderr: "tree: Invalid level, must be greater than 0.\n", Status: 1}},
	})
}

// TestTreeFlagCombinations runs tree with pairs and triples of flags
// over a tree with links and .gitignore files: each run ends, with a
// status tree can return.
func TestTreeFlagCombinations(t *testing.T) {
	flags := [][]string{{"-a"}, {"-d"}, {"-L", "1"}, {"-f"}, {"-i"}, {"--noreport"}, {"-P", "*.txt"}, {"-I", "b*"},
		{"--prune"}, {"--dirsfirst"}, {"-r"}, {"-s"}, {"-h"}, {"-p"}, {"-F"}, {"-Q"}, {"-v"}, {"--matchdirs"}, {"-J"},
		{"--charset=ascii"}, {"--sort=size"}, {"-C"}, {"-l"}, {"--filelimit", "1"}, {"--du"}, {"--gitignore"}}
	files := map[string]string{
		"/home/user/r/a.txt": "x", "/home/user/r/b/c.txt": "yy", "/home/user/r/b/d/": "", "/home/user/r/.gitignore": "*.log\n/b/d\n",
		"/home/user/r/e.log": "", "/home/user/r/b/.gitignore": "!x\n**/z\n",
	}
	run := lookup(t, "tree")
	for i, f1 := range flags {
		for j, f2 := range flags[i:] {
			f3 := flags[(i*7+j*3)%len(flags)]
			args := append(append(append([]string{"tree"}, f1...), f2...), f3...)
			c := command.Case{Args: append(args, "r", "/home/user/r/b"), Files: files}
			if _, _, st, _ := c.Run(run, nil); st < 0 || st > 2 {
				t.Fatalf("%v: status %d", args, st)
			}
		}
	}
}
