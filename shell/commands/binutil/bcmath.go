package binutil

import (
	"math/big"
)

// bc -l's library: s(x), c(x), a(x), l(x), e(x) and j(n,x), computed
// with guard digits and cut to the scale, as GNU's library returns
// them (its own code is not used: these are plain series).

func (m *bcMachine) mathCall(c *bcCall) (bcNum, bool) {
	want := map[string]int{"s": 1, "c": 1, "a": 1, "l": 1, "e": 1, "j": 2}
	n, ok := want[c.name]
	if !ok || m.funcs[c.name] != nil {
		return bcNum{}, false
	}
	if len(c.args) != n {
		m.fail("Parameter number mismatch")
	}
	args := make([]bcNum, n)
	for i, a := range c.args {
		if _, arr := a.(*bcArrArg); arr {
			m.fail("Parameter type mismatch")
		}
		args[i] = m.eval(a)
	}
	x := args[n-1]
	scale := m.scale
	// Precision: the scale, the integer digits of x (for reduction and
	// growth) and guard digits.
	mag := len(new(big.Int).Abs(x.rescale(0).v).String())
	digits := scale + mag + 20
	if c.name == "j" {
		// The series cancels terms as large as e^|x|.
		f, _ := bcToFloat(x, 64).Float64()
		if f < 0 {
			f = -f
		}
		if f > 20000 || args[0].rescale(0).v.CmpAbs(big.NewInt(10000)) > 0 {
			m.fail("argument too large for memsh's bc: j() would take hours")
		}
		digits += int(f*0.4343) + 10
	}
	if c.name == "e" && x.v.Sign() > 0 {
		if f, _ := bcToFloat(x, 64).Float64(); f > 46000 {
			m.fail("argument too large for memsh's bc: e() would have more than 20000 digits")
		}
	}
	if digits > 30000 {
		m.fail("argument too large for memsh's bc: more than 30000 digits")
	}
	prec := uint(float64(digits)*3.33) + 64
	fx := bcToFloat(x, prec)
	var r *big.Float
	switch c.name {
	case "s":
		r = bfSin(fx, prec)
	case "c":
		r = bfCos(fx, prec)
	case "a":
		r = bfAtan(fx, prec)
	case "e":
		if fx.Sign() > 0 {
			// e^x has about x/2.3 integer digits more to carry.
			f, _ := fx.Float64()
			prec += uint(f*1.45) + 16
			fx.SetPrec(prec)
		}
		r = bfExp(fx, prec)
	case "l":
		if fx.Sign() <= 0 {
			// GNU's l() of a number not above 0: -(10^scale - 1).
			v := new(big.Int).Sub(pow10(scale), big.NewInt(1))
			return bcNum{v.Neg(v.Mul(v, pow10(scale))), scale}, true
		}
		r = bfLog(fx, prec)
	case "j":
		order := args[0].rescale(0).v.Int64()
		r = bfBesselJ(order, fx, prec)
	}
	return bcFromFloat(r, scale), true
}

func bcToFloat(x bcNum, prec uint) *big.Float {
	f := new(big.Float).SetPrec(prec).SetInt(x.v)
	return f.Quo(f, new(big.Float).SetPrec(prec).SetInt(pow10(x.scale)))
}

// bcFromFloat cuts f to scale decimals, toward zero.
func bcFromFloat(f *big.Float, scale int) bcNum {
	g := new(big.Float).SetPrec(f.Prec()).Mul(f, new(big.Float).SetPrec(f.Prec()).SetInt(pow10(scale)))
	i, _ := g.Int(nil)
	return bcNum{i, scale}
}

func bf(prec uint) *big.Float { return new(big.Float).SetPrec(prec) }

func bfInt(n int64, prec uint) *big.Float { return bf(prec).SetInt64(n) }

// bfPi is π by Machin's formula.
func bfPi(prec uint) *big.Float {
	a := bfAtanSmall(bf(prec).Quo(bfInt(1, prec), bfInt(5, prec)), prec)
	b := bfAtanSmall(bf(prec).Quo(bfInt(1, prec), bfInt(239, prec)), prec)
	a.Mul(a, bfInt(16, prec))
	b.Mul(b, bfInt(4, prec))
	return a.Sub(a, b)
}

// bfAtanSmall is the Taylor series of atan for |x| well below 1.
func bfAtanSmall(x *big.Float, prec uint) *big.Float {
	sum := bf(prec).Set(x)
	x2 := bf(prec).Mul(x, x)
	term := bf(prec).Set(x)
	eps := bf(prec).SetMantExp(bfInt(1, prec), -int(prec))
	for k := int64(3); ; k += 2 {
		term.Mul(term, x2)
		term.Neg(term)
		t := bf(prec).Quo(term, bfInt(k, prec))
		if new(big.Float).Abs(t).Cmp(eps) < 0 {
			return sum
		}
		sum.Add(sum, t)
	}
}

func bfAtan(x *big.Float, prec uint) *big.Float {
	if x.Sign() < 0 {
		r := bfAtan(bf(prec).Neg(x), prec)
		return r.Neg(r)
	}
	one := bfInt(1, prec)
	if x.Cmp(one) > 0 {
		// atan(x) = π/2 - atan(1/x)
		r := bfAtan(bf(prec).Quo(one, x), prec)
		half := bfPi(prec)
		half.Quo(half, bfInt(2, prec))
		return half.Sub(half, r)
	}
	// Halve the argument twice: atan(x) = 2 atan(x / (1 + sqrt(1+x²))).
	y := bf(prec).Set(x)
	doublings := 0
	for i := 0; i < 3; i++ {
		s := bf(prec).Mul(y, y)
		s.Add(s, one)
		s.Sqrt(s)
		s.Add(s, one)
		y.Quo(y, s)
		doublings++
	}
	r := bfAtanSmall(y, prec)
	return r.Mul(r, bfInt(int64(1)<<doublings, prec))
}

// bfReduce brings x into [-π, π].
func bfReduce(x *big.Float, prec uint) *big.Float {
	twoPi := bfPi(prec)
	twoPi.Mul(twoPi, bfInt(2, prec))
	q := bf(prec).Quo(x, twoPi)
	qi, _ := q.Int(nil)
	r := bf(prec).Sub(x, bf(prec).Mul(twoPi, bf(prec).SetInt(qi)))
	return r
}

func bfSin(x *big.Float, prec uint) *big.Float {
	x = bfReduce(x, prec)
	sum := bf(prec).Set(x)
	x2 := bf(prec).Mul(x, x)
	term := bf(prec).Set(x)
	eps := bf(prec).SetMantExp(bfInt(1, prec), -int(prec))
	for k := int64(1); ; k++ {
		term.Mul(term, x2)
		term.Quo(term, bfInt((2*k)*(2*k+1), prec))
		term.Neg(term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			return sum
		}
		sum.Add(sum, term)
	}
}

func bfCos(x *big.Float, prec uint) *big.Float {
	x = bfReduce(x, prec)
	sum := bfInt(1, prec)
	x2 := bf(prec).Mul(x, x)
	term := bfInt(1, prec)
	eps := bf(prec).SetMantExp(bfInt(1, prec), -int(prec))
	for k := int64(1); ; k++ {
		term.Mul(term, x2)
		term.Quo(term, bfInt((2*k-1)*(2*k), prec))
		term.Neg(term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			return sum
		}
		sum.Add(sum, term)
	}
}

// bfExp is e^x: x halved until small, the series, then squared back.
func bfExp(x *big.Float, prec uint) *big.Float {
	if x.Sign() < 0 {
		r := bfExp(bf(prec).Neg(x), prec)
		return r.Quo(bfInt(1, prec), r)
	}
	y := bf(prec).Set(x)
	halvings := 0
	half := bf(prec).SetFloat64(0.5)
	for y.Cmp(half) > 0 {
		y.Mul(y, half)
		halvings++
	}
	sum := bfInt(1, prec)
	term := bfInt(1, prec)
	eps := bf(prec).SetMantExp(bfInt(1, prec), -int(prec))
	for k := int64(1); ; k++ {
		term.Mul(term, y)
		term.Quo(term, bfInt(k, prec))
		if term.Cmp(eps) < 0 {
			break
		}
		sum.Add(sum, term)
	}
	for ; halvings > 0; halvings-- {
		sum.Mul(sum, sum)
	}
	return sum
}

// bfLog is ln x for x > 0: x = m·2^k with m near 1, then
// ln m = 2 atanh((m-1)/(m+1)).
func bfLog(x *big.Float, prec uint) *big.Float {
	mant := bf(prec)
	k := x.MantExp(mant) // x = mant · 2^k, mant in [0.5, 1)
	lnm := bfAtanhLog(mant, prec)
	if k == 0 {
		return lnm
	}
	ln2 := bfAtanhLog(bfInt(2, prec), prec)
	return lnm.Add(lnm, ln2.Mul(ln2, bfInt(int64(k), prec)))
}

func bfAtanhLog(m *big.Float, prec uint) *big.Float {
	one := bfInt(1, prec)
	z := bf(prec).Quo(bf(prec).Sub(m, one), bf(prec).Add(m, one))
	z2 := bf(prec).Mul(z, z)
	sum := bf(prec).Set(z)
	term := bf(prec).Set(z)
	eps := bf(prec).SetMantExp(bfInt(1, prec), -int(prec))
	for k := int64(3); ; k += 2 {
		term.Mul(term, z2)
		t := bf(prec).Quo(term, bfInt(k, prec))
		if new(big.Float).Abs(t).Cmp(eps) < 0 {
			break
		}
		sum.Add(sum, t)
	}
	return sum.Mul(sum, bfInt(2, prec))
}

// bfBesselJ is J_n(x) by its power series; J_-n = (-1)^n J_n.
func bfBesselJ(n int64, x *big.Float, prec uint) *big.Float {
	neg := false
	if n < 0 {
		n = -n
		neg = n%2 == 1
	}
	half := bf(prec).Quo(x, bfInt(2, prec))
	// term_0 = (x/2)^n / n!
	term := bfInt(1, prec)
	for i := int64(1); i <= n; i++ {
		term.Mul(term, half)
		term.Quo(term, bfInt(i, prec))
	}
	sum := bf(prec).Set(term)
	h2 := bf(prec).Mul(half, half)
	eps := bf(prec).SetMantExp(bfInt(1, prec), -int(prec))
	for k := int64(1); ; k++ {
		term.Mul(term, h2)
		term.Quo(term, bfInt(k*(n+k), prec))
		term.Neg(term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 && k > 2 {
			break
		}
		sum.Add(sum, term)
	}
	if neg {
		sum.Neg(sum)
	}
	return sum
}
