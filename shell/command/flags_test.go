package command

import "testing"

// TestGNUFlagErrorHelp: an undefined -h inside a cluster (a file name
// with a leading dash given as options) reads as GNU getopt's complaint,
// recorded from coreutils 9.1 `cp -dash x`.
func TestGNUFlagErrorHelp(t *testing.T) {
	f := (&Invocation{Args: []string{"cp"}}).NewFlags()
	f.BoolP("no-dereference", "d", false, "")
	f.BoolP("archive", "a", false, "")
	f.BoolP("symbolic-link", "s", false, "")
	err := f.Parse([]string{"-dash", "x"})
	if err == nil {
		t.Fatal("cp -dash x parsed")
	}
	if got, want := GNUFlagError(err), "invalid option -- 'h'"; got != want {
		t.Errorf("GNUFlagError = %q, want %q", got, want)
	}
}
