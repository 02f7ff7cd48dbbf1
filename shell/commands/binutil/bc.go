package binutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"strings"

	"memsh/shell/command"
)

const bcHelp = `usage: bc [options] [file ...]
  -h  --help         print this usage and exit
  -l  --mathlib      use the predefined math routines (scale=20)
  -q  --quiet        don't print initial banner

memsh's bc is GNU bc's language: numbers of any size with a scale,
variables and arrays, functions (define, auto, return), if/while/for,
break/continue, print and strings, ibase/obase/scale/last, ++ and --,
sqrt(), length(), scale(), and with -l s(), c(), a(), l(), e(), j().
read() is not supported.
`

// bcNum is an exact decimal: v * 10^-scale.
type bcNum struct {
	v     *big.Int
	scale int
}

var bigTen = big.NewInt(10)

func pow10(n int) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil) }

// rescale changes n's scale, truncating as bc does.
func (n bcNum) rescale(s int) bcNum {
	switch {
	case s == n.scale:
		return n
	case s > n.scale:
		return bcNum{new(big.Int).Mul(n.v, pow10(s-n.scale)), s}
	}
	return bcNum{new(big.Int).Quo(n.v, pow10(n.scale-s)), s}
}

func (n bcNum) isZero() bool { return n.v.Sign() == 0 }

func bcInt(i int64) bcNum { return bcNum{big.NewInt(i), 0} }

func (n bcNum) String() string {
	if n.v.Sign() == 0 {
		return "0" // bc prints a zero without its scale
	}
	s := new(big.Int).Abs(n.v).String()
	neg := n.v.Sign() < 0
	if n.scale > 0 {
		for len(s) <= n.scale {
			s = "0" + s
		}
		s = s[:len(s)-n.scale] + "." + s[len(s)-n.scale:]
		if strings.HasPrefix(s, "0.") {
			s = s[1:]
		}
	}
	if neg && strings.Trim(s, "0.") != "" {
		s = "-" + s
	}
	return s
}

func boolNum(b bool) bcNum {
	if b {
		return bcInt(1)
	}
	return bcInt(0)
}

func bcCmp(a, b bcNum) int {
	s := max(a.scale, b.scale)
	return a.rescale(s).v.Cmp(b.rescale(s).v)
}

// bcDiv is a/b truncated to scale digits.
func bcDiv(a, b bcNum, scale int) bcNum {
	// a.v*10^(scale+b.scale-a.scale) / b.v, arranging non-negative shifts.
	num := new(big.Int).Set(a.v)
	den := new(big.Int).Set(b.v)
	shift := scale + b.scale - a.scale
	if shift >= 0 {
		num.Mul(num, pow10(shift))
	} else {
		den.Mul(den, pow10(-shift))
	}
	return bcNum{num.Quo(num, den), scale}
}

func runBc(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var mathlib bool
	fset.BoolVarP(&mathlib, "mathlib", "l", false, "")
	fset.BoolP("quiet", "q", false, "")
	fset.BoolP("standard", "s", false, "")
	fset.BoolP("warn", "w", false, "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	m := newBcMachine(ctx, w)
	m.mathlib = mathlib
	if mathlib {
		m.scale = 20
	}
	m.warn = func(msg string) {
		w.Flush()
		fmt.Fprintf(inv.Stderr, "Runtime warning (%s): %s\n", m.where(), msg)
	}
	failed, stopped := false, false
	// run reads an input line by line; a statement that is not finished
	// at the end of a line (an open brace, a string, a comment) takes
	// the next lines too. Each finished run of statements is executed
	// at once, so output follows input as in GNU bc.
	run := func(name string, r io.Reader) bool {
		br := bufio.NewReaderSize(r, bufSize)
		lineNo := 0
		pending, pendingLine := "", 1
		for !stopped {
			line, err := bcLine(br)
			if ctx.Err() != nil {
				return false
			}
			if _, held := err.(command.HeldLimitError); held || len(pending)+len(line) > command.MaxHeld {
				w.Flush()
				fmt.Fprintf(inv.Stderr, "bc: %s: %s\n", name, command.HeldLimitError{})
				failed = true
				return false
			}
			if line != "" {
				if pending == "" {
					pendingLine = lineNo
				}
				lineNo++
				pending += line
			}
			atEOF := err != nil
			if pending != "" && (strings.HasSuffix(pending, "\n") || atEOF) {
				stmts, perr := bcParse(pending, pendingLine+1, m.funcs)
				if perr == errBcIncomplete && !atEOF {
					continue
				}
				if perr == errBcQuit {
					stopped = true
					break
				}
				stopped = m.runAll(inv, name, stmts)
				if perr != nil && !stopped {
					w.Flush()
					errLine := lineNo + 1
					msg := "syntax error"
					if se, ok := perr.(*bcSyntaxError); ok {
						errLine, msg = se.line, se.msg
					}
					fmt.Fprintf(inv.Stderr, "%s %d: %s\n", bcLabel(name), errLine, msg)
				}
				pending = ""
				w.Flush()
			}
			if err != nil {
				if err != io.EOF && ctx.Err() == nil {
					// a directory, say: GNU bc's flex scanner gives up
					w.Flush()
					fmt.Fprintf(inv.Stderr, "%s %d: read() in flex scanner failed\n", bcLabel(name), lineNo+1)
					failed = true
				}
				return err == io.EOF
			}
		}
		return true
	}
	for _, f := range files {
		r, err := inv.OpenInput(ctx, f)
		if err != nil {
			w.Flush()
			fmt.Fprintf(inv.Stderr, "File %s is unavailable.\n", f)
			return 1
		}
		ok := run(f, r)
		r.Close()
		if !ok && ctx.Err() != nil {
			return statusCancelled
		}
		if failed {
			return 1
		}
		if stopped {
			return 0
		}
	}
	if !run("standard_in", command.ContextReader(ctx, inv.Stdin)) && ctx.Err() != nil {
		return statusCancelled
	}
	if failed {
		return 1
	}
	return 0
}

// runAll executes a line's statements; a runtime error abandons the
// rest of them, as GNU bc abandons the line. It reports halt.
func (m *bcMachine) runAll(inv *command.Invocation, name string, stmts []bcStmt) (stopped bool) {
	m.pc, m.fn, m.depth = 0, "", 0
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case bcStop:
				stopped = true
			case bcRuntimeError:
				m.out.Flush()
				fmt.Fprintf(inv.Stderr, "Runtime error (%s): %s\n", m.where(), e.msg)
				m.fn = ""
			default:
				panic(r)
			}
		}
	}()
	for _, s := range stmts {
		m.exec(s)
	}
	return false
}

// bcLine reads one line as ReadString('\n') does, but stops with
// command.HeldLimitError once it outgrows command.MaxHeld.
func bcLine(br *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		part, err := br.ReadSlice('\n')
		sb.Write(part)
		if err != bufio.ErrBufferFull {
			return sb.String(), err
		}
		if sb.Len() > command.MaxHeld {
			return "", command.HeldLimitError{}
		}
	}
}

// bcLabel names an input in GNU bc's messages: a file by its name,
// standard input as "(standard_in)".
func bcLabel(name string) string {
	if name == "standard_in" {
		return "(standard_in)"
	}
	return name
}
