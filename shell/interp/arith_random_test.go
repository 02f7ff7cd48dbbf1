package interp

import (
	"fmt"
	"math/rand"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// arithAtoms and arithOps are what TestArithRandomAgainstBash builds
// expressions from: well-formed ones mostly, with stray tokens mixed in
// so that error messages and error tokens get compared too.
var (
	arithAtoms = []string{"0", "1", "7", "-3", "010", "0x1f", "2#101", "64#z", "36#Z",
		"9223372036854775807", "x", "y", "z", "u", "a[1]", "a[x-2]", "a[-1]", "h[k]", "x++", "--y", "++a[0]"}
	arithBinOps = []string{"+", "-", "*", "/", "%", "**", "<<", ">>", "<", "<=", ">", ">=", "==", "!=",
		"&", "|", "^", "&&", "||", ","}
	arithAssignOps = []string{"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}
	arithUnary     = []string{"-", "+", "!", "~"}
	arithJunk      = []string{"", "", "", "", "", "", "", "", ")", "(", "?", ":", "$", "@", "'", "08", "1x", "=", "++", "a[", "]"}
)

func randomArith(r *rand.Rand, depth int) string {
	if depth <= 0 || r.Intn(4) == 0 {
		atom := arithAtoms[r.Intn(len(arithAtoms))]
		if r.Intn(6) == 0 {
			atom = arithUnary[r.Intn(len(arithUnary))] + atom
		}
		return atom
	}
	sp := []string{"", " ", "  "}[r.Intn(3)]
	switch r.Intn(6) {
	case 0:
		return "(" + randomArith(r, depth-1) + ")"
	case 1:
		return randomArith(r, depth-1) + sp + "?" + sp + randomArith(r, depth-1) + sp + ":" + sp + randomArith(r, depth-1)
	case 2:
		lhs := []string{"x", "y", "u", "a[2]", "h[k]"}[r.Intn(5)]
		return lhs + sp + arithAssignOps[r.Intn(len(arithAssignOps))] + sp + randomArith(r, depth-1)
	}
	e := randomArith(r, depth-1) + sp + arithBinOps[r.Intn(len(arithBinOps))] + sp + randomArith(r, depth-1)
	if j := arithJunk[r.Intn(len(arithJunk))]; j != "" {
		pos := r.Intn(len(e) + 1)
		e = e[:pos] + j + e[pos:]
	}
	return e
}

var arithSpecialParam = regexp.MustCompile(`\$[0-9?!#@*$({-]`)

// TestArithRandomAgainstBash evaluates a fixed, seeded set of random
// expressions in memsh and in the host's bash and compares the values,
// the error messages and the variables after.
func TestArithRandomAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash on this host")
	}
	n := 1500
	if testing.Short() {
		n = 200
	}
	r := rand.New(rand.NewSource(11))
	exprs := make([]string, n)
	for i := range exprs {
		exprs[i] = randomArith(r, 4)
		// $0, $-, $( ... are the shell's expansions, not arithmetic's.
		for arithSpecialParam.MatchString(exprs[i]) {
			exprs[i] = randomArith(r, 4)
		}
	}
	setup := []string{"x=3", "y=x+1", "z=0", "a[0]=5", "a[1]=6", "a[2]=7", "-A h", "h[k]=4"}
	var script strings.Builder
	for i, e := range exprs {
		c := arithCase{setup: setup, expr: e, show: "x= y= u= a[2]= h[k]="}
		fmt.Fprintf(&script, caseMarker+"( %s) 2>&1\n", i, c.script())
	}
	compareHost(t, bash, script.String(), n, func(i int, out string) {
		c := arithCase{setup: setup, expr: exprs[i], show: "x= y= u= a[2]= h[k]="}
		host := stripLinePrefix(out)
		if got := c.run(t); got != host {
			t.Errorf("%q:\nbash  %q\nmemsh %q", exprs[i], host, got)
		}
	})
}
