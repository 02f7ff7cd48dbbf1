package shell

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// bash's hash table: the commands found in $PATH, with their hit counts.
// It lives in hidden shell variables, so that subshells, pipeline stages
// and $( ) get a copy of their own, as a forked bash's table is: hashVar
// maps each name to "HITS SEQ PIN PATH" (SEQ orders names that share a
// bucket, PIN is p for a path hash -p set), hashPathVar holds the PATH the table was made under (bash
// empties it when PATH is assigned).
const (
	hashVar     = internalPrefix + "hash"
	hashPathVar = internalPrefix + "hashpath"
)

type hashEntry struct {
	hits, seq int
	pinned    bool // set by hash -p: run instead of the PATH match
	path      string
}

// hashTable reads the table of the shell making the call.
func hashTable(env expand.Environ) map[string]hashEntry {
	v := env.Get(hashVar)
	if v.Kind != expand.Associative || len(v.Map) == 0 || env.Get(hashPathVar).String() != env.Get("PATH").String() {
		return map[string]hashEntry{}
	}
	t := make(map[string]hashEntry, len(v.Map))
	for name, s := range v.Map {
		f := strings.SplitN(s, " ", 4)
		if len(f) != 4 {
			continue
		}
		hits, _ := strconv.Atoi(f[0])
		seq, _ := strconv.Atoi(f[1])
		t[name] = hashEntry{hits, seq, f[2] == "p", f[3]}
	}
	return t
}

// setHashTable replaces the calling shell's table (a new map: a subshell
// may share the old one).
func setHashTable(hc interp.HandlerContext, t map[string]hashEntry) {
	w, ok := runnerEnv(hc.Env)
	if !ok {
		return
	}
	m := make(map[string]string, len(t))
	for name, e := range t {
		pin := "-"
		if e.pinned {
			pin = "p"
		}
		m[name] = strconv.Itoa(e.hits) + " " + strconv.Itoa(e.seq) + " " + pin + " " + e.path
	}
	w.Set(hashVar, expand.Variable{Set: true, Kind: expand.Associative, Map: m})
	w.Set(hashPathVar, expand.Variable{Set: true, Kind: expand.String, Str: hc.Env.Get("PATH").String()})
}

func nextSeq(t map[string]hashEntry) int {
	n := 0
	for _, e := range t {
		n = max(n, e.seq+1)
	}
	return n
}

// hashHit counts a command about to run: bash hashes a name it finds in
// $PATH and counts each use. It returns the path to run instead of name
// when `hash -p` put one there.
func (c *core) hashHit(hc interp.HandlerContext, name string) string {
	if name == "" || strings.Contains(name, "/") || strings.HasPrefix(name, internalPrefix) {
		return ""
	}
	t := hashTable(hc.Env)
	e, ok := t[name]
	if !ok {
		path := c.commandPath(hc, name)
		if path == "" {
			return ""
		}
		e = hashEntry{seq: nextSeq(t), path: path}
	}
	e.hits++
	t[name] = e
	setHashTable(hc, t)
	if e.pinned {
		return e.path
	}
	return ""
}

// hashBucket is the bucket bash keeps name in (FNV-1 over 256 buckets):
// `hash` lists the table bucket by bucket, the newest first in each.
func hashBucket(name string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h *= 16777619
		h ^= uint32(name[i])
	}
	return h & 255
}

const hashUsage = "hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n"

func (c *core) hashBuiltin(hc interp.HandlerContext, args []string) int {
	var list, reset, del, terse bool
	path, havePath := "", false
	i := 1
opts:
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
			switch a[k] {
			case 'l':
				list = true
			case 'r':
				reset = true
			case 'd':
				del = true
			case 't':
				terse = true
			case 'p':
				havePath = true
				switch {
				case k+1 < len(a):
					path = a[k+1:]
				case i+1 < len(args):
					i++
					path = args[i]
				default:
					fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"hash: -p: option requires an argument\n"+hashUsage)
					return 2
				}
				continue opts
			default:
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"hash: -%c: invalid option\n"+hashUsage, a[k])
				return 2
			}
		}
	}
	names := args[i:]
	t := hashTable(hc.Env)
	if reset {
		t = map[string]hashEntry{}
		setHashTable(hc, t)
	}
	if (del || terse) && len(names) == 0 {
		flag := "-t"
		if del {
			flag = "-d"
		}
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"hash: %s: option requires an argument\n", flag)
		return 1
	}
	if len(names) == 0 {
		if !reset && !havePath {
			printHash(hc, t, list)
		}
		return 0
	}
	status := 0
	changed := false
	for _, name := range names {
		switch {
		case terse:
			e, ok := t[name]
			switch {
			case !ok:
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"hash: %s: not found\n", name)
				status = 1
			case len(names) > 1:
				fmt.Fprintf(hc.Stdout, "%s\t%s\n", name, e.path)
			default:
				fmt.Fprintln(hc.Stdout, e.path)
			}
		case del:
			if _, ok := t[name]; ok {
				delete(t, name)
				changed = true
			}
		case havePath:
			t[name] = hashEntry{seq: nextSeq(t), pinned: true, path: path}
			changed = true
		case strings.Contains(name, "/"):
		case interp.IsBuiltin(name) || syntax.IsKeyword(name) || isFunc(hc, name):
			// bash hashes only what it would look for in $PATH.
		default:
			p := c.commandPath(hc, name)
			if p == "" {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"hash: %s: not found\n", name)
				status = 1
				continue
			}
			seq := nextSeq(t)
			if e, ok := t[name]; ok {
				seq = e.seq
			}
			t[name] = hashEntry{seq: seq, path: p}
			changed = true
		}
	}
	if changed {
		setHashTable(hc, t)
	}
	return status
}

// printHash lists the table as bash does: `hits\tcommand` lines, or with
// -l as hash -p commands to rebuild it.
func printHash(hc interp.HandlerContext, t map[string]hashEntry, reusable bool) {
	if len(t) == 0 {
		if !reusable {
			fmt.Fprintln(hc.Stdout, "hash: hash table empty")
		}
		return
	}
	names := make([]string, 0, len(t))
	for n := range t {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		bi, bj := hashBucket(names[i]), hashBucket(names[j])
		if bi != bj {
			return bi < bj
		}
		return t[names[i]].seq > t[names[j]].seq
	})
	var b strings.Builder
	if !reusable {
		b.WriteString("hits\tcommand\n")
	}
	for _, n := range names {
		e := t[n]
		if reusable {
			fmt.Fprintf(&b, "builtin hash -p %s %s\n", e.path, n)
		} else {
			fmt.Fprintf(&b, "%4d\t%s\n", e.hits, e.path)
		}
	}
	fmt.Fprint(hc.Stdout, b.String())
}
