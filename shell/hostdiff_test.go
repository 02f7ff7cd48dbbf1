package shell

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
)

// hostDiffScripts use only shell builtins and behaviour memsh implements,
// so they must print the same and exit the same in memsh and host bash.
var hostDiffScripts = []string{
	`for ((i=0;i<5;i++)); do ((s+=i)); done; echo $s $?`,
	`for ((i=0;i<3;i++)); do false; done; echo $?`,
	`for ((i=0;i<3;i++)); do true; done; echo $?`,
	`for ((i=0;i<0;i++)); do false; done; echo $?`,
	`for ((i=0;i<5;i++)); do if ((i==2)); then continue; fi; echo $i; done`,
	`for ((i=0;i<5;i++)); do for ((j=0;j<3;j++)); do ((j==1)) && break 2; echo $i$j; done; done`,
	`f() { for ((i=0;i<3;i++)); do echo $i; done; return 3; }; f; echo $?`,
	`x=1; (x=2; echo $x); echo $x`,
	`echo $(( 7 % 3 )) $(( 2**10 )) $(( -7 / 2 ))`,
	`a=(1 2 3); a+=(4); echo ${#a[@]} ${a[3]}`,
	`set -- a b c; shift; echo "$@" $#`,
	`f() { local x=in; echo $x; }; x=out; f; echo $x`,
	`echo ${x:-def} ${x:=set} $x`,
	`s=abcdef; echo ${s:2:3} ${s#ab} ${s%ef} ${#s} ${s/cd/XX}`,
	`case foo in f*) echo match;; *) echo no;; esac`,
	`i=0; while ((i<3)); do echo $i; ((i++)); done`,
	`i=0; until ((i>=2)); do echo u$i; ((i++)); done`,
	`echo a; false || echo b; true && echo c`,
	`{ echo 1; echo 2; } | while read l; do echo "<$l>"; done`,
	`read -r a b <<< "x y z"; echo "$a|$b"`,
	`cat <<'EOF'
$HOME literal
EOF`,
	`x=5; cat <<EOF
x is $x
EOF`,
	`printf '%s=%d\n' a 1 b 2`,
	`printf '%q\n' "a b'c"`,
	`echo "$(echo nested $(echo deep))"`,
	`f() { return 7; }; f; echo $?`,
	`! false; echo $?`,
	`set -e; false || true; echo survived`,
	`set -o pipefail; false | true; echo $?`,
	`trap 'echo on-exit' EXIT; echo body`,
	`bash -c 'echo $0 $1' name arg`,
	`bash -c 'exit 3'; echo $?`,
	`type cd; type if`,
	`command -v cd`,
	`nosuchcmd 2>/dev/null; echo $?`,
	`cd /; pwd; cd - >/dev/null; echo back`,
	`echo ~root`,
	`x='a b  c'; echo $x; echo "$x"`,
	`arr=(a b c); for e in "${arr[@]}"; do echo -n "$e,"; done; echo`,
	`declare -A m; m[k]=v; echo ${m[k]}`,
	`echo {1..4} {a,b}c`,
	`f() { echo $#: "$@"; }; f "a b" c`,
	`(exit 4); echo $?`,
	`echo $((0x10 + 010))`,
	`if [[ abc == a* ]]; then echo glob; fi; [[ 5 -gt 3 ]] && echo num`,
	`x=; [ -z "$x" ] && echo empty; [ -n "a" ] && echo nonempty`,
	`echo hi > /dev/stderr 2>/dev/null; echo done`,
	`eval 'y=3; echo $y'`,
	`printf -v out '%05.1f' 3.14159; echo $out`,
	`s=0; for ((i=0;i<1000;i++)); do ((s+=i%7)); done; echo $s`,
	"printf 'a\\0b c\\0' | while IFS= read -r -d '' x; do echo \"[$x]\"; done",
	`echo hello | { read -n 3 x; echo $x; }`,
	`printf 'ab cd' | { read -N 4 x; echo "[$x]"; }`,
	`read -d , a b <<< 'x y,z'; echo "$a|$b"`,
	`echo 'a:b:c' | { IFS=: read -d '' -a arr; echo ${#arr[@]} ${arr[2]}; }`,
	`printf 'one\\\ntwo\n' | { read -d x v; echo "[$v]"; }`,
	`printf 'p q r' | { read -n 10 a b; echo "$a|$b"; }; read -n 2 z < /dev/null; echo $?`,
	`read -t 0 x < /dev/null; echo $?`,
	`x=b\ c; y=a\"b; z=a\\b; w=\$HOME; v=it\'s; echo "[$x][$y][$z][$w][$v]"`,
	`f() { local x=p\ q; echo "$x"; }; f; export e=r\ s; echo "$e"`,
	`if then`,
	`echo ok; fi`,
}

// TestAgainstHostBash is the shell's differential test: each script runs
// in memsh (as bash -c would run it) and in the host's bash in a temp
// dir; stdout and status must agree. Skipped where bash is absent.
func TestAgainstHostBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no host bash")
	}
	for _, script := range hostDiffScripts {
		s := newTestSession(t, Options{Script: true})
		var out, errb bytes.Buffer
		st, err := s.Run(context.Background(), script, Stdio{Stdout: &out, Stderr: &errb})
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "-c", script)
		cmd.Dir = t.TempDir()
		cmd.Env = []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"}
		var hout bytes.Buffer
		cmd.Stdout = &hout
		herr := cmd.Run()
		hst := 0
		if ee, ok := herr.(*exec.ExitError); ok {
			hst = ee.ExitCode()
		}
		if out.String() != hout.String() || st != hst {
			t.Errorf("%q\nmemsh: %q status %d (stderr %q)\n bash: %q status %d", script, out.String(), st, errb.String(), hout.String(), hst)
		}
	}
}
