package shell

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"testing"
)

// `help` lays its two columns out for the session's width, as bash does
// for the terminal's (or COLUMNS): the tables in testdata/help were
// recorded from bash 5.2.15 (COLUMNS=N bash -c help), disabled_60.txt
// after `enable -n bg; enable -n test`, whose entries get a star.
func TestHelpListingWidth(t *testing.T) {
	check := func(name string, opts Options, script string) {
		t.Helper()
		want, err := os.ReadFile("testdata/help/" + name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		s := newTestSession(t, opts)
		var out bytes.Buffer
		s.Run(context.Background(), script, Stdio{Stdout: &out, Stderr: &out})
		if out.String() != string(want) {
			t.Errorf("%s: got\n%s\nwant\n%s", name, out.String(), want)
		}
	}
	for _, w := range []int{40, 60, 80, 160} {
		check("columns_"+strconv.Itoa(w), Options{Width: w}, "help")
	}
	check("columns_40", Options{Width: 100}, "COLUMNS=40; help")
	check("disabled_60", Options{Width: 60}, "enable -n bg; enable -n test; help")
}
