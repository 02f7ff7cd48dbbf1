package interp

import (
	"memsh/shell/command"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// attr is a variable's set of declare attributes (-a -A -i -l -u -n -r -x).
type attr uint16

const (
	attrIndexed  attr = 1 << iota // -a
	attrAssoc                     // -A
	attrInteger                   // -i
	attrLower                     // -l
	attrUpper                     // -u
	attrNameref                   // -n
	attrReadonly                  // -r
	attrExport                    // -x
)

// declareFlags lists the attributes in the order `declare -p` prints them.
var declareFlags = []struct {
	a attr
	c byte
}{
	{attrIndexed, 'a'}, {attrAssoc, 'A'}, {attrInteger, 'i'}, {attrLower, 'l'},
	{attrNameref, 'n'}, {attrReadonly, 'r'}, {attrUpper, 'u'}, {attrExport, 'x'},
}

// Var is one shell variable: a scalar string, an indexed array or an
// associative array, with its attributes. A Var without set is declared
// but unset (`declare x`, `local x`).
type Var struct {
	attrs attr
	set   bool
	str   string
	// grow holds str while it is being appended to (s+=x): appending to
	// a strings.Builder is amortised O(1) and its String() shares the
	// bytes, so n appends cost O(total). Any other assignment drops it.
	grow *strings.Builder
	// idx and assoc may be shared with the copies of this variable that
	// subshells made (their shared counts say); own copies them before
	// a change.
	idx   *indexed
	assoc *assocArray
	// held is what the value has charged to the memory budget
	// (budget.go).
	held int64
	// temp: a temporary-environment variable (v=x cmd) that `local` has
	// not claimed; bash's tempvar.
	temp bool
}

func (v *Var) isArray() bool { return v.idx != nil || v.assoc != nil }

// clone is a copy for another shell that shares v's array storage
// until either of them changes it (own). Both stay readable at once: a
// background job's copy and its parent may run concurrently.
func (v *Var) clone() *Var {
	c := &Var{attrs: v.attrs, set: v.set, str: v.str, idx: v.idx, assoc: v.assoc, temp: v.temp}
	if c.idx != nil {
		c.idx.shared.Add(1)
	}
	if c.assoc != nil {
		c.assoc.shared.Add(1)
	}
	return c
}

// own copies array storage another variable shares before a change.
func (v *Var) own() {
	if a := v.idx; a != nil && a.shared.Load() > 0 {
		v.idx = a.copy()
		a.shared.Add(-1)
	}
	if a := v.assoc; a != nil && a.shared.Load() > 0 {
		v.assoc = a.copy()
		a.shared.Add(-1)
	}
}

// drop lets go of v's storage: v is gone with its frame.
func (v *Var) drop() {
	if v.idx != nil {
		v.idx.shared.Add(-1)
	}
	if v.assoc != nil {
		v.assoc.shared.Add(-1)
	}
}

// setStr makes v the scalar s (or element 0 of an indexed array, as
// bash does for a plain assignment to an array name).
func (v *Var) setStr(s string) {
	if v.assoc != nil {
		v.own()
		v.assoc.set("0", s)
		v.set = true
		return
	}
	if v.idx != nil {
		v.own()
		v.idx.set(0, s)
		v.set = true
		return
	}
	v.str, v.grow, v.set = s, nil, true
}

// appendStr is s+=x on a scalar, amortised O(len(x)).
func (v *Var) appendStr(x string) {
	if v.grow == nil || v.grow.Len() != len(v.str) {
		b := &strings.Builder{}
		b.Grow(2*len(v.str) + len(x) + 16)
		b.WriteString(v.str)
		v.grow = b
	}
	v.grow.WriteString(x)
	v.str, v.set = v.grow.String(), true
}

// value is the variable's scalar value: element 0 for an indexed array,
// key "0" for an associative one.
func (v *Var) value() (string, bool) {
	switch {
	case v == nil || !v.set:
		return "", false
	case v.idx != nil:
		return v.idx.get(0)
	case v.assoc != nil:
		return v.assoc.get("0")
	}
	return v.str, true
}

// indexed is a sparse indexed array: sorted indices with their values.
// Appending past the end (arr+=(x), a[${#a[@]}]=x) is amortised O(1).
type indexed struct {
	keys []int
	vals []string
	// shared is how many variables besides one hold this storage.
	shared atomic.Int32
}

func (a *indexed) copy() *indexed {
	return &indexed{keys: append([]int(nil), a.keys...), vals: append([]string(nil), a.vals...)}
}

func (a *indexed) find(i int) (int, bool) {
	n := len(a.keys)
	if n > 0 && a.keys[n-1] < i {
		return n, false
	}
	if i < n && i >= 0 && a.keys[i] == i { // dense
		return i, true
	}
	j := sort.SearchInts(a.keys, i)
	return j, j < n && a.keys[j] == i
}

func (a *indexed) get(i int) (string, bool) {
	if j, ok := a.find(i); ok {
		return a.vals[j], true
	}
	return "", false
}

func (a *indexed) set(i int, s string) {
	j, ok := a.find(i)
	if ok {
		a.vals[j] = s
		return
	}
	if j == len(a.keys) {
		a.keys, a.vals = append(a.keys, i), append(a.vals, s)
		return
	}
	a.keys = append(a.keys, 0)
	copy(a.keys[j+1:], a.keys[j:])
	a.keys[j] = i
	a.vals = append(a.vals, "")
	copy(a.vals[j+1:], a.vals[j:])
	a.vals[j] = s
}

func (a *indexed) unset(i int) {
	if j, ok := a.find(i); ok {
		a.keys = append(a.keys[:j], a.keys[j+1:]...)
		a.vals = append(a.vals[:j], a.vals[j+1:]...)
	}
}

// next is the index after the highest set one (where += appends).
func (a *indexed) next() int {
	if len(a.keys) == 0 {
		return 0
	}
	return a.keys[len(a.keys)-1] + 1
}

// assocArray keeps insertion order (copies keep it) and lists its keys
// in bash's hash-table order: bash's associative arrays are tables of
// 1024 buckets chosen by the 32-bit FNV-1 hash of the key, each bucket
// listing its newest key first, and scripts print "${!h[@]}" as is.
type assocArray struct {
	m    map[string]int // key -> position in keys/vals
	keys []string
	vals []string
	dead int   // unset slots in keys (marked by m not holding them)
	ord  []int // positions in bash's order; nil when a key came or went
	// shared is how many variables besides one hold this storage.
	shared atomic.Int32
}

// assocBuckets is bash's ASSOC_HASH_BUCKETS.
const assocBuckets = 1024

// fnv1 is bash's hash_string.
func fnv1(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h *= 16777619
		h ^= uint32(s[i])
	}
	return h
}

func newAssoc() *assocArray { return &assocArray{m: map[string]int{}} }

func (a *assocArray) copy() *assocArray {
	c := newAssoc()
	for i, k := range a.keys {
		if j, ok := a.m[k]; ok && j == i {
			c.set(k, a.vals[i])
		}
	}
	return c
}

func (a *assocArray) get(k string) (string, bool) {
	if i, ok := a.m[k]; ok {
		return a.vals[i], true
	}
	return "", false
}

func (a *assocArray) set(k, v string) {
	if i, ok := a.m[k]; ok {
		a.vals[i] = v
		return
	}
	a.m[k] = len(a.keys)
	a.keys, a.vals = append(a.keys, k), append(a.vals, v)
	a.ord = nil
}

func (a *assocArray) unset(k string) {
	i, ok := a.m[k]
	if !ok {
		return
	}
	delete(a.m, k)
	a.keys[i] = ""
	a.dead++
	a.ord = nil
	if a.dead > 32 && a.dead > len(a.keys)/2 {
		c := a.copy()
		a.m, a.keys, a.vals, a.dead, a.ord = c.m, c.keys, c.vals, c.dead, c.ord
	}
}

func (a *assocArray) len() int { return len(a.m) }

// each calls f for every element in bash's listing order: by bucket,
// the newest key of a bucket first.
func (a *assocArray) each(f func(k, v string)) {
	if a.ord == nil {
		ord := make([]int, 0, len(a.m))
		buckets := make([]uint32, len(a.keys))
		for i, k := range a.keys {
			if j, ok := a.m[k]; ok && j == i {
				ord = append(ord, i)
				buckets[i] = fnv1(k) & (assocBuckets - 1)
			}
		}
		sort.Slice(ord, func(x, y int) bool {
			bx, by := buckets[ord[x]], buckets[ord[y]]
			if bx != by {
				return bx < by
			}
			return ord[x] > ord[y]
		})
		a.ord = ord
	}
	for _, i := range a.ord {
		f(a.keys[i], a.vals[i])
	}
}

// frame is one scope: the globals, one function call's locals (and the
// temporary environment it was called with), or the temporary
// environment of a builtin (v=x eval ...), which belongs to the function
// level it runs at. A frame shared by several shells (a subshell and its
// parent) is copied by whichever writes first: refs counts the shells
// holding it.
type frame struct {
	refs atomic.Int32
	m    map[string]*Var
	temp bool // a builtin's temporary environment
}

func newFrame(n int) *frame {
	f := &frame{m: make(map[string]*Var, n)}
	f.refs.Store(1)
	return f
}

// scopes is a shell's variables: frames[0] the globals, the last the
// innermost function call's locals (bash's dynamic scoping).
type scopes struct {
	frames []*frame
	mem    *command.Budget // what the variables hold is charged here (budget.go)
}

// share gives a subshell the same frames; each is copied on first write.
func (s *scopes) share() scopes {
	for _, f := range s.frames {
		f.refs.Add(1)
	}
	return scopes{frames: append([]*frame(nil), s.frames...), mem: s.mem}
}

// release drops a finished shell's hold on its frames.
func (s *scopes) release() {
	for _, f := range s.frames {
		if f.refs.Add(-1) == 0 {
			dropFrame(s.mem, f)
		}
	}
	s.frames = nil
}

// writable returns frame i, copied first if another shell holds it.
func (s *scopes) writable(i int) *frame {
	f := s.frames[i]
	if f.refs.Load() == 1 {
		return f
	}
	c := newFrame(len(f.m))
	c.temp = f.temp
	for k, v := range f.m {
		c.m[k] = v.clone()
	}
	if f.refs.Add(-1) == 0 {
		dropFrame(s.mem, f)
	}
	s.frames[i] = c
	return c
}

// lookup finds name's innermost declaration and its frame index.
func (s *scopes) lookup(name string) (*Var, int) {
	for i := len(s.frames) - 1; i >= 0; i-- {
		if v, ok := s.frames[i].m[name]; ok {
			return v, i
		}
	}
	return nil, -1
}

// forWrite returns name's Var ready to change, creating it in frame
// create (-1: globals) when it does not exist.
func (s *scopes) forWrite(name string, create int) *Var {
	v, i := s.lookup(name)
	if v == nil {
		if create < 0 {
			create = 0
		}
		nv := &Var{}
		s.writable(create).m[name] = nv
		return nv
	}
	f := s.writable(i)
	v = f.m[name]
	v.own()
	return v
}

// dropFrame ends a frame no shell holds any more: its variables let go
// of the storage they shared and of what they charged to the budget.
func dropFrame(b *command.Budget, f *frame) {
	for _, v := range f.m {
		v.drop()
	}
	releaseFrame(b, f)
}

func (s *scopes) push() { s.frames = append(s.frames, newFrame(4)) }

// pushTemp opens a builtin's temporary environment.
func (s *scopes) pushTemp() {
	f := newFrame(4)
	f.temp = true
	s.frames = append(s.frames, f)
}

// funcFrame is the index of the innermost function call's frame (0, the
// globals, outside functions): where `local` declares, with the
// temporary environments of builtins above it on the same level.
func (s *scopes) funcFrame() int {
	i := len(s.frames) - 1
	for i > 0 && s.frames[i].temp {
		i--
	}
	return i
}

func (s *scopes) pop() {
	n := len(s.frames) - 1
	if s.frames[n].refs.Add(-1) == 0 {
		dropFrame(s.mem, s.frames[n])
	}
	s.frames = s.frames[:n]
}

// names lists every visible variable name, sorted.
func (s *scopes) names() []string {
	seen := map[string]bool{}
	for _, f := range s.frames {
		for k := range f.m {
			seen[k] = true
		}
	}
	list := make([]string, 0, len(seen))
	for k := range seen {
		list = append(list, k)
	}
	sort.Strings(list)
	return list
}

// validName reports whether s is a shell variable name.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// maxNamerefDepth is bash's limit on nameref chains.
const maxNamerefDepth = 8

// resolveRef follows namerefs from name to the variable they name. The
// result may carry a subscript ("a[1]").
func (r *Runner) resolveRef(name string) string {
	first := name
	for range maxNamerefDepth {
		v, _ := r.vars.lookup(name)
		if v == nil || v.attrs&attrNameref == 0 || !v.set || v.str == "" {
			return name
		}
		if name != first && name == v.str || v.str == first {
			// ref1 -> ref2 -> ref1: bash reads nothing, assigns nothing
			r.errorf("warning: %s: circular name reference", first)
			return ""
		}
		name = v.str
	}
	r.errorf("%s: maximum nameref depth (%d) exceeded", name, maxNamerefDepth)
	return name
}

// refersToList reports whether name is a nameref to a[@] or a[*],
// which expands to the array's elements rather than one string.
// It follows the references quietly (resolveRef reports a cycle).
func (r *Runner) refersToList(name string) bool {
	for range maxNamerefDepth {
		v, _ := r.vars.lookup(name)
		if v == nil || v.attrs&attrNameref == 0 || !v.set || v.str == "" {
			return false
		}
		if _, sub, ok := splitSubscript(v.str); ok {
			return sub == "@" || sub == "*"
		}
		name = v.str
	}
	return false
}

// lookupVar is the Var a name means after namerefs, or nil.
func (r *Runner) lookupVar(name string) *Var {
	name = r.resolveRef(name)
	v, _ := r.vars.lookup(name)
	if v == nil {
		return r.dynamicArray(name)
	}
	return v
}

// dynamicArray is one of the arrays bash keeps up to date itself
// (PIPESTATUS, FUNCNAME, BASH_LINENO, BASH_SOURCE), built when read.
func (r *Runner) dynamicArray(name string) *Var {
	var vals []string
	switch name {
	case "PIPESTATUS":
		if r.pipeStatus == nil {
			if r.oneStatus < 0 {
				return nil
			}
			vals = []string{strconv.Itoa(r.oneStatus)}
		}
		for _, s := range r.pipeStatus {
			vals = append(vals, strconv.Itoa(s))
		}
	case "DIRSTACK":
		vals = r.dirList()
	case "FUNCNAME", "BASH_LINENO", "BASH_SOURCE":
		if name == "FUNCNAME" && r.funcDepth == 0 {
			// Only a function sees FUNCNAME (a sourced file's frame
			// alone does not show).
			return nil
		}
		vals = r.callStack(name)
		if len(vals) == 0 {
			return nil
		}
	default:
		return nil
	}
	a := &indexed{}
	for i, s := range vals {
		a.set(i, s)
	}
	return &Var{idx: a, set: true, attrs: attrIndexed}
}

// getVar is $name: special parameters, dynamic variables, then the
// variable's scalar value.
func (r *Runner) getVar(name string) (string, bool) {
	switch name {
	case "?":
		return strconv.Itoa(r.lastStatus), true
	case "#":
		return strconv.Itoa(len(r.params)), true
	case "$":
		return strconv.Itoa(r.pid), true
	case "!":
		if r.lastBg == 0 {
			return "", false
		}
		return strconv.Itoa(r.lastBg), true
	case "-":
		return r.dashFlags(), true
	case "_":
		return r.lastArg, true
	case "0":
		return r.arg0, true
	case "@", "*":
		return strings.Join(r.params, r.ifsJoiner()), len(r.params) > 0
	case "LINENO":
		return strconv.Itoa(int(r.line)), true
	case "RANDOM":
		return strconv.Itoa(r.random()), true
	case "SECONDS":
		return strconv.Itoa(r.seconds()), true
	case "EPOCHSECONDS", "EPOCHREALTIME", "SRANDOM":
		// bash ignores assignments to them
		return r.epochVar(name), true
	case "BASHPID":
		return strconv.Itoa(r.bashPid), true
	case "SHLVL":
	case "BASH_SUBSHELL":
		return strconv.Itoa(r.subshell), true
	case "BASH_ARGV0":
		if v, _ := r.vars.lookup(name); v == nil {
			return r.arg0, true
		}
	case "SHELLOPTS":
		return r.optionNames(setOptions), true
	case "BASHOPTS":
		return r.optionNames(shoptOptions), true
	case "FUNCNAME", "PIPESTATUS", "BASH_LINENO", "BASH_SOURCE", "DIRSTACK":
		if v, _ := r.vars.lookup(name); v == nil {
			return r.dynamicArray(name).value()
		}
	}
	if name != "" && name[0] >= '0' && name[0] <= '9' {
		n, _ := strconv.Atoi(name)
		if n >= 1 && n <= len(r.params) {
			return r.params[n-1], true
		}
		return "", false
	}
	name = r.resolveRef(name)
	if base, sub, ok := splitSubscript(name); ok {
		if sub, ok = r.textSubscript(sub); !ok {
			return "", false
		}
		return r.getElem(base, sub)
	}
	v, _ := r.vars.lookup(name)
	return v.value()
}

// splitSubscript splits "a[k]" into "a" and "k".
func splitSubscript(s string) (string, string, bool) {
	i := strings.IndexByte(s, '[')
	if i <= 0 || !strings.HasSuffix(s, "]") {
		return "", "", false
	}
	return s[:i], s[i+1 : len(s)-1], true
}

// getElem is ${base[sub]} with the subscript given as text.
// A negative subscript before the first element reads as unset, with
// bash's "a: bad array subscript" (the line goes on).
func (r *Runner) getElem(base, sub string) (string, bool) {
	v := r.lookupVar(base)
	all := sub == "@" || sub == "*"
	switch {
	case v != nil && v.assoc != nil:
		if all {
			break
		}
		return v.assoc.get(sub)
	case v == nil || !v.set && !v.isArray():
		if !all {
			// bash evaluates an unset array's subscript too.
			if n, err := r.arithText(sub); err == nil && n < 0 {
				r.errorf("%s: bad array subscript", base)
			}
		}
		return "", false
	}
	if all {
		vals := r.arrayValues(v)
		return strings.Join(vals, r.ifsJoiner()), len(vals) > 0
	}
	if v.idx == nil {
		// A scalar is element 0 of an array.
		n, err := r.arithText(sub)
		if err == nil && n < 0 {
			r.errorf("%s: bad array subscript", base)
		}
		if err != nil || n != 0 {
			return "", false
		}
		return v.value()
	}
	i, ok := r.arrayIndex(v, sub, base)
	if !ok {
		return "", false
	}
	return v.idx.get(i)
}

// arrayIndex evaluates an indexed subscript, counting a negative one
// from the end; errName names the element in bash's message for one
// before the start ("" for none).
func (r *Runner) arrayIndex(v *Var, sub, errName string) (int, bool) {
	n, err := r.arithText(sub)
	if err != nil {
		return 0, false
	}
	i := int(n)
	if i < 0 {
		if v.idx != nil {
			i += v.idx.next()
		} else if v.set {
			i++
		}
		if i < 0 {
			if errName != "" {
				r.errorf("%s: bad array subscript", errName)
			}
			return 0, false
		}
	}
	return i, true
}

// arrayValues lists an array's values in index order (a scalar as one).
func (r *Runner) arrayValues(v *Var) []string {
	switch {
	case v == nil:
		return nil
	case v.idx != nil:
		return v.idx.vals
	case v.assoc != nil:
		out := make([]string, 0, v.assoc.len())
		v.assoc.each(func(_, val string) { out = append(out, val) })
		return out
	case v.set:
		return []string{v.str}
	}
	return nil
}

// arrayKeys lists ${!a[@]}.
func arrayKeys(v *Var) []string {
	switch {
	case v == nil:
		return nil
	case v.idx != nil:
		out := make([]string, len(v.idx.keys))
		for i, k := range v.idx.keys {
			out[i] = strconv.Itoa(k)
		}
		return out
	case v.assoc != nil:
		out := make([]string, 0, v.assoc.len())
		v.assoc.each(func(k, _ string) { out = append(out, k) })
		return out
	case v.set:
		return []string{"0"}
	}
	return nil
}

// convert applies -i, -l and -u to a value being assigned.
func (r *Runner) convert(v *Var, s string) string {
	if v.attrs&attrInteger != 0 {
		n, err := r.arithText(s)
		if err != nil {
			r.assignFatal()
			return "0"
		}
		return strconv.FormatInt(n, 10)
	}
	switch {
	case v.attrs&attrLower != 0:
		return strings.ToLower(s)
	case v.attrs&attrUpper != 0:
		return strings.ToUpper(s)
	}
	return s
}

// setVar assigns a scalar (name may be "a[k]"); false after printing the
// error when the variable is read-only or the name invalid.
func (r *Runner) setVar(name, val string, appendTo bool) bool {
	name = r.resolveRef(name)
	if base, sub, ok := splitSubscript(name); ok {
		if sub, ok = r.textSubscript(sub); !ok {
			return false
		}
		return r.setElem(base, sub, val, appendTo)
	}
	if !validName(name) {
		r.errorf("`%s': not a valid identifier", name)
		return false
	}
	if name == "SECONDS" {
		// $SECONDS counts on from the value assigned.
		r.secondsBase, r.started = int(r.arithOr0(val)), time.Now()
		return true
	}
	if cur, _ := r.vars.lookup(name); cur != nil && cur.attrs&attrReadonly != 0 {
		r.errorf("%s: readonly variable", name)
		return false
	}
	v := r.vars.forWrite(name, -1)
	if !r.assignScalar(name, v, val, appendTo) {
		return false
	}
	r.varChanged(name, v)
	return true
}

// assignScalar stores val (appended with appendTo) in v, named name in
// a message; false when the memory budget refuses it (budget.go).
func (r *Runner) assignScalar(name string, v *Var, val string, appendTo bool) bool {
	if appendTo && v.attrs&attrInteger != 0 {
		cur, _ := v.value()
		val = strconv.FormatInt(r.arithOr0(cur)+r.arithOr0(val), 10)
		appendTo = false
	} else {
		val = r.convert(v, val)
	}
	if v.idx != nil || v.assoc != nil {
		cur, had := v.value()
		if appendTo {
			val = cur + val
		}
		if !r.chargeElem(name, v, cur, had, val) {
			return false
		}
		v.setStr(val)
		return true
	}
	if appendTo && v.set {
		if !r.charge(name, v, int64(len(val))) {
			return false
		}
		v.appendStr(val)
		return true
	}
	if !r.charge(name, v, int64(len(val))-v.held) {
		return false
	}
	v.setStr(val)
	return true
}

func (r *Runner) arithOr0(s string) int64 {
	n, err := r.arithText(s)
	if err != nil {
		r.assignFatal()
		return 0
	}
	return n
}

// setElem assigns base[sub].
func (r *Runner) setElem(base, sub, val string, appendTo bool) bool {
	if cur, _ := r.vars.lookup(base); cur != nil && cur.attrs&attrReadonly != 0 {
		r.errorf("%s: readonly variable", base)
		return false
	}
	v := r.vars.forWrite(base, -1)
	if appendTo && v.attrs&attrInteger != 0 {
		cur, _ := r.getElem(base, sub)
		val = strconv.FormatInt(r.arithOr0(cur)+r.arithOr0(val), 10)
		appendTo = false
	}
	if v.assoc != nil {
		val = r.convert(v, val)
		cur, had := v.assoc.get(sub)
		if appendTo {
			val = cur + val
		}
		if !r.chargeElem(base, v, cur, had, val) {
			return false
		}
		v.assoc.set(sub, val)
		v.set = true
		return true
	}
	if v.idx == nil {
		v.idx = &indexed{}
		if v.set {
			v.idx.set(0, v.str)
		}
		v.str, v.grow = "", nil
		v.attrs |= attrIndexed
	}
	i, ok := r.arrayIndex(v, sub, base+"["+sub+"]")
	if !ok {
		return false
	}
	val = r.convert(v, val)
	cur, had := v.idx.get(i)
	if appendTo {
		val = cur + val
	}
	if !r.chargeElem(base, v, cur, had, val) {
		return false
	}
	v.idx.set(i, val)
	v.set = true
	return true
}

// unsetVar is `unset name` / `unset 'a[k]'`: it removes the innermost
// declaration (a caller's local, under dynamic scoping).
func (r *Runner) unsetVar(name string) bool {
	name = r.resolveRef(name)
	if base, sub, ok := splitSubscript(name); ok {
		if sub, ok = r.textSubscript(sub); !ok {
			return false
		}
		v, i := r.vars.lookup(base)
		if v == nil {
			return true
		}
		if v.attrs&attrReadonly != 0 {
			r.errorf("unset: %s: cannot unset: readonly variable", base)
			return false
		}
		v = r.vars.writable(i).m[base]
		v.own()
		switch {
		case v.assoc != nil:
			if old, had := v.assoc.get(sub); had {
				r.charge(base, v, -int64(len(old))-elemOverhead)
			}
			v.assoc.unset(sub)
		case v.idx != nil:
			if sub == "@" || sub == "*" {
				releaseVar(r.vars.mem, v)
				v.idx = &indexed{}
				return true
			}
			idx, ok := r.arrayIndex(v, sub, "unset: ["+sub+"]")
			if !ok {
				return false
			}
			if old, had := v.idx.get(idx); had {
				r.charge(base, v, -int64(len(old))-elemOverhead)
			}
			v.idx.unset(idx)
		default:
			idx, ok := r.arrayIndex(v, sub, "unset: ["+sub+"]")
			if !ok {
				return false
			}
			if idx != 0 && sub != "@" && sub != "*" {
				// a string has only element 0
				r.errorf("unset: %s: not an array variable", base)
				return false
			}
			releaseVar(r.vars.mem, v)
			v.set, v.str, v.grow = false, "", nil
		}
		return true
	}
	v, i := r.vars.lookup(name)
	if v == nil {
		return true
	}
	if v.attrs&attrReadonly != 0 {
		r.errorf("unset: %s: cannot unset: readonly variable", name)
		return false
	}
	f := r.vars.writable(i)
	releaseVar(r.vars.mem, f.m[name])
	if i > 0 && i >= r.vars.funcFrame() && !v.temp {
		// A local unset in its own function stays declared-and-unset
		// there; bash hides the outer value only in the same scope. A
		// temporary-environment variable goes, showing the one under.
		f.m[name] = &Var{attrs: v.attrs &^ (attrIndexed | attrAssoc)}
		return true
	}
	delete(f.m, name)
	r.varChanged(name, nil)
	return true
}

// varChanged keeps state that mirrors a variable (IFS, HISTSIZE) in step.
func (r *Runner) varChanged(name string, v *Var) {
	switch name {
	case "IFS":
		r.ifsCache = nil
	case "HISTSIZE", "HISTFILESIZE":
		r.histSizeChanged(name) // builtin_history.go
	case "FUNCNEST":
		r.funcNestSeen = true
	case "PATH":
		// bash forgets every hashed command when PATH changes.
		r.hash = nil
	}
}

// environ is the exported, set variables as "K=V", sorted.
func (r *Runner) environ() []string {
	vals := map[string]string{}
	for _, f := range r.vars.frames {
		for k, v := range f.m {
			if isOptionsVar(k) && v.attrs&attrExport != 0 {
				// export SHELLOPTS: the options as they are now, which
				// a child shell then starts with.
				vals[k], _ = r.getVar(k)
			} else if s, ok := v.value(); ok && v.attrs&attrExport != 0 && !v.isArray() {
				vals[k] = s
			} else {
				delete(vals, k)
			}
		}
	}
	out := make([]string, 0, len(vals))
	for k, v := range vals {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// The sandbox's process ids: $$ of a session's shell and its $PPID.
const (
	sandboxPID  = 4242
	sandboxPPID = 1
)

// setIDs sets bash's read-only integer variables of the process: UID
// and EUID (the sandbox user, unless the environment gave them, as
// bash keeps them then), memsh's GID beside them, and PPID, always
// ppid.
func (r *Runner) setIDs(ppid int) {
	for _, id := range []struct {
		name   string
		val    int
		always bool
	}{{"UID", sandboxUID, false}, {"EUID", sandboxUID, false}, {"PPID", ppid, true}} {
		if v, _ := r.vars.lookup(id.name); v != nil && !id.always {
			continue
		}
		v := &Var{attrs: attrInteger | attrReadonly}
		v.setStr(strconv.Itoa(id.val))
		r.vars.writable(0).m[id.name] = v
	}
}
