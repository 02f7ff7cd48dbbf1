package interp

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
)

// TestHistoryClock: the entries bash -i records get the time of the
// session's clock (the filesystem's), which history shows by
// HISTTIMEFORMAT and history -w writes as #EPOCH lines, as bash does.
func TestHistoryClock(t *testing.T) {
	at := time.Date(2024, 2, 29, 12, 34, 56, 0, time.UTC)
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID, Now: func() time.Time { return at }})
	fsys.MkdirAll("/home/user", 0o755)
	r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Dir: "/home/user", Script: true})
	script := `export PS1=''; bash --rcfile /dev/null -i 2>/dev/null <<'END'
export TZ=Asia/Tokyo HISTTIMEFORMAT='%F %T|'
history -s 'echo a'
history
history -w h
END
cat h`
	var out, errb bytes.Buffer
	r.Run(context.Background(), script, Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	want := `    1  2024-02-29 21:34:56|export TZ=Asia/Tokyo HISTTIMEFORMAT='%F %T|'
    2  2024-02-29 21:34:56|echo a
    3  2024-02-29 21:34:56|history
#1709210096
export TZ=Asia/Tokyo HISTTIMEFORMAT='%F %T|'
#1709210096
echo a
#1709210096
history
#1709210096
history -w h
`
	if out.String() != want {
		t.Errorf("got %q (stderr %q), want %q", out.String(), errb.String(), want)
	}
}

// TestHistoryNumbersInPrompt: after HISTSIZE drops the oldest entries,
// history, fc -l and the prompt's \! go on counting, as bash's
// history_base moves on (bash 5.2's output, recorded; host bash too).
func TestHistoryNumbersInPrompt(t *testing.T) {
	script := `bash --rcfile /dev/null -i 2>err <<'END'
PS1='[\!]' HISTSIZE=3
echo a
echo b
echo c
fc -l
P='<\!>'; echo "${P@P}"
history
END
grep -o '\[[0-9]*\]' err | tr -d '\n'`
	want := "a\nb\nc\n3\t echo b\n4\t echo c\n<6>\n    5  fc -l\n    6  P='<\\!>'; echo \"${P@P}\"\n    7  history\n[2][3][4][5][6][7][8]"
	if out, errOut, _ := runMemsh(t, script); out != want {
		t.Errorf("got %q (stderr %q), want %q", out, errOut, want)
	}
	if got, _, ok := runBash(t, script); ok && got != want {
		t.Errorf("host bash says %q, want %q", got, want)
	}
}

// TestHistoryExpansionNumbers: !N names history number N after HISTSIZE
// dropped the oldest entries, and a dropped one is not found (bash
// 5.2's output, recorded; host bash too).
func TestHistoryExpansionNumbers(t *testing.T) {
	script := `bash --rcfile /dev/null -i 2>err <<'END'
HISTSIZE=3
echo a
echo b
echo c
echo d
!4
!2
history -p !5
END
grep -c '!2: event not found' err`
	want := "a\nb\nc\nd\nc\necho\nd\n1\n"
	if out, errOut, _ := runMemsh(t, script); out != want {
		t.Errorf("got %q (stderr %q), want %q", out, errOut, want)
	}
	if got, _, ok := runBash(t, script); ok && got != want {
		t.Errorf("host bash says %q, want %q", got, want)
	}
}

// TestHistoryFileAfterStartup: bash -i reads its history file after the
// startup files (which set HISTFILE and HISTTIMEFORMAT here, so a line
// without a time stamp joins the entry before it), and at exit appends
// the lines of the session, fewer by those history -d and history -p
// took off (bash 5.2's output, recorded; host bash too).
func TestHistoryFileAfterStartup(t *testing.T) {
	script := `printf '#100\nold one\ncont\n#200\nold two\n' > hf
printf 'export TZ=UTC HISTTIMEFORMAT="%%s|" HISTFILE=$PWD/hf PS1=\n' > rc
printf 'history 3 | grep -v history\nfc -l -3\nhistory -d 1\nhistory -p "!2"\n' | bash --rcfile rc -i 2>/dev/null
sed -E 's/^#[0-9]{6,}$/#NOW/' hf`
	want := `    1  100|old one
cont
    2  200|old two
1	 old one
cont
2	 old two
3	 history 3 | grep -v history
history 3 | grep -v history
#100
old one
cont
#200
old two
#NOW
fc -l -3
#NOW
history -d 1
`
	if out, errOut, _ := runMemsh(t, script); out != want {
		t.Errorf("got %q (stderr %q), want %q", out, errOut, want)
	}
	if got, _, ok := runBash(t, script); ok && got != want {
		t.Errorf("host bash says %q, want %q", got, want)
	}
}
