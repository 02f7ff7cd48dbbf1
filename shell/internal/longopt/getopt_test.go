package longopt

import (
	"reflect"
	"testing"
)

// TestGetopt: a slice of GNU env's and xargs's tables ("+" mode), with
// the messages the real tools print.
func TestGetopt(t *testing.T) {
	table := Table{InOrder: true, Long: []Option{
		{Name: "ignore-environment", ID: "i", NoArg: true},
		{Name: "ignore-signal", ID: "is"},
		{Name: "unset", ID: "u", Arg: true},
		{Name: "debug", ID: "v", NoArg: true},
		{Name: "eof", ID: "e"},
		{Name: "exit", ID: "x", NoArg: true},
	}}
	short := []Short{
		{Letter: 'i', ID: "i"}, {Letter: 'u', ID: "u", Arg: true},
		{Letter: 'v', ID: "v"}, {Letter: 'e', ID: "e", Optional: true},
	}
	for _, c := range []struct {
		args     []string
		matches  []Match
		operands []string
		msg      string
	}{
		{args: []string{"-iu", "X", "cmd", "-i"}, matches: []Match{{ID: "i", Name: "-i"}, {ID: "u", Value: "X", Has: true, Name: "-u"}}, operands: []string{"cmd", "-i"}},
		{args: []string{"-uX", "--", "-i"}, matches: []Match{{ID: "u", Value: "X", Has: true, Name: "-u"}}, operands: []string{"-i"}},
		{args: []string{"--un=X", "--unset", "Y", "-"}, matches: []Match{{ID: "u", Value: "X", Has: true, Name: "--unset"}, {ID: "u", Value: "Y", Has: true, Name: "--unset"}}, operands: []string{"-"}},
		{args: []string{"-e", "-eEOF", "--eo", "--eof="}, matches: []Match{{ID: "e", Name: "-e"}, {ID: "e", Value: "EOF", Has: true, Name: "-e"}, {ID: "e", Name: "--eof"}, {ID: "e", Has: true, Name: "--eof"}}},
		{args: []string{"--u"}, msg: "option '--unset' requires an argument"},
		{args: []string{"-u"}, msg: "option requires an argument -- 'u'"},
		{args: []string{"--i=1"}, msg: "option '--i=1' is ambiguous; possibilities: '--ignore-environment' '--ignore-signal'"},
		{args: []string{"--e"}, msg: "option '--e' is ambiguous; possibilities: '--eof' '--exit'"},
		{args: []string{"--debu=1"}, msg: "option '--debug' doesn't allow an argument"},
		{args: []string{"-vz"}, msg: "invalid option -- 'z'"},
		{args: []string{"--bogus=1"}, msg: "unrecognized option '--bogus=1'"},
	} {
		m, ops, msg := table.Getopt(c.args, short, nil)
		if msg != c.msg || !reflect.DeepEqual(m, c.matches) || !reflect.DeepEqual(ops, c.operands) {
			t.Errorf("Getopt(%q) = %v, %q, %q; want %v, %q, %q", c.args, m, ops, msg, c.matches, c.operands, c.msg)
		}
	}
	// Without "+" mode options and operands mix; isOperand makes some
	// dash-words operands (seq's "-1").
	mixed := Table{Long: table.Long}
	m, ops, msg := mixed.Getopt([]string{"a", "-v", "-1", "b"}, short, func(s string) bool { return s == "-1" })
	if msg != "" || !reflect.DeepEqual(m, []Match{{ID: "v", Name: "-v"}}) || !reflect.DeepEqual(ops, []string{"a", "-1", "b"}) {
		t.Errorf("mixed Getopt = %v, %q, %q", m, ops, msg)
	}
}
