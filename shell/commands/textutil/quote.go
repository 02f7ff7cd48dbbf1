package textutil

import (
	"memsh/shell/command"
)

// quoteName is coreutils' quotef (see command.QuoteFile) in the
// invocation's locale.
func quoteName(inv *command.Invocation, s string) string { return inv.QuoteFile(s) }

// quoteAlways is quoteaf: always quoted, in the same style.
func quoteAlways(inv *command.Invocation, s string) string { return inv.ShellQuote(s, true) }

// pathError prints "NAME: FILE: reason" with FILE quoted as coreutils
// does, and returns 1.
func pathError(inv *command.Invocation, name string, err error) int {
	inv.Errorf("%s: %s", quoteName(inv, name), command.Strerror(err))
	return 1
}

// lquote is GNU's locale quoting in a UTF-8 locale (these commands'
// messages do not look at LC_ALL yet): command.LocaleQuote.
func lquote(s string) string { return command.LocaleQuote(s, true) }
