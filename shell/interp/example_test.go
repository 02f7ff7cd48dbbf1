package interp_test

import (
	"fmt"
	"strconv"

	"memsh/shell/interp"
)

// vars is the smallest ArithVars: scalars in a map.
type vars map[string]string

func (v vars) ArithIsAssoc(string) bool { return false }

func (v vars) ArithGet(ref interp.ArithRef) (string, error) { return v[ref.Name], nil }

func (v vars) ArithSet(ref interp.ArithRef, n int64) error {
	v[ref.Name] = strconv.FormatInt(n, 10)
	return nil
}

func ExampleArith() {
	v := vars{"x": "1+2"}
	n, _ := interp.Arith("y = x * 2, y++", v)
	fmt.Println(n, v["y"])
	_, err := interp.Arith("1 + ", v)
	fmt.Println(err)
	// Output:
	// 6 7
	// 1 + : syntax error: operand expected (error token is "+ ")
}

func ExampleCompilePattern() {
	p := interp.CompilePattern("*.@(tar.gz|tgz)", interp.PatExtglob)
	fmt.Println(p.Match("memsh.tar.gz"), p.Match("memsh.zip"))
	dot := interp.CompilePattern("*.", 0)
	fmt.Println(dot.TrimPrefix("a.b.tgz", false), dot.TrimPrefix("a.b.tgz", true))
	fmt.Println(interp.CompilePattern("?", 0).Replace("abc", "<&>", interp.ReplaceAll, true))
	// Output:
	// true false
	// b.tgz tgz
	// <a><b><c>
}
