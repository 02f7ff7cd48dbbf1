package sed

import (
	"fmt"
	"strings"
)

// longOpt is one row of GNU sed's long-option table, in its order (the
// order getopt lists ambiguous possibilities in). Rows with the same id
// are the same option (--null-data and --zero-terminated).
type longOpt struct {
	name, id string
	arg      bool // takes an argument (--name=V or --name V)
}

var sedLongOpts = []longOpt{
	{"binary", "b", false}, {"regexp-extended", "E", false}, {"debug", "debug", false},
	{"in-place", "i", false}, {"expression", "e", true}, {"file", "f", true},
	{"line-length", "l", true}, {"null-data", "z", false}, {"zero-terminated", "z", false},
	{"quiet", "n", false}, {"posix", "posix", false}, {"silent", "n", false},
	{"sandbox", "sandbox", false}, {"separate", "s", false}, {"unbuffered", "u", false},
	{"version", "version", false}, {"help", "help", false}, {"follow-symlinks", "follow-symlinks", false},
}

// flagAlias maps table names to the flag that implements them.
var flagAlias = map[string]string{"zero-terminated": "null-data"}

// sedShortArg lists the short options that take an argument.
const sedShortArg = "efl"

// canonicalLongOpts rewrites unambiguous abbreviations of long options
// to their full names, as getopt_long accepts them; an ambiguous one
// gives getopt's message. Option arguments are left alone.
func canonicalLongOpts(args []string, table []longOpt, shortArg string) ([]string, string) {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		out = append(out, a)
		switch {
		case a == "--":
			return append(out, args[i+1:]...), ""
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			var matches []longOpt
			exact := false
			for _, o := range table {
				if o.name == name {
					matches, exact = []longOpt{o}, true
					break
				}
				if strings.HasPrefix(o.name, name) {
					matches = append(matches, o)
				}
			}
			if len(matches) == 0 {
				continue // pflag reports it as unrecognized
			}
			first := matches[0]
			var names []string
			for _, o := range matches {
				if o.id != first.id || o.name == first.name {
					names = append(names, "'--"+o.name+"'")
				}
			}
			if !exact && len(names) > 1 {
				return nil, fmt.Sprintf("option '%s' is ambiguous; possibilities: %s", "--"+name, strings.Join(names, " "))
			}
			full := "--" + first.name
			if alias, ok := flagAlias[first.name]; ok {
				full = "--" + alias
			}
			if hasValue {
				full += "=" + value
			}
			out[len(out)-1] = full
			if first.arg && !hasValue && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
		case len(a) > 1 && a[0] == '-':
			// A cluster: the first option taking an argument takes the
			// rest, or the next word.
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(shortArg, a[j]) >= 0 {
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
