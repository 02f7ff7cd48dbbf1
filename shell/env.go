package shell

import (
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
)

// tmpdirSentinel is the TMPDIR a runner sees while it is first reset.
// mvdan/sh takes its FIFO directory from it and later opens any path
// under that directory named "sh-interp-*" with os.OpenFile, bypassing the
// open handler. A path holding a NUL byte can never be opened on the
// host (the os package refuses it before any system call), so no script
// path can reach that shortcut.
const tmpdirSentinel = "/\x00memsh-no-host-fifos"

// baseEnviron is a runner's initial environment: the exported variables,
// plus bash's read-only UID, EUID and GID (not exported), set from the
// sandbox user rather than the host's.
type baseEnviron struct {
	vars   map[string]expand.Variable
	names  []string
	sealed atomic.Bool
	home   func(user string) (string, bool)
}

func newBaseEnviron(exported []string, shellVars map[string]string, home func(string) (string, bool)) *baseEnviron {
	e := &baseEnviron{vars: make(map[string]expand.Variable), home: home}
	for _, kv := range exported {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			continue
		}
		e.vars[k] = expand.Variable{Set: true, Exported: true, Kind: expand.String, Str: v}
	}
	for k, id := range map[string]int{"UID": sandboxUID, "EUID": sandboxUID, "GID": sandboxGID} {
		e.vars[k] = expand.Variable{Set: true, ReadOnly: true, Kind: expand.String, Str: strconv.Itoa(id)}
	}
	for k, v := range shellVars {
		e.vars[k] = expand.Variable{Set: true, Kind: expand.String, Str: v}
	}
	// bash 5.2.15's, matching BASH_VERSION; read-only as in bash.
	e.vars["BASH_VERSINFO"] = expand.Variable{Set: true, ReadOnly: true, Kind: expand.Indexed,
		List: []string{"5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"}}
	for k := range e.vars {
		e.names = append(e.names, k)
	}
	sort.Strings(e.names)
	return e
}

// seal ends the first reset: from now on TMPDIR reads as set.
func (e *baseEnviron) seal() { e.sealed.Store(true) }

func (e *baseEnviron) Get(name string) expand.Variable {
	if name == "TMPDIR" && !e.sealed.Load() {
		return expand.Variable{Set: true, Exported: true, Kind: expand.String, Str: tmpdirSentinel}
	}
	if name == pidVar {
		return expand.Variable{Set: true, Kind: expand.String, Str: nextPID()}
	}
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		// "~user": mvdan/sh asks the environment before the host's user
		// database. An unknown user stays literal, as in bash.
		home, found := e.home(user)
		if !found {
			home = "~" + user
		}
		return expand.Variable{Set: true, Kind: expand.String, Str: home}
	}
	return e.vars[name]
}

func (e *baseEnviron) Each(fn func(name string, vr expand.Variable) bool) {
	// A copy of the environment (an asynchronous subshell's, such as a
	// pipeline stage's) takes its own process id.
	if !fn(pidVar, e.Get(pidVar)) {
		return
	}
	for _, name := range e.names {
		if !fn(name, e.vars[name]) {
			return
		}
	}
}
