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

A FIFO streams through a 64 KiB buffer between the descriptions that
open it.
`

// runMkfifo makes each NAME a FIFO, with mode a=rw less the umask, or
// exactly -m's.
func runMkfifo(ctx context.Context, inv *command.Invocation) int {
	operands, changes, st, done := parseSpecialFileFlags(inv)
	if done {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	mode := uint32(0o666 &^ umask(inv))
	if changes != nil {
		// GNU sets -m's mode exactly, the umask aside.
		mode, _ = applyMode(changes, 0o666, false, 0)
	}
	status := 0
	for _, name := range operands {
		p := abs(inv, name)
		err := inv.FS.Mkfifo(p, goPerm(mode))
		if err == nil && changes != nil {
			err = inv.FS.Chmod(p, goPerm(mode))
		}
		if err != nil {
			inv.Errorf("cannot create fifo %s: %s", quote(inv, name), command.Strerror(err))
			status = 1
		}
	}
	return status
}

// parseSpecialFileFlags takes the options mkfifo and mknod share (-m
// checked as GNU checks it, -Z and --context accepted, --version);
// done says the command has nothing left to do but return st.
func parseSpecialFileFlags(inv *command.Invocation) (operands []string, changes []modeChange, st int, done bool) {
	f := inv.NewFlags()
	modeStr := f.StringP("mode", "m", "", "")
	f.BoolP("selinux", "Z", false, "")
	f.String("context", "", "")
	f.Lookup("context").NoOptDefVal = " "
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return nil, nil, st, true
	}
	if *showVersion {
		return nil, nil, printVersion(inv), true
	}
	if f.Lookup("mode").Changed {
		if changes, ok = parseMode(*modeStr); !ok {
			inv.Errorf("invalid mode")
			return nil, nil, 1, true
		}
	}
	return operands, changes, 0, false
}

// specialFileError is why name cannot become a FIFO or device node:
// what the kernel would find first (a missing parent, an existing name),
// else ENOTSUP, since memfs cannot hold one.
func specialFileError(inv *command.Invocation, name string) error {
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
	return syscall.ENOTSUP
}
