package fileutil

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

// TestMktempDryRunMissingDir: GNU's mktemp -u only lstats the name, so a
// missing directory still gives a name (status 0); a file in the way of
// the directory gives ENOTDIR.
func TestMktempDryRunMissingDir(t *testing.T) {
	run := commandFunc(t, "mktemp")
	out, _, st, _ := command.Case{Args: []string{"mktemp", "-u", "/nonexist/XXX"}}.Run(run, nil)
	if st != 0 || !strings.HasPrefix(out, "/nonexist/") || len(out) != len("/nonexist/XXX\n") {
		t.Errorf("mktemp -u /nonexist/XXX: %q status %d", out, st)
	}
	_, errOut, st, _ := command.Case{Args: []string{"mktemp", "-u", "f/XXX"}, Files: map[string]string{"/home/user/f": ""}}.Run(run, nil)
	if want := "mktemp: failed to create file via template ‘f/XXX’: Not a directory\n"; st != 1 || errOut != want {
		t.Errorf("mktemp -u f/XXX: %q status %d, want %q", errOut, st, want)
	}
}
