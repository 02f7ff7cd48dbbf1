package shell

import "testing"

// TestRedirErrors: a failed redirection to or from a file names its line
// as bash -c does (and "environment: line N:" in a function), and a word
// that was one unquoted expansion is split, so an empty or spaced value
// is an ambiguous redirect. Each want is host bash 5.2's output.
func TestRedirErrors(t *testing.T) {
	script := `cat < nosuch
echo "status $?"
echo x > /no_such_dir/f
x=
echo > $x
echo "empty $?"
y="a b"
echo > $y
echo "split $?"
echo > "$x"
echo "quoted $?"
z=" one "
echo kept > $z
cat one
f() {
  cat < also_missing
}
f
eval 'cat < in_eval'
echo hi >> ~/home_file; cat ~/home_file`
	want := `bash: line 1: nosuch: No such file or directory
status 1
bash: line 3: /no_such_dir/f: No such file or directory
bash: line 5: $x: ambiguous redirect
empty 1
bash: line 8: $y: ambiguous redirect
split 1
bash: line 10: : No such file or directory
quoted 1
kept
environment: line 16: also_missing: No such file or directory
bash: line 19: in_eval: No such file or directory
hi
`
	s := newTestSession(t, Options{Script: true})
	out, errs, _ := run(t, s, "{\n"+script+"\n} 2>&1", "")
	// The brace group's first line moves every line down by one.
	if errs != "" || out != shiftLines(want) {
		t.Errorf("got\n%s%s\nwant\n%s", out, errs, shiftLines(want))
	}

	// At the prompt bash names no line.
	s = newTestSession(t, Options{})
	if _, errs, _ := run(t, s, "cat < nosuch", ""); errs != "bash: nosuch: No such file or directory\n" {
		t.Errorf("at the prompt: %q", errs)
	}
}

// shiftLines adds one to the N of every "line N:" in s.
func shiftLines(s string) string {
	out := []byte{}
	for i := 0; i < len(s); i++ {
		if len(s)-i > 5 && s[i:i+5] == "line " {
			j := i + 5
			n := 0
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				n = n*10 + int(s[j]-'0')
				j++
			}
			if j > i+5 {
				out = append(out, "line "...)
				out = append(out, []byte(itoa(n+1))...)
				i = j - 1
				continue
			}
		}
		out = append(out, s[i])
	}
	return string(out)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
