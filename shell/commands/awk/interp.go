package awk

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

// The special variables come first among the globals, in this order.
const (
	vNF = iota
	vNR
	vFNR
	vFS
	vOFS
	vORS
	vRS
	vSUBSEP
	vRSTART
	vRLENGTH
	vFILENAME
	vCONVFMT
	vOFMT
	vENVIRON
	vARGC
	vARGV
	numSpecial
)

var specialNames = []string{"NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "SUBSEP",
	"RSTART", "RLENGTH", "FILENAME", "CONVFMT", "OFMT", "ENVIRON", "ARGC", "ARGV"}

// A cell holds a variable: a scalar value or an array. An untyped
// function argument links to the caller's variable, so that using it as
// an array in the callee makes the caller's variable that array.
type cell struct {
	v    value
	arr  map[string]value
	link *cell
}

func (c *cell) array() map[string]value {
	if c.arr == nil {
		if c.link != nil {
			if c.link.arr == nil {
				c.link.arr = map[string]value{}
			}
			c.arr = c.link.arr
		} else {
			c.arr = map[string]value{}
		}
	}
	return c.arr
}

// Control flow travels as errors.
type (
	errNext     struct{}
	errNextFile struct{}
	errBreak    struct{}
	errContinue struct{}
	errExit     struct{ status int }
	errReturn   struct{ v value }
	errFatal    struct {
		msg   string
		plain bool // no "run time error" frame
	}
)

func (errNext) Error() string      { return "next" }
func (errNextFile) Error() string  { return "nextfile" }
func (errBreak) Error() string     { return "break" }
func (errContinue) Error() string  { return "continue" }
func (e *errExit) Error() string   { return "exit" }
func (e *errReturn) Error() string { return "return" }
func (e *errFatal) Error() string  { return e.msg }

// plainf is a fatal error mawk reports without its run-time frame
// ("awk: cannot open ... for output").
func plainf(format string, args ...any) error {
	return &errFatal{msg: fmt.Sprintf(format, args...), plain: true}
}
func fatalf(format string, args ...any) error {
	return &errFatal{msg: fmt.Sprintf(format, args...)}
}

type interp struct {
	ctx     context.Context
	inv     *command.Invocation
	prog    *program
	globals []*cell
	frames  [][]*cell
	depth   int

	// the current record
	record      string
	fields      []string
	nf          int
	split       bool // fields reflect record
	fsForRecord string

	nr, fnr float64

	out       *syncWriter
	stdout    *bufio.Writer
	stderr    *bufio.Writer // print > "/dev/stderr", once opened
	outputs   map[string]*output
	inputs    map[string]*input
	main      *input
	argIdx    int
	noMore    bool
	filesUsed bool // a file operand was read (else stdin is)

	regexes  map[string]*posixre.Regexp
	rng      *rand.Rand
	seed     float64
	prevSeed float64
	status   int
}

func newInterp(ctx context.Context, inv *command.Invocation, prog *program) *interp {
	in := &interp{
		ctx: ctx, inv: inv, prog: prog,
		outputs: map[string]*output{},
		inputs:  map[string]*input{},
		regexes: map[string]*posixre.Regexp{},
		rng:     rand.New(rand.NewSource(0)),
	}
	in.out = &syncWriter{w: inv.Stdout}
	in.stdout = bufio.NewWriterSize(in.out, 64<<10)
	in.globals = make([]*cell, len(prog.names))
	for i := range in.globals {
		in.globals[i] = &cell{}
	}
	set := func(i int, v value) { in.globals[i].v = v }
	set(vFS, str(" "))
	set(vOFS, str(" "))
	set(vORS, str("\n"))
	set(vRS, str("\n"))
	set(vSUBSEP, str("\x1c"))
	set(vCONVFMT, str("%.6g"))
	set(vOFMT, str("%.6g"))
	set(vRSTART, num(0))
	set(vRLENGTH, num(-1))
	env := in.globals[vENVIRON].array()
	for _, kv := range inv.Environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = strnum(v)
		}
	}
	return in
}

func (in *interp) convfmt() string { return in.globals[vCONVFMT].v.str("%.6g") }

func (in *interp) toStr(v value) string {
	if v.kind == kNum {
		return formatNum(v.n, in.convfmt())
	}
	return v.str("")
}

func (in *interp) toOutput(v value) string {
	if v.kind == kNum {
		return formatNum(v.n, in.globals[vOFMT].v.str("%.6g"))
	}
	return v.str("")
}

// ---- running the program ----

func (in *interp) run() (status int) {
	defer func() {
		in.closeAll()
	}()
	err := in.runBlocks(in.prog.begin)
	if err == nil && (len(in.prog.items) > 0 || len(in.prog.end) > 0) {
		err = in.mainLoop()
	}
	var exit *errExit
	if err == nil || errors.As(err, &exit) {
		if endErr := in.runBlocks(in.prog.end); endErr != nil {
			err = endErr
		} else if exit == nil {
			err = nil
		}
	}
	return in.finish(err)
}

func (in *interp) finish(err error) int {
	var exit *errExit
	var fatal *errFatal
	switch {
	case err == nil:
		return in.status
	case errors.As(err, &exit):
		return exit.status
	case errors.As(err, &fatal):
		// mawk's stdout is fully buffered unless it is a terminal: in
		// a pipe or file the message comes before the output waiting
		// in the buffer, which is written at exit.
		if in.inv.Term {
			in.stdout.Flush()
		}
		defer in.stdout.Flush()
		if fatal.plain {
			in.inv.Errorf("%s", fatal.msg)
			return 2
		}
		// mawk's report: the message, then where input reading was.
		fmt.Fprintf(in.inv.Stderr, "%s: run time error: %s\n\tFILENAME=\"%s\" FNR=%s NR=%s\n", in.inv.Name(),
			strings.TrimPrefix(fatal.msg, "run time error: "), in.globals[vFILENAME].v.str("%.6g"),
			formatNum(in.fnr, "%.6g"), formatNum(in.nr, "%.6g"))
		return 2
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return 130
	}
	in.stdout.Flush()
	in.inv.Errorf("%v", err)
	return 2
}

func (in *interp) runBlocks(blocks []*blockStmt) error {
	for _, b := range blocks {
		if err := in.exec(b); err != nil {
			var next errNext
			if errors.As(err, &next) {
				return fatalf("`next' used in BEGIN or END action")
			}
			return err
		}
	}
	return nil
}

func (in *interp) mainLoop() error {
	for n := 0; ; n++ {
		ok, err := in.nextRecord()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		// A cancelled context is seen within 64 records: checking it
		// takes a lock, a measurable part of a short record's time.
		if n&63 == 0 {
			if err := in.ctx.Err(); err != nil {
				return err
			}
		}
		if err := in.runItems(); err != nil {
			switch err.(type) {
			case errNext:
				continue
			case errNextFile:
				in.main.close()
				in.main = nil
				continue
			}
			return err
		}
	}
}

func (in *interp) runItems() error {
	for _, it := range in.prog.items {
		match, err := in.matches(it)
		if err != nil {
			return err
		}
		if !match {
			continue
		}
		if it.body == nil {
			if err := in.printRecord(); err != nil {
				return err
			}
			continue
		}
		if err := in.exec(it.body); err != nil {
			return err
		}
	}
	return nil
}

func (in *interp) matches(it *item) (bool, error) {
	if it.pattern == nil {
		return true, nil
	}
	if it.pattern2 == nil {
		v, err := in.eval(it.pattern)
		return v.toBool(), err
	}
	if !it.inRange {
		v, err := in.eval(it.pattern)
		if err != nil || !v.toBool() {
			return false, err
		}
		it.inRange = true
	}
	v, err := in.eval(it.pattern2)
	if err != nil {
		return false, err
	}
	if v.toBool() {
		it.inRange = false
	}
	return true, nil
}

func (in *interp) printRecord() error {
	in.stdout.WriteString(in.getRecord())
	in.stdout.WriteString(in.toStr(in.globals[vORS].v))
	return nil
}

// ---- statements ----

func (in *interp) exec(s stmt) error {
	switch s := s.(type) {
	case *blockStmt:
		for _, x := range s.list {
			if err := in.exec(x); err != nil {
				return err
			}
		}
	case *exprStmt:
		_, err := in.eval(s.x)
		return err
	case *printStmt:
		return in.print(s)
	case *ifStmt:
		v, err := in.eval(s.cond)
		if err != nil {
			return err
		}
		if v.toBool() {
			return in.exec(s.then)
		} else if s.els != nil {
			return in.exec(s.els)
		}
	case *whileStmt:
		for {
			if ok, err := in.truth(s.cond); !ok || err != nil {
				return err
			}
			if stop, err := in.loopBody(s.body); stop || err != nil {
				return err
			}
		}
	case *doStmt:
		for {
			if stop, err := in.loopBody(s.body); stop || err != nil {
				return err
			}
			if ok, err := in.truth(s.cond); !ok || err != nil {
				return err
			}
		}
	case *forStmt:
		if s.init != nil {
			if err := in.exec(s.init); err != nil {
				return err
			}
		}
		for {
			if s.cond != nil {
				if ok, err := in.truth(s.cond); !ok || err != nil {
					return err
				}
			}
			if stop, err := in.loopBody(s.body); stop || err != nil {
				return err
			}
			if s.post != nil {
				if err := in.exec(s.post); err != nil {
					return err
				}
			}
		}
	case *forInStmt:
		arr := in.cellOf(s.arr).array()
		keys := make([]string, 0, len(arr))
		for k := range arr {
			keys = append(keys, k)
		}
		sortKeys(keys)
		for _, k := range keys {
			if _, still := arr[k]; !still {
				continue
			}
			if err := in.assign(s.v, strnum(k)); err != nil {
				return err
			}
			if stop, err := in.loopBody(s.body); stop || err != nil {
				return err
			}
		}
	case *simpleStmt:
		switch s.kind {
		case "next":
			return errNext{}
		case "nextfile":
			return errNextFile{}
		case "break":
			return errBreak{}
		case "continue":
			return errContinue{}
		}
	case *exitStmt:
		status := in.status
		if s.x != nil {
			v, err := in.eval(s.x)
			if err != nil {
				return err
			}
			status = int(v.toNum()) & 0xff
		}
		in.status = status
		return &errExit{status: status}
	case *returnStmt:
		var v value
		if s.x != nil {
			var err error
			if v, err = in.eval(s.x); err != nil {
				return err
			}
		}
		return &errReturn{v: v}
	case *deleteStmt:
		c := in.cellOf(s.arr)
		if s.subs == nil {
			clear(c.array())
			return nil
		}
		key, err := in.subscript(s.subs)
		if err != nil {
			return err
		}
		delete(c.array(), key)
	default:
		return fmt.Errorf("internal error: unknown statement %T", s)
	}
	return nil
}

// truth evaluates a condition.
func (in *interp) truth(x expr) (bool, error) {
	v, err := in.eval(x)
	return v.toBool(), err
}

// loopBody runs one iteration; stop is true after break.
func (in *interp) loopBody(body stmt) (stop bool, err error) {
	if err := in.ctx.Err(); err != nil {
		return true, err
	}
	err = in.exec(body)
	switch err.(type) {
	case nil:
		return false, nil
	case errBreak:
		return true, nil
	case errContinue:
		return false, nil
	}
	return true, err
}

// sortKeys orders for-in iteration: numeric keys by value, then the
// rest as strings. POSIX leaves the order unspecified; a stable one
// makes scripts reproducible.
func sortKeys(keys []string) {
	numeric := func(s string) (float64, bool) {
		n, ok := looksNumeric(s)
		return n, ok && s == strings.TrimSpace(s)
	}
	less := func(a, b string) bool {
		x, xok := numeric(a)
		y, yok := numeric(b)
		switch {
		case xok && yok:
			if x != y {
				return x < y
			}
			return a < b
		case xok:
			return true
		case yok:
			return false
		}
		return a < b
	}
	// insertion sort is fine for small arrays; fall back to sort for big
	if len(keys) < 16 {
		for i := 1; i < len(keys); i++ {
			for j := i; j > 0 && less(keys[j], keys[j-1]); j-- {
				keys[j], keys[j-1] = keys[j-1], keys[j]
			}
		}
		return
	}
	sortSlice(keys, less)
}

// ---- variables and fields ----

func (in *interp) cellOf(r *varRef) *cell {
	if r.local >= 0 {
		return in.frames[len(in.frames)-1][r.local]
	}
	return in.globals[r.global]
}

func (in *interp) getVar(r *varRef) value {
	if r.local < 0 && r.global < numSpecial {
		switch r.global {
		case vNF:
			in.splitRecord()
			return num(float64(in.nf))
		case vNR:
			return num(in.nr)
		case vFNR:
			return num(in.fnr)
		}
	}
	c := in.cellOf(r)
	if c.arr != nil {
		return value{} // an array used as a scalar: gawk is fatal; be lenient
	}
	return c.v
}

func (in *interp) setVar(r *varRef, v value) error {
	c := in.cellOf(r)
	if c.arr != nil && r.local < 0 {
		return fatalf("attempt to use array `%s' in a scalar context", r.name)
	}
	if r.local < 0 && r.global < numSpecial {
		switch r.global {
		case vNF:
			in.setNF(int(v.toNum()))
			return nil
		case vNR:
			in.nr = v.toNum()
			return nil
		case vFNR:
			in.fnr = v.toNum()
			return nil
		}
	}
	c.v = v
	return nil
}

func (in *interp) getRecord() string { return in.record }

func (in *interp) setRecord(s string) {
	in.record = s
	in.split = false
	in.fsForRecord = in.toStr(in.globals[vFS].v)
}

func (in *interp) splitRecord() {
	if in.split {
		return
	}
	in.split = true
	in.fields = in.splitFields(in.record, in.fsForRecord, in.fields[:0], in.toStr(in.globals[vRS].v) == "")
	in.nf = len(in.fields)
}

// splitFields splits s by the field separator fs (" ": runs of blanks
// and newlines; one other character: that character; longer: an ERE).
func (in *interp) splitFields(s, fs string, dst []string, paragraph bool) []string {
	if s == "" {
		return dst
	}
	switch {
	case fs == " ":
		return appendFieldsBlank(dst, s)
	case fs == "":
		for _, r := range s {
			dst = append(dst, string(r))
		}
		return dst
	case len(fs) == 1 && fs != "\\" && !paragraph:
		if fs == "\t" || strings.IndexByte("[](){}.*+?^$", fs[0]) < 0 {
			// Into dst, which is reused from record to record.
			for {
				i := strings.IndexByte(s, fs[0])
				if i < 0 {
					return append(dst, s)
				}
				dst = append(dst, s[:i])
				s = s[i+1:]
			}
		}
	}
	pattern := fs
	if len(fs) == 1 && strings.ContainsAny(fs, ".*+?^$()[]{}|\\") {
		pattern = "[" + fs + "]"
		if fs == "\\" || fs == "^" || fs == "]" {
			pattern = "\\" + fs
		}
	}
	if paragraph {
		pattern = "(" + pattern + ")|\n"
	}
	re, err := in.regex(pattern)
	if err != nil {
		return append(dst, s)
	}
	b := []byte(s)
	start := 0
	for _, m := range re.FindAllSubmatchIndex(b, -1) {
		if m[1] == m[0] {
			continue // an empty match does not separate fields
		}
		dst = append(dst, s[start:m[0]])
		start = m[1]
	}
	return append(dst, s[start:])
}

func appendFieldsBlank(dst []string, s string) []string {
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
		}
		if i >= len(s) {
			return dst
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' {
			j++
		}
		dst = append(dst, s[i:j])
		i = j
	}
}

func (in *interp) getField(i int) (value, error) {
	if i == 0 {
		return strnum(in.record), nil
	}
	if i < 0 {
		return value{}, fatalf("negative field index $%d", i)
	}
	in.splitRecord()
	if i > in.nf {
		return value{}, nil
	}
	return strnum(in.fields[i-1]), nil
}

func (in *interp) setField(i int, s string) error {
	if i == 0 {
		in.setRecord(s)
		return nil
	}
	if i < 0 {
		return fatalf("negative field index $%d", i)
	}
	in.splitRecord()
	for in.nf < i {
		in.fields = append(in.fields, "")
		in.nf++
	}
	in.fields[i-1] = s
	in.rebuild()
	return nil
}

func (in *interp) setNF(n int) {
	in.splitRecord()
	if n < 0 {
		n = 0
	}
	for in.nf < n {
		in.fields = append(in.fields, "")
		in.nf++
	}
	in.fields = in.fields[:n]
	in.nf = n
	in.rebuild()
}

func (in *interp) rebuild() {
	in.record = strings.Join(in.fields, in.toStr(in.globals[vOFS].v))
}

// ---- regular expressions ----

// regex compiles an awk ERE (cached): awk's escapes (\n, \t, \/, \"...)
// are turned into the characters first.
func (in *interp) regex(src string) (*posixre.Regexp, error) {
	if re, ok := in.regexes[src]; ok {
		return re, nil
	}
	re, err := posixre.Compile(awkEscapes(src), posixre.ERE, 0)
	if err != nil {
		return nil, fatalf("invalid regexp /%s/: %v", src, err)
	}
	if len(in.regexes) > 1000 {
		clear(in.regexes)
	}
	in.regexes[src] = re
	return re, nil
}

func awkEscapes(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		lit := byte(0)
		switch s[i] {
		case 'n':
			lit = '\n'
		case 't':
			lit = '\t'
		case 'r':
			lit = '\r'
		case 'f':
			lit = '\f'
		case 'v':
			lit = '\v'
		case 'a':
			lit = '\a'
		case '/':
			lit = '/'
		case '"':
			lit = '"'
		case 'y':
			b.WriteString(`\b`)
			continue
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
			continue
		}
		b.WriteByte(lit)
	}
	return b.String()
}

// regexArg is a regex operand: a /literal/, or any value as a dynamic regex.
func (in *interp) regexArg(x expr) (*posixre.Regexp, error) {
	if r, ok := x.(*regexLit); ok {
		return in.regex(r.re)
	}
	v, err := in.eval(x)
	if err != nil {
		return nil, err
	}
	return in.regex(in.toStr(v))
}

// ---- expressions ----

func (in *interp) eval(x expr) (value, error) {
	switch x := x.(type) {
	case *numLit:
		return num(x.v), nil
	case *strLit:
		return str(x.s), nil
	case *regexLit:
		re, err := in.regex(x.re)
		if err != nil {
			return value{}, err
		}
		return boolean(re.Match([]byte(in.record))), nil
	case *varRef:
		return in.getVar(x), nil
	case *fieldRef:
		i, err := in.eval(x.index)
		if err != nil {
			return value{}, err
		}
		return in.getField(int(i.toNum()))
	case *indexRef:
		key, err := in.subscript(x.subs)
		if err != nil {
			return value{}, err
		}
		c := in.cellOf(x.arr)
		if c.arr == nil && c.v.kind != kUninit {
			return value{}, fatalf("attempt to use scalar `%s' as an array", x.arr.name)
		}
		arr := c.array()
		v, ok := arr[key]
		if !ok {
			arr[key] = value{} // referencing an element creates it
		}
		return v, nil
	case *groupExpr:
		if len(x.list) != 1 {
			return value{}, fatalf("a parenthesized list is only allowed with `in' or print")
		}
		return in.eval(x.list[0])
	case *assignExpr:
		return in.evalAssign(x)
	case *condExpr:
		c, err := in.eval(x.cond)
		if err != nil {
			return value{}, err
		}
		if c.toBool() {
			return in.eval(x.yes)
		}
		return in.eval(x.no)
	case *binaryExpr:
		return in.evalBinary(x)
	case *unaryExpr:
		v, err := in.eval(x.x)
		if err != nil {
			return value{}, err
		}
		switch x.op {
		case "!":
			return boolean(!v.toBool()), nil
		case "-":
			return num(-v.toNum()), nil
		}
		return num(v.toNum()), nil
	case *incDecExpr:
		old, err := in.eval(x.lhs)
		if err != nil {
			return value{}, err
		}
		n := old.toNum()
		nv := n + 1
		if x.op == "--" {
			nv = n - 1
		}
		if err := in.assign(x.lhs, num(nv)); err != nil {
			return value{}, err
		}
		if x.pre {
			return num(nv), nil
		}
		return num(n), nil
	case *matchExpr:
		v, err := in.eval(x.x)
		if err != nil {
			return value{}, err
		}
		re, err := in.regexArg(x.re)
		if err != nil {
			return value{}, err
		}
		return boolean(re.Match([]byte(in.toStr(v))) != x.neg), nil
	case *inExpr:
		key, err := in.subscript(x.subs)
		if err != nil {
			return value{}, err
		}
		_, ok := in.cellOf(x.arr).array()[key]
		return boolean(ok), nil
	case *builtinCall:
		return in.callBuiltin(x)
	case *userCall:
		return in.callUser(x)
	case *getlineExpr:
		return in.getline(x)
	}
	return value{}, fmt.Errorf("internal error: unknown expression %T", x)
}

func (in *interp) subscript(subs []expr) (string, error) {
	if len(subs) == 1 {
		v, err := in.eval(subs[0])
		if err != nil {
			return "", err
		}
		return in.toStr(v), nil
	}
	parts := make([]string, len(subs))
	for i, s := range subs {
		v, err := in.eval(s)
		if err != nil {
			return "", err
		}
		parts[i] = in.toStr(v)
	}
	return strings.Join(parts, in.toStr(in.globals[vSUBSEP].v)), nil
}

func (in *interp) assign(lhs expr, v value) error {
	switch l := lhs.(type) {
	case *varRef:
		return in.setVar(l, v)
	case *fieldRef:
		i, err := in.eval(l.index)
		if err != nil {
			return err
		}
		return in.setField(int(i.toNum()), in.toStr(v))
	case *indexRef:
		key, err := in.subscript(l.subs)
		if err != nil {
			return err
		}
		c := in.cellOf(l.arr)
		if c.arr == nil && c.v.kind != kUninit {
			return fatalf("attempt to use scalar `%s' as an array", l.arr.name)
		}
		c.array()[key] = v
		return nil
	case *groupExpr:
		if len(l.list) == 1 {
			return in.assign(l.list[0], v)
		}
	}
	return fatalf("assignment to a non-variable")
}

func (in *interp) evalAssign(x *assignExpr) (value, error) {
	rhs, err := in.eval(x.rhs)
	if err != nil {
		return value{}, err
	}
	if x.op != "=" {
		old, err := in.eval(x.lhs)
		if err != nil {
			return value{}, err
		}
		n, err := arith(x.op[:1], old.toNum(), rhs.toNum())
		if err != nil {
			return value{}, err
		}
		rhs = num(n)
	} else if rhs.kind == kUninit {
		rhs = value{} // copying an uninitialized value keeps it uninitialized
	}
	return rhs, in.assign(x.lhs, rhs)
}

func arith(op string, a, b float64) (float64, error) {
	switch op {
	case "+":
		return a + b, nil
	case "-":
		return a - b, nil
	case "*":
		return a * b, nil
	case "/":
		return a / b, nil // as mawk: 1/0 is inf, not an error
	case "%":
		r := math.Mod(a, b)
		if math.IsNaN(r) && !math.IsNaN(a) && !math.IsNaN(b) {
			r = math.Copysign(r, -1) // glibc's fmod(1, 0) is -nan
		}
		return r, nil
	case "^":
		return pow(a, b), nil
	}
	return 0, fmt.Errorf("internal error: operator %s", op)
}

// pow computes integer powers by multiplication, as awks do, so that
// 2^53 and friends are exact.
func pow(a, b float64) float64 {
	if b == math.Trunc(b) && math.Abs(b) < 1024 {
		n := int(math.Abs(b))
		r := 1.0
		x := a
		for n > 0 {
			if n&1 == 1 {
				r *= x
			}
			x *= x
			n >>= 1
		}
		if b < 0 {
			return 1 / r
		}
		return r
	}
	return math.Pow(a, b)
}

func (in *interp) evalBinary(x *binaryExpr) (value, error) {
	switch x.op {
	case "&&", "||":
		l, err := in.eval(x.l)
		if err != nil {
			return value{}, err
		}
		if x.op == "&&" && !l.toBool() {
			return num(0), nil
		}
		if x.op == "||" && l.toBool() {
			return num(1), nil
		}
		r, err := in.eval(x.r)
		if err != nil {
			return value{}, err
		}
		return boolean(r.toBool()), nil
	}
	l, err := in.eval(x.l)
	if err != nil {
		return value{}, err
	}
	r, err := in.eval(x.r)
	if err != nil {
		return value{}, err
	}
	switch x.op {
	case "concat":
		return str(in.toStr(l) + in.toStr(r)), nil
	case "<":
		return boolean(compareValues(l, r, in.convfmt()) < 0), nil
	case "<=":
		return boolean(compareValues(l, r, in.convfmt()) <= 0), nil
	case ">":
		return boolean(compareValues(l, r, in.convfmt()) > 0), nil
	case ">=":
		return boolean(compareValues(l, r, in.convfmt()) >= 0), nil
	case "==":
		return boolean(compareValues(l, r, in.convfmt()) == 0), nil
	case "!=":
		return boolean(compareValues(l, r, in.convfmt()) != 0), nil
	}
	n, err := arith(x.op, l.toNum(), r.toNum())
	return num(n), err
}

// ---- user functions ----

const maxCallDepth = 10000

func (in *interp) callUser(c *userCall) (value, error) {
	fn := c.fn
	if in.depth >= maxCallDepth {
		return value{}, fatalf("function call nesting too deep (limit %d)", maxCallDepth)
	}
	frame := make([]*cell, len(fn.params))
	for i := range frame {
		if i >= len(c.args) {
			frame[i] = &cell{}
			continue
		}
		if ref, ok := c.args[i].(*varRef); ok {
			caller := in.cellOf(ref)
			switch {
			case caller.arr != nil:
				frame[i] = caller // arrays are passed by reference
				continue
			case caller.v.kind == kUninit && !(ref.local < 0 && ref.global < numSpecial):
				frame[i] = &cell{link: caller}
				continue
			}
		}
		v, err := in.eval(c.args[i])
		if err != nil {
			return value{}, err
		}
		frame[i] = &cell{v: v}
	}
	in.frames = append(in.frames, frame)
	in.depth++
	err := in.exec(fn.body)
	in.depth--
	in.frames = in.frames[:len(in.frames)-1]
	var ret *errReturn
	if errors.As(err, &ret) {
		return ret.v, nil
	}
	return value{}, err
}

// ---- print and printf ----

func (in *interp) print(s *printStmt) error {
	w, err := in.writerFor(s)
	if err != nil {
		return err
	}
	err = in.printTo(w, s)
	// stderr is unbuffered in awk: a message shows at once, in order
	// with what the commands the program starts write there.
	if w == in.stderr {
		w.Flush()
	}
	return err
}

func (in *interp) printTo(w *bufio.Writer, s *printStmt) error {
	var err error
	if s.printf {
		vals := make([]value, len(s.args))
		for i, a := range s.args {
			if vals[i], err = in.eval(a); err != nil {
				return err
			}
		}
		text, err := in.sprintf(in.toStr(vals[0]), vals[1:])
		if err != nil {
			w.WriteString(text)
			return err
		}
		_, err = w.WriteString(text)
		return in.writeErr(err)
	}
	if len(s.args) == 0 {
		w.WriteString(in.getRecord())
	} else {
		ofs := in.toStr(in.globals[vOFS].v)
		for i, a := range s.args {
			v, err := in.eval(a)
			if err != nil {
				return err
			}
			if i > 0 {
				w.WriteString(ofs)
			}
			w.WriteString(in.toOutput(v))
		}
	}
	_, err = w.WriteString(in.toStr(in.globals[vORS].v))
	return in.writeErr(err)
}

func (in *interp) writeErr(err error) error {
	if err != nil {
		return &errExit{status: 2}
	}
	return nil
}

// ---- builtins ----

func (in *interp) arg(c *builtinCall, i int) (value, error) { return in.eval(c.args[i]) }

func (in *interp) strArg(c *builtinCall, i int) (string, error) {
	v, err := in.eval(c.args[i])
	return in.toStr(v), err
}

func (in *interp) numArg(c *builtinCall, i int) (float64, error) {
	v, err := in.eval(c.args[i])
	return v.toNum(), err
}

func (in *interp) callBuiltin(c *builtinCall) (value, error) {
	switch c.name {
	case "length":
		if len(c.args) == 0 {
			return num(float64(charLen(in.record))), nil
		}
		if ref, ok := c.args[0].(*varRef); ok {
			if cl := in.cellOf(ref); cl.arr != nil {
				return num(float64(len(cl.arr))), nil
			}
		}
		s, err := in.strArg(c, 0)
		return num(float64(charLen(s))), err
	case "substr":
		s, err := in.strArg(c, 0)
		if err != nil {
			return value{}, err
		}
		m, err := in.numArg(c, 1)
		if err != nil {
			return value{}, err
		}
		n := math.Inf(1)
		if len(c.args) == 3 {
			if n, err = in.numArg(c, 2); err != nil {
				return value{}, err
			}
		}
		return str(substr(s, m, n)), nil
	case "index":
		s, err := in.strArg(c, 0)
		if err != nil {
			return value{}, err
		}
		t, err := in.strArg(c, 1)
		if err != nil {
			return value{}, err
		}
		i := strings.Index(s, t)
		if i < 0 {
			return num(0), nil
		}
		return num(float64(charLen(s[:i]) + 1)), nil
	case "split":
		return in.builtinSplit(c)
	case "sub", "gsub":
		return in.builtinSub(c)
	case "gensub":
		return in.builtinGensub(c)
	case "match":
		return in.builtinMatch(c)
	case "sprintf":
		vals := make([]value, len(c.args))
		for i := range c.args {
			var err error
			if vals[i], err = in.eval(c.args[i]); err != nil {
				return value{}, err
			}
		}
		s, err := in.sprintf(in.toStr(vals[0]), vals[1:])
		return str(s), err
	case "sin", "cos", "exp", "log", "sqrt", "int":
		x, err := in.numArg(c, 0)
		if err != nil {
			return value{}, err
		}
		f := map[string]func(float64) float64{"sin": math.Sin, "cos": math.Cos, "exp": math.Exp,
			"log": math.Log, "sqrt": math.Sqrt, "int": math.Trunc}[c.name]
		r := f(x)
		if math.IsNaN(r) && !math.IsNaN(x) {
			// An invalid operation on x86 (log(-1), sqrt(-1)) gives
			// the NaN with the sign bit set, which glibc prints "-nan".
			r = math.Copysign(r, -1)
		}
		return num(r), nil
	case "atan2":
		y, err := in.numArg(c, 0)
		if err != nil {
			return value{}, err
		}
		x, err := in.numArg(c, 1)
		return num(math.Atan2(y, x)), err
	case "rand":
		return num(in.rng.Float64()), nil
	case "srand":
		prev := in.seed
		seed := float64(in.inv.Now().Unix())
		if len(c.args) == 1 {
			var err error
			if seed, err = in.numArg(c, 0); err != nil {
				return value{}, err
			}
		}
		in.seed = seed
		in.rng = rand.New(rand.NewSource(int64(seed)))
		return num(prev), nil
	case "tolower", "toupper":
		s, err := in.strArg(c, 0)
		if c.name == "tolower" {
			return str(strings.ToLower(s)), err
		}
		return str(strings.ToUpper(s)), err
	case "system":
		cmd, err := in.strArg(c, 0)
		if err != nil {
			return value{}, err
		}
		in.flushAll()
		status := in.inv.Exec(in.ctx, []string{"sh", "-c", cmd}, nil,
			command.Stdio{Stdin: in.inv.Stdin, Stdout: in.out, Stderr: in.inv.Stderr})
		return num(float64(status)), nil
	case "close":
		name, err := in.strArg(c, 0)
		if err != nil {
			return value{}, err
		}
		return num(float64(in.closeStream(name))), nil
	case "fflush":
		if len(c.args) == 0 {
			in.flushAll()
			return num(0), nil
		}
		name, err := in.strArg(c, 0)
		if err != nil {
			return value{}, err
		}
		if o, ok := in.outputs[name]; ok {
			o.w.Flush()
			return num(0), nil
		}
		if name == "/dev/stdout" {
			in.stdout.Flush()
			return num(0), nil
		}
		return num(-1), nil
	case "systime":
		return num(float64(in.inv.Now().Unix())), nil
	case "strftime":
		return in.builtinStrftime(c)
	}
	return value{}, fmt.Errorf("internal error: builtin %s", c.name)
}

func charLen(s string) int {
	if utf8.ValidString(s) {
		return utf8.RuneCountInString(s)
	}
	return len(s)
}

// substr follows POSIX: characters m .. m+n-1 (1-based), with m and n
// rounded, clipped to the string.
func substr(s string, m, n float64) string {
	var chars []string
	if utf8.ValidString(s) && !isASCII(s) {
		for _, r := range s {
			chars = append(chars, string(r))
		}
	}
	length := len(s)
	if chars != nil {
		length = len(chars)
	}
	start := roundHalfEven(m)
	var end float64
	if math.IsInf(n, 1) {
		end = math.Inf(1)
	} else {
		end = start + roundHalfEven(n)
	}
	if start < 1 {
		start = 1
	}
	if end > float64(length+1) {
		end = float64(length + 1)
	}
	if end <= start || math.IsNaN(start) || math.IsNaN(end) {
		return ""
	}
	i, j := int(start)-1, int(end)-1
	if chars != nil {
		return strings.Join(chars[i:j], "")
	}
	return s[i:j]
}

func roundHalfEven(x float64) float64 { return math.RoundToEven(x) }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func (in *interp) builtinSplit(c *builtinCall) (value, error) {
	s, err := in.strArg(c, 0)
	if err != nil {
		return value{}, err
	}
	ref := c.args[1].(*varRef)
	var parts []string
	if len(c.args) >= 3 {
		if r, ok := c.args[2].(*regexLit); ok {
			re, err := in.regex(r.re)
			if err != nil {
				return value{}, err
			}
			parts = splitRegex(s, re)
		} else {
			fs, err := in.strArg(c, 2)
			if err != nil {
				return value{}, err
			}
			parts = in.splitFields(s, fs, nil, false)
		}
	} else {
		parts = in.splitFields(s, in.toStr(in.globals[vFS].v), nil, false)
	}
	arr := in.cellOf(ref).array()
	clear(arr)
	for i, p := range parts {
		arr[strconv.Itoa(i+1)] = strnum(p)
	}
	return num(float64(len(parts))), nil
}

func splitRegex(s string, re *posixre.Regexp) []string {
	if s == "" {
		return nil
	}
	var parts []string
	start := 0
	for _, m := range re.FindAllSubmatchIndex([]byte(s), -1) {
		if m[1] == m[0] {
			continue
		}
		parts = append(parts, s[start:m[0]])
		start = m[1]
	}
	return append(parts, s[start:])
}

func (in *interp) builtinSub(c *builtinCall) (value, error) {
	re, err := in.regexArg(c.args[0])
	if err != nil {
		return value{}, err
	}
	repl, err := in.strArg(c, 1)
	if err != nil {
		return value{}, err
	}
	var target expr = &fieldRef{index: &numLit{v: 0}}
	if len(c.args) == 3 {
		target = c.args[2]
	}
	tv, err := in.eval(target)
	if err != nil {
		return value{}, err
	}
	s := in.toStr(tv)
	limit := 1
	if c.name == "gsub" {
		limit = -1
	}
	matches := re.FindAllSubmatchIndex([]byte(s), limit)
	if len(matches) == 0 {
		return num(0), nil
	}
	var b strings.Builder
	last := 0
	for _, m := range matches {
		b.WriteString(s[last:m[0]])
		expandRepl(&b, repl, s[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(s[last:])
	return num(float64(len(matches))), in.assign(target, str(b.String()))
}

// expandRepl writes sub/gsub's replacement: & is the match, \& a literal
// ampersand, \\ a backslash.
func expandRepl(b *strings.Builder, repl, match string) {
	for i := 0; i < len(repl); i++ {
		switch c := repl[i]; {
		case c == '\\' && i+1 < len(repl) && (repl[i+1] == '&' || repl[i+1] == '\\'):
			b.WriteByte(repl[i+1])
			i++
		case c == '&':
			b.WriteString(match)
		default:
			b.WriteByte(c)
		}
	}
}

func (in *interp) builtinGensub(c *builtinCall) (value, error) {
	re, err := in.regexArg(c.args[0])
	if err != nil {
		return value{}, err
	}
	repl, err := in.strArg(c, 1)
	if err != nil {
		return value{}, err
	}
	how, err := in.arg(c, 2)
	if err != nil {
		return value{}, err
	}
	s := in.record
	if len(c.args) == 4 {
		if s, err = in.strArg(c, 3); err != nil {
			return value{}, err
		}
	}
	which := 1
	if hs := in.toStr(how); hs == "g" || hs == "G" {
		which = 0
	} else if n := int(how.toNum()); n > 0 {
		which = n
	}
	var b strings.Builder
	last := 0
	for i, m := range re.FindAllSubmatchIndex([]byte(s), -1) {
		if which != 0 && i+1 != which {
			continue
		}
		b.WriteString(s[last:m[0]])
		for k := 0; k < len(repl); k++ {
			ch := repl[k]
			switch {
			case ch == '\\' && k+1 < len(repl) && repl[k+1] >= '0' && repl[k+1] <= '9':
				g := int(repl[k+1] - '0')
				if 2*g+1 < len(m) && m[2*g] >= 0 {
					b.WriteString(s[m[2*g]:m[2*g+1]])
				}
				k++
			case ch == '\\' && k+1 < len(repl) && repl[k+1] == '&':
				b.WriteByte('&')
				k++
			case ch == '&':
				b.WriteString(s[m[0]:m[1]])
			default:
				b.WriteByte(ch)
			}
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	return str(b.String()), nil
}

func (in *interp) builtinMatch(c *builtinCall) (value, error) {
	s, err := in.strArg(c, 0)
	if err != nil {
		return value{}, err
	}
	re, err := in.regexArg(c.args[1])
	if err != nil {
		return value{}, err
	}
	m := re.FindSubmatchIndex([]byte(s))
	var arr map[string]value
	if len(c.args) == 3 {
		arr = in.cellOf(c.args[2].(*varRef)).array()
		clear(arr)
	}
	if m == nil {
		in.globals[vRSTART].v, in.globals[vRLENGTH].v = num(0), num(-1)
		return num(0), nil
	}
	start := charLen(s[:m[0]]) + 1
	length := charLen(s[m[0]:m[1]])
	in.globals[vRSTART].v, in.globals[vRLENGTH].v = num(float64(start)), num(float64(length))
	for g := 0; arr != nil && 2*g+1 < len(m); g++ {
		if m[2*g] < 0 {
			continue
		}
		k := strconv.Itoa(g)
		arr[k] = strnum(s[m[2*g]:m[2*g+1]])
		arr[k+in.toStr(in.globals[vSUBSEP].v)+"start"] = num(float64(charLen(s[:m[2*g]]) + 1))
		arr[k+in.toStr(in.globals[vSUBSEP].v)+"length"] = num(float64(charLen(s[m[2*g]:m[2*g+1]])))
	}
	return num(float64(start)), nil
}
