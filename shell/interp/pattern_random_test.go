package interp

import (
	"fmt"
	"math/rand"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

var patPieces = []string{"a", "b", "c", "*", "?", "[ab]", "[!a]", "[a-b]", "[]a]", `\*`,
	"@(a|b)", "!(a)", "+(a)", "*(ab|b)", "?(a|bc)", "!(*b)", "@(a*|?c)", "+(?b)"}

// starBeforeGroup is a '*' followed by an extglob group, where bash
// 5.2's matcher departs from the patterns' meaning (see docs/shell.md):
// random patterns avoid it.
var (
	starBeforeGroup         = regexp.MustCompile(`\*[?*+@!]\(`)
	emptyGroupOrEscapedStar = regexp.MustCompile(`[!*?]\(|\\\*`)
)

func randomPattern(r *rand.Rand) string {
	for {
		var b strings.Builder
		for n := 1 + r.Intn(4); n > 0; n-- {
			b.WriteString(patPieces[r.Intn(len(patPieces))])
		}
		if !starBeforeGroup.MatchString(b.String()) {
			return b.String()
		}
	}
}

func randomSubject(r *rand.Rand) string {
	var b strings.Builder
	for n := r.Intn(7); n > 0; n-- {
		b.WriteByte("abc*["[r.Intn(5)])
	}
	return b.String()
}

// TestPatternRandomAgainstBash matches a fixed, seeded set of random
// extglob patterns against random strings, and trims and replaces with
// them, in memsh and in the host's bash.
func TestPatternRandomAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash on this host")
	}
	n := 1500
	if testing.Short() {
		n = 200
	}
	ops := []string{"match", "#", "##", "%", "%%", "/", "//", "/#", "/%"}
	r := rand.New(rand.NewSource(11))
	cases := make([]patCase, n)
	for i := range cases {
		c := patCase{op: ops[r.Intn(len(ops))], s: randomSubject(r), pat: randomPattern(r), rep: "<&>", flags: PatExtglob}
		// bash's ${x/pat/rep} first tries "*pat*" with its matcher (a
		// '*' before a group again) and prefilters on the pattern's first
		// character: replacing with a group that can match nothing, or
		// with \*, is where it departs.
		for strings.HasPrefix(c.op, "/") && emptyGroupOrEscapedStar.MatchString(c.pat) {
			c.pat = randomPattern(r)
		}
		cases[i] = c
	}
	var script strings.Builder
	script.WriteString("shopt -s extglob\n")
	for i, c := range cases {
		fmt.Fprintf(&script, caseMarker+"( %s)\n", i, c.script())
	}
	compareHost(t, bash, script.String(), n, func(i int, out string) {
		c := cases[i]
		if got := c.run(); got != out {
			t.Errorf("%s %q %q %q: bash %q, memsh %q", c.op, c.s, c.pat, c.rep, out, got)
		}
	})
}
