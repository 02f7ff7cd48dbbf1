package shell

import (
	"fmt"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// ulimit reports the sandbox's limits, never the host's rlimits, in
// bash's units and words: file size is memfs's file size limit, data,
// resident and virtual memory the session's memory budget (--max-memory),
// user processes and pending signals memsh's process limit, open files
// the shell's descriptor limit; the rest are fixed Linux defaults
// (sandboxLimit). Setting one is accepted with bash's checks and
// remembered per shell, so that ulimit shows it and subshells inherit
// it, but it changes nothing: everything a script runs is inside the one
// memsh process.

type rlimitRow struct {
	flag  byte
	res   int // RLIMIT_*; -1 for the pipe size, a constant
	unit  uint64
	label string
}

// ulimitRows are bash's resources on Linux, in its -a order.
var ulimitRows = []rlimitRow{
	{'R', 15, 1, "real-time non-blocking time  (microseconds, -R)"},
	{'c', syscall.RLIMIT_CORE, 1024, "core file size              (blocks, -c)"},
	{'d', syscall.RLIMIT_DATA, 1024, "data seg size               (kbytes, -d)"},
	{'e', 13, 1, "scheduling priority                 (-e)"},
	{'f', syscall.RLIMIT_FSIZE, 1024, "file size                   (blocks, -f)"},
	{'i', 11, 1, "pending signals                     (-i)"},
	{'l', 8, 1024, "max locked memory           (kbytes, -l)"},
	{'m', 5, 1024, "max memory size             (kbytes, -m)"},
	{'n', syscall.RLIMIT_NOFILE, 1, "open files                          (-n)"},
	{'p', -1, 512, "pipe size                (512 bytes, -p)"},
	{'q', 12, 1, "POSIX message queues         (bytes, -q)"},
	{'r', 14, 1, "real-time priority                  (-r)"},
	{'s', syscall.RLIMIT_STACK, 1024, "stack size                  (kbytes, -s)"},
	{'t', syscall.RLIMIT_CPU, 1, "cpu time                   (seconds, -t)"},
	{'u', 6, 1, "max user processes                  (-u)"},
	{'v', syscall.RLIMIT_AS, 1024, "virtual memory              (kbytes, -v)"},
	{'x', 10, 1, "file locks                          (-x)"},
}

const (
	ulimitVar     = internalPrefix + "ulimit" // "S"/"H" + flag -> value in bytes
	ulimitUsage   = "ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n"
	rlimInfinity  = ^uint64(0)
	pipeSizeBytes = 4096
)

// limits returns a row's soft and hard limits: one the script set, or
// the sandbox's.
func (c *core) limits(row rlimitRow, env expand.Environ) (soft, hard uint64) {
	soft = c.sandboxLimit(row.flag)
	hard = soft
	set := env.Get(ulimitVar).Map
	if v, ok := set["S"+string(row.flag)]; ok {
		soft, _ = strconv.ParseUint(v, 10, 64)
	}
	if v, ok := set["H"+string(row.flag)]; ok {
		hard, _ = strconv.ParseUint(v, 10, 64)
	}
	return soft, hard
}

// sandboxLimit is the sandbox's value of a resource, in bytes or
// counts (see the comment at the top).
func (c *core) sandboxLimit(flag byte) uint64 {
	orInfinity := func(n int64) uint64 {
		if n <= 0 {
			return rlimInfinity
		}
		return uint64(n)
	}
	switch flag {
	case 'p':
		return pipeSizeBytes
	case 'f':
		return orInfinity(c.fs.Usage().MaxFileSize)
	case 'd', 'm', 'v':
		return orInfinity(c.mem.Limit())
	case 'u', 'i':
		return uint64(procLimit())
	case 'n':
		return fdMax + 1
	case 's', 'l':
		return 8 << 20 // Linux's default stack; Debian's locked memory
	case 'q':
		return 819200 // Linux's default for POSIX message queues
	case 'c', 'e', 'r':
		return 0
	}
	return rlimInfinity // -R, -t, -x
}

func (row rlimitRow) show(v uint64) string {
	if v == rlimInfinity {
		return "unlimited"
	}
	return strconv.FormatUint(v/row.unit, 10)
}

func (c *core) ulimitBuiltin(hc interp.HandlerContext, args []string) int {
	var soft, hard, all bool
	var rows []rlimitRow
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for k := 1; k < len(a); k++ {
			switch f := a[k]; f {
			case 'S':
				soft = true
			case 'H':
				hard = true
			case 'a':
				all = true
			default:
				found := false
				for _, row := range ulimitRows {
					if row.flag == f {
						rows, found = append(rows, row), true
					}
				}
				if !found {
					fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"ulimit: -%c: invalid option\n"+ulimitUsage, f)
					return 2
				}
			}
		}
	}
	operands := args[i:]
	if all {
		rows = ulimitRows
	} else if len(rows) == 0 {
		rows = ulimitRows[4:5] // -f
	}
	showHard := hard && !soft
	if len(operands) == 0 || all {
		var b strings.Builder
		for _, row := range rows {
			s, h := c.limits(row, hc.Env)
			v := s
			if showHard {
				v = h
			}
			if len(rows) > 1 {
				b.WriteString(row.label + " ")
			}
			b.WriteString(row.show(v) + "\n")
		}
		fmt.Fprint(hc.Stdout, b.String())
		return 0
	}
	arg := operands[0]
	status := 0
	set := map[string]string{}
	for k, v := range hc.Env.Get(ulimitVar).Map {
		set[k] = v
	}
	for _, row := range rows {
		s, h := c.limits(row, hc.Env)
		var v uint64
		switch arg {
		case "unlimited":
			v = rlimInfinity
		case "hard":
			v = h
		case "soft":
			v = s
		default:
			n, err := strconv.ParseUint(arg, 10, 64)
			if err != nil {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"ulimit: %s: invalid number\n", arg)
				return 1
			}
			v = n * row.unit
			if row.unit > 1 && v/row.unit != n {
				v = rlimInfinity
			}
		}
		// Without -S or -H, bash sets both.
		ns, nh := s, h
		if soft || !hard {
			ns = v
		}
		if hard || !soft {
			nh = v
		}
		name := strings.TrimSpace(row.label[:strings.IndexByte(row.label, '(')])
		reason := ""
		switch {
		case row.res < 0 && v != s:
			reason = "Invalid argument"
		case nh > h:
			reason = "Operation not permitted"
		case ns > nh:
			reason = "Invalid argument"
		}
		if reason != "" {
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"ulimit: %s: cannot modify limit: %s\n", name, reason)
			status = 1
			continue
		}
		set["S"+string(row.flag)] = strconv.FormatUint(ns, 10)
		set["H"+string(row.flag)] = strconv.FormatUint(nh, 10)
	}
	if w, ok := runnerEnv(hc.Env); ok {
		w.Set(ulimitVar, expand.Variable{Set: true, Kind: expand.Associative, Map: set})
	}
	return status
}
