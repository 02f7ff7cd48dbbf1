package sysutil

import (
	"memsh/shell/command"
	"memsh/shell/internal/longopt"
)

// env, xargs, timeout and seq stop option parsing at the first operand
// (getopt's "+" mode) because what follows is a command line or a
// negative number, and xargs has options with optional arguments
// (-i[R], -l[N], -e[EOF]); pflag does neither. These commands read
// their options in order through longopt.Table.Getopt, the shared
// getopt_long (the same long-option lookup and messages as
// command.Invocation.ParseFlags); getopt adapts their option tables.

// argKind says whether an option takes an argument.
type argKind int

const (
	noArg argKind = iota
	requiredArg
	optionalArg
)

// optSpec is one option. Short is 0 for long-only options; Long is "" for
// short-only ones. Key identifies the option in the parse result.
type optSpec struct {
	Short rune
	Long  string
	Arg   argKind
	Key   string
}

// opt is one parsed option occurrence.
type opt struct {
	Key   string
	Value string
	Has   bool   // an argument was given (for optionalArg)
	Name  string // as spelled: "-n" or "--max-args"
}

// getopt parses args (without the command name) GNU-style by
// longopt.Table.Getopt. With stopAtOperand, parsing ends at the first
// operand (getopt's "+" mode); otherwise operands and options may be
// interleaved. isOperand, when not nil, lets a command treat some
// dash-words as operands (seq's "-1"). On error it prints getopt's
// message and the --help hint and returns ok=false.
func getopt(inv *command.Invocation, args []string, specs []optSpec, stopAtOperand bool, isOperand func(string) bool) (opts []opt, operands []string, ok bool) {
	t := longopt.Table{InOrder: stopAtOperand}
	var short []longopt.Short
	for _, sp := range specs {
		if sp.Long != "" {
			t.Long = append(t.Long, longopt.Option{Name: sp.Long, ID: sp.Key, Arg: sp.Arg == requiredArg, NoArg: sp.Arg == noArg})
		}
		if sp.Short != 0 {
			short = append(short, longopt.Short{Letter: sp.Short, ID: sp.Key, Arg: sp.Arg == requiredArg, Optional: sp.Arg == optionalArg})
		}
	}
	matches, operands, msg := t.Getopt(args, short, isOperand)
	if msg != "" {
		inv.Errorf("%s", msg)
		inv.Usage(0, "")
		return nil, nil, false
	}
	for _, m := range matches {
		opts = append(opts, opt{Key: m.ID, Value: m.Value, Has: m.Has, Name: m.Name})
	}
	return opts, operands, true
}
