package fileutil

import (
	"context"
	"io"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const mknodHelp = `Usage: mknod [OPTION]... NAME TYPE [MAJOR MINOR]
Create the special file NAME of the given TYPE.

Mandatory arguments to long options are mandatory for short options too.
  -m, --mode=MODE    set file permission bits to MODE, not a=rw - umask
  -Z                   set the SELinux security context to default type
      --context[=CTX]  like -Z, or if CTX is specified then set the SELinux
                         or SMACK security context to CTX
      --help        display this help and exit
      --version     output version information and exit

Both MAJOR and MINOR must be specified when TYPE is b, c, or u, and they
must be omitted when TYPE is p.  If MAJOR or MINOR begins with 0x or 0X,
it is interpreted as hexadecimal; otherwise, if it begins with 0, as octal;
otherwise, as decimal.  TYPE may be:

  b      create a block (buffered) special file
  c, u   create a character (unbuffered) special file
  p      create a FIFO

Device nodes need privileges the sandbox user does not have ("Operation
not permitted").
`

// runMknod checks its operands as GNU mknod does, then makes a FIFO
// (TYPE p) or fails as the unprivileged sandbox user must for a device.
func runMknod(ctx context.Context, inv *command.Invocation) int {
	operands, mode, st, done := parseSpecialFileFlags(inv, false)
	if done {
		return st
	}
	switch len(operands) {
	case 1:
		return inv.Usage(1, "missing operand after %s", lquote(inv, operands[0]))
	}
	name, typ := operands[0], operands[1]
	switch typ {
	case "p":
		if len(operands) > 2 {
			inv.Errorf("extra operand %s", lquote(inv, operands[2]))
			io.WriteString(inv.Stderr, "Fifos do not have major and minor device numbers.\n")
			return inv.Usage(1, "")
		}
	case "b", "c", "u":
		if len(operands) < 4 {
			inv.Errorf("missing operand after %s", lquote(inv, operands[len(operands)-1]))
			if len(operands) == 2 {
				io.WriteString(inv.Stderr, "Special files require major and minor device numbers.\n")
			}
			return inv.Usage(1, "")
		}
		if len(operands) > 4 {
			return inv.Usage(1, "extra operand %s", lquote(inv, operands[4]))
		}
		for i, what := range []string{"major", "minor"} {
			if _, err := strconv.ParseUint(operands[2+i], 0, 32); err != nil || strings.HasPrefix(operands[2+i], "+") {
				inv.Errorf("invalid %s device number %s", what, lquote(inv, operands[2+i]))
				return 1
			}
		}
	default:
		if len(operands) == 2 {
			inv.Errorf("missing operand after %s", lquote(inv, typ))
			io.WriteString(inv.Stderr, "Special files require major and minor device numbers.\n")
			return inv.Usage(1, "")
		}
		return inv.Usage(1, "invalid device type %s", lquote(inv, typ))
	}
	var err error
	if typ == "p" {
		err = inv.FS.Mkfifo(inv.Abs(name), mode)
	} else {
		err = deviceError(inv, name)
	}
	if err != nil {
		inv.Errorf("%s: %s", quoteName(inv, name), command.Strerror(err))
		return 1
	}
	return 0
}
