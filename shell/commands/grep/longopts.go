package grep

import "memsh/shell/internal/longopt"

// grepLongOpts is GNU grep's long-option table, in its order. Rows
// that take no argument say so (getopt refuses --count=1); rows with the
// same ID are the same option (--color and --colour).
var grepLongOpts = longopt.Table{
	ShortArg: "efmABCdD",
	Long: []longopt.Option{
		{Name: "basic-regexp", ID: "G", NoArg: true}, {Name: "extended-regexp", ID: "E", NoArg: true},
		{Name: "fixed-regexp", ID: "F", Flag: "fixed-strings", NoArg: true}, {Name: "fixed-strings", ID: "F", NoArg: true},
		{Name: "perl-regexp", ID: "P", NoArg: true}, {Name: "after-context", ID: "A", Arg: true},
		{Name: "before-context", ID: "B", Arg: true},
		{Name: "binary-files", ID: "binary-files", Arg: true}, {Name: "byte-offset", ID: "b", NoArg: true},
		{Name: "context", ID: "C", Arg: true}, {Name: "color", ID: "color"}, {Name: "colour", ID: "color"},
		{Name: "count", ID: "c", NoArg: true}, {Name: "devices", ID: "D", Arg: true},
		{Name: "directories", ID: "d", Arg: true}, {Name: "dereference-recursive", ID: "R", NoArg: true},
		{Name: "exclude", ID: "exclude", Arg: true}, {Name: "exclude-from", ID: "exclude-from", Arg: true},
		{Name: "exclude-dir", ID: "exclude-dir", Arg: true}, {Name: "file", ID: "f", Arg: true},
		{Name: "files-with-matches", ID: "l", NoArg: true}, {Name: "files-without-match", ID: "L", NoArg: true},
		{Name: "group-separator", ID: "group-separator", Arg: true}, {Name: "help", ID: "help", NoArg: true},
		{Name: "include", ID: "include", Arg: true}, {Name: "ignore-case", ID: "i", NoArg: true},
		{Name: "no-ignore-case", ID: "no-ignore-case", NoArg: true}, {Name: "initial-tab", ID: "T", NoArg: true},
		{Name: "label", ID: "label", Arg: true}, {Name: "line-buffered", ID: "line-buffered", NoArg: true},
		{Name: "line-number", ID: "n", NoArg: true}, {Name: "line-regexp", ID: "x", NoArg: true},
		{Name: "max-count", ID: "m", Arg: true}, {Name: "no-filename", ID: "h", NoArg: true},
		{Name: "no-group-separator", ID: "no-group-separator", NoArg: true}, {Name: "no-messages", ID: "s", NoArg: true},
		{Name: "null", ID: "Z", NoArg: true}, {Name: "null-data", ID: "z", NoArg: true}, {Name: "only-matching", ID: "o", NoArg: true},
		{Name: "quiet", ID: "q", NoArg: true}, {Name: "recursive", ID: "r", NoArg: true}, {Name: "regexp", ID: "e", Arg: true},
		{Name: "invert-match", ID: "v", NoArg: true}, {Name: "silent", ID: "q", NoArg: true}, {Name: "text", ID: "a", NoArg: true},
		{Name: "binary", ID: "U", NoArg: true}, {Name: "version", ID: "V", NoArg: true}, {Name: "with-filename", ID: "H", NoArg: true},
		{Name: "word-regexp", ID: "w", NoArg: true},
	},
}
