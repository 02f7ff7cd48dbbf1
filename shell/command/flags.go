package command

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
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

// ParseFlags parses inv.Args[1:] into fs. On a bad option it prints GNU's
// message ("invalid option -- 'z'", "unrecognized option '--foo'",
// "option requires an argument -- 'n'") and the "Try --help" line and
// returns ok=false with status usageStatus.
func (inv *Invocation) ParseFlags(fs *pflag.FlagSet, usageStatus int) (operands []string, status int, ok bool) {
	err := fs.Parse(inv.Args[1:])
	if err == nil {
		return fs.Args(), 0, true
	}
	return nil, inv.Usage(usageStatus, "%s", GNUFlagError(err)), false
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
	return strings.TrimPrefix(err.Error(), "pflag: ")
}
