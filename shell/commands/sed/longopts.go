package sed

import "memsh/shell/internal/longopt"

// sedLongOpts is GNU sed's long-option table, in its order. Rows
// that take no argument say so (getopt refuses --posix=1); rows with the
// same ID are the same option (--null-data and --zero-terminated).
var sedLongOpts = longopt.Table{
	ShortArg: "efl",
	Long: []longopt.Option{
		{Name: "binary", ID: "b", NoArg: true}, {Name: "regexp-extended", ID: "E", NoArg: true}, {Name: "debug", ID: "debug", NoArg: true},
		{Name: "in-place", ID: "i"}, {Name: "expression", ID: "e", Arg: true},
		{Name: "file", ID: "f", Arg: true}, {Name: "line-length", ID: "l", Arg: true},
		{Name: "null-data", ID: "z", NoArg: true}, {Name: "zero-terminated", ID: "z", Flag: "null-data", NoArg: true},
		{Name: "quiet", ID: "n", NoArg: true}, {Name: "posix", ID: "posix", NoArg: true}, {Name: "silent", ID: "n", NoArg: true},
		{Name: "sandbox", ID: "sandbox", NoArg: true}, {Name: "separate", ID: "s", NoArg: true}, {Name: "unbuffered", ID: "u", NoArg: true},
		{Name: "version", ID: "version", NoArg: true}, {Name: "help", ID: "help", NoArg: true},
		{Name: "follow-symlinks", ID: "follow-symlinks", NoArg: true},
	},
}
