package sysutil

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const pwdHelp = `Usage: pwd [OPTION]...
Print the full filename of the current working directory.

  -L, --logical   use PWD from environment, even if it contains symlinks
  -P, --physical  avoid all symlinks
` + stdOpts + `
If no option is specified, -P is assumed.

NOTE: your shell may have its own version of pwd, which usually supersedes
the version described here.  Please refer to your shell's documentation
for details about the options it supports.
`

// runPwd is the pwd program (/usr/bin/pwd): unlike bash's builtin it
// resolves symlinks unless -L is given.
func runPwd(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'L', "logical", noArg, "L"}, {'P', "physical", noArg, "P"},
		{0, "help", noArg, "help"}, {0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	logical := false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return programHelp(inv, pwdHelp, "pwd")
		case "version":
			return printVersion(inv, "pwd")
		case "L":
			logical = true
		case "P":
			logical = false
		}
	}
	if len(operands) > 0 {
		inv.Errorf("ignoring non-option arguments")
	}
	dir := ""
	if logical {
		dir = logicalPwd(inv)
	}
	if dir == "" {
		real, err := inv.FS.Realpath(inv.Dir)
		if err != nil {
			inv.Errorf("couldn't find directory entry in %s with matching i-node", quote(inv, ".."))
			return 1
		}
		dir = real
	}
	if _, err := fmt.Fprintln(inv.Stdout, dir); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}

// logicalPwd is $PWD when it is absolute, has no "." or ".." component
// and names the working directory; "" otherwise.
func logicalPwd(inv *command.Invocation) string {
	pwd := inv.Getenv("PWD")
	if !strings.HasPrefix(pwd, "/") {
		return ""
	}
	for _, part := range strings.Split(pwd, "/") {
		if part == "." || part == ".." {
			return ""
		}
	}
	a, err1 := inv.FS.Stat(pwd)
	b, err2 := inv.FS.Stat(inv.Dir)
	if err1 != nil || err2 != nil || !sameInode(a, b) {
		return ""
	}
	return pwd
}

// sameInode reports whether a and b are the same file.
func sameInode(a, b fs.FileInfo) bool {
	sa, ok1 := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	return ok1 && ok2 && sa.Ino == sb.Ino && sa.Dev == sb.Dev
}
