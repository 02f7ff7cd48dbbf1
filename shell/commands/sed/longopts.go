package sed

import "memsh/shell/internal/longopt"

// sedLongOpts is GNU sed's long-option table, in its order. Rows with the
// same ID are the same option (--null-data and --zero-terminated).
var sedLongOpts = longopt.Table{
	ShortArg: "efl",
	Long: []longopt.Option{
		{Name: "binary", ID: "b"}, {Name: "regexp-extended", ID: "E"}, {Name: "debug", ID: "debug"},
		{Name: "in-place", ID: "i"}, {Name: "expression", ID: "e", Arg: true},
		{Name: "file", ID: "f", Arg: true}, {Name: "line-length", ID: "l", Arg: true},
		{Name: "null-data", ID: "z"}, {Name: "zero-terminated", ID: "z", Flag: "null-data"},
		{Name: "quiet", ID: "n"}, {Name: "posix", ID: "posix"}, {Name: "silent", ID: "n"},
		{Name: "sandbox", ID: "sandbox"}, {Name: "separate", ID: "s"}, {Name: "unbuffered", ID: "u"},
		{Name: "version", ID: "version"}, {Name: "help", ID: "help"},
		{Name: "follow-symlinks", ID: "follow-symlinks"},
	},
}
