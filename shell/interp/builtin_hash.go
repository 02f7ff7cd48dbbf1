package interp

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// hashBuckets is bash's FILENAME_HASH_BUCKETS: hash lists the table in
// bucket order (FNV-1 of the name), each bucket newest first.
const hashBuckets = 256

// hashEntry is one remembered command location.
type hashEntry struct {
	path string
	hits int
	seq  int // insertion order, for bash's listing order
}

// hashTable is the shell's table of command locations (hash). A
// subshell gets its own copy.
type hashTable struct {
	m   map[string]*hashEntry
	seq int
}

func (h *hashTable) clone() *hashTable {
	if h == nil || len(h.m) == 0 {
		return nil
	}
	c := &hashTable{m: make(map[string]*hashEntry, len(h.m)), seq: h.seq}
	for k, e := range h.m {
		cp := *e
		c.m[k] = &cp
	}
	return c
}

// remember records that name runs path, with hits uses so far.
func (r *Runner) remember(name, path string, hits int) {
	if r.hash == nil {
		r.hash = &hashTable{m: map[string]*hashEntry{}}
	}
	r.hash.seq++
	r.hash.m[name] = &hashEntry{path: path, hits: hits, seq: r.hash.seq}
}

// hashedPath is the remembered location of name, counting one more use.
func (r *Runner) hashedPath(name string) (string, bool) {
	if r.hash == nil {
		return "", false
	}
	e, ok := r.hash.m[name]
	if !ok {
		return "", false
	}
	e.hits++
	return e.path, true
}

// notePathUse counts a command found by a $PATH search, as bash hashes
// it (set -h, the default).
func (r *Runner) notePathUse(name, path string) {
	if !r.opts.hashall {
		return
	}
	if _, ok := r.hashedPath(name); !ok {
		r.remember(name, path, 1)
	}
}

// hashNames is the table's names in bash's listing order.
func (r *Runner) hashNames() []string {
	if r.hash == nil {
		return nil
	}
	names := make([]string, 0, len(r.hash.m))
	for n := range r.hash.m {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		bi, bj := fnv1(names[i])&(hashBuckets-1), fnv1(names[j])&(hashBuckets-1)
		if bi != bj {
			return bi < bj
		}
		return r.hash.m[names[i]].seq > r.hash.m[names[j]].seq
	})
	return names
}

const hashUsage = "hash [-lr] [-p pathname] [-dt] [name ...]"

// builtinHash is hash [-lr] [-p path] [-dt] [name ...].
func builtinHash(ctx context.Context, r *Runner, args []string) int {
	opts, vals, i, ok := r.builtinOptArgs(args, "lrp:dt", hashUsage)
	if !ok {
		return 2
	}
	rest := args[i:]
	list, reset, del, show := opts.has('l'), opts.has('r'), opts.has('d'), opts.has('t')
	pathname, hasPath := vals['p']
	if !r.opts.hashall {
		r.errorf("hash: hashing disabled")
		return 1
	}
	if reset {
		r.hash = nil
	}
	if (del || show) && len(rest) == 0 {
		flag := "-t"
		if del {
			flag = "-d"
		}
		r.errorf("hash: %s: option requires an argument", flag)
		return 1
	}
	if len(rest) == 0 {
		if reset && !list {
			return 0
		}
		return r.listHash(list)
	}
	var out strings.Builder
	status := 0
	for _, n := range rest {
		switch {
		case del:
			if r.hash == nil || r.hash.m[n] == nil {
				r.errorf("hash: %s: not found", n)
				status = 1
				continue
			}
			delete(r.hash.m, n)
		case show:
			e := (*hashEntry)(nil)
			if r.hash != nil {
				e = r.hash.m[n]
			}
			if e == nil {
				r.errorf("hash: %s: not found", n)
				status = 1
				continue
			}
			if len(rest) > 1 {
				out.WriteString(n + "\t")
			}
			out.WriteString(e.path + "\n")
		case list:
			if e := r.hashEntryOf(n); e != nil {
				fmt.Fprintf(&out, "builtin hash -p %s %s\n", e.path, n)
			}
		case hasPath:
			r.remember(n, pathname, 0)
		default:
			if strings.Contains(n, "/") {
				continue
			}
			if _, ok := r.builtin(n); ok {
				continue
			}
			if _, ok := r.funcs.m[n]; ok {
				continue
			}
			full := r.lookPath(n, nil)
			if full == "" {
				r.errorf("hash: %s: not found", n)
				status = 1
				continue
			}
			r.remember(n, full, 0)
		}
	}
	if st := r.writeOut("hash", []byte(out.String())); st != 0 {
		return st
	}
	return status
}

func (r *Runner) hashEntryOf(name string) *hashEntry {
	if r.hash == nil {
		return nil
	}
	return r.hash.m[name]
}

// listHash is hash's table (hits and paths) or, with -l, the commands
// that rebuild it.
func (r *Runner) listHash(asCmds bool) int {
	names := r.hashNames()
	if len(names) == 0 {
		if asCmds {
			return 0
		}
		return r.writeOut("hash", []byte("hash: hash table empty\n"))
	}
	var b strings.Builder
	if !asCmds {
		b.WriteString("hits\tcommand\n")
	}
	for _, n := range names {
		e := r.hash.m[n]
		if asCmds {
			fmt.Fprintf(&b, "builtin hash -p %s %s\n", e.path, n)
		} else {
			fmt.Fprintf(&b, "%4d\t%s\n", e.hits, e.path)
		}
	}
	return r.writeOut("hash", []byte(b.String()))
}
