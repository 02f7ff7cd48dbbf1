package longopt

import "strings"

// Short is one short option of a Getopt parse.
type Short struct {
	// Letter is the option letter.
	Letter rune
	// ID identifies the option in Getopt's matches; a long option
	// with the same ID is the same option spelt long.
	ID string
	// Arg says the option takes an argument: the rest of its word, or
	// else the next word (getopt's "n:").
	Arg bool
	// Optional says the option takes an optional argument, the rest of
	// its word only (getopt's "i::", xargs's -i[R]).
	Optional bool
}

// Match is one option occurrence found by Getopt.
type Match struct {
	// ID is the option's ID (Option.ID or Short.ID).
	ID string
	// Value is the option's argument.
	Value string
	// Has says an argument was given (it may be empty: --eof=).
	Has bool
	// Name is the option as getopt names it: "-n" or "--max-args".
	Name string
}

// Getopt parses args (without the command name) by getopt_long's rules,
// for commands that read their options in order themselves (env, xargs,
// timeout, seq) rather than through pflag. Long options are t.Long, any
// unambiguous prefix standing for one (Arg: a required argument, NoArg:
// none, neither: an optional one, --name=V only); short options are
// short, clustered as "-abc". "--" ends the options; with t.InOrder so
// does the first operand (getopt's "+" mode), otherwise options and
// operands mix. isOperand, when not nil, makes some dash-words operands
// (seq's "-1"). For a bad option it returns getopt's message.
func (t Table) Getopt(args []string, short []Short, isOperand func(string) bool) (matches []Match, operands []string, msg string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return matches, append(operands, args[i+1:]...), ""
		}
		if len(a) < 2 || a[0] != '-' || (isOperand != nil && isOperand(a)) {
			if t.InOrder {
				return matches, append(operands, args[i:]...), ""
			}
			operands = append(operands, a)
			continue
		}
		if strings.HasPrefix(a, "--") {
			k, msg := t.Find(a)
			if k < 0 {
				return nil, nil, msg
			}
			o := t.Long[k]
			_, value, hasValue := strings.Cut(a[2:], "=")
			m := Match{ID: o.ID, Name: "--" + o.Name}
			switch {
			case o.NoArg && hasValue:
				return nil, nil, "option '--" + o.Name + "' doesn't allow an argument"
			case o.Arg && !hasValue:
				if i+1 >= len(args) {
					return nil, nil, "option '--" + o.Name + "' requires an argument"
				}
				i++
				value, hasValue = args[i], true
			}
			if !o.NoArg {
				m.Value, m.Has = value, hasValue
			}
			matches = append(matches, m)
			continue
		}
		// A cluster of short options: one that takes an argument takes
		// the rest of the word (or, required, the next word).
		rs := []rune(a[1:])
		for j := 0; j < len(rs); j++ {
			s := findShort(short, rs[j])
			if s == nil {
				return nil, nil, "invalid option -- '" + string(rs[j]) + "'"
			}
			m := Match{ID: s.ID, Name: "-" + string(rs[j])}
			rest := string(rs[j+1:])
			switch {
			case s.Arg:
				if rest == "" {
					if i+1 >= len(args) {
						return nil, nil, "option requires an argument -- '" + string(rs[j]) + "'"
					}
					i++
					rest = args[i]
				}
				m.Value, m.Has = rest, true
				j = len(rs)
			case s.Optional:
				m.Value, m.Has = rest, rest != ""
				j = len(rs)
			}
			matches = append(matches, m)
		}
	}
	return matches, operands, ""
}

// findShort returns the option of letter r, or nil.
func findShort(short []Short, r rune) *Short {
	for i := range short {
		if short[i].Letter == r {
			return &short[i]
		}
	}
	return nil
}
