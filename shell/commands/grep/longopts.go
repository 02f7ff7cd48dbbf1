package grep

import (
	"fmt"
	"strings"
)

// longOpt is one row of GNU grep's long-option table, in its order (the
// order getopt lists ambiguous possibilities in). Rows with the same id
// are the same option (--color and --colour).
type longOpt struct {
	name, id string
	arg      bool // takes an argument (--name=V or --name V)
}

var grepLongOpts = []longOpt{
	{"basic-regexp", "G", false}, {"extended-regexp", "E", false}, {"fixed-regexp", "F", false},
	{"fixed-strings", "F", false}, {"perl-regexp", "P", false}, {"after-context", "A", true},
	{"before-context", "B", true}, {"binary-files", "binary-files", true}, {"byte-offset", "b", false},
	{"context", "C", true}, {"color", "color", false}, {"colour", "color", false}, {"count", "c", false},
	{"devices", "D", true}, {"directories", "d", true}, {"dereference-recursive", "R", false},
	{"exclude", "exclude", true}, {"exclude-from", "exclude-from", true}, {"exclude-dir", "exclude-dir", true},
	{"file", "f", true}, {"files-with-matches", "l", false}, {"files-without-match", "L", false},
	{"group-separator", "group-separator", true}, {"help", "help", false}, {"include", "include", true},
	{"ignore-case", "i", false}, {"no-ignore-case", "no-ignore-case", false}, {"initial-tab", "T", false},
	{"label", "label", true}, {"line-buffered", "line-buffered", false}, {"line-number", "n", false},
	{"line-regexp", "x", false}, {"max-count", "m", true}, {"no-filename", "h", false},
	{"no-group-separator", "no-group-separator", false}, {"no-messages", "s", false}, {"null", "Z", false},
	{"null-data", "z", false}, {"only-matching", "o", false}, {"quiet", "q", false},
	{"recursive", "r", false}, {"regexp", "e", true}, {"invert-match", "v", false},
	{"silent", "q", false}, {"text", "a", false}, {"binary", "U", false},
	{"version", "V", false}, {"with-filename", "H", false}, {"word-regexp", "w", false},
}

// flagAlias maps table names to the flag that implements them.
var flagAlias = map[string]string{"fixed-regexp": "fixed-strings"}

// grepShortArg lists the short options that take an argument.
const grepShortArg = "efmABCdD"

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
