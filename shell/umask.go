package shell

import (
	"context"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"memsh/shell/command"
)

// The file-creation mask (umask) is per shell, as a process's is in
// bash: it lives in an internal shell variable, so a subshell, $(...)
// or background job starts with a copy and its changes stay its own,
// and a child bash gets it at start (runnerConfig.umask). Every command
// creating a file reads it from its Invocation (command.Invocation.Umask),
// and `>` redirections from the open handler.

// umaskVar holds the mask as four octal digits; unset means the default.
const umaskVar = internalPrefix + "umask"

// umaskOf is the mask of the shell whose variables env holds.
func umaskOf(env expand.Environ) fs.FileMode {
	if env == nil {
		return command.DefaultUmask
	}
	v := env.Get(umaskVar)
	if !v.IsSet() {
		return command.DefaultUmask
	}
	n, err := strconv.ParseUint(v.String(), 8, 32)
	if err != nil {
		return command.DefaultUmask
	}
	return fs.FileMode(n) & fs.ModePerm
}

type umaskKey struct{}

// withUmask records the calling shell's mask in ctx, for the commands
// and child shells an exec handler starts.
func withUmask(ctx context.Context, env expand.Environ) context.Context {
	return context.WithValue(ctx, umaskKey{}, umaskOf(env))
}

// ctxUmask is the mask withUmask recorded (nil: none, the default).
func ctxUmask(ctx context.Context) *fs.FileMode {
	m, ok := ctx.Value(umaskKey{}).(fs.FileMode)
	if !ok {
		return nil
	}
	return &m
}

// umaskString is the mask as a child shell's umaskVar holds it.
func umaskString(m fs.FileMode) string { return fmt.Sprintf("%04o", uint32(m)) }

// umaskBuiltin is bash's `umask [-p] [-S] [mode]`. Setting the mask
// returns an assignment for the runner to make (see umaskVar).
func (c *core) umaskBuiltin(hc interp.HandlerContext, args []string) []string {
	flags, i, bad := builtinOpts(args, "Sp")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"umask: -%c: invalid option\numask: usage: umask [-p] [-S] [mode]\n", bad)
		return statusArgs(2)
	}
	symbolic, reusable := strings.ContainsRune(flags, 'S'), strings.ContainsRune(flags, 'p')
	mask := umaskOf(hc.Env)
	if i == len(args) {
		switch {
		case symbolic:
			prefix := ""
			if reusable {
				prefix = "umask -S "
			}
			fmt.Fprintf(hc.Stdout, "%s%s\n", prefix, symbolicUmask(mask))
		case reusable:
			fmt.Fprintf(hc.Stdout, "umask %04o\n", uint32(mask))
		default:
			fmt.Fprintf(hc.Stdout, "%04o\n", uint32(mask))
		}
		return statusArgs(0)
	}
	arg := args[i]
	if arg != "" && arg[0] >= '0' && arg[0] <= '9' {
		n, err := strconv.ParseUint(arg, 8, 32)
		if err != nil || n > 0o7777 {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"umask: %s: octal number out of range\n", arg)
			return statusArgs(1)
		}
		mask = fs.FileMode(n) & fs.ModePerm
	} else {
		m, msg := parseSymbolicUmask(arg, mask)
		if msg != "" {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"umask: %s\n", msg)
			return statusArgs(1)
		}
		mask = m
	}
	if symbolic {
		fmt.Fprintln(hc.Stdout, symbolicUmask(mask))
	}
	return []string{"eval", umaskVar + "=" + umaskString(mask)}
}

// symbolicUmask is what `umask -S` prints: the permissions the mask lets
// through.
func symbolicUmask(mask fs.FileMode) string {
	allowed := ^uint32(mask) & 0o777
	var b strings.Builder
	for i, who := range []string{"u", "g", "o"} {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(who + "=")
		bits := allowed >> (3 * (2 - i)) & 7
		for j, c := range "rwx" {
			if bits&(4>>j) != 0 {
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// parseSymbolicUmask applies a symbolic mode (u=rwx,g-w,...) to the
// permissions mask lets through, as bash does (no X, s or t; no copying
// from u, g or o), and returns the new mask or bash's message.
func parseSymbolicUmask(mode string, mask fs.FileMode) (fs.FileMode, string) {
	bits := ^uint32(mask) & 0o777
	s := mode
	for {
		who := uint32(0)
		for s != "" && strings.IndexByte("agou", s[0]) >= 0 {
			switch s[0] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
			s = s[1:]
		}
		op := byte(0)
		if s != "" {
			op = s[0]
			s = s[1:]
		}
		if op != '+' && op != '-' && op != '=' {
			return 0, fmt.Sprintf("`%c': invalid symbolic mode operator", op)
		}
		perm := uint32(0)
		for s != "" && strings.IndexByte("rwx", s[0]) >= 0 {
			switch s[0] {
			case 'r':
				perm |= 0o444
			case 'w':
				perm |= 0o222
			case 'x':
				perm |= 0o111
			}
			s = s[1:]
		}
		if s != "" && s[0] != ',' {
			return 0, fmt.Sprintf("`%c': invalid symbolic mode character", s[0])
		}
		if who != 0 {
			perm &= who
		}
		switch op {
		case '+':
			bits |= perm
		case '-':
			bits &^= perm
		case '=':
			if who == 0 {
				who = 0o777
			}
			bits = bits&^who | perm
		}
		if s == "" {
			break
		}
		s = s[1:]
	}
	return fs.FileMode(^bits & 0o777), ""
}

// umaskIn is the mask withUmask recorded, or the default.
func umaskIn(ctx context.Context) fs.FileMode {
	if m := ctxUmask(ctx); m != nil {
		return *m
	}
	return command.DefaultUmask
}
