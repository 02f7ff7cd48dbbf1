package interp

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// unlimited is a resource limit without a bound.
const unlimited = -1

// rlimit is one resource's soft and hard limit, in ulimit's units.
type rlimit struct{ soft, hard int64 }

// resource is one line of ulimit's table (bash's ulimit.def, Linux).
type resource struct {
	letter   byte
	desc     string
	units    string
	readOnly bool  // the kernel refuses to change it (pipe size)
	def      int64 // a fresh sandbox's soft limit
	defHard  int64
}

// factor is what one of the resource's units counts for setrlimit, as
// bash's ulimit.def multiplies them (a block is 1024 bytes).
func (res resource) factor() int64 {
	switch res.units {
	case "blocks", "kbytes":
		return 1024
	case "512 bytes":
		return 512
	}
	return 1
}

// resources are the limits ulimit knows, in ulimit -a's order.
var resources = [...]resource{
	{'R', "real-time non-blocking time", "microseconds", false, unlimited, unlimited},
	{'c', "core file size", "blocks", false, 0, unlimited},
	{'d', "data seg size", "kbytes", false, unlimited, unlimited},
	{'e', "scheduling priority", "", false, 0, 0},
	{'f', "file size", "blocks", false, unlimited, unlimited},
	{'i', "pending signals", "", false, 63711, 63711},
	{'l', "max locked memory", "kbytes", false, 8192, 8192},
	{'m', "max memory size", "kbytes", false, unlimited, unlimited},
	{'n', "open files", "", false, 1024, 1048576},
	{'p', "pipe size", "512 bytes", true, 8, 8},
	{'q', "POSIX message queues", "bytes", false, 819200, 819200},
	{'r', "real-time priority", "", false, 0, 0},
	{'s', "stack size", "kbytes", false, 8192, unlimited},
	{'t', "cpu time", "seconds", false, unlimited, unlimited},
	{'u', "max user processes", "", false, 63711, 63711},
	{'v', "virtual memory", "kbytes", false, unlimited, unlimited},
	{'x', "file locks", "", false, unlimited, unlimited},
}

// limits is a shell's resource limits: a value, so a subshell's copy of
// the Runner carries its own.
type limits [len(resources)]rlimit

func defaultLimits() limits {
	var l limits
	for i, res := range resources {
		l[i] = rlimit{res.def, res.defHard}
	}
	return l
}

// sandboxLimits are a fresh shell's limits where the sandbox has its
// own: file size is memfs's file size limit, data, resident and virtual
// memory the memory budget, user processes and pending signals the
// process limit (soft and hard alike).
func sandboxLimits(cfg *Config) limits {
	l := defaultLimits()
	set := func(letter byte, n int64, unit int64) {
		if i := resourceIndex(letter); i >= 0 && n > 0 {
			l[i] = rlimit{n / unit, n / unit}
		}
	}
	if cfg.FS != nil {
		set('f', cfg.FS.Usage().MaxFileSize, 1024)
	}
	for _, letter := range []byte("dmv") {
		set(letter, cfg.Budget.Limit(), 1024)
	}
	procs := int64(cfg.MaxProcs)
	if procs <= 0 {
		procs = defaultMaxProcs
	}
	set('u', procs, 1)
	set('i', procs, 1)
	return l
}

func resourceIndex(c byte) int {
	for i, res := range resources {
		if res.letter == c {
			return i
		}
	}
	return -1
}

const ulimitUsage = "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]"

// builtinUlimit is ulimit [-SHa] [-letter [limit]]...: the shell's limits
// as bash's table shows them. memsh keeps them as state (subshells and
// child shells inherit them); its own limits are the session's.
func builtinUlimit(ctx context.Context, r *Runner, args []string) int {
	type op struct {
		idx    int
		value  string
		hasVal bool
	}
	var ops []op
	hard, soft, all := false, false, false
	rest := args[1:]
	for len(rest) > 0 {
		a := rest[0]
		if a == "--" {
			rest = rest[1:]
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		rest = rest[1:]
		for j := 1; j < len(a); j++ {
			switch c := a[j]; c {
			case 'H':
				hard = true
			case 'S':
				soft = true
			case 'a':
				all = true
			default:
				i := resourceIndex(c)
				if i < 0 {
					return r.usageError("ulimit", "-"+string(c), ulimitUsage)
				}
				o := op{idx: i}
				if j == len(a)-1 && len(rest) > 0 && (rest[0] == "" || rest[0][0] != '-') {
					o.value, o.hasVal, rest = rest[0], true, rest[1:]
				}
				ops = append(ops, o)
			}
		}
	}
	if len(ops) == 0 {
		ops = append(ops, op{idx: resourceIndex('f')})
	}
	if last := &ops[len(ops)-1]; !last.hasVal && len(rest) > 0 {
		// The operand after the options (ulimit -f -- -42) is the last
		// option's limit.
		last.value, last.hasVal = rest[0], true
	}
	show := func(l rlimit) string {
		v := l.soft
		if hard {
			v = l.hard
		}
		if v == unlimited {
			return "unlimited"
		}
		return strconv.FormatInt(v, 10)
	}
	line := func(i int) string {
		res := resources[i]
		unit := "(-" + string(res.letter) + ") "
		if res.units != "" {
			unit = "(" + res.units + ", -" + string(res.letter) + ") "
		}
		return fmt.Sprintf("%-20s %20s%s\n", res.desc, unit, show(r.limits[i]))
	}
	if all {
		var b strings.Builder
		for i := range resources {
			b.WriteString(line(i))
		}
		return r.writeOut("ulimit", []byte(b.String()))
	}
	printing := 0
	for _, o := range ops {
		if !o.hasVal {
			printing++
		}
	}
	status := 0
	for _, o := range ops {
		if !o.hasVal {
			if printing > 1 {
				fmt.Fprint(r.stdout(), line(o.idx))
			} else {
				fmt.Fprintln(r.stdout(), show(r.limits[o.idx]))
			}
			continue
		}
		if st := r.setLimit(o.idx, o.value, hard, soft); st != 0 {
			status = st
		}
	}
	return status
}

// setLimit sets one limit as setrlimit would for an unprivileged user:
// the hard limit only goes down, the soft one stays under it.
func (r *Runner) setLimit(i int, value string, hard, soft bool) int {
	cur := r.limits[i]
	res := resources[i]
	var v int64
	switch value {
	case "unlimited":
		v = unlimited
	case "hard":
		v = cur.hard
	case "soft":
		v = cur.soft
	default:
		n, ok := legalNumber(value)
		if !ok || n < 0 {
			r.errorf("ulimit: %s: invalid number", value)
			return 1
		}
		if f := res.factor(); uint64(n) > math.MaxUint64/uint64(f) {
			// the limit in bytes (or whatever setrlimit counts) would
			// not fit in rlim_t
			r.errorf("ulimit: %s: limit out of range", value)
			return 1
		}
		v = n
	}
	if !hard && !soft {
		hard, soft = true, true
	}
	next := cur
	if hard {
		next.hard = v
	}
	if soft {
		next.soft = v
	}
	above := func(a, b int64) bool { return b != unlimited && (a == unlimited || a > b) }
	switch {
	case res.readOnly:
		r.errorf("ulimit: %s: cannot modify limit: Invalid argument", res.desc)
		return 1
	case above(next.hard, cur.hard), above(next.soft, next.hard):
		r.errorf("ulimit: %s: cannot modify limit: Operation not permitted", res.desc)
		return 1
	}
	r.limits[i] = next
	return 0
}

// builtinTimes is times: the shell's and its children's user and
// system times. memsh's commands share one process, so both are 0.
func builtinTimes(ctx context.Context, r *Runner, args []string) int {
	if _, st, ok := r.noOptions(args, "times"); !ok {
		return st
	}
	return r.writeOut("times", []byte("0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n"))
}
