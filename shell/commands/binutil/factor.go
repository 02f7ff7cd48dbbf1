package binutil

import (
	"bufio"
	"context"
	"errors"
	"io"
	"math/big"
	"math/bits"
	"sort"
	"strings"

	"memsh/shell/command"
)

const factorHelp = `Usage: factor [NUMBER]...
Print the prime factors of each specified integer NUMBER.  If none
are specified on the command line, read them from standard input.

      --help        display this help and exit
`

// mulMod is a*b mod m without overflow.
func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%m, lo, m)
	return r
}

func powMod(a, e, m uint64) uint64 {
	r := uint64(1)
	a %= m
	for e > 0 {
		if e&1 == 1 {
			r = mulMod(r, a, m)
		}
		a = mulMod(a, a, m)
		e >>= 1
	}
	return r
}

// isPrime64 is a deterministic Miller-Rabin for 64-bit numbers.
func isPrime64(n uint64) bool {
	if n < 2 {
		return false
	}
	for _, p := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		if n%p == 0 {
			return n == p
		}
	}
	d, s := n-1, 0
	for d%2 == 0 {
		d, s = d/2, s+1
	}
	for _, a := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		x := powMod(a, d, n)
		if x == 1 || x == n-1 {
			continue
		}
		comp := true
		for i := 1; i < s; i++ {
			x = mulMod(x, x, n)
			if x == n-1 {
				comp = false
				break
			}
		}
		if comp {
			return false
		}
	}
	return true
}

// rho finds a non-trivial factor of the odd composite n (Pollard-Brent).
func rho(ctx context.Context, n uint64) uint64 {
	for c := uint64(1); ; c++ {
		if ctx.Err() != nil {
			return 0
		}
		x, y, g := uint64(2), uint64(2), uint64(1)
		f := func(v uint64) uint64 { return (mulMod(v, v, n) + c) % n }
		for g == 1 {
			x = f(x)
			y = f(f(y))
			d := x - y
			if x < y {
				d = y - x
			}
			g = gcd(d, n)
		}
		if g != n {
			return g
		}
	}
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func factor64(ctx context.Context, n uint64, out *[]uint64) {
	for _, p := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		for n%p == 0 {
			*out = append(*out, p)
			n /= p
		}
	}
	var rec func(n uint64)
	rec = func(n uint64) {
		if n == 1 || ctx.Err() != nil {
			return
		}
		if isPrime64(n) {
			*out = append(*out, n)
			return
		}
		d := rho(ctx, n)
		if d == 0 {
			return
		}
		rec(d)
		rec(n / d)
	}
	rec(n)
}

// factorBig handles numbers past 64 bits with big.Int Pollard rho.
func factorBig(ctx context.Context, n *big.Int, out *[]*big.Int) {
	one := big.NewInt(1)
	if n.Cmp(one) <= 0 || ctx.Err() != nil {
		return
	}
	if n.IsUint64() {
		var small []uint64
		factor64(ctx, n.Uint64(), &small)
		for _, s := range small {
			*out = append(*out, new(big.Int).SetUint64(s))
		}
		return
	}
	for _, p := range []int64{2, 3, 5, 7, 11, 13} {
		bp := big.NewInt(p)
		m := new(big.Int)
		for {
			q, r := new(big.Int).QuoRem(n, bp, m)
			if r.Sign() != 0 {
				break
			}
			*out = append(*out, bp)
			n = q
		}
	}
	if n.Cmp(one) == 0 {
		return
	}
	if n.ProbablyPrime(30) {
		*out = append(*out, n)
		return
	}
	for c := int64(1); ; c++ {
		if ctx.Err() != nil {
			return
		}
		x, y, g := big.NewInt(2), big.NewInt(2), big.NewInt(1)
		bc := big.NewInt(c)
		f := func(v *big.Int) *big.Int {
			r := new(big.Int).Mul(v, v)
			r.Add(r, bc)
			return r.Mod(r, n)
		}
		d := new(big.Int)
		for g.Cmp(one) == 0 {
			if ctx.Err() != nil {
				return
			}
			x = f(x)
			y = f(f(y))
			d.Sub(x, y)
			d.Abs(d)
			g.GCD(nil, nil, d, n)
		}
		if g.Cmp(n) != 0 {
			factorBig(ctx, new(big.Int).Set(g), out)
			factorBig(ctx, new(big.Int).Quo(n, g), out)
			return
		}
	}
}

// maxFactorWord bounds one number read from standard input (a million
// digits is far past what factor can factor anyway).
const maxFactorWord = 1 << 20

func runFactor(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	args, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	status := 0
	one := func(s string) bool {
		t := strings.TrimLeft(s, " \t\n")
		t = strings.TrimPrefix(t, "+")
		valid := t != ""
		for i := 0; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				valid = false
			}
		}
		if !valid {
			// GNU factor keeps its output buffered: the message comes first.
			inv.Errorf("%s is not a valid positive integer", cQuote(s))
			status = 1
			return true
		}
		n, _ := new(big.Int).SetString(t, 10)
		var fs []*big.Int
		factorBig(ctx, new(big.Int).Set(n), &fs)
		if ctx.Err() != nil {
			return false
		}
		sort.Slice(fs, func(i, j int) bool { return fs[i].Cmp(fs[j]) < 0 })
		w.WriteString(n.String() + ":")
		for _, f := range fs {
			w.WriteString(" " + f.String())
		}
		w.WriteByte('\n')
		return true
	}
	if len(args) > 0 {
		for _, a := range args {
			if !one(a) {
				return statusCancelled
			}
		}
	} else {
		sc := bufio.NewScanner(command.ContextReader(ctx, inv.Stdin))
		sc.Buffer(make([]byte, 4096), maxFactorWord)
		sc.Split(scanFactorWords)
		for sc.Scan() {
			if !one(sc.Text()) {
				return statusCancelled
			}
			if sc.Err() == nil {
				w.Flush()
			}
		}
		if err := sc.Err(); err != nil && err != io.EOF {
			if ctx.Err() != nil {
				return statusCancelled
			}
			if errors.Is(err, bufio.ErrTooLong) {
				inv.Errorf("a word of standard input exceeds the in-memory limit of %d MiB", maxFactorWord>>20)
				return 1
			}
			inv.Errorf("%s", command.Strerror(err))
			return 1
		}
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	return status
}

// scanFactorWords splits standard input at GNU factor's delimiters:
// space, tab and newline only (a carriage return is part of a word).
func scanFactorWords(data []byte, atEOF bool) (int, []byte, error) {
	delim := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }
	start := 0
	for start < len(data) && delim(data[start]) {
		start++
	}
	for i := start; i < len(data); i++ {
		if delim(data[i]) {
			return i + 1, data[start:i], nil
		}
	}
	if atEOF && len(data) > start {
		return len(data), data[start:], nil
	}
	return start, nil, nil
}
