package longopt

import (
	"slices"
	"testing"
)

// table is a slice of GNU grep's, in its order.
var table = Table{
	ShortArg: "efmC",
	Long: []Option{
		{Name: "fixed-regexp", ID: "F", Flag: "fixed-strings"}, {Name: "fixed-strings", ID: "F"},
		{Name: "context", ID: "C", Arg: true}, {Name: "color", ID: "color"},
		{Name: "colour", ID: "color"}, {Name: "count", ID: "c"},
		{Name: "max-count", ID: "m", Arg: true}, {Name: "null", ID: "Z"},
		{Name: "null-data", ID: "z"}, {Name: "regexp", ID: "e", Arg: true},
		{Name: "recursive", ID: "r"},
	},
}

func TestExpand(t *testing.T) {
	for _, c := range []struct {
		args, want []string
		msg        string
	}{
		{args: nil, want: []string{}},
		{args: []string{"--count", "x"}, want: []string{"--count", "x"}},
		{args: []string{"--cou", "x"}, want: []string{"--count", "x"}},
		{args: []string{"--col=always"}, want: []string{"--color=always"}},
		// --color and --colour are one option: not ambiguous.
		{args: []string{"--colo"}, want: []string{"--color"}},
		{args: []string{"--colou"}, want: []string{"--colour"}},
		// The flag that implements a row replaces its name.
		{args: []string{"--fixed-r"}, want: []string{"--fixed-strings"}},
		{args: []string{"--fixed"}, want: []string{"--fixed-strings"}},
		// An exact name wins over the longer names it prefixes.
		{args: []string{"--null"}, want: []string{"--null"}},
		{args: []string{"--null-"}, want: []string{"--null-data"}},
		// Option arguments are never rewritten.
		{args: []string{"--max", "--cou"}, want: []string{"--max-count", "--cou"}},
		{args: []string{"--max=--cou", "--cou"}, want: []string{"--max-count=--cou", "--count"}},
		{args: []string{"-e", "--co"}, want: []string{"-e", "--co"}},
		{args: []string{"-ie", "--co"}, want: []string{"-ie", "--co"}},
		{args: []string{"-ex", "--cou"}, want: []string{"-ex", "--count"}},
		{args: []string{"--reg", "--co", "--rec"}, want: []string{"--regexp", "--co", "--recursive"}},
		// Unknown names are left for pflag to report; "--" ends options.
		{args: []string{"--xyz", "--cou"}, want: []string{"--xyz", "--count"}},
		{args: []string{"--", "--cou"}, want: []string{"--", "--cou"}},
		{args: []string{"-", "--cou"}, want: []string{"-", "--count"}},
		// getopt lists the first match and each different option.
		// (--colour differs from --context, the first, so it is listed.)
		{args: []string{"--co"}, msg: "option '--co' is ambiguous; possibilities: '--context' '--color' '--colour' '--count'"},
		// As glibc, the message quotes the argument whole.
		{args: []string{"--c=1"}, msg: "option '--c=1' is ambiguous; possibilities: '--context' '--color' '--colour' '--count'"},
		{args: []string{"--nu"}, msg: "option '--nu' is ambiguous; possibilities: '--null' '--null-data'"},
		{args: []string{"--count", "--re"}, msg: "option '--re' is ambiguous; possibilities: '--regexp' '--recursive'"},
		{args: []string{"--", "--re"}, want: []string{"--", "--re"}},
	} {
		got, msg := table.Expand(c.args)
		if msg != c.msg || c.msg == "" && !slices.Equal(got, c.want) {
			t.Errorf("Expand(%q) = %q, %q; want %q, %q", c.args, got, msg, c.want, c.msg)
		}
		if c.msg != "" && got != nil {
			t.Errorf("Expand(%q) = %q with a message; want nil", c.args, got)
		}
	}
}

// TestExpandInOrder: with getopt's "+" mode every word from the first
// operand on is left alone, even one that looks like a long option.
func TestExpandInOrder(t *testing.T) {
	inOrder := table
	inOrder.InOrder = true
	for _, c := range []struct {
		args, want []string
		msg        string
	}{
		{args: []string{"--cou", "x", "--cou"}, want: []string{"--count", "x", "--cou"}},
		{args: []string{"x", "--co", "--xyz"}, want: []string{"x", "--co", "--xyz"}},
		{args: []string{"-", "--cou"}, want: []string{"-", "--cou"}},
		{args: []string{"-e", "x", "--cou", "y", "--cou"}, want: []string{"-e", "x", "--count", "y", "--cou"}},
		{args: []string{"--max", "x", "--cou"}, want: []string{"--max-count", "x", "--count"}},
		{args: []string{"--co", "x"}, msg: "option '--co' is ambiguous; possibilities: '--context' '--color' '--colour' '--count'"},
	} {
		got, msg := inOrder.Expand(c.args)
		if msg != c.msg || c.msg == "" && !slices.Equal(got, c.want) {
			t.Errorf("Expand(%q) = %q, %q; want %q, %q", c.args, got, msg, c.want, c.msg)
		}
	}
}

func TestFind(t *testing.T) {
	for _, c := range []struct {
		arg  string
		want int
		msg  string
	}{
		{"--count", 5, ""},
		{"--cou=1", 5, ""},
		{"--colo", 3, ""},
		{"--colour", 4, ""},
		{"--null", 7, ""},
		{"--xyz", -1, "unrecognized option '--xyz'"},
		{"--xyz=1", -1, "unrecognized option '--xyz=1'"},
		{"--nu=1", -1, "option '--nu=1' is ambiguous; possibilities: '--null' '--null-data'"},
	} {
		got, msg := table.Find(c.arg)
		if got != c.want || msg != c.msg {
			t.Errorf("Find(%q) = %d, %q; want %d, %q", c.arg, got, msg, c.want, c.msg)
		}
	}
}

func TestExpandNoArg(t *testing.T) {
	tb := Table{Long: []Option{{Name: "parents", ID: "p", NoArg: true}, {Name: "mode", ID: "m", Arg: true}}}
	if _, msg := tb.Expand([]string{"--par=x"}); msg != "option '--parents' doesn't allow an argument" {
		t.Errorf("--par=x: %q", msg)
	}
	if got, msg := tb.Expand([]string{"--mo=1", "--par"}); msg != "" || !slices.Equal(got, []string{"--mode=1", "--parents"}) {
		t.Errorf("--mo=1 --par: %q %q", got, msg)
	}
}
