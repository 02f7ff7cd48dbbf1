package interp

import "testing"

// TestByteLocale: in the C locale, or one the system does not have,
// every byte is a character: ${#s}, ${s:o:n}, ? and [...] in patterns,
// globs; C.UTF-8 counts UTF-8 characters (bash 5.2, recorded).
func TestByteLocale(t *testing.T) {
	for _, c := range []struct{ script, want string }{
		{`s='_μ_ and _μ_'; LC_ALL=C; echo ${#s} ${s//_?_/foo} ${s/#_??_/X}; echo ${s:1:2} | od -An -tx1
case μ in ?) echo one;; ??) echo two;; esac; [[ μ == [μ] ]] || echo no-class
LC_ALL=C.UTF-8; echo ${#s} ${s//_?_/foo} ${s:1:1}; case μ in ?) echo one;; esac`,
			"13 _μ_ and _μ_ X and _μ_\n ce bc 0a\ntwo\nno-class\n11 foo and foo μ\none\n"},
		{`s=μ; LC_ALL=xx_YY.UTF-8 2>/dev/null; echo ${#s}; LC_ALL=; LANG=C.utf8; echo ${#s}; LANG=POSIX; echo ${#s}`, "1\n1\n2\n"},
		{`touch _x_ _μ_; LC_ALL=C; echo _?_; LC_ALL=C.UTF-8; echo _?_; LC_ALL=C bash -c 'echo _?_'`, "_x_\n_x_ _μ_\n_x_\n"},
	} {
		out, errOut, status := runMemsh(t, c.script)
		if out != c.want || status != 0 {
			t.Errorf("%s: got %q (status %d, stderr %q), want %q", c.script, out, status, errOut, c.want)
		}
		if got, _, ok := runBash(t, c.script); ok && got != c.want {
			t.Errorf("%s: host bash says %q, want %q", c.script, got, c.want)
		}
	}
}
