package grep

import "memsh/shell/internal/longopt"

// grepLongOpts is GNU grep's long-option table, in its order. Rows with
// the same ID are the same option (--color and --colour).
var grepLongOpts = longopt.Table{
	ShortArg: "efmABCdD",
	Long: []longopt.Option{
		{Name: "basic-regexp", ID: "G"}, {Name: "extended-regexp", ID: "E"},
		{Name: "fixed-regexp", ID: "F", Flag: "fixed-strings"}, {Name: "fixed-strings", ID: "F"},
		{Name: "perl-regexp", ID: "P"}, {Name: "after-context", ID: "A", Arg: true},
		{Name: "before-context", ID: "B", Arg: true},
		{Name: "binary-files", ID: "binary-files", Arg: true}, {Name: "byte-offset", ID: "b"},
		{Name: "context", ID: "C", Arg: true}, {Name: "color", ID: "color"}, {Name: "colour", ID: "color"},
		{Name: "count", ID: "c"}, {Name: "devices", ID: "D", Arg: true},
		{Name: "directories", ID: "d", Arg: true}, {Name: "dereference-recursive", ID: "R"},
		{Name: "exclude", ID: "exclude", Arg: true}, {Name: "exclude-from", ID: "exclude-from", Arg: true},
		{Name: "exclude-dir", ID: "exclude-dir", Arg: true}, {Name: "file", ID: "f", Arg: true},
		{Name: "files-with-matches", ID: "l"}, {Name: "files-without-match", ID: "L"},
		{Name: "group-separator", ID: "group-separator", Arg: true}, {Name: "help", ID: "help"},
		{Name: "include", ID: "include", Arg: true}, {Name: "ignore-case", ID: "i"},
		{Name: "no-ignore-case", ID: "no-ignore-case"}, {Name: "initial-tab", ID: "T"},
		{Name: "label", ID: "label", Arg: true}, {Name: "line-buffered", ID: "line-buffered"},
		{Name: "line-number", ID: "n"}, {Name: "line-regexp", ID: "x"},
		{Name: "max-count", ID: "m", Arg: true}, {Name: "no-filename", ID: "h"},
		{Name: "no-group-separator", ID: "no-group-separator"}, {Name: "no-messages", ID: "s"},
		{Name: "null", ID: "Z"}, {Name: "null-data", ID: "z"}, {Name: "only-matching", ID: "o"},
		{Name: "quiet", ID: "q"}, {Name: "recursive", ID: "r"}, {Name: "regexp", ID: "e", Arg: true},
		{Name: "invert-match", ID: "v"}, {Name: "silent", ID: "q"}, {Name: "text", ID: "a"},
		{Name: "binary", ID: "U"}, {Name: "version", ID: "V"}, {Name: "with-filename", ID: "H"},
		{Name: "word-regexp", ID: "w"},
	},
}
