package shell

import "testing"

func TestSetsSplittingIFS(t *testing.T) {
	for src, want := range map[string]bool{
		"IFS=,; x":                 true,
		"while IFS= read -r l; do": false,
		"IFS=$'\\n' lines=($x)":    false,
		"IFS=$'\\t,' x":            true,
		`IFS=":"; x`:               true,
		`IFS=" "; x`:               false,
		`old=$IFS; IFS=$old`:       true,
		"echo no ifs here":         false,
		"local IFS=';'":            true,
		"IFS=\n":                   true, // an empty IFS from here on
		"IFS= read -r a b; x":      false,
		`IFS=$' \n'`:               false,
	} {
		if got := setsSplittingIFS(src); got != want {
			t.Errorf("setsSplittingIFS(%q) = %v, want %v", src, got, want)
		}
	}
}
