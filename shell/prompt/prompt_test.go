package prompt

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// promptCase is one prompt string and what bash 5.2 makes of it with
// ${x@P} (promptvars off, so nothing is expanded after the escapes) in
// the environment of testEnv. host marks the cases whose inputs a
// host's bash can be given (not \u \h \H \! \# \s, which it takes from
// the machine).
type promptCase struct {
	ps, want string
	host     bool
}

var promptCases = []promptCase{
	{`\u@\h:\w`, "user@memsh:~/proj/src", false},
	{`\H|\s|\!|\#`, "memsh.example.org|bash|12|7", false},
	{`\t`, "14:03:09", true},
	{`\T`, "02:03:09", true},
	{`\@`, "02:03 PM", true},
	{`\A`, "14:03", true},
	{`\d`, "Tue May 26", true},
	{`\D{%Y-%m-%d %j}|\D{}|\D{x`, "2026-05-26 146|14:03:09|x", true},
	{`\Dx`, `\Dx`, true},
	{`\w|\W`, "~/proj/src|src", true},
	{`\v|\V`, "5.2|5.2.15", true},
	{`\j`, "2", true},
	{`\l`, "tty", true},
	{`a\nb\rc\ad\ee\\f`, "a\nb\rc\ad\x1be\\f", true},
	{`\[\e[1m\]bold\[\e[0m\]`, "\x1b[1mbold\x1b[0m", true},
	{`\101\0123|\400|\777|\0|\7]|\77x|\8|\q`, "A\n3||\xff|\\0|\\7]|\\77x|\\8|\\q", true},
	{`\$|$|\\$`, "$|$|\\$", true},
	{`end\`, `end\`, true},
	{`\12`, "\n", true},
}

func testEnv() Env {
	return Env{
		User: "user", Host: "memsh.example.org", Dir: "/home/user/proj/src", Home: "/home/user",
		Jobs: 2, History: 12, Command: 7,
		Now:   time.Date(2026, 5, 26, 14, 3, 9, 0, time.UTC),
		Shell: "bash", Version: "5.2", Release: "5.2.15",
	}
}

func TestDecode(t *testing.T) {
	for _, tc := range promptCases {
		if got := Decode(tc.ps, testEnv()); got != tc.want {
			t.Errorf("Decode(%q) = %q, want %q", tc.ps, got, tc.want)
		}
	}
}

// TestDecodeDir covers \w and \W as bash shows them: ~ for $HOME (not
// for HOME=/), the root, PWD ending in '/', and PROMPT_DIRTRIM.
func TestDecodeDir(t *testing.T) {
	for _, tc := range []struct{ dir, home, trim, w, W string }{
		{"/", "/home/user", "", "/", "/"},
		{"/", "/", "", "/", "/"},
		{"/usr/lib", "/usr", "", "~/lib", "lib"},
		{"/usr/lib", "/usr/lib", "", "~", "~"},
		{"/usr/lib", "/usr/lib", "1", "~", "~"},
		{"/usr/lib", "/x", "1", ".../lib", "lib"},
		{"/usr/lib", "/x", "2", "/usr/lib", "lib"},
		{"/tmp/a/bb/ccc/dddd", "/x", "2", ".../ccc/dddd", "dddd"},
		{"/tmp/a/bb/ccc/dddd", "/tmp", "2", "~/.../ccc/dddd", "dddd"},
		{"/tmp/a/bb/ccc/dddd", "/tmp", "3", "~/a/bb/ccc/dddd", "dddd"},
		{"/tmp/x", "", "", "/tmp/x", "x"},
		{"/usrx", "/usr", "", "/usrx", "usrx"},
		{"/a/b/", "", "", "/a/b/", ""},
		{"//", "", "", "//", "//"},
		{"/a/\x01b", "", "", "/a/^Ab", "^Ab"},
	} {
		e := Env{Dir: tc.dir, Home: tc.home, DirTrim: tc.trim}
		if got := Decode(`\w|\W`, e); got != tc.w+"|"+tc.W {
			t.Errorf("dir %q home %q trim %q: got %q, want %q", tc.dir, tc.home, tc.trim, got, tc.w+"|"+tc.W)
		}
	}
}

// TestDecodeVars: with promptvars, what an escape inserts is quoted for
// the double-quote expansion that follows, and \$ of a user who is not
// root is \$ (which that expansion turns into $).
func TestDecodeVars(t *testing.T) {
	e := Env{Dir: "/a/$x`y\"z", Host: "h$", Vars: true, Now: time.Date(2026, 5, 26, 14, 3, 9, 0, time.UTC)}
	if got, want := Decode(`\W \$ \h \D{$%Y}`, e), "\\$x\\`y\\\"z \\$ h\\$ \\$2026"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e.Root = true
	if got := Decode(`\$`, e); got != "#" {
		t.Errorf("root: got %q", got)
	}
}

func TestDecodeReadline(t *testing.T) {
	e := Env{Readline: true}
	if got, want := Decode(`\[\e[1m\]a\nb`, e), "\x01\x1b[1m\x02a\r\nb"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestDecodeAgainstBash runs the host's bash, its clock stopped at
// testEnv's time by faketime, on the cases whose inputs it can be given.
func TestDecodeAgainstBash(t *testing.T) {
	if testing.Short() {
		t.Skip("host bash comparison")
	}
	bash, err1 := exec.LookPath("bash")
	faketime, err2 := exec.LookPath("faketime")
	if err1 != nil || err2 != nil {
		t.Skip("needs bash and faketime")
	}
	var script strings.Builder
	script.WriteString("shopt -u promptvars; HOME=/home/user; PWD=/home/user/proj/src; sleep 60 & sleep 60 &\n")
	var cases []promptCase
	for _, tc := range promptCases {
		if tc.host {
			cases = append(cases, tc)
			script.WriteString("x=" + shellQuote(tc.ps) + "; printf '%s\\0' \"${x@P}\"\n")
		}
	}
	script.WriteString("kill %1 %2\n")
	cmd := exec.Command(faketime, "2026-05-26 14:03:09", bash, "--norc", "-c", script.String())
	cmd.Env = append(os.Environ(), "TZ=UTC", "LC_ALL=C")
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("host bash: %v", err)
	}
	got := strings.Split(string(out), "\x00")
	if len(got) != len(cases)+1 {
		t.Fatalf("bash printed %d strings for %d cases: %q", len(got)-1, len(cases), out)
	}
	e := testEnv()
	e.Root = os.Geteuid() == 0
	for i, tc := range cases {
		if mine := Decode(tc.ps, e); mine != got[i] {
			t.Errorf("%q: Decode %q, bash %q", tc.ps, mine, got[i])
		}
	}
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func TestHeredocText(t *testing.T) {
	for in, want := range map[string]string{
		`a\"b`:       `a"b`,
		`a\\"b`:      `a\\"b`,
		`\$x \"\\\"`: `\$x "\\"`,
		`plain`:      `plain`,
	} {
		if got := HeredocText(in); got != want {
			t.Errorf("HeredocText(%q) = %q, want %q", in, got, want)
		}
	}
}
