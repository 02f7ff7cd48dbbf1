package fileutil

import (
	"context"
	"errors"
	"io/fs"
	"syscall"

	"memsh/shell/command"
)

const mkfifoHelp = `Usage: mkfifo [OPTION]... NAME...
Create named pipes (FIFOs) with the given NAMEs.

Mandatory arguments to long options are mandatory for short options too.
  -m, --mode=MODE    set file permission bits to MODE, not a=rw - umask
  -Z                   set the SELinux security context to default type
      --context[=CTX]  like -Z, or if CTX is specified then set the SELinux
                         or SMACK security context to CTX
      --help        display this help and exit
      --version     output version information and exit
`

// runMkfifo makes each NAME a FIFO, as GNU mkfifo: mode a=rw less the
// umask, or exactly -m's mode.
func runMkfifo(ctx context.Context, inv *command.Invocation) int {
	operands, mode, st, done := parseSpecialFileFlags(inv, true)
	if done {
		return st
	}
	status := 0
	for _, name := range operands {
		if err := inv.FS.Mkfifo(inv.Abs(name), mode); err != nil {
			inv.Errorf("cannot create fifo %s: %s", quote(inv, name), command.Strerror(err))
			status = 1
		}
	}
	return status
}

// parseSpecialFileFlags takes the options mkfifo and mknod share (-m,
// -Z and --context accepted, --version) and returns the mode of the
// files to make: -m's mode as GNU's mode_adjust makes it from a=rw
// (a symbolic change without who leaves the umask's bits alone), else
// a=rw less the umask. operandsFirst: a missing operand is found
// before a bad mode (mkfifo; mknod checks the mode first). done says the command has nothing left to do
// but return st.
func parseSpecialFileFlags(inv *command.Invocation, operandsFirst bool) (operands []string, mode fs.FileMode, st int, done bool) {
	f := inv.NewFlags()
	modeStr := f.StringP("mode", "m", "", "")
	f.BoolP("selinux", "Z", false, "")
	context := f.String("context", "", "")
	f.Lookup("context").NoOptDefVal = " "
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return nil, 0, st, true
	}
	if *showVersion {
		return nil, 0, printVersion(inv), true
	}
	if *context != "" && *context != " " {
		inv.Errorf("warning: ignoring --context; it requires an SELinux/SMACK-enabled kernel")
	}
	if len(operands) == 0 && operandsFirst {
		return nil, 0, inv.Usage(1, "missing operand"), true
	}
	mode = 0o666 &^ inv.Umask()
	if f.Lookup("mode").Changed {
		changes, ok := parseMode(*modeStr)
		if !ok {
			inv.Errorf("invalid mode")
			return nil, 0, 1, true
		}
		m, _ := applyMode(changes, 0o666, false, umask(inv))
		if m&^0o777 != 0 {
			inv.Errorf("mode must specify only file permission bits")
			return nil, 0, 1, true
		}
		mode = fs.FileMode(m)
	}
	if len(operands) == 0 {
		return nil, 0, inv.Usage(1, "missing operand"), true
	}
	return operands, mode, 0, false
}

// deviceError is why name cannot become a device node: what the kernel
// would find first (a missing parent, an existing name), else EPERM,
// since the sandbox user has no privilege to make one.
func deviceError(inv *command.Invocation, name string) error {
	p := abs(inv, name)
	if _, err := inv.FS.Lstat(p); err == nil {
		return syscall.EEXIST
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	fi, err := inv.FS.Stat(dirName(p))
	switch {
	case err != nil:
		return err
	case !fi.IsDir():
		return syscall.ENOTDIR
	}
	return syscall.EPERM
}
