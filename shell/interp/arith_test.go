package interp

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// mapVars is a minimal ArithVars: scalars, indexed arrays (sparse) and
// associative arrays, and set -u. Scalars are element 0 of an array, as
// in bash.
type mapVars struct {
	vals     map[string]map[string]string // name -> key ("0" for a scalar) -> value
	assoc    map[string]bool
	ro       map[string]bool
	nounset  bool
	warnings []string // bash's non-fatal messages, as it prints them
}

func newMapVars() *mapVars {
	return &mapVars{vals: map[string]map[string]string{}, assoc: map[string]bool{}, ro: map[string]bool{}}
}

var errUnbound = errors.New("unbound variable")

func (m *mapVars) ArithIsAssoc(name string) bool { return m.assoc[name] }

// key returns the map key ref names, or a bash warning for a bad
// subscript (bash prints it and goes on with 0).
func (m *mapVars) key(ref ArithRef, set bool) (string, string) {
	if !ref.Subscripted {
		return "0", ""
	}
	switch {
	case ref.Raw == "" && set:
		return "", fmt.Sprintf("`%s[]': not a valid identifier", ref.Name)
	case ref.Raw == "":
		w := fmt.Sprintf("%s[]: bad array subscript", ref.Name)
		return "", w + "\n" + w
	case ref.Raw == "@" || ref.Raw == "*":
		return "", fmt.Sprintf("%s[%s]: bad array subscript", ref.Name, ref.Raw)
	case m.assoc[ref.Name] && ref.Key == "":
		return "", fmt.Sprintf("%s: bad array subscript", ref.Name)
	case m.assoc[ref.Name]:
		return ref.Key, ""
	}
	idx := ref.Index
	if idx < 0 {
		max := int64(-1)
		for k := range m.vals[ref.Name] {
			n, _ := strconv.ParseInt(k, 10, 64)
			max = maxInt(max, n)
		}
		idx += max + 1
		if idx < 0 {
			if set {
				return "", fmt.Sprintf("%s[%s]: bad array subscript", ref.Name, ref.Key)
			}
			return "", fmt.Sprintf("%s: bad array subscript", ref.Name)
		}
	}
	return strconv.FormatInt(idx, 10), ""
}

func maxInt(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

func (m *mapVars) ArithGet(ref ArithRef) (string, error) {
	v, ok := m.vals[ref.Name]
	if !ok && m.nounset {
		return "", fmt.Errorf("%s: %w", ref.Name, errUnbound)
	}
	k, warn := m.key(ref, false)
	if warn != "" {
		m.warnings = append(m.warnings, warn)
		return "", nil
	}
	return v[k], nil
}

// ArithExpandSubscript expands $NAME and removes double quotes: enough
// of bash's word expansion for the tests (another $ stays as it is).
func (m *mapVars) ArithExpandSubscript(sub string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(sub); i++ {
		switch c := sub[i]; {
		case c == '"':
		case c == '$' && i+1 < len(sub) && isNameStart(sub[i+1]):
			j := i + 1
			for j < len(sub) && isNameChar(sub[j]) {
				j++
			}
			b.WriteString(m.vals[sub[i+1:j]]["0"])
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

func (m *mapVars) ArithSet(ref ArithRef, val int64) error {
	if m.ro[ref.Name] {
		return fmt.Errorf("%s: readonly variable", ref.Name)
	}
	k, warn := m.key(ref, true)
	if warn != "" {
		m.warnings = append(m.warnings, warn)
		return nil
	}
	if m.vals[ref.Name] == nil {
		m.vals[ref.Name] = map[string]string{}
	}
	m.vals[ref.Name][k] = strconv.FormatInt(val, 10)
	return nil
}

// arithCase is one expression, the variables set before it (bash
// assignments NAME=VALUE or NAME[KEY]=VALUE, VALUE without blanks or
// quotes; "-A NAME" declares an associative array, "-r NAME" makes NAME
// read-only, "-u" is set -u) and what bash prints: the value or the
// error message without "bash: line 1: ", then the variables in show.
type arithCase struct {
	setup []string
	expr  string
	want  string
	show  string // NAME=VALUE or NAME[KEY]=VALUE after it, space-separated
}

// expected is what run should return.
func (c arithCase) expected() string {
	return strings.Join(append([]string{c.want}, strings.Fields(c.show)...), "\n")
}

var arithCases = []arithCase{
	{expr: "1+2*3", want: "7"},
	{expr: "(1+2)*3", want: "9"},
	{expr: "-2**2", want: "4"},
	{expr: "2**3**2", want: "512"},
	{expr: "2**63", want: "-9223372036854775808"},
	{expr: "2**0", want: "1"},
	{expr: "7/2, -7/2, 7%-3, -7%3", want: "-1"},
	{expr: "-7/2", want: "-3"},
	{expr: "-7%3", want: "-1"},
	{expr: "1<<64", want: "1"},
	{expr: "1<<-1", want: "-9223372036854775808"},
	{expr: "-1>>1", want: "-1"},
	{expr: "-9223372036854775808/-1", want: "-9223372036854775808"},
	{expr: "-9223372036854775808%-1", want: "0"},
	{expr: "9223372036854775807+1", want: "-9223372036854775808"},
	{expr: "9223372036854775808", want: "-9223372036854775808"},
	{expr: "99999999999999999999", want: "7766279631452241919"},
	{expr: "~0", want: "-1"},
	{expr: "!5", want: "0"},
	{expr: "!!5", want: "1"},
	{expr: "3>2>1", want: "0"},
	{expr: "1 <= 1 && 2 >= 3 || 4 != 4 || 5 == 5", want: "1"},
	{expr: "6 & 3 | 8 ^ 1", want: "11"},
	{expr: "1 ? 2 : 3", want: "2"},
	{expr: "0 ? 2 : 0 ? 3 : 4", want: "4"},
	{expr: "1 == 1 ? 7 : 8", want: "7"},
	{expr: "", want: "0"},
	{expr: "   ", want: "0"},
	{expr: "1 +\n2", want: "3"},
	{expr: "\t1 + 1", want: "2"},
	{expr: "010", want: "8"},
	{expr: "0x1F", want: "31"},
	{expr: "0X1f", want: "31"},
	{expr: "0x", want: "0"},
	{expr: "0x + 1", want: "1"},
	{expr: "16#ff", want: "255"},
	{expr: "2#101", want: "5"},
	{expr: "36#Z", want: "35"},
	{expr: "36#zZ", want: "1295"},
	{expr: "64#zZ", want: "2301"},
	{expr: "64#_@", want: "4094"},
	{expr: "10#08", want: "8"},
	{expr: "++5", want: "5"},
	{expr: "-- 1", want: "1"},
	{expr: "- - 1", want: "1"},
	{expr: "1 ,2", want: "2"},

	{expr: "é + 1", want: "é + 1: syntax error: operand expected (error token is \"é + 1\")"},
	{expr: "1 ? (x=2) : 3", want: "2"},
	{expr: "x = 3 , x *= x", want: "9"},
	{expr: "(1,2)", want: "2"},
	{expr: "--1", want: "1"},
	{expr: "++-1", want: "-1"},
	{expr: "!-1", want: "0"},
	{expr: "~~5", want: "5"},
	{expr: "1 <= 2 == 1", want: "1"},
	{expr: "3 ** 40", want: "-6289078614652622815"},
	{expr: "0x7fffffffffffffff * 2", want: "-2"},
	{expr: "1-- 2", want: "3"},
	{expr: "x = 1 ? 2 : 3", want: "2"},
	{expr: "(3)++", want: "(3)++: syntax error: operand expected (error token is \"+\")"},
	{expr: "$x", want: "$x: syntax error: operand expected (error token is \"$x\")"},
	{expr: "1 +   # 2", want: "1 +   # 2: syntax error: operand expected (error token is \"# 2\")"},
	{expr: "16#G", want: "16#G: value too great for base (error token is \"16#G\")"},
	{expr: "64#+", want: "64#: invalid integer constant (error token is \"64#\")"},
	{expr: "1 && 2 || 0 ? 7 : 9", want: "7"},

	// variables
	{setup: []string{"x=5"}, expr: "x", want: "5"},
	{setup: []string{"x=1+2"}, expr: "x*2", want: "6"},
	{setup: []string{"x=y", "y=7"}, expr: "x+1", want: "8"},
	{expr: "nosuch + 1", want: "1"},
	{setup: []string{"x=5"}, expr: "x++ + x", want: "11", show: "x=6"},
	{setup: []string{"x=5"}, expr: "x-- - x", want: "1", show: "x=4"},
	{setup: []string{"x=5"}, expr: "++x + x", want: "12", show: "x=6"},
	{setup: []string{"x=5"}, expr: "--x", want: "4", show: "x=4"},
	{expr: "x++ + ++x", want: "2", show: "x=2"},
	{expr: "x=5,x++,x", want: "6", show: "x=6"},
	{expr: "x=y=3", want: "3", show: "x=3 y=3"},
	{setup: []string{"x=1"}, expr: "x+=y=2", want: "3", show: "x=3 y=2"},
	{setup: []string{"x=7"}, expr: "x+=2*3", want: "13", show: "x=13"},
	{setup: []string{"x=7"}, expr: "x-=2", want: "5", show: "x=5"},
	{setup: []string{"x=7"}, expr: "x*=2", want: "14", show: "x=14"},
	{setup: []string{"x=7"}, expr: "x/=2", want: "3", show: "x=3"},
	{setup: []string{"x=7"}, expr: "x%=4", want: "3", show: "x=3"},
	{setup: []string{"x=7"}, expr: "x<<=2", want: "28", show: "x=28"},
	{setup: []string{"x=7"}, expr: "x>>=1", want: "3", show: "x=3"},
	{setup: []string{"x=7"}, expr: "x&=5", want: "5", show: "x=5"},
	{setup: []string{"x=7"}, expr: "x|=8", want: "15", show: "x=15"},
	{setup: []string{"x=7"}, expr: "x^=2", want: "5", show: "x=5"},
	{expr: "0 && (x=1)", want: "0", show: "x="},
	{expr: "1 || (x=1)", want: "1", show: "x="},
	{expr: "0 && 1/0", want: "0"},
	{expr: "1 || 1/0", want: "1"},
	{expr: "0 ? 1/0 : 2", want: "2"},
	{expr: "1 ? 2 : 1/0", want: "2"},
	{expr: "0 && x++", want: "0", show: "x="},
	{setup: []string{"x= 3 "}, expr: "x*2", want: "6"},
	{setup: []string{"x=08"}, expr: "x", want: "08: value too great for base (error token is \"08\")"},

	// arrays
	{setup: []string{"a[0]=1", "a[1]=2", "a[2]=3"}, expr: "a[1]+a[2]", want: "5"},
	{setup: []string{"a[0]=1", "a[1]=2", "a[2]=3"}, expr: "a[-1]", want: "3"},
	{setup: []string{"a[0]=1", "a[1]=2"}, expr: "a[ 1 ] + 1", want: "3"},
	{setup: []string{"a[0]=1", "a[1]=2"}, expr: "a", want: "1"},
	{setup: []string{"x=3"}, expr: "x[0]", want: "3"},
	{expr: "x[1]=2", want: "2", show: "x[1]=2"},
	{expr: "a[1]=5, a[1]", want: "5"},
	{expr: "i=0, a[i++]=i", want: "0", show: "a[0]=0 i=1"},
	{setup: []string{"a[0]=5", "a[1]=6"}, expr: "i=0, a[i++]++", want: "5", show: "a[0]=6 a[1]=6 i=1"},
	{setup: []string{"a[0]=5", "a[1]=6"}, expr: "i=0, a[i++]+=10", want: "15", show: "a[0]=15 a[1]=6 i=1"},
	{setup: []string{"a[2]=1+1"}, expr: "a[a[2]]*3", want: "6"},
	{setup: []string{"-A h", "h[x]=3", "h[a_b]=4"}, expr: "h[x] + h[a_b]", want: "7"},
	{setup: []string{"-A h"}, expr: "h[k]=9, h[k]*2", want: "18", show: "h[k]=9"},
	{setup: []string{"-A h", "h[1+1]=5"}, expr: "h[1+1]", want: "5"},

	// recursion
	{setup: []string{"x=x"}, expr: "x", want: "x: expression recursion level exceeded (error token is \"x\")"},
	{setup: []string{"x=y", "y=x"}, expr: "x + 1", want: "y: expression recursion level exceeded (error token is \"y\")"},
	{setup: []string{"x=1+"}, expr: "x+1", want: "1+: syntax error: operand expected (error token is \"+\")"},
	{setup: []string{"x=3 4"}, expr: "x*2", want: "3 4: syntax error in expression (error token is \"4\")"},

	// errors
	{expr: "2**-1 ", want: "2**-1 : exponent less than 0 (error token is \"1 \")"},
	{expr: " 1 +  ", want: "1 +  : syntax error: operand expected (error token is \"+  \")"},
	{expr: "1/0 ", want: "1/0 : division by 0 (error token is \"0 \")"},
	{expr: "5 %   0", want: "5 %   0: division by 0 (error token is \"0\")"},
	{expr: "x=1, 1/0 +", want: "x=1, 1/0 +: division by 0 (error token is \"0 +\")"},
	{setup: []string{"x=4"}, expr: "x/=0", want: "x/=0: division by 0 (error token is \"0\")"},
	{expr: "08", want: "08: value too great for base (error token is \"08\")"},
	{expr: "1+08+1", want: "1+08: value too great for base (error token is \"08\")"},
	{expr: "0xg", want: "0xg: value too great for base (error token is \"0xg\")"},
	{expr: "2#102", want: "2#102: value too great for base (error token is \"2#102\")"},
	{expr: "1 + 2#3 + 1", want: "1 + 2#3: value too great for base (error token is \"2#3\")"},
	{expr: "1#1", want: "1#1: invalid arithmetic base (error token is \"1#1\")"},
	{expr: "65#1", want: "65#1: invalid arithmetic base (error token is \"65#1\")"},
	{expr: "10#", want: "10#: invalid integer constant (error token is \"10#\")"},
	{expr: "2#1#1", want: "2#1#1: invalid number (error token is \"2#1#1\")"},
	{expr: "0#1", want: "0#1: invalid number (error token is \"0#1\")"},
	{expr: "1x", want: "1x: value too great for base (error token is \"1x\")"},
	{expr: "2#_", want: "2#_: value too great for base (error token is \"2#_\")"},
	{expr: "1e3", want: "1e3: value too great for base (error token is \"1e3\")"},
	{expr: "x= ", want: "x= : syntax error: operand expected (error token is \"= \")"},
	{expr: "1=2 ", want: "1=2 : attempted assignment to non-variable (error token is \"=2 \")"},
	{expr: "(x)=3", want: "(x)=3: attempted assignment to non-variable (error token is \"=3\")"},
	{expr: "--x=7", want: "--x=7: attempted assignment to non-variable (error token is \"=7\")"},
	{expr: "x++=7", want: "x++=7: attempted assignment to non-variable (error token is \"=7\")"},
	{expr: "1 ? 2 : x=3", want: "1 ? 2 : x=3: attempted assignment to non-variable (error token is \"=3\")"},
	{expr: "1 ? 2", want: "1 ? 2: `:' expected for conditional expression (error token is \"2\")"},
	{expr: "1 ? ", want: "1 ? : expression expected (error token is \"? \")"},
	{expr: "1 ?: 2", want: "1 ?: 2: expression expected (error token is \": 2\")"},
	{expr: "1 ? 2 : ", want: "1 ? 2 : : expression expected (error token is \": \")"},
	{expr: "1 : 2", want: "1 : 2: syntax error in expression (error token is \": 2\")"},
	{expr: "a b", want: "a b: syntax error in expression (error token is \"b\")"},
	{expr: "1 2", want: "1 2: syntax error in expression (error token is \"2\")"},
	{expr: "3 $ 4", want: "3 $ 4: syntax error: invalid arithmetic operator (error token is \"$ 4\")"},
	{expr: "@", want: "@: syntax error: operand expected (error token is \"@\")"},
	{expr: "1 @", want: "1 @: syntax error: invalid arithmetic operator (error token is \"@\")"},
	{expr: "a.b", want: "a.b: syntax error: invalid arithmetic operator (error token is \".b\")"},
	{expr: "'1'", want: "'1': syntax error: operand expected (error token is \"'1'\")"},
	{expr: "5++", want: "5++: syntax error: operand expected (error token is \"+\")"},
	{expr: "++", want: "++: syntax error: operand expected (error token is \"+\")"},
	{expr: "x++ ++", want: "x++ ++: syntax error: operand expected (error token is \"+\")"},
	{expr: "--x++", want: "--x++: ++: assignment requires lvalue (error token is \"++\")"},
	{expr: "1,", want: "1,: syntax error: operand expected (error token is \",\")"},
	{expr: "(,)", want: "(,): syntax error: operand expected (error token is \",)\")"},
	{expr: ",", want: ",: syntax error: operand expected (error token is \",\")"},
	{expr: "x=2, x**=3", want: "x=2, x**=3: syntax error: operand expected (error token is \"=3\")"},
	{expr: "(1+2", want: "(1+2: missing `)' (error token is \"2\")"},
	{expr: "1 ) ", want: "1 ) : syntax error in expression (error token is \") \")"},
	{expr: "a[1 ", want: "a[1 : bad array subscript (error token is \"a[1 \")"},
	{expr: "a[1]] ", want: "a[1]] : syntax error: invalid arithmetic operator (error token is \"] \")"},
	{expr: "a[1] [2] ", want: "a[1] [2] : syntax error: invalid arithmetic operator (error token is \"[2] \")"},
	{setup: []string{"a[0]=1", "a[1]=2"}, expr: "a[1+]", want: "1+: syntax error: operand expected (error token is \"+\")"},
	{setup: []string{"-r r", "r=1"}, expr: "r=2", want: "r: readonly variable"},
	{setup: []string{"-u"}, expr: "b + 1", want: "b: unbound variable"},
	{setup: []string{"-u"}, expr: "b[1]", want: "b: unbound variable"},
	{setup: []string{"-u"}, expr: "b=1", want: "1"},
	{setup: []string{"-u"}, expr: "b++", want: "b: unbound variable"},
	{setup: []string{"-u"}, expr: "0 && b", want: "0"},
	{setup: []string{"-u", "a[0]=1"}, expr: "a[3]", want: "0"},
}

func (c arithCase) vars(t testing.TB) *mapVars {
	m := newMapVars()
	for _, s := range c.setup {
		switch {
		case s == "-u":
			m.nounset = true
		case strings.HasPrefix(s, "-A "):
			m.assoc[s[3:]] = true
		case strings.HasPrefix(s, "-r "):
			m.ro[s[3:]] = true
		default:
			name, val, _ := strings.Cut(s, "=")
			key := "0"
			if i := strings.IndexByte(name, '['); i >= 0 {
				name, key = name[:i], name[i+1:len(name)-1]
			}
			if m.vals[name] == nil {
				m.vals[name] = map[string]string{}
			}
			m.vals[name][key] = val
		}
	}
	return m
}

// run evaluates c in memsh and returns what bash would print.
func (c arithCase) run(t testing.TB) string {
	m := c.vars(t)
	v, err := Arith(c.expr, m)
	out := m.warnings
	if err != nil {
		// bash stops: it prints no variables.
		return strings.Join(append(out, err.Error()), "\n")
	}
	out = append(out, strconv.FormatInt(v, 10))
	for _, sh := range strings.Fields(c.show) {
		name, _, _ := strings.Cut(sh, "=")
		full, key := name, "0"
		if i := strings.IndexByte(name, '['); i >= 0 {
			name, key = name[:i], name[i+1:len(name)-1]
		}
		out = append(out, full+"="+m.vals[name][key])
	}
	return strings.Join(out, "\n")
}

// script is c as a bash script printing what run returns.
func (c arithCase) script() string {
	var b strings.Builder
	var ro []string
	for _, s := range c.setup {
		switch {
		case s == "-u":
			b.WriteString("set -u\n")
		case strings.HasPrefix(s, "-A "):
			b.WriteString("declare -A " + s[3:] + "\n")
		case strings.HasPrefix(s, "-r "):
			ro = append(ro, s[3:])
		default:
			name, val, _ := strings.Cut(s, "=")
			b.WriteString(name + "=" + shellQuote(val) + "\n")
		}
	}
	for _, r := range ro {
		b.WriteString("readonly " + r + "\n")
	}
	// The expression goes through a variable so that bash sees exactly
	// its text, as the runner passes it to Arith.
	b.WriteString("__e=" + shellQuote(c.expr) + "\n")
	b.WriteString("__r=$(($__e)) && echo \"$__r\"\n")
	for _, sh := range strings.Fields(c.show) {
		name, _, _ := strings.Cut(sh, "=")
		b.WriteString("echo " + shellQuote(name+"=") + "\"${" + name + "-}\"\n")
	}
	return b.String()
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func TestArith(t *testing.T) {
	bash, _ := exec.LookPath("bash")
	for _, c := range arithCases {
		t.Run(c.expr, func(t *testing.T) {
			if got, want := c.run(t), c.expected(); got != want {
				t.Errorf("Arith(%q) with %q:\n got %q\nwant %q", c.expr, c.setup, got, want)
			}
		})
	}
	if bash == "" {
		return
	}
	// The table's expectations are bash's: check them against the host.
	var script strings.Builder
	for i, c := range arithCases {
		fmt.Fprintf(&script, caseMarker+"( %s) 2>&1\n", i, c.script())
	}
	compareHost(t, bash, script.String(), len(arithCases), func(i int, out string) {
		c := arithCases[i]
		if got, host := c.run(t), stripLinePrefix(out); host != got {
			t.Errorf("host bash differs for %q with %q:\nbash  %q\nmemsh %q", c.expr, c.setup, host, got)
		}
	})
}

// stripLinePrefix removes "bash: line N: " from each line.
func stripLinePrefix(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if j := strings.Index(l, "bash: line "); j >= 0 {
			rest := l[j+len("bash: line "):]
			if k := strings.Index(rest, ": "); k >= 0 {
				lines[i] = rest[k+2:]
			}
		}
	}
	return strings.Join(lines, "\n")
}

// TestArithContext: values that double at each level would take 2^40
// evaluations; a cancelled context stops them.
func TestArithContext(t *testing.T) {
	m := newMapVars()
	for i := 1; i < 40; i++ {
		m.vals[fmt.Sprintf("a%d", i)] = map[string]string{"0": fmt.Sprintf("a%d+a%d", i+1, i+1)}
	}
	m.vals["a40"] = map[string]string{"0": "1"}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ArithContext(ctx, "a1", m); !errors.Is(err, context.Canceled) {
		t.Fatalf("ArithContext with a cancelled context: %v", err)
	}
	if v, err := ArithContext(ctx, "a35", m); err != nil || v != 32 {
		t.Fatalf("a35 = %d, %v; want 32 before the first look at the context", v, err)
	}
}
