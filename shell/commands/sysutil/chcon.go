package sysutil

import (
	"context"
	"fmt"
	"syscall"

	"memsh/shell/command"
)

const chconHelp = `Usage: chcon [OPTION]... CONTEXT FILE...
  or:  chcon [OPTION]... [-u USER] [-r ROLE] [-l RANGE] [-t TYPE] FILE...
  or:  chcon [OPTION]... --reference=RFILE FILE...
Change the SELinux security context of each FILE to CONTEXT.
With --reference, change the security context of each FILE to that of RFILE.

Mandatory arguments to long options are mandatory for short options too.
      --dereference      affect the referent of each symbolic link (this is
                         the default), rather than the symbolic link itself
  -h, --no-dereference   affect symbolic links instead of any referenced file
  -u, --user=USER        set user USER in the target security context
  -r, --role=ROLE        set role ROLE in the target security context
  -t, --type=TYPE        set type TYPE in the target security context
  -l, --range=RANGE      set range RANGE in the target security context
      --no-preserve-root  do not treat '/' specially (the default)
      --preserve-root    fail to operate recursively on '/'
      --reference=RFILE  use RFILE's security context rather than specifying
                         a CONTEXT value
  -R, --recursive        operate on files and directories recursively
  -v, --verbose          output a diagnostic for every file processed

The following options modify how a hierarchy is traversed when the -R
option is also specified.  If more than one is specified, only the final
one takes effect.

  -H                     if a command line argument is a symbolic link
                         to a directory, traverse it
  -L                     traverse every symbolic link to a directory
                         encountered
  -P                     do not traverse any symbolic links (default)

` + stdOpts + `
memfs keeps no security contexts: every change fails with "Operation not
supported", as on a file system without extended attributes.
`

// runChcon checks its operands as GNU chcon does and then fails for each
// existing file: memfs has no SELinux labels to change.
func runChcon(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{0, "dereference", noArg, "deref"}, {'h', "no-dereference", noArg, "h"},
		{'u', "user", requiredArg, "part"}, {'r', "role", requiredArg, "part"},
		{'t', "type", requiredArg, "part"}, {'l', "range", requiredArg, "part"},
		{0, "no-preserve-root", noArg, "x"}, {0, "preserve-root", noArg, "x"},
		{0, "reference", requiredArg, "reference"}, {'R', "recursive", noArg, "x"},
		{'v', "verbose", noArg, "v"}, {'H', "", noArg, "x"}, {'L', "", noArg, "x"}, {'P', "", noArg, "x"},
		{0, "help", noArg, "help"}, {0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	var reference string
	var partial, verbose bool
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "chcon")
		case "version":
			return printVersion(inv, "chcon")
		case "part":
			partial = true
		case "reference":
			reference = o.Value
		case "v":
			verbose = true
		}
	}
	context := ""
	if reference == "" && !partial {
		if len(operands) == 0 {
			return inv.Usage(1, "missing operand")
		}
		context, operands = operands[0], operands[1:]
		if len(operands) == 0 {
			return inv.Usage(1, "missing operand after %s", quote(inv, context))
		}
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	if reference != "" {
		_, err := inv.FS.Stat(inv.Abs(reference))
		if err == nil {
			err = syscall.ENOTSUP
		}
		inv.Errorf("failed to get security context of %s: %s", shellQuote(reference), command.Strerror(err))
		return 1
	}
	status := 0
	for _, f := range operands {
		if _, err := inv.FS.Lstat(inv.Abs(f)); err != nil {
			inv.Errorf("cannot access %s: %s", shellQuote(f), command.Strerror(err))
			status = 1
			continue
		}
		if verbose {
			fmt.Fprintf(inv.Stdout, "changing security context of %s\n", shellQuote(f))
		}
		if partial {
			inv.Errorf("can't apply partial context to unlabeled file %s", shellQuote(f))
		} else {
			inv.Errorf("failed to change context of %s to %s: Operation not supported", shellQuote(f), quote(inv, context))
		}
		status = 1
	}
	return status
}
