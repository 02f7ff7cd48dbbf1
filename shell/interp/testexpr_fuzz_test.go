package interp

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// noFiles is a TestEnv with no files, variables or options.
type noFiles struct{}

func (noFiles) Stat(string) (fs.FileInfo, error)  { return nil, fs.ErrNotExist }
func (noFiles) Lstat(string) (fs.FileInfo, error) { return nil, fs.ErrNotExist }
func (noFiles) Access(string, uint32) error       { return fs.ErrNotExist }
func (noFiles) IDs() (int, int)                   { return 1000, 1000 }
func (noFiles) IsTerminal(int) bool               { return false }
func (noFiles) VarSet(string) bool                { return false }
func (noFiles) IsNameref(string) bool             { return false }
func (noFiles) OptionSet(string) bool             { return false }

// FuzzTest checks that no argument list makes test panic, and that it
// answers 0 or 1, or 2 with a *TestError.
func FuzzTest(f *testing.F) {
	for _, c := range testCases {
		f.Add(c.args)
	}
	f.Fuzz(func(t *testing.T, args string) {
		argv := strings.Split(args, " ")
		bracket := len(argv) > 0 && argv[0] == "["
		if bracket {
			argv = argv[1:]
		}
		st, err := Test(argv, noFiles{}, bracket)
		var te *TestError
		switch {
		case st == 2 && errors.As(err, &te):
		case (st == 0 || st == 1) && err == nil:
		default:
			t.Fatalf("test %q: status %d, error %v", args, st, err)
		}
	})
}
