package command

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"memsh/shell/internal/longopt"
)

// NewFlags returns a pflag set configured for GNU-style parsing: options
// may follow operands, "--" ends options, and nothing is printed by pflag
// itself (ParseFlags prints GNU's messages).
func (inv *Invocation) NewFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet(inv.Name(), pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SetInterspersed(true)
	return fs
}

// ParseFlags parses inv.Args[1:] into fs by getopt_long's rules: any
// unambiguous prefix of a long option stands for it (`ls --almost`),
// `--opt=value` and `--opt value`, clustered short options, "--", and
// options after operands unless POSIXLY_CORRECT is set. On a bad option
// it prints GNU's message ("invalid option -- 'z'", "unrecognized option
// '--foo'", "option '--co' is ambiguous; possibilities: ...", "option
// requires an argument -- 'n'") and the "Try --help" line and returns
// ok=false with status usageStatus.
func (inv *Invocation) ParseFlags(fs *pflag.FlagSet, usageStatus int) (operands []string, status int, ok bool) {
	return inv.parseFlags(fs, usageStatus, false)
}

// ParseFlagsInOrder is ParseFlags for a command whose options end at its
// first operand, as getopt's "+" mode (GNU tr's "+AcCdst", basename's
// "+as:z"): every later word is an operand, "--bogus" and "--he" too.
func (inv *Invocation) ParseFlagsInOrder(fs *pflag.FlagSet, usageStatus int) (operands []string, status int, ok bool) {
	return inv.parseFlags(fs, usageStatus, true)
}

func (inv *Invocation) parseFlags(fs *pflag.FlagSet, usageStatus int, inOrder bool) (operands []string, status int, ok bool) {
	if _, posix := inv.LookupEnv("POSIXLY_CORRECT"); posix {
		inOrder = true
	}
	t := LongOptions(fs)
	t.InOrder = inOrder
	args, msg, answered := inv.ExpandLong(t, inv.Args[1:])
	switch {
	case msg != "":
		return nil, inv.Usage(usageStatus, "%s", msg), false
	case answered:
		return nil, 0, false
	}
	if inOrder {
		fs.SetInterspersed(false)
	}
	err := fs.Parse(args)
	if err == nil {
		return fs.Args(), 0, true
	}
	return nil, inv.Usage(usageStatus, "%s", GNUFlagError(err)), false
}

// ParseLong is fs.Parse(args) after getopt_long's abbreviations, for
// commands that print their own usage errors: the error's GNUFlagError
// text is getopt's message. answered: args held an abbreviation of
// --help or --version, whose text it printed; the command is done.
func (inv *Invocation) ParseLong(fs *pflag.FlagSet, args []string) (answered bool, err error) {
	full, msg, answered := inv.expand(fs, args)
	switch {
	case msg != "":
		return false, errors.New(msg)
	case answered:
		return true, nil
	}
	return false, fs.Parse(full)
}

// expand is ExpandLong with fs's table (LongOptions).
func (inv *Invocation) expand(fs *pflag.FlagSet, args []string) (full []string, msg string, answered bool) {
	return inv.ExpandLong(LongOptions(fs), args)
}

// ExpandLong writes out args' long-option abbreviations by t (see
// longopt.Table.Expand) and returns getopt's message for a bad one, for
// commands that parse their options by hand (pr). GNU's tables end with
// --help and --version, so "--he" is --help, "--v" in cat is --version
// and in cp is ambiguous with --verbose: when the command's registry row
// has the texts and t lacks the options, they are rows too, and an
// abbreviation of one prints its text (answered: the command is done).
// The dispatcher answers the whole words.
func (inv *Invocation) ExpandLong(t longopt.Table, args []string) (full []string, msg string, answered bool) {
	has := func(name string) bool {
		for _, o := range t.Long {
			if o.Name == name {
				return true
			}
		}
		return false
	}
	help := inv.Help != "" && !has("help")
	version := inv.Version != "" && !has("version")
	t.Long = t.Long[:len(t.Long):len(t.Long)] // appending must not write into the caller's table
	if help {
		t.Long = append(t.Long, longopt.Option{Name: "help", ID: "help", NoArg: true})
	}
	if version {
		t.Long = append(t.Long, longopt.Option{Name: "version", ID: "version", NoArg: true})
	}
	full, msg = t.Expand(args)
	if msg != "" {
		return nil, msg, false
	}
	// Expand writes word for word and never writes out an option's
	// argument, so a word it changed is an option as the user typed it.
	for i, a := range full {
		switch {
		case a == "--":
			return full, "", false
		case a == args[i]:
		case a == "--help" && help:
			io.WriteString(inv.Stdout, inv.Help)
			return nil, "", true
		case a == "--version" && version:
			io.WriteString(inv.Stdout, inv.Version)
			return nil, "", true
		}
	}
	return full, "", false
}

// LongOptions is fs's getopt_long table: its long flags in the order
// they were defined (GNU's tables list them in the tool's order, which
// an ambiguous prefix's message follows), and the short options that
// take an argument; a bool or count flag takes none, other flags with a
// default for a bare --name take an optional one. Flags spelt "colour"
// are the same option as "color", as in GNU's tables. A long name
// nothing matches is reported by Expand, with the argument whole.
func LongOptions(fs *pflag.FlagSet) longopt.Table {
	t := longopt.Table{Complete: true}
	sorted := fs.SortFlags
	fs.SortFlags = false
	fs.VisitAll(func(f *pflag.Flag) {
		arg := f.NoOptDefVal == ""
		if len(f.Name) == 1 {
			// A one-letter name is a short option spelt as a flag
			// name (rm's "R", "i"): no long option of that name.
			if arg && f.Shorthand != "" {
				t.ShortArg += f.Shorthand
			}
			return
		}
		noArg := f.Value.Type() == "bool" || f.Value.Type() == "count"
		t.Long = append(t.Long, longopt.Option{Name: f.Name, ID: strings.ReplaceAll(f.Name, "colour", "color"), Arg: arg, NoArg: noArg})
		if arg && f.Shorthand != "" {
			t.ShortArg += f.Shorthand
		}
	})
	fs.SortFlags = sorted
	return t
}

// GNUFlagError rewrites a pflag parse error in getopt_long's words.
func GNUFlagError(err error) string {
	var notExist *pflag.NotExistError
	if errors.As(err, &notExist) {
		if notExist.GetSpecifiedShortnames() != "" {
			return fmt.Sprintf("invalid option -- '%s'", notExist.GetSpecifiedName()[:1])
		}
		return fmt.Sprintf("unrecognized option '--%s'", notExist.GetSpecifiedName())
	}
	var needs *pflag.ValueRequiredError
	if errors.As(err, &needs) {
		if needs.GetSpecifiedShortnames() != "" {
			return fmt.Sprintf("option requires an argument -- '%s'", needs.GetFlag().Shorthand)
		}
		return fmt.Sprintf("option '--%s' requires an argument", needs.GetSpecifiedName())
	}
	var invalid *pflag.InvalidValueError
	if errors.As(err, &invalid) {
		return fmt.Sprintf("invalid argument '%s' for '--%s'", invalid.GetValue(), invalid.GetFlag().Name)
	}
	var syntax *pflag.InvalidSyntaxError
	if errors.As(err, &syntax) {
		return fmt.Sprintf("unrecognized option '%s'", syntax.GetSpecifiedFlag())
	}
	if errors.Is(err, pflag.ErrHelp) {
		// pflag's answer to an undefined -h ("cp -dash"); --help never
		// reaches pflag, the registry answers it.
		return "invalid option -- 'h'"
	}
	return strings.TrimPrefix(err.Error(), "pflag: ")
}
