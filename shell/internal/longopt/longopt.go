// Package longopt gives pflag-based commands GNU getopt_long's handling
// of long options: any unambiguous prefix of a long name is accepted
// ("--ignore-c" for "--ignore-case"), and an ambiguous one fails with
// getopt's message. Commands rewrite their arguments with Table.Expand
// before pflag parses them; pflag then reports unrecognized options in
// the same GNU words (see command.Invocation.ParseFlags).
package longopt

import (
	"strings"
)

// Option is one row of a command's getopt_long table.
type Option struct {
	// Name is the long name, without "--".
	Name string
	// ID identifies the option: rows with the same ID are one option
	// spelled two ways (grep's --color and --colour), so a prefix of
	// both is not ambiguous.
	ID string
	// Arg says the option takes an argument (--name=V or --name V).
	Arg bool
	// NoArg says the option takes no argument at all, not even as
	// --name=V (getopt's "doesn't allow an argument"); neither Arg nor
	// NoArg: an optional argument, --name=V only.
	NoArg bool
	// Flag is the pflag name that implements the row, when it is not
	// Name (sed's --zero-terminated is its --null-data flag).
	Flag string
}

// Table is a command's long options, in the order of the GNU tool's
// table (the order getopt lists an ambiguous prefix's possibilities
// in), with its short options that take an argument.
type Table struct {
	Long []Option
	// ShortArg lists the short option letters that take an argument,
	// so that an option's argument is never read as an option.
	ShortArg string
	// Complete says Long lists every long option: Expand then reports a
	// name that matches none, quoting the argument whole as getopt does
	// ("unrecognized option '--xyz=1'").
	Complete bool
	// InOrder says options end at the first operand (getopt's "+"
	// mode, or POSIXLY_CORRECT): Expand leaves every word from there on
	// alone, so "tr a b --bogus" has the operand "--bogus".
	InOrder bool
}

// Expand returns args (without the command name) with each unambiguous
// abbreviation of a long option written out in full, as the flag that
// implements it. Option arguments, everything after "--" and names that
// match no option (for pflag to report) are left alone, and with
// InOrder so is everything from the first operand on. For an ambiguous
// abbreviation it returns getopt's message instead, which names the
// argument as given: "option '--co=1' is ambiguous; possibilities: ...".
func (t Table) Expand(args []string) ([]string, string) {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		out = append(out, a)
		switch {
		case a == "--":
			return append(out, args[i+1:]...), ""
		case t.InOrder && (len(a) < 2 || a[0] != '-'):
			return append(out, args[i+1:]...), ""
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			k, msg := t.lookup(name, a)
			if msg != "" {
				return nil, msg
			}
			if k < 0 {
				if t.Complete && a != "--" {
					return nil, "unrecognized option '" + a + "'"
				}
				continue
			}
			o := t.Long[k]
			if hasValue && o.NoArg {
				return nil, "option '--" + o.Name + "' doesn't allow an argument"
			}
			full := "--" + o.Name
			if o.Flag != "" {
				full = "--" + o.Flag
			}
			if hasValue {
				full += "=" + value
			}
			out[len(out)-1] = full
			if o.Arg && !hasValue && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
		case len(a) > 1 && a[0] == '-':
			// A cluster: the first option taking an argument takes the
			// rest, or the next word.
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(t.ShortArg, a[j]) >= 0 {
					if j == len(a)-1 && i+1 < len(args) {
						i++
						out = append(out, args[i])
					}
					break
				}
			}
		}
	}
	return out, ""
}

// Find looks up a long option as given on the command line, "--name"
// or "--name=value": an exact name, or else an abbreviation that stands
// for one option. It returns the option's index in t.Long, or -1 and
// getopt's message, which quotes arg whole: "unrecognized option
// '--xyz=1'" or "option '--co' is ambiguous; possibilities: ...".
func (t Table) Find(arg string) (int, string) {
	name, _, _ := strings.Cut(strings.TrimPrefix(arg, "--"), "=")
	i, msg := t.lookup(name, arg)
	if i < 0 && msg == "" {
		msg = "unrecognized option '" + arg + "'"
	}
	return i, msg
}

// lookup finds the option name stands for: an exact name, or else the
// first option it is a prefix of, provided every other such option is
// the same one (same ID). It returns -1 when no option matches, and
// getopt's message about arg (name as spelled, with any "=value") when
// the prefix is ambiguous; like glibc, the message lists the first match
// and each match that is a different option from it.
func (t Table) lookup(name, arg string) (int, string) {
	first := -1
	possibilities := ""
	ambiguous := false
	for i, o := range t.Long {
		if o.Name == name {
			return i, ""
		}
		if !strings.HasPrefix(o.Name, name) {
			continue
		}
		if first < 0 {
			first = i
			possibilities = "'--" + o.Name + "'"
		} else if o.ID != t.Long[first].ID {
			possibilities += " '--" + o.Name + "'"
			ambiguous = true
		}
	}
	if ambiguous {
		return -1, "option '" + arg + "' is ambiguous; possibilities: " + possibilities
	}
	return first, ""
}
