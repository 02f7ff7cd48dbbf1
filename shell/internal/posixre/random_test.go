package posixre

import (
	"bytes"
	"math/rand"
	"os/exec"
	"strings"
	"testing"
)

// randomPattern builds a small pattern over the alphabet {a, b} with
// groups, alternation, repetition and anchors. Back-references refer only
// to unrepeated top-level groups without repetition inside: there
// glibc's matcher (GNU grep's) gives answers that are not leftmost-longest
// (echo abb | grep -oE 'ab((a*)+)\1' finds nothing, though 'ab(a*)+\1'
// finds "ab"), and memsh keeps the POSIX answer.
func randomPattern(r *rand.Rand, ere bool, depth int, first int) (string, int) {
	groups := 0
	var safe []int
	var b strings.Builder
	n := 1 + r.Intn(4)
	for i := 0; i < n; i++ {
		group := 0
		switch k := r.Intn(12); {
		case k < 4:
			b.WriteByte("ab"[r.Intn(2)])
		case k == 4:
			b.WriteString(".")
		case k == 5:
			b.WriteString([]string{"[ab]", "[^a]", "[[:alpha:]]"}[r.Intn(3)])
		case k <= 7 && depth < 2:
			group = first + groups + 1
			sub, g := randomPattern(r, ere, depth+1, group)
			alt := ""
			if r.Intn(3) == 0 {
				alt2, g2 := randomPattern(r, ere, depth+1, group+g)
				g += g2
				if ere {
					alt = "|" + alt2
				} else {
					alt = `\|` + alt2
				}
			}
			groups += g + 1
			if ere {
				b.WriteString("(" + sub + alt + ")")
			} else {
				b.WriteString(`\(` + sub + alt + `\)`)
			}
		case k == 8 && depth == 0 && len(safe) > 0:
			b.WriteString(`\` + string(rune('0'+safe[r.Intn(len(safe))])))
			continue
		default:
			b.WriteByte("ab"[r.Intn(2)])
		}
		switch r.Intn(6) {
		case 0:
			b.WriteString("*")
		case 1:
			if ere {
				b.WriteString("+")
			} else {
				b.WriteString(`\+`)
			}
		case 2:
			if ere {
				b.WriteString("{1,2}")
			} else {
				b.WriteString(`\{1,2\}`)
			}
		default:
			sub := b.String()
			if group > 0 && group <= 9 && depth == 0 && !strings.ContainsAny(sub[strings.LastIndexAny(sub, "(")+1:], "*+{") {
				safe = append(safe, group)
			}
		}
	}
	return b.String(), groups
}

// TestRandomAgainstGNUGrep compares grep -o over random patterns and
// texts with GNU grep on the host, where there is one.
func TestRandomAgainstGNUGrep(t *testing.T) {
	path, err := exec.LookPath("grep")
	if err != nil {
		t.Skip("no grep on the host")
	}
	if v, _ := exec.Command(path, "--version").Output(); !bytes.Contains(v, []byte("GNU grep")) {
		t.Skip("host grep is not GNU grep")
	}
	r := rand.New(rand.NewSource(1))
	var text strings.Builder
	for i := 0; i < 40; i++ {
		for j := r.Intn(12); j > 0; j-- {
			text.WriteByte("aab "[r.Intn(4)])
		}
		text.WriteByte('\n')
	}
	input := text.String()
	fails := 0
	for i := 0; i < 1000 && fails < 10; i++ {
		ere := r.Intn(2) == 0
		pat, _ := randomPattern(r, ere, 0, 0)
		if r.Intn(5) == 0 {
			pat = "^" + pat
		}
		syntax, flag := BRE, "-G"
		if ere {
			syntax, flag = ERE, "-E"
		}
		re, err := Compile(pat, syntax, 0)
		cmd := exec.Command(path, "-o", flag, "-e", pat)
		cmd.Env = []string{"LC_ALL=C.UTF-8"}
		cmd.Stdin = strings.NewReader(input)
		want, gerr := cmd.Output()
		if gerr != nil {
			if ee, ok := gerr.(*exec.ExitError); ok && ee.ExitCode() == 2 {
				if err == nil {
					t.Errorf("%s %q: GNU rejects it, we accept", flag, pat)
					fails++
				}
				continue
			}
		}
		if err != nil {
			t.Errorf("%s %q: %v", flag, pat, err)
			fails++
			continue
		}
		if got := grepO(re, input); got != string(want) {
			t.Errorf("%s %q:\ngot  %q\nwant %q", flag, pat, got, want)
			fails++
		}
	}
}
