package sysutil

import (
	"context"
	"io"
	"strings"

	"memsh/shell/command"
)

const echoHelp = `Usage: echo [SHORT-OPTION]... [STRING]...
  or:  echo LONG-OPTION
Echo the STRING(s) to standard output.

  -n             do not output the trailing newline
  -e             enable interpretation of backslash escapes
  -E             disable interpretation of backslash escapes (default)
` + stdOpts + `
If -e is in effect, the following sequences are recognized:

  \\      backslash
  \a      alert (BEL)
  \b      backspace
  \c      produce no further output
  \e      escape
  \f      form feed
  \n      new line
  \r      carriage return
  \t      horizontal tab
  \v      vertical tab
  \0NNN   byte with octal value NNN (1 to 3 digits)
  \xHH    byte with hexadecimal value HH (1 to 2 digits)

NOTE: your shell may have its own version of echo, which usually supersedes
the version described here.  Please refer to your shell's documentation
for details about the options it supports.

NOTE: printf(1) is a preferred alternative,
which does not have issues outputting option-like strings.
`

// runEcho is the echo program (/usr/bin/echo), which env, xargs, find
// -exec and a path run; typed as "echo", bash's builtin runs instead.
// Unlike the builtin it answers a lone --help or --version.
func runEcho(ctx context.Context, inv *command.Invocation) int {
	args := inv.Args[1:]
	if len(args) == 1 && (args[0] == "--help" || args[0] == "--version") {
		if args[0] == "--help" {
			return programHelp(inv, echoHelp, "echo")
		}
		return printVersion(inv, "echo")
	}
	newline, escapes := true, false
	for len(args) > 0 && isEchoOptions(args[0]) {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if escapes {
			if stop := echoUnescape(&b, a); stop {
				newline = false
				break
			}
		} else {
			b.WriteString(a)
		}
	}
	if newline {
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(inv.Stdout, b.String()); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}

// isEchoOptions reports whether a is an option word: "-" then only n, e, E.
func isEchoOptions(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	return strings.Trim(a[1:], "neE") == ""
}

// echoUnescape writes s with GNU echo -e's escapes decoded; stop is true
// at \c, after which nothing more is printed.
func echoUnescape(b *strings.Builder, s string) (stop bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		if v, ok := command.CUnescape(s[i]); ok {
			b.WriteByte(v)
			continue
		}
		switch e := s[i]; e {
		case 'c':
			return true
		case 'x':
			n, v := 0, 0
			for n < 2 && i+1 < len(s) && isHex(s[i+1]) {
				v = v*16 + hexVal(s[i+1])
				i++
				n++
			}
			if n == 0 {
				b.WriteString(`\x`)
			} else {
				b.WriteByte(byte(v))
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			// \0NNN takes up to three digits after the 0; \NNN up to three.
			v, n := int(e-'0'), 1
			if e == '0' {
				n = 0
			}
			for n < 3 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7' {
				v = v*8 + int(s[i+1]-'0')
				i++
				n++
			}
			b.WriteByte(byte(v))
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// programHelp prints help with the program's name as it was invoked
// ("/usr/bin/echo"), as coreutils' usage lines do.
func programHelp(inv *command.Invocation, help, name string) int {
	help = strings.ReplaceAll(help, "Usage: "+name+" ", "Usage: "+inv.Name()+" ")
	help = strings.ReplaceAll(help, "  or:  "+name+" ", "  or:  "+inv.Name()+" ")
	if _, err := io.WriteString(inv.Stdout, help); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
