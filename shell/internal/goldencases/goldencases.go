// Package goldencases loads the outputs a command's table test recorded
// from the real tool (a JSON array, one element per table row, written
// by the test's -record mode) and checks that they still belong to the
// table: same length, and each row's name and arguments unchanged.
package goldencases

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// Case is a table row: its name and the command's arguments.
type Case interface {
	Key() (name string, args []string)
}

// Load reads path and returns the recorded rows, one for each of table's;
// it fails t (asking for -record) when the file no longer matches table.
func Load[T Case](t testing.TB, path string, table []T) []T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []T
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(table) {
		t.Fatalf("%s has %d cases, the table %d: run with -record", path, len(want), len(table))
	}
	for i, c := range table {
		name, args := c.Key()
		wname, wargs := want[i].Key()
		if wname != name || !slices.Equal(wargs, args) {
			t.Fatalf("%s: case %d is %q, the table's %q: run with -record", path, i, wname, name)
		}
	}
	return want
}
