package binutil

import (
	"testing"

	"memsh/shell/command"
)

func TestJoin(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"join", "-o", "3.1", "t", "t"}, Files: testFiles, Stderr: "join: invalid file number in field spec: ‘3.1’\n", Status: 1},
		{Args: []string{"join", "-o", "1.x", "t", "t"}, Files: testFiles, Stderr: "join: invalid field number: ‘x’\n", Status: 1},
		{Args: []string{"join", "-o", "0.1", "t", "t"}, Files: testFiles, Stderr: "join: invalid field specifier: ‘0.1’\n", Status: 1},
		{Args: []string{"join", "-", "-"}, Files: testFiles, Stderr: "join: both files cannot be standard input: No such file or directory\n", Status: 1},
		{Args: []string{"join", "-", "t"}, Files: testFiles, Stdin: "line x\n",
			Stdout: "line x one\nline x two\n"},
		{Args: []string{"join", "nope", "f"}, Files: testFiles,
			Stderr: "join: nope: No such file or directory\n", Status: 1},
		{Args: []string{"join", "f"}, Files: testFiles,
			Stderr: "join: missing operand after \xe2\x80\x98f\xe2\x80\x99\nTry 'join --help' for more information.\n", Status: 1},
		{Args: []string{"join", "-a1", "-a2", "-e", "NONE", "-o", "auto", "-", "t"}, Files: testFiles, Stdin: "a 1\nline 2\nz 3\n",
			Stdout: "a 1 NONE\nline 2 one\nline 2 two\nindented NONE x\nz 3 NONE\n",
			Stderr: "join: t:3: is not sorted: \tindented  x\njoin: input is not in sorted order\n", Status: 1},
		{Args: []string{"join", "-v1", "-", "t"}, Files: testFiles, Stdin: "a 1\nline 2\nz 3\n",
			Stdout: "a 1\nz 3\n",
			Stderr: "join: t:3: is not sorted: \tindented  x\njoin: input is not in sorted order\n", Status: 1},
		{Args: []string{"join", "-o", "1.2,2.2,0", "-", "t"}, Files: testFiles, Stdin: "line 2\n",
			Stdout: "2 one line\n2 two line\n"},
		{Args: []string{"join", "-t", "e", "-", "t"}, Files: testFiles, Stdin: "lin-x\n",
			Stderr: "join: t:3: is not sorted: \tindented  x\njoin: input is not in sorted order\n", Status: 1},
		{Args: []string{"join", "-j", "2", "-", "t"}, Files: testFiles, Stdin: "q one\nr two\n",
			Stdout: "one q line\ntwo r line\n"},
		{Args: []string{"join", "--check-order", "-", "t"}, Files: testFiles, Stdin: "b\na\n",
			Stderr: "join: -:2: is not sorted: a\n", Status: 1},
		{Args: []string{"join", "-", "t"}, Files: testFiles, Stdin: "z\na\n",
			Stderr: "join: t:3: is not sorted: \tindented  x\njoin: -:2: is not sorted: a\njoin: input is not in sorted order\n", Status: 1},
	})
}
func TestSplitErrors(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"split", "nope"}, Files: testFiles,
			Stderr: "split: cannot open 'nope' for reading: No such file or directory\n", Status: 1},
		{Args: []string{"split", "-l", "0", "t"}, Files: testFiles,
			Stderr: "split: invalid number of lines: \xe2\x80\x980\xe2\x80\x99: Numerical result out of range\n", Status: 1},
		{Args: []string{"split", "-n", "2/3", "t"}, Files: testFiles,
			Stdout: "ine two\n\ti"},
		{Args: []string{"split", "-n", "l/2/2", "t"}, Files: testFiles,
			Stdout: "\tindented  x\n"},
		{Args: []string{"split", "-a", "1", "-l", "1", "-"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n",
			Stderr: "split: output file suffixes exhausted\n", Status: 1},
		{Args: []string{"split", "--verbose", "-b", "10", "t"}, Files: testFiles,
			Stdout: "creating file 'xaa'\ncreating file 'xab'\ncreating file 'xac'\ncreating file 'xad'\n"},
	})
}

func TestSplitFiles(t *testing.T) {
	c := command.Case{Args: []string{"split", "-l", "3", "-d", "-", "p_"}, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"}
	_, errs, st, fsys := c.Run(runSplit, nil)
	if st != 0 || errs != "" {
		t.Fatalf("%q %d", errs, st)
	}
	for name, want := range map[string]string{"p_00": "1\n2\n3\n", "p_01": "4\n5\n6\n", "p_02": "7\n8\n9\n", "p_03": "10\n"} {
		got, err := fsys.ReadFile("/home/user/" + name)
		if err != nil || string(got) != want {
			t.Fatalf("%s: %q %v", name, got, err)
		}
	}
	// -n needs the input's size: a file, as GNU refuses a pipe.
	c = command.Case{Args: []string{"split", "-n", "l/3", "in"}, Files: map[string]string{"/home/user/in": "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"}}
	_, _, _, fsys = c.Run(runSplit, nil)
	for name, want := range map[string]string{"xaa": "1\n2\n3\n4\n", "xab": "5\n6\n7\n", "xac": "8\n9\n10\n"} {
		got, _ := fsys.ReadFile("/home/user/" + name)
		if string(got) != want {
			t.Fatalf("%s: %q", name, got)
		}
	}
}
