package interp

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
	"unicode/utf8"
)

// builtinFunc runs a builtin; args[0] is its name.
type builtinFunc func(ctx context.Context, r *Runner, args []string) int

// builtinTable is the one table of builtins, by name. Run it through
// Runner.blt (set by New), which keeps the table out of its own
// initialisation (command, builtin and type run builtins themselves).
var builtinTable = map[string]builtinFunc{
	":":         builtinTrue,
	"true":      builtinTrue,
	"false":     builtinFalse,
	"echo":      builtinEcho,
	"printf":    builtinPrintf,
	"read":      builtinRead,
	"mapfile":   builtinMapfile,
	"readarray": builtinMapfile,
	"cd":        builtinCd,
	"pwd":       builtinPwd,
	"pushd":     builtinPushd,
	"popd":      builtinPopd,
	"dirs":      builtinDirs,
	"declare":   builtinDeclare,
	"typeset":   builtinDeclare,
	"local":     builtinDeclare,
	"export":    builtinDeclare,
	"readonly":  builtinDeclare,
	"unset":     builtinUnset,
	"let":       builtinLet,
	"shift":     builtinShift,
	"break":     builtinBreak,
	"continue":  builtinBreak,
	"return":    builtinReturn,
	"exit":      builtinExit,
	"eval":      builtinEval,
	"source":    builtinSource,
	".":         builtinSource,
	"set":       builtinSet,
	"shopt":     builtinShopt,
	"test":      builtinTest,
	"[":         builtinTest,
	"type":      builtinType,
	"command":   builtinCommand,
	"builtin":   builtinBuiltin,
	"wait":      builtinWait,
	"trap":      builtinTrap,
	"alias":     builtinAlias,
	"unalias":   builtinUnalias,
	"umask":     builtinUmask,
	"exec":      builtinExec,
	"getopts":   builtinGetopts,
	"hash":      builtinHash,
	"kill":      builtinKill,
	"ulimit":    builtinUlimit,
	"times":     builtinTimes,
	"caller":    builtinCaller,
	"help":      builtinHelp,
	"history":   builtinHistory,
	"fc":        builtinFc,
	"bind":      builtinBind,
	"logout":    builtinLogout,
	"compopt":   builtinCompopt,
	"enable":    builtinEnable,
	"complete":  builtinComplete,
	"compgen":   builtinCompgen,
	"jobs":      builtinJobs,
	"fg":        builtinFg,
	"bg":        builtinBg,
	"disown":    builtinDisown,
	"suspend":   builtinSuspend,
}

// builtinNames lists the builtins, sorted (compgen -b, enable).
func (r *Runner) builtinNames() []string {
	out := make([]string, 0, len(r.blt))
	for k := range r.blt {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// runBuiltin runs a builtin; a panic in it is its error (status 2), not
// the session's end.
func (r *Runner) runBuiltin(ctx context.Context, b builtinFunc, args []string) (status int) {
	defer func() {
		if p := recover(); p != nil {
			r.errorf("%s: internal error: %v", args[0], p)
			io.WriteString(r.stderr(), string(debug.Stack()))
			status = 2
		}
	}()
	if len(args) > 1 && args[1] == "--help" {
		if st, ok := r.builtinHelpOption(args[0]); ok {
			return st
		}
	}
	return b(ctx, r, args)
}

func builtinTrue(context.Context, *Runner, []string) int  { return 0 }
func builtinFalse(context.Context, *Runner, []string) int { return 1 }

// noOptions is bash's no_options for a builtin that takes none: a
// leading "--" is dropped, any other leading "-x" word is a usage error
// (ok false, status 2 in st).
func (r *Runner) noOptions(args []string, usage string) (rest []string, st int, ok bool) {
	rest = args[1:]
	if len(rest) > 0 && rest[0] == "--" {
		return rest[1:], 0, true
	}
	if len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		return nil, r.usageError(args[0], rest[0][:2], usage), false
	}
	return rest, 0, true
}

// usageError prints a builtin's "invalid option" message and usage line.
func (r *Runner) usageError(name, opt, usage string) int {
	r.errorf("%s: %s: invalid option", name, opt)
	fmt.Fprintf(r.stderr(), "%s: usage: %s\n", name, usage)
	return 2
}

// optSet is the option letters a builtin was given.
type optSet [2]uint64

func (s *optSet) add(c byte)     { s[c>>6&1] |= 1 << (c & 63) }
func (s optSet) has(c byte) bool { return s[c>>6&1]&(1<<(c&63)) != 0 }

// builtinOpts reads the leading options of a builtin whose options take
// no argument, as bash's internal_getopt does: letters may be clustered
// (-ab), "--" ends them, and the first word that is not "-" followed by
// something is the first operand. valid lists the letters the builtin
// takes; any other prints bash's usage error for usage (which starts
// with the builtin's name). It returns the letters seen and the index of
// the first operand; ok is false after the usage error (status 2).
func (r *Runner) builtinOpts(args []string, valid, usage string) (opts optSet, i int, ok bool) {
	opts, _, i, ok = r.builtinOptArgs(args, valid, usage)
	return opts, i, ok
}

// builtinOptArgs is builtinOpts for a builtin some of whose options take
// an argument: a letter followed by ':' in valid takes the rest of its
// word or the next word (exec -a NAME, hash -p PATH), the last one given
// kept in vals. A missing argument is bash's "option requires an
// argument" with the usage, status 2.
func (r *Runner) builtinOptArgs(args []string, valid, usage string) (opts optSet, vals map[byte]string, i int, ok bool) {
	name, _, _ := strings.Cut(usage, " ")
	i = 1
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		if args[i] == "--" {
			return opts, vals, i + 1, true
		}
		for j := 1; j < len(args[i]); j++ {
			c := args[i][j]
			k := strings.IndexByte(valid, c)
			if c >= 0x80 || c == ':' || k < 0 {
				_, size := utf8.DecodeRuneInString(args[i][j:])
				r.usageError(name, "-"+args[i][j:j+size], usage)
				return opts, vals, i, false
			}
			opts.add(c)
			if k+1 == len(valid) || valid[k+1] != ':' {
				continue
			}
			if vals == nil {
				vals = map[byte]string{}
			}
			switch {
			case j+1 < len(args[i]):
				vals[c] = args[i][j+1:]
			case i+1 < len(args):
				i++
				vals[c] = args[i]
			default:
				r.errorf("%s: -%c: option requires an argument", name, c)
				r.printErr(name + ": usage: " + usage + "\n")
				return opts, vals, i, false
			}
			break
		}
	}
	return opts, vals, i, true
}
