package shell

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
	"memsh/shell/prompt"
)

// The evaluation of the expansions memsh computes itself (see
// rewrite_expand.go), against the variables of the calling runner.

// evalParamSource evaluates the expansion src (printed by
// prepExpansions) as bash would, giving its fields. Errors are printed
// as bash prints them, and the expansion is then empty.
//
// A fatal error (see fatalMark) is returned for the caller to act on,
// not printed.
func (c *core) evalParamSource(hc interp.HandlerContext, line, src string) (fields []string, fatalMsg string) {
	f, err := newParser().Parse(strings.NewReader(": "+src), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, ""
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 2 || len(ce.Args[1].Parts) != 1 {
		return nil, ""
	}
	pe, ok := ce.Args[1].Parts[0].(*syntax.ParamExp)
	if !ok {
		return nil, ""
	}
	fields, msg := c.evalParam(hc, pe)
	if m, ok := strings.CutPrefix(msg, fatalMark); ok {
		return nil, c.errPrefix(line) + m + "\n"
	}
	if m, ok := strings.CutPrefix(msg, exitMark); ok {
		return nil, exitMark + c.errPrefix(line) + m + "\n"
	}
	if _, ok := strings.CutPrefix(msg, unboundMark); ok {
		return nil, msg
	}
	if msg != "" {
		fmt.Fprintf(hc.Stderr, "%s%s\n", c.errPrefix(line), msg)
	}
	return fields, ""
}

// fatalMark starts the message of an expansion error after which bash
// abandons the line (or ends the subshell), as its "bad substitution"
// kind; others are printed and the expansion is empty.
const fatalMark = "\x00fatal:"

// unboundMark starts the name of an unset variable expanded under
// set -u: the caller has mvdan/sh expand it, for its unbound-variable
// error (which fatal.go words as bash's).
const unboundMark = "\x00unbound:"

// exitMark starts the message of ${v?msg}'s error, which ends the
// shell.
const exitMark = "\x00exit:"

// optNounset is set -u's index in mvdan/sh's option table.
const optNounset = 4

// msgPrefix starts a builtin's error message: "NAME: line N: " in a
// script, as bash -c and bash FILE print it, "bash: " at the prompt.
func (c *core) msgPrefix(hc interp.HandlerContext) string {
	return c.callPrefix(hc.Pos.Line(), hc.Pos.IsValid() && funcDepth(hc.Env) > 0)
}

// callPrefix is linePrefix for a command that may run in a function:
// bash -c names a message from a function's body "environment: line N:",
// as its functions come from the environment (a script file keeps its
// name).
func (c *core) callPrefix(line uint, inFunc bool) string {
	if inFunc && line > 0 && c.opts.Script && !c.opts.FromFile {
		return "environment: line " + strconv.FormatUint(uint64(line), 10) + ": "
	}
	return c.linePrefix(line)
}

// errPrefix is msgPrefix for a line given as text (an expansion's, see
// rewrite_expand.go).
func (c *core) errPrefix(line string) string {
	n, _ := strconv.ParseUint(line, 10, 32)
	return c.linePrefix(uint(n))
}

// linePrefix starts a message about source line line: "NAME: line N: "
// in a script, "bash: " at the prompt or when the line is unknown.
func (c *core) linePrefix(line uint) string {
	if c.opts.Script && line > 0 {
		return c.scriptName() + ": line " + strconv.FormatUint(uint64(line), 10) + ": "
	}
	return "bash: "
}

func (c *core) evalParam(hc interp.HandlerContext, pe *syntax.ParamExp) ([]string, string) {
	name := pe.Param.Value
	switch name {
	case "-":
		return []string{substring(&expand.Config{Env: hc.Env}, pe, c.dashFlags(hc))}, ""
	case "SECONDS":
		return []string{c.seconds(hc)}, ""
	}
	if pe.Length && len(name) > 1 && isNumber(name) {
		return []string{substring(&expand.Config{Env: hc.Env}, pe, specialParam(hc, name).String())}, "" // ${#10}
	}
	if fields, ok := assocList(hc.Env, pe); ok {
		return fields, "" // assoc.go
	}
	cfg := &expand.Config{Env: hc.Env}
	if pe.Excl {
		return c.indirect(hc, cfg, pe)
	}
	if pe.Slice != nil && (name == "@" || name == "*") {
		return sliceParams(cfg, hc, pe)
	}
	if pe.Slice != nil {
		return sliceNegative(cfg, hc, name, pe)
	}
	vr := specialParam(hc, name)
	orig := vr
	if n, v := vr.Resolve(hc.Env); n != "" {
		name, vr = n, v
	}
	elems, keys, set, msg := elements(cfg, name, vr, pe)
	if msg != "" {
		return nil, msg
	}
	if pe.Exp != nil && (pe.Exp.Op == syntax.ErrorUnset || pe.Exp.Op == syntax.ErrorUnsetOrNull) {
		return errorOp(cfg, pe, elems, set)
	}
	if nounset, _ := runnerOpt(hc, optNounset); nounset && !set && listIndex(pe) == "" && (pe.Exp == nil || !isDefaultOp(pe.Exp.Op)) {
		return nil, unboundMark + pe.Param.Value
	}
	switch {
	case pe.Repl != nil:
		if !set && listIndex(pe) == "" {
			return []string{""}, ""
		}
		out, err := replaceAll(cfg, hc, pe.Repl, elems)
		if err != nil {
			return elems, ""
		}
		return out, ""
	case pe.Exp != nil && listIndex(pe) != "" && isDefaultOp(pe.Exp.Op):
		return listDefault(cfg, pe, elems), ""
	case pe.Exp != nil && isDefaultOp(pe.Exp.Op):
		// A scalar (memsh computes ${10:-word} and up).
		if len(elems) == 0 {
			elems = []string{""}
		}
		if !set {
			elems = nil
		}
		out := listDefault(cfg, pe, elems)
		if len(out) == 0 {
			return []string{""}, ""
		}
		return out, ""
	case isToggle(pe):
		out := make([]string, len(elems))
		for i, e := range elems {
			out[i] = toggleCase(e, pe.Exp.Op == syntax.LowerAll)
		}
		return out, ""
	case pe.Exp != nil && isCaseOp(pe.Exp.Op) && !isToggle(pe):
		return caseConv(pe.Exp, elems), "" // indirect.go
	case pe.Exp != nil && pe.Exp.Op == syntax.OtherParamOps:
		op, _ := expand.Literal(cfg, pe.Exp.Word)
		return c.transform(hc, op, name, orig, vr, pe, elems, keys, set)
	case pe.Exp != nil:
		pat, err := expand.Pattern(cfg, pe.Exp.Word)
		if err != nil {
			return elems, ""
		}
		rx, err := compileGlob(pat, extglobOn(hc))
		if err != nil {
			return elems, ""
		}
		out := make([]string, len(elems))
		for i, e := range elems {
			out[i] = removeMatch(e, rx, pe.Exp.Op)
		}
		return out, ""
	}
	return elems, ""
}

func isDefaultOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		return true
	}
	return false
}

// listDefault is ${a[@]:-word} and its kin on a whole array or $@: an
// empty list counts as unset, and as null (for the ":" forms) when its
// elements joined are empty, as bash decides.
func listDefault(cfg *expand.Config, pe *syntax.ParamExp, elems []string) []string {
	unset := len(elems) == 0
	null := unset || strings.Join(elems, " ") == ""
	word := func() []string {
		w, _ := expand.Literal(cfg, pe.Exp.Word)
		return []string{w}
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset:
		if unset {
			return word()
		}
	case syntax.DefaultUnsetOrNull:
		if null {
			return word()
		}
	case syntax.AlternateUnset:
		if unset {
			return []string{}
		}
		return word()
	case syntax.AlternateUnsetOrNull:
		if null {
			return []string{}
		}
		return word()
	}
	return elems
}

// elements gives the values pe selects from vr (one for a scalar or an
// element, all for [@] and [*]), with their keys for a whole array.
func elements(cfg *expand.Config, name string, vr expand.Variable, pe *syntax.ParamExp) (elems, keys []string, set bool, msg string) {
	all := listIndex(pe) != ""
	switch {
	case all && vr.Kind == expand.Indexed:
		for i, v := range vr.List {
			k := i
			if vr.Indexes != nil {
				k = vr.Indexes[i]
			}
			keys = append(keys, strconv.Itoa(k))
			elems = append(elems, v)
		}
		return elems, keys, vr.IsSet(), ""
	case all && vr.Kind == expand.Associative:
		keys = bashKeyOrder(vr.Map) // assoc.go
		for _, k := range keys {
			elems = append(elems, vr.Map[k])
		}
		return elems, keys, vr.IsSet(), ""
	case all:
		if vr.IsSet() {
			return []string{vr.String()}, []string{"0"}, true, ""
		}
		return nil, nil, false, ""
	case pe.Index == nil:
		if vr.Kind == expand.Indexed || vr.Kind == expand.Associative {
			v, ok := element(vr, "0", 0)
			if !ok {
				return nil, nil, false, ""
			}
			return []string{v}, nil, true, ""
		}
		if !vr.IsSet() {
			return []string{""}, nil, false, ""
		}
		return []string{vr.String()}, nil, true, ""
	}
	if vr.Kind == expand.Associative {
		w, _ := pe.Index.(*syntax.Word)
		key, _ := expand.Literal(cfg, w)
		v, ok := vr.Map[key]
		return []string{v}, nil, ok, ""
	}
	i, err := indexArith(cfg, pe.Index) // arith_recursive.go
	if err != nil {
		return []string{""}, nil, false, ""
	}
	if i < 0 {
		max := -1
		if vr.Kind == expand.Indexed {
			max = len(vr.List) - 1
			if vr.Indexes != nil && len(vr.Indexes) > 0 {
				max = vr.Indexes[len(vr.Indexes)-1]
			}
		} else if vr.IsSet() {
			max = 0
		}
		if i += max + 1; i < 0 {
			return []string{""}, nil, false, name + ": bad array subscript"
		}
	}
	v, ok := element(vr, "", i)
	return []string{v}, nil, ok, ""
}

func element(vr expand.Variable, key string, i int) (string, bool) {
	switch vr.Kind {
	case expand.Associative:
		v, ok := vr.Map[key]
		return v, ok
	case expand.Indexed:
		if vr.Indexes == nil {
			if i < len(vr.List) {
				return vr.List[i], true
			}
			return "", false
		}
		if pos, ok := slices.BinarySearch(vr.Indexes, i); ok {
			return vr.List[pos], true
		}
		return "", false
	}
	if i == 0 && vr.IsSet() {
		return vr.String(), true
	}
	return "", false
}

// compileGlob compiles a shell pattern (quoted parts already escaped, as
// expand.Pattern gives it) to a regexp matching a whole string.
func compileGlob(pat string, extglob bool) (*regexp.Regexp, error) {
	mode := pattern.EntireString | pattern.NoGlobStar
	if extglob {
		mode |= pattern.ExtendedOperators
	}
	expr, err := pattern.Regexp(pat, mode)
	if err != nil {
		return nil, err
	}
	return regexp.Compile(expr)
}

// runnerOpt reads one of the calling runner's options by its index in
// mvdan/sh v3.14.1's option table (posix options, then bash's).
func runnerOpt(hc interp.HandlerContext, index int) (bool, bool) {
	r := callingRunner(hc)
	if r == nil {
		return false, false
	}
	opts := reflect.ValueOf(r).Elem().FieldByName("opts")
	if index < 0 || !opts.IsValid() || opts.Kind() != reflect.Array || index >= opts.Len() {
		return false, false
	}
	return opts.Index(index).Bool(), true
}

// posixFlags are the set flags in the order of mvdan/sh's option table.
const posixFlags = "aenfux"

// optExtglob is extglob's index in mvdan/sh's option table.
const optExtglob = 9

func extglobOn(hc interp.HandlerContext) bool {
	on, ok := runnerOpt(hc, optExtglob)
	return on || !ok
}

// bounds are the byte offsets of s's character boundaries, 0 and len(s)
// included.
func bounds(s string) []int {
	b := make([]int, 0, len(s)+1)
	for i := range s {
		b = append(b, i)
	}
	return append(b, len(s))
}

// removeMatch is ${s#pat}, ${s##pat}, ${s%pat} or ${s%%pat}.
func removeMatch(s string, rx *regexp.Regexp, op syntax.ParExpOperator) string {
	b := bounds(s)
	switch op {
	case syntax.RemSmallPrefix:
		for _, i := range b {
			if rx.MatchString(s[:i]) {
				return s[i:]
			}
		}
	case syntax.RemLargePrefix:
		for k := len(b) - 1; k >= 0; k-- {
			if rx.MatchString(s[:b[k]]) {
				return s[b[k]:]
			}
		}
	case syntax.RemSmallSuffix:
		for k := len(b) - 1; k >= 0; k-- {
			if rx.MatchString(s[b[k]:]) {
				return s[:b[k]]
			}
		}
	case syntax.RemLargeSuffix:
		for _, i := range b {
			if rx.MatchString(s[i:]) {
				return s[:i]
			}
		}
	}
	return s
}

// replacement is a ${v/pat/rep} replacement: literal text, and where an
// unquoted & stands for the match.
type replacement struct {
	parts []string
	match []bool
}

func (r replacement) with(m string) string {
	var sb strings.Builder
	for i, p := range r.parts {
		if r.match[i] {
			sb.WriteString(m)
		} else {
			sb.WriteString(p)
		}
	}
	return sb.String()
}

func parseReplacement(cfg *expand.Config, w *syntax.Word) (replacement, error) {
	var r replacement
	add := func(s string, m bool) {
		r.parts = append(r.parts, s)
		r.match = append(r.match, m)
	}
	if w == nil {
		return r, nil
	}
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			s, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{part}})
			if err != nil {
				return r, err
			}
			if _, unquoted := part.(*syntax.ParamExp); unquoted {
				// bash 5.2 reads & in an unquoted expansion's value as
				// the match too, and \& as a plain &.
				start := 0
				for i := 0; i < len(s); i++ {
					switch {
					case s[i] == '\\' && i+1 < len(s) && s[i+1] == '&':
						add(s[start:i]+"&", false)
						i++
						start = i + 1
					case s[i] == '&':
						add(s[start:i], false)
						add("", true)
						start = i + 1
					}
				}
				s = s[start:]
			}
			add(s, false)
			continue
		}
		v := lit.Value
		start := 0
		for i := 0; i < len(v); i++ {
			switch v[i] {
			case '\\':
				add(v[start:i], false)
				start = i + 1
				i++
			case '&':
				add(v[start:i], false)
				add("", true)
				start = i + 1
			}
		}
		add(v[start:], false)
	}
	return r, nil
}

// replaceAll is ${v/pat/rep}, ${v//pat/rep}, ${v/#pat/rep} and
// ${v/%pat/rep} on each element.
func replaceAll(cfg *expand.Config, hc interp.HandlerContext, repl *syntax.Replace, elems []string) ([]string, error) {
	orig := repl.Orig
	anchor := byte(0)
	if lit, ok := firstLit(orig); ok && !repl.All && (strings.HasPrefix(lit, "#") || strings.HasPrefix(lit, "%")) {
		anchor = lit[0]
		parts := slices.Clone(orig.Parts)
		parts[0] = &syntax.Lit{Value: lit[1:]}
		orig = &syntax.Word{Parts: parts}
	}
	pat, err := expand.Pattern(cfg, orig)
	if err != nil {
		return nil, err
	}
	if pat == "" && anchor == 0 {
		return elems, nil
	}
	rx, err := compileGlob(pat, extglobOn(hc))
	if err != nil {
		return nil, err
	}
	rep, err := parseReplacement(cfg, repl.With)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(elems))
	for i, s := range elems {
		out[i] = replaceOne(s, rx, rep, anchor, repl.All)
	}
	return out, nil
}

func replaceOne(s string, rx *regexp.Regexp, rep replacement, anchor byte, all bool) string {
	b := bounds(s)
	switch anchor {
	case '#':
		for k := len(b) - 1; k >= 0; k-- {
			if rx.MatchString(s[:b[k]]) {
				return rep.with(s[:b[k]]) + s[b[k]:]
			}
		}
		return s
	case '%':
		for _, i := range b {
			if rx.MatchString(s[i:]) {
				return s[:i] + rep.with(s[i:])
			}
		}
		return s
	}
	var sb strings.Builder
	last := 0
	for k := 0; k < len(b)-1; k++ {
		start := b[k]
		if start < last {
			continue
		}
		for e := len(b) - 1; e > k; e-- {
			if rx.MatchString(s[start:b[e]]) {
				sb.WriteString(s[last:start])
				sb.WriteString(rep.with(s[start:b[e]]))
				last = b[e]
				break
			}
		}
		if last > start && !all {
			break
		}
	}
	sb.WriteString(s[last:])
	return sb.String()
}

// transform is ${v@OP}.
func (c *core) transform(hc interp.HandlerContext, op, name string, orig, vr expand.Variable, pe *syntax.ParamExp, elems, keys []string, set bool) ([]string, string) {
	each := func(f func(string) string) []string {
		out := make([]string, len(elems))
		for i, e := range elems {
			out[i] = f(e)
		}
		return out
	}
	all := listIndex(pe) != ""
	switch op {
	case "Q":
		if !set && !all {
			return []string{""}, ""
		}
		return each(bashQuote), ""
	case "E":
		return each(ansiUnescape), ""
	case "P":
		return each(func(s string) string { return c.promptExpand(hc, s) }), ""
	case "U":
		return each(strings.ToUpper), ""
	case "L":
		return each(strings.ToLower), ""
	case "u":
		return each(upperFirst), ""
	case "a":
		flags := c.varFlags(name, orig)
		if len(elems) == 0 && flags != "" {
			return []string{flags}, "" // declared, no value yet
		}
		return each(func(string) string { return flags }), ""
	case "A":
		if !set && !all {
			return []string{""}, ""
		}
		flags := c.varFlags(name, orig)
		if all && (vr.Kind == expand.Indexed || vr.Kind == expand.Associative) {
			return []string{"declare -" + flags + " " + name + "=" + arrayBody(vr, keys, elems)}, ""
		}
		val := ""
		if len(elems) > 0 {
			val = elems[0]
		}
		if flags == "" {
			return []string{name + "=" + bashQuote(val)}, ""
		}
		return []string{"declare -" + flags + " " + name + "=" + bashQuote(val)}, ""
	case "K", "k":
		if !all || (vr.Kind != expand.Indexed && vr.Kind != expand.Associative) {
			return each(bashQuote), ""
		}
		var out []string
		if op == "k" {
			for i, k := range keys {
				out = append(out, k, elems[i])
			}
			return out, ""
		}
		// One word, as bash's: "${a[@]@K}" is a single field.
		for i, k := range keys {
			if vr.Kind == expand.Associative {
				k = keyQuote(k)
			}
			out = append(out, k+" "+dquote(elems[i]))
		}
		body := strings.Join(out, " ")
		if vr.Kind == expand.Associative && len(out) > 0 {
			body += " "
		}
		return []string{body}, ""
	}
	return nil, fatalMark + fmt.Sprintf("%s: bad substitution", "${"+name+"@"+op+"}")
}

// arrayBody is an array's value as declare -p shows it.
func arrayBody(vr expand.Variable, keys, elems []string) string {
	var sb strings.Builder
	sb.WriteByte('(')
	for i, k := range keys {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if vr.Kind == expand.Associative {
			k = keyQuote(k)
		}
		sb.WriteString("[" + k + "]=" + declQuote(elems[i]))
	}
	if vr.Kind == expand.Associative && len(keys) > 0 {
		sb.WriteByte(' ')
	}
	sb.WriteByte(')')
	return sb.String()
}

// keyQuote quotes an associative array's key as declare -p and ${h[@]@A}
// do: only when it must, and "@" too (it would stand for every element).
func keyQuote(k string) string {
	if k == "@" {
		return dquote(k)
	}
	return command.BashQuoteIfNeeded(k, command.BashDouble)
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// bashQuote quotes s as ${s@Q} does: '...', or $'...' when s holds
// control characters or bytes that are no character.
func bashQuote(s string) string { return command.BashQuoteValue(s, command.BashSingle) }

// ansiUnescape expands the backslash escapes of $'...' (and ${v@E}).
func ansiUnescape(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'a':
			sb.WriteByte('\a')
		case 'b':
			sb.WriteByte('\b')
		case 'e', 'E':
			sb.WriteByte(0x1b)
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'v':
			sb.WriteByte('\v')
		case '\\', '\'', '"', '?':
			sb.WriteByte(c)
		case 'c':
			if i+1 < len(s) {
				i++
				if s[i] == '?' {
					sb.WriteByte(0x7f)
				} else {
					sb.WriteByte(s[i] & 0x1f)
				}
			} else {
				sb.WriteString(`\c`)
			}
		case 'x', 'u', 'U':
			max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			j := i + 1
			for j < len(s) && j-i-1 < max && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				j++
			}
			if j == i+1 {
				sb.WriteByte('\\')
				sb.WriteByte(c)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if c == 'x' {
				sb.WriteByte(byte(n))
			} else {
				sb.WriteRune(rune(n))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			sb.WriteByte(byte(n))
			i = j - 1
		default:
			sb.WriteByte('\\')
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// promptExpand is ${v@P}: s decoded as bash decodes a prompt, then (bash's
// promptvars) its $NAME, ${...} and $((...)) expanded as inside double
// quotes. Text the expansion cannot take (a command substitution, an
// error) is left as decoded, with nothing expanded.
func (c *core) promptExpand(hc interp.HandlerContext, s string) string {
	get := func(n string) string { return hc.Env.Get(n).String() }
	dir := get("PWD")
	if !hc.Env.Get("PWD").IsSet() {
		dir = hc.Dir
	}
	home := hc.Env.Get("HOME")
	jobs := 0
	for _, j := range jobsOf(hc) {
		if !j.finished() {
			jobs++
		}
	}
	e := prompt.Env{
		User: get("USER"), Host: get("HOSTNAME"), Dir: dir, DirTrim: get("PROMPT_DIRTRIM"),
		Root: get("EUID") == "0", Jobs: jobs, History: 1,
		Now:   c.fs.Now().In(command.ZoneLocation(get("TZ"))),
		Shell: "bash", Version: "5.2", Release: "5.2.15", Vars: true,
	}
	if home.IsSet() {
		e.Home = home.String()
	}
	text := prompt.Decode(s, e)
	if w, err := newParser().Document(strings.NewReader(prompt.HeredocText(text))); err == nil {
		if out, err := expand.Document(&expand.Config{Env: hc.Env}, w); err == nil {
			return out
		}
	}
	e.Vars = false
	return prompt.Decode(s, e)
}

// dashFlags is $-: the flags of set's options that are on, in bash's
// order, then c for bash -c (or i, m, H and s for the interactive shell,
// where histexpand is on unless set +H turned it off).
func (c *core) dashFlags(hc interp.HandlerContext) string {
	var sb strings.Builder
	for _, f := range []byte("abefhikmnptuvxBCEHPT") {
		on := false
		switch {
		case strings.IndexByte(posixFlags, f) >= 0:
			on, _ = runnerOpt(hc, strings.IndexByte(posixFlags, f))
		case f == 'i' || f == 'm':
			on = !c.opts.Script
		case f == 'H' && !c.opts.Script:
			v := hc.Env.Get(optVar("histexpand"))
			on = !v.IsSet() || v.String() == "on"
		default:
			for _, o := range bashSetOpts {
				if o.flag == f {
					on = setOptState(hc, o.name)
					break
				}
			}
		}
		if on {
			sb.WriteByte(f)
		}
	}
	if c.opts.Script {
		sb.WriteByte('c')
	} else {
		sb.WriteByte('s')
	}
	return sb.String()
}

// secondsVar holds when SECONDS was last assigned, in nanoseconds (see
// attrs.go); SECONDS itself then holds the value assigned.
const secondsVar = internalPrefix + "seconds_at"

// seconds is $SECONDS: whole seconds since the shell started, or since
// it was assigned plus the value assigned.
func (c *core) seconds(hc interp.HandlerContext) string {
	now := time.Now()
	if at := hc.Env.Get(secondsVar); at.IsSet() {
		ns, _ := strconv.ParseInt(at.String(), 10, 64)
		base, _ := strconv.ParseInt(strings.TrimSpace(hc.Env.Get("SECONDS").String()), 10, 64)
		return strconv.FormatInt(base+int64(now.Sub(time.Unix(0, ns))/time.Second), 10)
	}
	return strconv.FormatInt(int64(now.Sub(c.exp.startTime())/time.Second), 10)
}

// indirect is ${!name}: the expansion of the parameter name's value
// names, which may be an array element (a[1]) or a positional parameter.
func (c *core) indirect(hc interp.HandlerContext, cfg *expand.Config, pe *syntax.ParamExp) ([]string, string) {
	vr := specialParam(hc, pe.Param.Value)
	if vr.Kind == expand.NameRef {
		return []string{vr.Str}, ""
	}
	target := vr.String()
	switch {
	case pe.Param.Value == "@" || pe.Param.Value == "*":
		return []string{""}, ""
	case !vr.IsSet():
		return []string{""}, fatalMark + pe.Param.Value + ": invalid indirect expansion"
	case target == "":
		return []string{""}, fatalMark + ": invalid variable name"
	}
	if isNumber(target) {
		n, _ := strconv.Atoi(target)
		if n == 0 {
			return []string{hc.Env.Get("BASH_ARGV0").String()}, ""
		}
		if r := callingRunner(hc); r != nil && n <= len(r.Params) {
			return []string{r.Params[n-1]}, ""
		}
		return []string{""}, ""
	}
	f, err := newParser().Parse(strings.NewReader(": ${"+target+"}"), "")
	if err != nil || len(f.Stmts) != 1 || strings.ContainsAny(target, "${}`") {
		return []string{""}, fatalMark + target + ": invalid variable name"
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 2 || len(ce.Args[1].Parts) != 1 {
		return []string{""}, fatalMark + target + ": invalid variable name"
	}
	inner, ok := ce.Args[1].Parts[0].(*syntax.ParamExp)
	if !ok || inner.Param == nil || !plain0(inner) || inner.Slice != nil || inner.Excl || inner.Length {
		return []string{""}, fatalMark + target + ": invalid variable name"
	}
	// ${!n:1}, ${!n/a/b}, ${!n:-w}: the operator applies to the target.
	inner.Slice, inner.Repl, inner.Exp = pe.Slice, pe.Repl, pe.Exp
	return c.indirectOps(hc, pe, inner) // indirect.go
}

// sliceParams is ${@:0[:n]}: $0, then the positional parameters.
func sliceParams(cfg *expand.Config, hc interp.HandlerContext, pe *syntax.ParamExp) ([]string, string) {
	elems := []string{hc.Env.Get("BASH_ARGV0").String()}
	if r := callingRunner(hc); r != nil {
		elems = append(elems, r.Params...)
	}
	if pe.Slice.Length != nil {
		n, err := expand.Arithm(cfg, pe.Slice.Length)
		if err != nil {
			return nil, ""
		}
		if n < 0 {
			return nil, fatalMark + strconv.Itoa(n) + ": substring expression < 0"
		}
		elems = elems[:min(n, len(elems))]
	}
	if pe.Param.Value == "*" {
		return []string{strings.Join(elems, " ")}, ""
	}
	return elems, ""
}

// specialParam looks name up, answering the parameters the handler's
// environment lacks: $@, $*, $1..., $#, $?, $0 and $$.
func specialParam(hc interp.HandlerContext, name string) expand.Variable {
	str := func(s string) expand.Variable { return expand.Variable{Set: true, Kind: expand.String, Str: s} }
	switch {
	case name == "@" || name == "*":
		vr := expand.Variable{Set: true, Kind: expand.Indexed}
		if r := callingRunner(hc); r != nil {
			vr.List = r.Params
		}
		return vr
	case name == "#":
		if r := callingRunner(hc); r != nil {
			return str(strconv.Itoa(len(r.Params)))
		}
	case name == "?":
		return str(strconv.Itoa(hc.LastExitStatus))
	case name == "0":
		return hc.Env.Get("BASH_ARGV0")
	case name == "$":
		return hc.Env.Get(paramRenames["$"])
	case isNumber(name):
		n, _ := strconv.Atoi(name)
		if r := callingRunner(hc); r != nil && n >= 1 && n <= len(r.Params) {
			return str(r.Params[n-1])
		}
		return expand.Variable{}
	}
	return hc.Env.Get(name)
}

// substring applies ${#v} or ${v:offset:length} of pe to s.
func substring(cfg *expand.Config, pe *syntax.ParamExp, s string) string {
	rs := []rune(s)
	switch {
	case pe.Length:
		return strconv.Itoa(len(rs))
	case pe.Slice == nil:
		return s
	}
	off, n := 0, len(rs)
	if pe.Slice.Offset != nil {
		off, _ = expand.Arithm(cfg, pe.Slice.Offset)
	}
	if off < 0 {
		off += len(rs)
	}
	if off < 0 || off > len(rs) {
		return ""
	}
	rs = rs[off:]
	if pe.Slice.Length != nil {
		n, _ = expand.Arithm(cfg, pe.Slice.Length)
		if n < 0 {
			n += len(rs)
		}
		n = max(0, min(n, len(rs)))
		rs = rs[:n]
	}
	return string(rs)
}

// sliceNegative is ${v:offset:-n} and ${a[@]:offset:-n}: for a string
// the end counts from the end and must not come before the offset; an
// array's length may not be negative.
func sliceNegative(cfg *expand.Config, hc interp.HandlerContext, name string, pe *syntax.ParamExp) ([]string, string) {
	vr := specialParam(hc, name)
	if n, v := vr.Resolve(hc.Env); n != "" {
		name, vr = n, v
	}
	n, hasLen := 0, pe.Slice.Length != nil
	if hasLen {
		var err error
		if n, err = indexArith(cfg, pe.Slice.Length); err != nil {
			return nil, ""
		}
	}
	if listIndex(pe) != "" && n < 0 {
		return nil, fatalMark + strconv.Itoa(n) + ": substring expression < 0"
	}
	elems, _, _, msg := elements(cfg, name, vr, &syntax.ParamExp{Param: pe.Param, Index: pe.Index})
	if msg != "" || len(elems) == 0 {
		return []string{""}, msg
	}
	rs := []rune(elems[0])
	off := 0
	if pe.Slice.Offset != nil {
		off, _ = indexArith(cfg, pe.Slice.Offset)
	}
	if off < 0 {
		off += len(rs)
	}
	if off < 0 || off > len(rs) {
		return []string{""}, ""
	}
	end := len(rs) // no length: to the end (${!n:1} reaches here)
	switch {
	case hasLen && n >= 0:
		end = min(off+n, len(rs))
	case hasLen:
		end = len(rs) + n
	}
	if end < off {
		return nil, fatalMark + strconv.Itoa(n) + ": substring expression < 0"
	}
	return []string{string(rs[off:end])}, ""
}

// errorOp is ${v?msg} and ${v:?msg}: v's value, or the error.
func errorOp(cfg *expand.Config, pe *syntax.ParamExp, elems []string, set bool) ([]string, string) {
	null := !set || (pe.Exp.Op == syntax.ErrorUnsetOrNull && strings.Join(elems, "") == "")
	if !null {
		return elems, ""
	}
	msg, _ := expand.Literal(cfg, pe.Exp.Word)
	if msg == "" {
		msg = "parameter not set"
		if pe.Exp.Op == syntax.ErrorUnsetOrNull {
			msg = "parameter null or not set"
		}
	}
	name := pe.Param.Value
	if idx := listIndex(pe); idx != "" && name != "@" && name != "*" {
		name += "[" + idx + "]"
	}
	return nil, exitMark + name + ": " + msg
}
