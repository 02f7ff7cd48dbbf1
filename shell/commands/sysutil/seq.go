package sysutil

import (
	"bufio"
	"bytes"
	"context"
	"math"
	"math/big"
	"strconv"
	"strings"

	"memsh/shell/command"
)

func runSeq(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'f', "format", requiredArg, "f"},
		{'s', "separator", requiredArg, "s"},
		{'w', "equal-width", noArg, "w"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	// "-1" and "-.5" are numbers, and option parsing stops at the first
	// operand, as in GNU seq.
	isNum := func(a string) bool { return len(a) > 1 && (a[1] == '.' || (a[1] >= '0' && a[1] <= '9')) }
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, isNum)
	if !ok {
		return 1
	}
	format, sep, equal, hasFormat := "", "\n", false, false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "seq")
		case "version":
			return printVersion(inv, "seq")
		case "f":
			format, hasFormat = o.Value, true
		case "s":
			sep = o.Value
		case "w":
			equal = true
		}
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	if len(operands) > 3 {
		return inv.Usage(1, "extra operand %s", quoteUTF8(operands[3]))
	}
	var pre, post string
	var spec floatSpec
	if hasFormat {
		var msg string
		pre, spec, post, msg = parseSeqFormat(format)
		if msg != "" {
			inv.Errorf("%s", msg)
			return 1
		}
	}
	var ops [3]seqOperand
	for i, a := range operands {
		op, msg := scanSeqArg(a)
		if msg != "" {
			return inv.Usage(1, "%s", msg)
		}
		ops[i] = op
	}
	one := seqOperand{value: 1, long: new(big.Float).SetPrec(longPrec).SetInt64(1), width: 1}
	first, step, last := one, one, ops[0]
	switch len(operands) {
	case 2:
		first, last = ops[0], ops[1]
	case 3:
		first, step, last = ops[0], ops[1], ops[2]
		if step.value == 0 {
			return inv.Usage(1, "invalid Zero increment value: %s", quoteUTF8(operands[1]))
		}
	}
	if hasFormat && equal {
		return inv.Usage(1, "format string may not be specified when printing equal width strings")
	}
	w := newWriter(inv.Stdout)
	if !hasFormat && !equal && seqAllDigits(operands) && step.value > 0 {
		var stepDigits string
		if len(operands) == 3 {
			stepDigits = operands[1]
		} else {
			stepDigits = "1"
		}
		firstDigits := "1"
		if len(operands) > 1 {
			firstDigits = operands[0]
		}
		return finish(inv, w, seqIntegers(ctx, w, firstDigits, stepDigits, operands[len(operands)-1], sep))
	}
	// GNU's second fast path: integral FIRST and LAST (1e308 included)
	// counting up by 1 print as their long double values written out in
	// full and stepped exactly, so a step below the values' precision
	// still ends (`seq 1e308 1e308` prints once).
	if !hasFormat && !equal && first.precision == 0 && step.precision == 0 && last.precision == 0 &&
		step.value == 1 && !first.long.IsInf() && !last.long.IsInf() && !first.long.Signbit() && !last.long.Signbit() {
		return finish(inv, w, seqIntegers(ctx, w, first.long.Text('f', 0), "1", last.long.Text('f', 0), sep))
	}
	if !hasFormat {
		spec, pre, post = seqDefaultFormat(first, step, last, equal), "", ""
	}
	return finish(inv, w, seqFloats(ctx, w, first.long, step.long, last.long, pre, spec, post, sep))
}

// seqOperand is a parsed number with the width and number of fraction
// digits it was written with (GNU picks the output format from these).
type seqOperand struct {
	value     float64
	long      *big.Float // the value as a long double, for stepping
	width     int
	precision int // -1: unknown (hex, inf): use %g
}

func scanSeqArg(arg string) (seqOperand, string) {
	v, ok := parseCFloat(arg)
	if !ok {
		return seqOperand{}, "invalid floating point argument: " + quoteUTF8(arg)
	}
	if math.IsNaN(v) {
		return seqOperand{}, "invalid ‘not-a-number’ argument: " + quoteUTF8(arg)
	}
	long, ok := parseLong(arg)
	if !ok {
		return seqOperand{}, "invalid floating point argument: " + quoteUTF8(arg)
	}
	op := seqOperand{value: v, long: long}
	a := strings.TrimLeft(arg, " \t\n\v\f\r+")
	if strings.ContainsAny(a, "xX") || math.IsInf(v, 0) {
		// Hexadecimal and infinite numbers add no width; a hexadecimal
		// fraction makes the format %g (as GNU seq 9.1 prints them).
		if !math.IsInf(v, 0) && v != math.Trunc(v) {
			op.precision = -1
		}
		return op, ""
	}
	op.width = len(a)
	dot := strings.IndexByte(a, '.')
	if dot < 0 {
		op.precision = 0
	} else {
		frac := a[dot+1:]
		if i := strings.IndexAny(frac, "eE"); i >= 0 {
			frac = frac[:i]
		}
		op.precision = len(frac)
		switch {
		case len(frac) == 0:
			op.width-- // "1." prints as "1"
		case dot == 0 || a[dot-1] < '0' || a[dot-1] > '9':
			op.width++ // ".5" prints as "0.5"
		}
	}
	if i := strings.IndexAny(a, "eE"); i >= 0 {
		exp, _ := strconv.Atoi(strings.TrimPrefix(a[i+1:], "+"))
		if exp < 0 {
			op.precision += -exp
		} else {
			op.precision -= min(op.precision, exp)
		}
		// The width is that of the number as it will be printed.
		op.width = len(strconv.FormatFloat(v, 'f', op.precision, 64))
	}
	return op, ""
}

// parseCFloat reads a number as strtold does: leading blanks, sign,
// decimal or hexadecimal (with or without a binary exponent), inf, nan.
func parseCFloat(s string) (float64, bool) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	if t == "" || strings.Contains(t, "_") {
		return 0, false
	}
	body := strings.TrimLeft(t, "+-")
	if len(t)-len(body) > 1 {
		return 0, false
	}
	if len(body) > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X') && !strings.ContainsAny(body, "pP") {
		t += "p0"
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return v, true
		}
		return 0, false
	}
	return v, true
}

func seqAllDigits(operands []string) bool {
	for _, a := range operands {
		if a == "" {
			return false
		}
		for i := 0; i < len(a); i++ {
			if a[i] < '0' || a[i] > '9' {
				return false
			}
		}
	}
	return true
}

// seqDefaultFormat is GNU's choice: as many fraction digits as FIRST or
// INCREMENT has, padded to the widest of FIRST and LAST with -w; %g when
// a number was hex or infinite.
func seqDefaultFormat(first, step, last seqOperand, equal bool) floatSpec {
	prec := max(first.precision, step.precision)
	if first.precision < 0 || step.precision < 0 || last.precision < 0 {
		return floatSpec{verb: 'g', prec: -1}
	}
	sp := floatSpec{verb: 'f', prec: prec}
	if equal {
		fw := first.width + (prec - first.precision)
		lw := last.width + (prec - last.precision)
		// Account for the decimal point the output gains or loses.
		if last.precision > 0 && prec == 0 {
			lw--
		}
		if last.precision == 0 && prec > 0 {
			lw++
		}
		if first.precision == 0 && prec > 0 {
			fw++
		}
		sp.width, sp.zero = max(fw, lw), true
	}
	return sp
}

// parseSeqFormat splits a -f format around its one float directive.
func parseSeqFormat(f string) (pre string, spec floatSpec, post, msg string) {
	var b strings.Builder
	found := false
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		if found {
			return "", spec, "", "format " + quoteUTF8(f) + " has too many % directives"
		}
		sp, n, ok := parseFloatSpec(f[i+1:])
		if !ok {
			if i+1+n > len(f) || n == 0 {
				return "", spec, "", "format " + quoteUTF8(f) + " ends in %"
			}
			return "", spec, "", "format " + quoteUTF8(f) + " has unknown %" + f[i+n:i+1+n] + " directive"
		}
		found = true
		spec = sp
		pre = b.String()
		b.Reset()
		i += n
	}
	if !found {
		return "", spec, "", "format " + quoteUTF8(f) + " has no % directive"
	}
	return pre, spec, b.String(), ""
}

// seqFloats prints FIRST, FIRST+STEP, ... up to LAST, computing each
// value as FIRST + i*STEP (no accumulated error) in long double, as GNU
// seq does, so that rounding and the last value agree with it.
func seqFloats(ctx context.Context, w *bufio.Writer, first, step, last *big.Float, pre string, spec floatSpec, post, sep string) int {
	out := func(x *big.Float) string { return pre + spec.formatLong(x) + post }
	negStep := step.Sign() < 0
	beyond := func(x *big.Float) bool {
		if negStep {
			return x.Cmp(last) < 0
		}
		return last.Cmp(x) < 0
	}
	if beyond(first) {
		return 0
	}
	x := new(big.Float).SetPrec(longPrec).Set(first)
	prod := new(big.Float).SetPrec(longPrec)
	idx := new(big.Float).SetPrec(longPrec)
	for i := int64(1); ; i++ {
		if i%4096 == 0 && ctx.Err() != nil {
			return cancelled
		}
		prev := out(x)
		w.WriteString(prev)
		idx.SetInt64(i)
		prod.Mul(idx, step)
		if first.IsInf() && prod.IsInf() && first.Signbit() != prod.Signbit() {
			// inf - inf is not a number: nothing further to print.
			break
		}
		x.Add(first, prod)
		if beyond(x) {
			// A value just past LAST that prints as LAST (and unlike the
			// previous value) is printed: rounding must not lose LAST.
			s := out(x)
			v, ok := parseLong(strings.TrimSuffix(strings.TrimPrefix(s, pre), post))
			if !(ok && v.Cmp(last) == 0 && s != prev) || pre != "" || post != "" {
				break
			}
		}
		if _, err := w.WriteString(sep); err != nil {
			return 1
		}
	}
	w.WriteString("\n")
	return 0
}

// seqIntegers is the exact path for non-negative integer operands of any
// size: the current value is a decimal string incremented in place.
func seqIntegers(ctx context.Context, w *bufio.Writer, first, step, last, sep string) int {
	cur := []byte(trimLeadingZeros(first))
	lastB := []byte(trimLeadingZeros(last))
	stepB := []byte(trimLeadingZeros(step))
	if decCmp(cur, lastB) > 0 {
		return 0
	}
	one := len(stepB) == 1 && stepB[0] == '1'
	// Numbers are appended to one chunk that goes out when it is full:
	// a write per 64 KiB, not per number.
	chunk := make([]byte, 0, bufSize+64)
	for n := 0; ; n++ {
		if n&4095 == 0 && ctx.Err() != nil {
			return cancelled
		}
		chunk = append(chunk, cur...)
		if one {
			cur = decIncr(cur)
		} else {
			cur = decAdd(cur, stepB)
		}
		if decCmp(cur, lastB) > 0 {
			break
		}
		chunk = append(chunk, sep...)
		if len(chunk) >= bufSize {
			if _, err := w.Write(chunk); err != nil {
				return 1
			}
			chunk = chunk[:0]
		}
	}
	chunk = append(chunk, '\n')
	w.Write(chunk)
	return 0
}

func trimLeadingZeros(s string) string {
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return "0"
	}
	return s
}

func decCmp(a, b []byte) int {
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return bytes.Compare(a, b)
}

func decIncr(a []byte) []byte {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] < '9' {
			a[i]++
			return a
		}
		a[i] = '0'
	}
	return append([]byte{'1'}, a...)
}

func decAdd(a, b []byte) []byte {
	n := max(len(a), len(b)) + 1
	out := make([]byte, n)
	carry := byte(0)
	for i := 0; i < n; i++ {
		d := carry
		if i < len(a) {
			d += a[len(a)-1-i] - '0'
		}
		if i < len(b) {
			d += b[len(b)-1-i] - '0'
		}
		carry = d / 10
		out[n-1-i] = '0' + d%10
	}
	if out[0] == '0' {
		out = out[1:]
	}
	return out
}
