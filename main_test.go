package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the testscript files run the memsh binary as the command
// "memsh" without building it separately.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"memsh": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs testdata/script/*.txtar: the binary as a user drives it
// (script mode, flags, exit statuses, --json, --save/--load, --mount).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
