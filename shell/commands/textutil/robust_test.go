package textutil

import (
	"strings"
	"testing"
	"time"

	"memsh/shell/command"
)

// TestOddArguments runs every command with awkward argument lists: each
// must finish with a status, never panic or hang.
func TestOddArguments(t *testing.T) {
	odd := [][]string{
		{}, {""}, {"-"}, {"--"}, {"-", "-"}, {"f", "f"}, {"d"}, {"nope"},
		{"-n"}, {"-n", ""}, {"-n", "-"}, {"-n", "99999999999999999999999999"}, {"-c", "-0"},
		{"-k", ""}, {"-k", "1.99999999999999999999,3.0"}, {"-k2.99999999999999999999,2.99999999999999999999", "f"}, {"-k", "99999999999999999999"}, {"-k", "2,1"}, {"-t", "", "-k1"}, {"-z"},
		{"-f", "0"}, {"-f", "1-"}, {"-b", "-"}, {"-c", ",,"}, {"-d", ""},
		{"[:alpha:]"}, {"[", "]"}, {"\\", "\\"}, {"[a*", "]"}, {"a-", "-z"}, {"[=", "=]"}, {"\\777", "x"},
		{"-w", "0"}, {"-i", "9:9", "f", "f"}, {"-s", ""}, {"-r", "-s", "("}, {"-r", "-s", "x*"},
		{"-c", "f"}, {"--tag", "-b", "f"}, {"-l", "f", "d"},
		{"-n", "+0", "f"}, {"-c", "+99", "f"}, {"-5", "f"}, {"+", "f"},
		{"-M", "-k1.1,1.1", "f"}, {"-gV"}, {"-hR"}, {"-s", "-u", "-k1.5"},
	}
	stdin := "b 2\na\x00 10\n\xff\xfe\n\nc\t1\n"
	files := map[string]string{"/home/user/f": "x y\n\n1 2 3\n", "/home/user/d/": ""}
	for _, c := range Commands() {
		for _, args := range odd {
			if c.Name == "tail" && strings.Contains(strings.Join(args, " "), "-f") {
				continue
			}
			argv := append([]string{c.Name}, args...)
			tc := command.Case{Files: files, Args: argv, Stdin: stdin}
			done := make(chan struct{})
			go func() {
				defer close(done)
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%q panicked: %v", argv, r)
					}
				}()
				tc.Run(c.Run, nil)
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%q did not finish", argv)
			}
		}
	}
}
