package shell

import (
	"context"
	"strings"
	"testing"
)

// TestSandboxUserPermissions: the sandbox user (uid 1000) meets Linux's
// permission checks. The expected text is what bash 5.2 and coreutils
// 9.1 print for uid 1000 on Linux (run with `setpriv --reuid=1000
// --regid=1000 --clear-groups bash`), with memsh's sandbox layout (root's
// 0644 /etc/passwd, 0700 /root, root's 0755 /dev).
func TestSandboxUserPermissions(t *testing.T) {
	script := `echo hi > f; chmod 000 f; cat f; echo "cat=$?"; chmod 644 f
echo data > ro; chmod 444 ro; echo more >> ro; echo "append=$?"; cat ro
test -w /etc/passwd; echo "testw=$?"; echo x >> /etc/passwd; echo "passwd=$?"
ls /root >/dev/null; echo "ls=$?"
mkdir d; echo x > d/f; chmod 500 d; rm d/f; echo "rm=$?"; chmod 700 d
chmod 644 /etc/passwd; echo "chmod=$?"
rm /dev/null; echo "rmnull=$?"; echo x > /dev/null; ls -l /dev/null | cut -c1
`
	want := `cat=1
append=1
data
testw=1
passwd=1
ls=2
rm=1
chmod=1
rmnull=1
c
`
	wantErr := `cat: f: Permission denied
bash: line 2: ro: Permission denied
bash: line 3: /etc/passwd: Permission denied
ls: cannot open directory '/root': Permission denied
rm: cannot remove 'd/f': Permission denied
chmod: changing permissions of '/etc/passwd': Operation not permitted
rm: cannot remove '/dev/null': Permission denied
`
	s, err := New(Options{Script: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var out, errb strings.Builder
	s.Run(context.Background(), script, Stdio{Stdout: &out, Stderr: &errb})
	if out.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out.String(), want)
	}
	if errb.String() != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", errb.String(), wantErr)
	}
}
