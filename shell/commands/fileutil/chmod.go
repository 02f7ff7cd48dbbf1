package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"memsh/shell/command"
)

// modeChange is one compiled clause of a chmod mode ("u+x", "go=r", "755").
type modeChange struct {
	op        byte   // '=', '+', '-'
	who       uint32 // affected bits; 0 means "all, minus the umask"
	value     uint32 // bits to set, clear or assign
	copyFrom  uint32 // 'u', 'g', 'o' mask when copying existing bits, else 0
	xIfAnyX   bool   // X: execute only for directories or files with some x
	mentioned uint32 // bits named explicitly (setuid/setgid on dirs are kept otherwise)
}

const (
	whoU   = 0o4700
	whoG   = 0o2070
	whoO   = 0o1007
	allSet = 0o7777
)

// parseMode compiles a chmod mode string: octal or the symbolic
// [ugoa]*([-+=]([rwxXst]*|[ugo]))+ clauses separated by commas.
func parseMode(s string) ([]modeChange, bool) {
	if s == "" {
		return nil, false
	}
	if s[0] >= '0' && s[0] <= '7' {
		var n uint32
		for _, c := range s {
			if c < '0' || c > '7' {
				return nil, false
			}
			n = n*8 + uint32(c-'0')
			if n > allSet {
				return nil, false
			}
		}
		mentioned := uint32(allSet)
		if len(s) < 5 {
			mentioned = n&0o6000 | 0o1777
		}
		return []modeChange{{op: '=', who: allSet, value: n, mentioned: mentioned}}, true
	}
	var changes []modeChange
	for _, clause := range strings.Split(s, ",") {
		i := 0
		var who uint32
		for i < len(clause) {
			switch clause[i] {
			case 'u':
				who |= whoU
			case 'g':
				who |= whoG
			case 'o':
				who |= whoO
			case 'a':
				who |= allSet
			default:
				goto ops
			}
			i++
		}
	ops:
		if i >= len(clause) {
			return nil, false
		}
		for i < len(clause) {
			op := clause[i]
			if op != '=' && op != '+' && op != '-' {
				return nil, false
			}
			i++
			c := modeChange{op: op, who: who}
			if i < len(clause) && strings.IndexByte("ugo", clause[i]) >= 0 {
				switch clause[i] {
				case 'u':
					c.copyFrom = 0o700
				case 'g':
					c.copyFrom = 0o070
				case 'o':
					c.copyFrom = 0o007
				}
				i++
			} else {
				for ; i < len(clause) && strings.IndexByte("rwxXst", clause[i]) >= 0; i++ {
					switch clause[i] {
					case 'r':
						c.value |= 0o444
					case 'w':
						c.value |= 0o222
					case 'x':
						c.value |= 0o111
					case 'X':
						c.xIfAnyX = true
					case 's':
						c.value |= 0o6000
					case 't':
						c.value |= 0o1000
					}
				}
			}
			c.mentioned = c.value
			if who != 0 {
				c.mentioned &= who
			}
			changes = append(changes, c)
		}
	}
	return changes, true
}

// applyMode applies changes to old (12 permission bits) and returns the
// new bits and the set of bits the changes decided (GNU's mode_bits).
func applyMode(changes []modeChange, old uint32, isDir bool, mask uint32) (mode, decided uint32) {
	mode = old & allSet
	for _, c := range changes {
		affected := c.who
		value := c.value
		if c.copyFrom != 0 {
			v := mode & c.copyFrom
			var bitsSet uint32
			if v&0o444 != 0 {
				bitsSet |= 0o444
			}
			if v&0o222 != 0 {
				bitsSet |= 0o222
			}
			if v&0o111 != 0 {
				bitsSet |= 0o111
			}
			value = bitsSet
		}
		if c.xIfAnyX && (isDir || mode&0o111 != 0) {
			value |= 0o111
		}
		if affected == 0 {
			value &= allSet &^ mask
		} else {
			value &= affected
		}
		var omit uint32
		if isDir {
			omit = 0o6000 &^ c.mentioned
		}
		switch c.op {
		case '=':
			preserved := omit
			if affected != 0 {
				preserved |= ^affected & allSet
			}
			decided |= allSet &^ preserved
			mode = mode&preserved | value&^omit
		case '+':
			decided |= value
			mode |= value
		case '-':
			decided |= value
			mode &^= value
		}
	}
	return mode, decided
}

// isModeArg reports whether a "-..." argument is a chmod mode ("-w", "-x,g+r").
func isModeArg(a string) bool {
	if len(a) < 2 || a[0] != '-' || a == "--" {
		return false
	}
	for _, c := range a[1:] {
		if !strings.ContainsRune("rwxXstugoa,+-=01234567", c) {
			return false
		}
	}
	return true
}

type chmodCmd struct {
	inv                         *command.Invocation
	ctx                         context.Context
	out                         *bufio.Writer
	changes                     []modeChange
	verbose, onlyChanged, quiet bool
	recursive                   bool
	// diagnose: the mode was written like an option ("-w"); GNU then warns
	// when the umask kept part of the change from happening.
	diagnose bool
}

func runChmod(ctx context.Context, inv *command.Invocation) int {
	// GNU lets modes like "-w" stand where options go: pull them out
	// before the flag parser sees them.
	var modeArg string
	var haveMode bool
	args := []string{inv.Args[0]}
	for i, a := range inv.Args[1:] {
		if a == "--" {
			args = append(args, inv.Args[i+1:]...)
			break
		}
		if !haveMode && isModeArg(a) {
			modeArg, haveMode = a, true
			continue
		}
		args = append(args, a)
	}
	sub := *inv
	sub.Args = args
	f := sub.NewFlags()
	c := chmodCmd{inv: inv, ctx: ctx}
	f.BoolVarP(&c.verbose, "verbose", "v", false, "")
	f.BoolVarP(&c.onlyChanged, "changes", "c", false, "")
	f.BoolVarP(&c.quiet, "silent", "f", false, "")
	f.BoolVar(&c.quiet, "quiet", false, "")
	f.BoolVarP(&c.recursive, "recursive", "R", false, "")
	ref := f.String("reference", "", "")
	operands, st, ok := sub.ParseFlags(f, 1)
	if !ok {
		return st
	}
	var refMode uint32
	useRef := f.Lookup("reference").Changed
	if useRef {
		fi, err := inv.FS.Stat(abs(inv, *ref))
		if err != nil {
			inv.Errorf("failed to get attributes of %s: %s", quote(inv, *ref), command.Strerror(err))
			return 1
		}
		refMode = permBits(fi.Mode())
	} else if !haveMode {
		if len(operands) == 0 {
			return inv.Usage(1, "missing operand")
		}
		modeArg, operands = operands[0], operands[1:]
	}
	if len(operands) == 0 {
		if useRef {
			return inv.Usage(1, "missing operand")
		}
		return inv.Usage(1, "missing operand after %s", lquote(inv, modeArg))
	}
	if useRef {
		c.changes = []modeChange{{op: '=', who: allSet, value: refMode, mentioned: allSet}}
	} else {
		var ok bool
		if c.changes, ok = parseMode(modeArg); !ok {
			return inv.Usage(1, "invalid mode: %s", lquote(inv, modeArg))
		}
	}
	c.diagnose = haveMode
	c.out = newOut(inv)
	defer c.out.Flush()
	status := 0
	for _, op := range operands {
		st := walkTree(ctx, inv.FS, op, abs(inv, op), c.chmod, func(e treeEntry, err error) int {
			if !c.quiet {
				c.out.Flush()
				c.inv.Errorf("cannot read directory %s: %s", quote(inv, e.Shown()), command.Strerror(err))
			}
			return 1
		})
		if st != 0 {
			if st == cancelled {
				return st
			}
			status = st
		}
	}
	return status
}

// umaskLimited reports whether some clause has no [ugoa], so the umask
// restricts it.
func (c *chmodCmd) umaskLimited() bool {
	for _, ch := range c.changes {
		if ch.who == 0 {
			return true
		}
	}
	return false
}

// chmod changes the mode of one file of the walk and says whether to
// descend into it.
func (c *chmodCmd) chmod(e treeEntry) (int, bool) {
	top := e.dir == nil
	lfi, err := e.Stat(false)
	if err != nil {
		name := e.Shown()
		if c.verbose {
			fmt.Fprintf(c.out, "%s could not be accessed\n", quote(c.inv, name))
		}
		c.out.Flush()
		if !c.quiet {
			c.inv.Errorf("cannot access %s: %s", quote(c.inv, name), command.Strerror(err))
		}
		return 1, false
	}
	if lfi.Mode()&fs.ModeSymlink != 0 && !top {
		return 0, false // -R does not follow symlinks found in the tree
	}
	fi, err := e.Stat(true)
	if err != nil {
		name := e.Shown()
		if !c.quiet {
			c.out.Flush()
			if c.verbose {
				fmt.Fprintf(c.out, "%s could not be accessed\n", quote(c.inv, name))
				c.out.Flush()
			}
			if isErrno(err, syscall.ENOENT) {
				c.inv.Errorf("cannot operate on dangling symlink %s", quote(c.inv, name))
			} else {
				c.inv.Errorf("cannot access %s: %s", quote(c.inv, name), command.Strerror(err))
			}
		}
		return 1, false
	}
	old := permBits(fi.Mode())
	mode, _ := applyMode(c.changes, old, fi.IsDir(), umask(c.inv))
	status := 0
	// GNU calls chmod even for an unchanged mode: another user's file
	// is "Operation not permitted" either way.
	if err := e.Chmod(goPerm(mode)); err != nil {
		if !c.quiet {
			c.inv.Errorf("changing permissions of %s: %s", quote(c.inv, e.Shown()), command.Strerror(err))
		}
		return 1, false
	}
	if c.verbose || (c.onlyChanged && mode != old) {
		ms := func(m uint32) string { return command.ModeString(goPerm(m))[1:] }
		if mode != old {
			fmt.Fprintf(c.out, "mode of %s changed from %04o (%s) to %04o (%s)\n", quote(c.inv, e.Shown()), old, ms(old), mode, ms(mode))
		} else {
			fmt.Fprintf(c.out, "mode of %s retained as %04o (%s)\n", quote(c.inv, e.Shown()), old, ms(old))
		}
	}
	if c.diagnose && c.umaskLimited() {
		// GNU warns when the umask kept a change from happening.
		naive, _ := applyMode(c.changes, old, fi.IsDir(), 0)
		if mode&^naive != 0 {
			ms := func(m uint32) string { return command.ModeString(goPerm(m))[1:] }
			c.out.Flush()
			c.inv.Errorf("%s: new permissions are %s, not %s", quoteColon(c.inv, e.Shown()), ms(mode), ms(naive))
			status = 1
		}
	}
	return status, c.recursive && fi.IsDir()
}
