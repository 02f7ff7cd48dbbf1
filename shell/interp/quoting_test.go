package interp

import "testing"

// TestQuoting checks how the interpreter quotes values back as shell
// input (set's listing, declare -p of associative arrays, xtrace,
// ${x@Q} and alias), all through command.BashQuote's forms, against
// bash 5.2.
func TestQuoting(t *testing.T) {
	script := `e=; v2='a~b'; v3='~a'; v4='a#'; v6='a=~b'; v7=é; v8=$'a b\a'; v9='a:~b'; v10='a^b'; v11=$'\xff'
set | grep -E '^(e|v[0-9]+)='
declare -A A=(['a~b']=2 ['~a']=3 ['#a']=4 ['a=~b']=6 ['@']=10 ['a*']=11 ['a,b']=1)
for k in 'a~b' '~a' '#a' 'a=~b' '@' 'a*' 'a,b'; do declare -A B=(["$k"]=$'v\a'); declare -p B; done
(set -x; : "$v2" "$v3" "$v4" "$v6" "$v7" "$v8" "$v9" "$v10" "$v11" '*' '@' '' a=b) 2>&1
echo "${v11@Q}" "${v8@Q}" "${v6@Q}"
q="'"; set | grep '^q='; echo "${q@Q}"; alias a="'"; alias a; (set -x; : "$q" "a$q") 2>&1
`
	want := "e=\nv10='a^b'\nv11=$'\\377'\nv2=a~b\nv3='~a'\nv4=a#\nv6='a=~b'\nv7=é\nv8=$'a b\\a'\nv9='a:~b'\ndeclare -A B=([a~b]=$'v\\a' )\ndeclare -A B=([\"~a\"]=$'v\\a' )\ndeclare -A B=([\"#a\"]=$'v\\a' )\ndeclare -A B=([\"a=~b\"]=$'v\\a' )\ndeclare -A B=([\"@\"]=$'v\\a' )\ndeclare -A B=([\"a*\"]=$'v\\a' )\ndeclare -A B=([a,b]=$'v\\a' )\n+ : a~b '~a' a# 'a=~b' é 'a b\a' 'a:~b' 'a^b' $'\\377' '*' @ '' a=b\n$'\\377' $'a b\\a' 'a=~b'\nq=\\'\n\\'\nalias a=\\'\n+ : \\' 'a'\\'''\n"
	if out, _, ok := runBash(t, script); ok && out != want {
		t.Errorf("recording no longer matches host bash: %q", out)
	}
	if out, errs, _ := runMemsh(t, script); out != want {
		t.Errorf("stdout %q\nwant   %q\nstderr %q", out, want, errs)
	}
}
