package shell

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// PIPESTATUS, which mvdan/sh does not keep.
//
// Each stage of a pipeline but the last runs in a subshell, so its
// status is lost to the shell: the rewrite makes each stage
// `{ STAGE; __memsh_pss ID K $?; }`, which files the status under the
// pipeline's ID and keeps it as the stage's. The last stage's status is
// $? afterwards, except under pipefail or `!` (then it is filed the same
// way). After the pipeline, `__memsh_ps $? NEG ID... && __memsh_status 0`
// sets the array in the calling shell and keeps $?: as the left side of
// &&, its status fires no ERR trap and no errexit a second time.
//
// Top-level statements get PIPESTATUS from runStatements instead
// (setTopPipeStatus), with only their stages wrapped. Inside compound
// commands, functions and eval, simple commands and pipelines are
// followed by __memsh_ps only when the script mentions PIPESTATUS, so
// scripts that never read it pay nothing there.

var (
	pipeSeq    atomic.Int64 // pipeline IDs
	pipeFiled  atomic.Int64 // order of filing, to find the latest pipeline
	pipeStages sync.Map     // ID -> *pipeRecord
	topPipes   sync.Map     // top-level *syntax.Stmt -> []string (its IDs)
)

type pipeRecord struct {
	mu     sync.Mutex
	n      int   // stages
	status []int // -1: not filed
	seq    int64
}

// pipeStatusRewrite applies the PIPESTATUS rewrite to root (a top-level
// statement, or an eval string's or sourced file's statements).
func pipeStatusRewrite(root syntax.Node, src string) {
	all := strings.Contains(src, "PIPESTATUS")
	lastToo := strings.Contains(src, "pipefail")
	wrapped := map[*syntax.Block]bool{}
	if st, ok := root.(*syntax.Stmt); ok && pipeKind(st) {
		if all {
			fileLeftSides(st, wrapped)
		}
		topPipes.Store(st, wrapPipes(st, lastToo, wrapped))
	}
	if !all {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.File:
			n.Stmts = withPipeStatus(n.Stmts, lastToo, wrapped)
		case *syntax.Block:
			if !wrapped[n] {
				n.Stmts = withPipeStatus(n.Stmts, lastToo, wrapped)
			}
		case *syntax.Subshell:
			n.Stmts = withPipeStatus(n.Stmts, lastToo, wrapped)
		case *syntax.IfClause:
			n.Cond = withPipeStatus(n.Cond, lastToo, wrapped)
			n.Then = withPipeStatus(n.Then, lastToo, wrapped)
		case *syntax.WhileClause:
			n.Cond = withPipeStatus(n.Cond, lastToo, wrapped)
			n.Do = withPipeStatus(n.Do, lastToo, wrapped)
		case *syntax.ForClause:
			n.Do = withPipeStatus(n.Do, lastToo, wrapped)
		case *syntax.CaseItem:
			n.Stmts = withPipeStatus(n.Stmts, lastToo, wrapped)
		case *syntax.CmdSubst:
			n.Stmts = withPipeStatus(n.Stmts, lastToo, wrapped)
		}
		return true
	})
}

// withPipeStatus follows each simple command, pipeline or list of them
// in stmts with the statement that sets PIPESTATUS.
func withPipeStatus(stmts []*syntax.Stmt, lastToo bool, wrapped map[*syntax.Block]bool) []*syntax.Stmt {
	var out []*syntax.Stmt
	for i, st := range stmts {
		if !pipeKind(st) || isInternalCall(st) {
			if out != nil {
				out = append(out, st)
			}
			continue
		}
		if out == nil {
			out = append(make([]*syntax.Stmt, 0, len(stmts)+4), stmts[:i]...)
		}
		fileLeftSides(st, wrapped)
		out = append(out, st, setStmt(st.Negated, wrapPipes(st, lastToo, wrapped)))
	}
	if out == nil {
		return stmts
	}
	return out
}

// setStmt is `__memsh_ps $? NEG ID... && __memsh_status 0`: an
// internal command on the right too, so set -x and $_ do not see it.
func setStmt(negated bool, ids []string) *syntax.Stmt {
	neg := "0"
	if negated {
		neg = "1"
	}
	args := []*syntax.Word{litWord(internalPrefix + "ps"), statusWord(), litWord(neg)}
	for _, id := range ids {
		args = append(args, litWord(id))
	}
	return &syntax.Stmt{Cmd: &syntax.BinaryCmd{
		Op: syntax.AndStmt,
		X:  &syntax.Stmt{Cmd: &syntax.CallExpr{Args: args}},
		Y:  &syntax.Stmt{Cmd: &syntax.CallExpr{Args: statusWords(0)}},
	}}
}

// fileLeftSides makes each element of an && / || list but the last set
// PIPESTATUS as it ends (`{ X; __memsh_ps ...; }`), for the elements
// after it to read. Those elements run where errexit and ERR traps are
// off, so the group changes nothing else.
func fileLeftSides(st *syntax.Stmt, wrapped map[*syntax.Block]bool) {
	bc, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || (bc.Op != syntax.AndStmt && bc.Op != syntax.OrStmt) {
		return
	}
	var wrapAll func(s *syntax.Stmt)
	wrapAll = func(s *syntax.Stmt) {
		if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) && !s.Negated {
			wrapAll(b.X)
			wrapAll(b.Y)
			return
		}
		inner := *s
		b := &syntax.Block{Lbrace: s.Pos(), Rbrace: s.End(), Stmts: []*syntax.Stmt{&inner, nil}}
		b.Stmts[1] = setStmt(inner.Negated, wrapPipes(&inner, false, wrapped))
		wrapped[b] = true
		*s = syntax.Stmt{Cmd: b, Position: s.Position}
	}
	wrapAll(bc.X)
}

// pipeKind reports whether st ends by setting PIPESTATUS in bash: a
// simple command, a subshell, a pipeline, or an && / || list of them,
// in the foreground. (After other compound commands PIPESTATUS is what
// their last pipeline left.)
func pipeKind(st *syntax.Stmt) bool {
	if st == nil || st.Background || st.Coprocess || st.Disown {
		return false
	}
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr, *syntax.Subshell:
		return true
	case *syntax.TimeClause:
		return cmd.Stmt == nil || pipeKind(cmd.Stmt)
	case *syntax.BinaryCmd:
		switch cmd.Op {
		case syntax.Pipe, syntax.PipeAll:
			return true
		}
		return pipeKind(cmd.X) && pipeKind(cmd.Y)
	}
	return false
}

func isInternalCall(st *syntax.Stmt) bool {
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 {
			lit := cmd.Args[0].Lit()
			return strings.HasPrefix(lit, internalPrefix)
		}
	case *syntax.BinaryCmd:
		return isInternalCall(cmd.X)
	}
	return false
}

// wrapPipes wraps the stages of the pipelines in st (a pipeline, or a
// list of them) and returns their IDs.
func wrapPipes(st *syntax.Stmt, lastToo bool, wrapped map[*syntax.Block]bool) []string {
	if tc, ok := st.Cmd.(*syntax.TimeClause); ok && tc.Stmt != nil {
		return wrapPipes(tc.Stmt, lastToo, wrapped)
	}
	bc, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || st.Background {
		return nil
	}
	if bc.Op == syntax.AndStmt || bc.Op == syntax.OrStmt {
		return append(wrapPipes(bc.X, lastToo, wrapped), wrapPipes(bc.Y, lastToo, wrapped)...)
	}
	if bc.Op != syntax.Pipe && bc.Op != syntax.PipeAll {
		return nil
	}
	if b, ok := bc.X.Cmd.(*syntax.Block); ok && wrapped[b] {
		return nil // already done (a statement rewritten twice)
	}
	var stages []*syntax.Stmt
	var flatten func(s *syntax.Stmt)
	flatten = func(s *syntax.Stmt) {
		if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) && !s.Negated && len(s.Redirs) == 0 {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		stages = append(stages, s)
	}
	flatten(bc.X)
	flatten(bc.Y)
	id := strconv.FormatInt(pipeSeq.Add(1), 10)
	last := len(stages) - 1
	if lastToo || st.Negated {
		last++
	}
	for k, s := range stages[:last] {
		inner := *s
		stage := []*syntax.Word{litWord(id), litWord(strconv.Itoa(k)), litWord(strconv.Itoa(len(stages)))}
		file := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: append(append([]*syntax.Word{litWord(internalPrefix + "pss")}, stage...), statusWord())}}
		stmts := []*syntax.Stmt{&inner, file}
		if k < len(stages)-1 {
			// A stage that ends with exit files its status there
			// (fileStageExit): the subshell's own copy of stageVar says
			// which stage it is.
			mark := &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
				Name:  &syntax.Lit{Value: stageVar},
				Value: litWord(id + ":" + strconv.Itoa(k) + ":" + strconv.Itoa(len(stages))),
			}}}}
			stmts = append([]*syntax.Stmt{mark}, stmts...)
		}
		b := &syntax.Block{Lbrace: s.Pos(), Rbrace: s.End(), Stmts: stmts}
		wrapped[b] = true
		*s = syntax.Stmt{Cmd: b, Position: s.Position}
	}
	return []string{id + ":" + strconv.Itoa(len(stages))}
}

func statusWord() *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "?"}}}}
}

// stageVar names, in a pipeline stage's subshell, the stage: ID:K:N.
const stageVar = internalPrefix + "stage"

// fileStageExit files status for the pipeline stage the shell of hc
// is, if it is one: the stage is ending with exit, so its own
// __memsh_pss never runs.
func fileStageExit(hc interp.HandlerContext, status int) {
	v := hc.Env.Get(stageVar)
	if !v.IsSet() {
		return
	}
	parts := strings.Split(v.String(), ":")
	if len(parts) != 3 {
		return
	}
	fileStage([]string{internalPrefix + "pss", parts[0], parts[1], parts[2], strconv.Itoa(status)})
}

// fileStage is __memsh_pss ID K N STATUS: a pipeline stage's status.
func fileStage(args []string) int {
	if len(args) != 5 {
		return 2
	}
	status, _ := strconv.Atoi(args[4])
	k, _ := strconv.Atoi(args[2])
	n, _ := strconv.Atoi(args[3])
	v, _ := pipeStages.LoadOrStore(args[1], &pipeRecord{})
	rec := v.(*pipeRecord)
	rec.mu.Lock()
	if rec.n != n || len(rec.status) != n {
		rec.n, rec.status = n, make([]int, n)
		for i := range rec.status {
			rec.status[i] = -1
		}
	}
	if k >= 0 && k < n {
		rec.status[k] = status
	}
	rec.seq = pipeFiled.Add(1)
	rec.mu.Unlock()
	return status
}

// pipeStatusList is PIPESTATUS after a statement whose status is status
// (negated: the statement had `!`), given its pipelines' IDs.
func pipeStatusList(status int, negated bool, ids []string) []string {
	var rec *pipeRecord
	n := 0
	for _, idn := range ids {
		id, ns, _ := strings.Cut(idn, ":")
		v, ok := pipeStages.LoadAndDelete(id)
		if !ok {
			continue
		}
		r := v.(*pipeRecord)
		if rec == nil || r.seq > rec.seq {
			rec = r
			n, _ = strconv.Atoi(ns)
		}
	}
	if rec == nil && len(ids) > 0 {
		// No stage filed its status: each stopped early (set -e).
		_, ns, _ := strings.Cut(ids[len(ids)-1], ":")
		n, _ = strconv.Atoi(ns)
		rec = &pipeRecord{}
	}
	last := status
	if negated {
		last = 0
		if status == 0 {
			last = 1
		}
	}
	if rec == nil {
		return []string{strconv.Itoa(last)}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	out := make([]string, n)
	for i := range out {
		s := 1 // a stage that never filed its status (it exited early)
		if i < len(rec.status) && rec.status[i] >= 0 {
			s = rec.status[i]
		} else if i == n-1 {
			s = last
		}
		out[i] = strconv.Itoa(s)
	}
	return out
}

// setPipeStatus is __memsh_ps STATUS NEG ID...: it sets PIPESTATUS in the
// calling shell and returns STATUS.
func setPipeStatus(hc interp.HandlerContext, args []string) int {
	if len(args) < 3 {
		return 2
	}
	status, _ := strconv.Atoi(args[1])
	if r := callingRunner(hc); r != nil {
		setVar(r, "PIPESTATUS", pipeStatusList(status, args[2] == "1", args[3:]))
	}
	return status
}

// setTopPipeStatus sets PIPESTATUS after a top-level statement ran.
func setTopPipeStatus(r *interp.Runner, st *syntax.Stmt, status int) {
	v, ok := topPipes.LoadAndDelete(st)
	if !ok {
		return
	}
	ids, _ := v.([]string)
	setVar(r, "PIPESTATUS", pipeStatusList(status, st.Negated, ids))
}

// setVar sets an indexed array in r, as an assignment would.
func setVar(r *interp.Runner, name string, list []string) {
	setShellVar(r, name, expand.Variable{Set: true, Kind: expand.Indexed, List: list})
}

// setLocalArray makes an indexed array local to the running function.
func setLocalArray(r *interp.Runner, name string, list []string) {
	setShellVar(r, name, expand.Variable{Set: true, Local: true, Kind: expand.Indexed, List: list})
}

// setShellVar sets a variable through the writable environment
// mvdan/sh keeps unexported (it offers no API to set a variable from a
// handler). Only the goroutine running r may call it.
func setShellVar(r *interp.Runner, name string, vr expand.Variable) {
	if !writeEnvField.ok || r == nil {
		return
	}
	if env := *(*expand.WriteEnviron)(unsafe.Add(unsafe.Pointer(r), writeEnvField.off)); env != nil {
		env.Set(name, vr)
	}
}

var writeEnvField = offsetOf(reflect.TypeFor[interp.Runner](), "writeEnv", reflect.TypeFor[expand.WriteEnviron]())
