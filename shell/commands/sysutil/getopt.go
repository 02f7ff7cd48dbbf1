package sysutil

import (
	"strings"

	"memsh/shell/command"
	"memsh/shell/internal/longopt"
)

// Why a getopt of our own? env, xargs, timeout and seq stop option parsing
// at the first operand (getopt's "+" mode) because what follows is a
// command line or a negative number, xargs has options with optional
// arguments (-i[R], -l[N], -e[EOF]), and GNU accepts unambiguous prefixes
// of long options (--sep=,). pflag does none of these.

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

// getopt parses args (without the command name) GNU-style. With
// stopAtOperand, parsing ends at the first operand (POSIXLY "+" mode);
// otherwise operands and options may be interleaved. isOperand, when not
// nil, lets a command treat some dash-words as operands (seq's "-1").
// On error it prints getopt's message and the --help hint and returns
// ok=false.
func getopt(inv *command.Invocation, args []string, specs []optSpec, stopAtOperand bool, isOperand func(string) bool) (opts []opt, operands []string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			return opts, operands, true
		}
		if len(a) < 2 || a[0] != '-' || (isOperand != nil && isOperand(a)) {
			if stopAtOperand {
				operands = append(operands, args[i:]...)
				return opts, operands, true
			}
			operands = append(operands, a)
			continue
		}
		if strings.HasPrefix(a, "--") {
			_, val, hasVal := strings.Cut(a[2:], "=")
			sp, msg := findLong(specs, a)
			if sp == nil {
				inv.Errorf("%s", msg)
				inv.Usage(0, "")
				return nil, nil, false
			}
			o := opt{Key: sp.Key, Name: "--" + sp.Long}
			switch sp.Arg {
			case noArg:
				if hasVal {
					inv.Errorf("option '--%s' doesn't allow an argument", sp.Long)
					inv.Usage(0, "")
					return nil, nil, false
				}
			case requiredArg:
				if !hasVal {
					if i+1 >= len(args) {
						inv.Errorf("option '--%s' requires an argument", sp.Long)
						inv.Usage(0, "")
						return nil, nil, false
					}
					i++
					val = args[i]
				}
				o.Value, o.Has = val, true
			case optionalArg:
				o.Value, o.Has = val, hasVal
			}
			opts = append(opts, o)
			continue
		}
		// A cluster of short options.
		rs := []rune(a[1:])
		for j := 0; j < len(rs); j++ {
			sp := findShort(specs, rs[j])
			if sp == nil {
				inv.Errorf("invalid option -- '%c'", rs[j])
				inv.Usage(0, "")
				return nil, nil, false
			}
			o := opt{Key: sp.Key, Name: "-" + string(rs[j])}
			rest := string(rs[j+1:])
			switch sp.Arg {
			case requiredArg:
				if rest == "" {
					if i+1 >= len(args) {
						inv.Errorf("option requires an argument -- '%c'", rs[j])
						inv.Usage(0, "")
						return nil, nil, false
					}
					i++
					rest = args[i]
				}
				o.Value, o.Has = rest, true
				j = len(rs)
			case optionalArg:
				o.Value, o.Has = rest, rest != ""
				j = len(rs)
			}
			opts = append(opts, o)
		}
	}
	return opts, operands, true
}

func findShort(specs []optSpec, r rune) *optSpec {
	for i := range specs {
		if specs[i].Short == r && r != 0 {
			return &specs[i]
		}
	}
	return nil
}

// findLong resolves a long option as given ("--name[=value]") to its
// spec: an exact name or an unambiguous prefix, as getopt_long.
func findLong(specs []optSpec, arg string) (*optSpec, string) {
	var table longopt.Table
	var index []int
	for i, sp := range specs {
		if sp.Long != "" {
			table.Long = append(table.Long, longopt.Option{Name: sp.Long, ID: sp.Key})
			index = append(index, i)
		}
	}
	i, msg := table.Find(arg)
	if i < 0 {
		return nil, msg
	}
	return &specs[index[i]], ""
}
