package fileutil

import (
	"context"
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"memsh/shell/command"
)

const pathchkHelp = `Usage: pathchk [OPTION]... NAME...
Diagnose invalid or unportable file names.

  -p                  check for most POSIX systems
  -P                  check for empty names and leading "-"
      --portability   check for all POSIX systems (equivalent to -p -P)
      --help        display this help and exit
      --version     output version information and exit
`

// Linux's limits (NAME_MAX, PATH_MAX) and POSIX's minimum ones, which
// -p checks against.
const (
	linuxNameMax = 255
	linuxPathMax = 4096
	posixNameMax = 14
	posixPathMax = 256
)

func runPathchk(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	basic := f.BoolP("posix", "p", false, "")
	extra := f.BoolP("extra", "P", false, "")
	portability := f.Bool("portability", false, "")
	f.MarkHidden("posix")
	f.MarkHidden("extra")
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if *showVersion {
		return printVersion(inv)
	}
	if *portability {
		*basic, *extra = true, true
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	status := 0
	for _, name := range operands {
		if msg := pathchkOne(inv, name, *basic, *extra); msg != "" {
			inv.Errorf("%s", msg)
			status = 1
		}
	}
	return status
}

// pathchkOne is coreutils' validate_file_name: the first problem with
// name, or "".
func pathchkOne(inv *command.Invocation, name string, basic, extra bool) string {
	if extra {
		for _, c := range strings.Split(name, "/") {
			if strings.HasPrefix(c, "-") {
				return "leading '-' in a component of file name " + quote(inv, name)
			}
		}
	}
	if (basic || extra) && name == "" {
		return "empty file name"
	}
	if basic {
		for i := 0; i < len(name); {
			r, size := utf8.DecodeRuneInString(name[i:])
			c := name[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' || c == '/') {
				ch := name[i : i+size]
				if r == utf8.RuneError && size <= 1 {
					ch = name[i : i+1]
				}
				return "nonportable character " + lquote(inv, ch) + " in file name " + quote(inv, name)
			}
			i += max(size, 1)
		}
	}
	nameMax, pathMax := linuxNameMax, linuxPathMax
	if basic {
		nameMax, pathMax = posixNameMax, posixPathMax
	} else {
		if name == "" {
			return quote(inv, name) + ": " + command.Strerror(syscall.ENOENT)
		}
		tooLong := len(name) >= pathMax
		for _, c := range strings.Split(name, "/") {
			tooLong = tooLong || len(c) > nameMax
		}
		if tooLong {
			return quoteName(inv, name) + ": File name too long"
		}
		if _, err := inv.FS.Lstat(abs(inv, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return quoteName(inv, name) + ": " + command.Strerror(err)
		}
		return ""
	}
	if len(name) >= pathMax {
		return "limit " + strconv.Itoa(pathMax-1) + " exceeded by length " + strconv.Itoa(len(name)) + " of file name " + quote(inv, name)
	}
	for _, c := range strings.Split(name, "/") {
		if len(c) > nameMax {
			return "limit " + strconv.Itoa(nameMax) + " exceeded by length " + strconv.Itoa(len(c)) + " of file name component " + lquote(inv, c)
		}
	}
	return ""
}
