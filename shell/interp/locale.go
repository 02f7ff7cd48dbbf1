package interp

import "strings"

// The character type locale (bash's LC_CTYPE, from LC_ALL, LC_CTYPE and
// LANG in that order): in the C locale, or one the system does not have,
// every byte is a character (${#s} counts bytes, ? in a pattern matches
// one byte); in a UTF-8 locale a character is a UTF-8 sequence. The
// sandbox has the locales of a minimal Debian system: C, POSIX and
// C.UTF-8 (`locale -a`). A name it does not have is passed over, as
// bash keeps the locale it had when setlocale refuses one
// (LC_ALL=xx_YY.UTF-8 with LANG=C.UTF-8 stays UTF-8); with none, C.

// byteLocale reports whether characters are bytes.
func (r *Runner) byteLocale() bool {
	for _, n := range [...]string{"LC_ALL", "LC_CTYPE", "LANG"} {
		v, _ := r.vars.lookup(n)
		if v == nil {
			continue
		}
		switch v, _ := v.value(); {
		case v == "C" || v == "POSIX":
			return true
		case utf8LocaleName(v):
			return false
		}
	}
	return true
}

// utf8LocaleName reports whether name is a UTF-8 locale the sandbox has:
// C.UTF-8 under any spelling of its codeset (C.utf8, C.UTF8).
func utf8LocaleName(name string) bool {
	if name == "C.UTF-8" {
		return true
	}
	codeset, ok := strings.CutPrefix(name, "C.")
	if !ok {
		return false
	}
	codeset, _, _ = strings.Cut(codeset, "@")
	// glibc's normalized codeset: lower case, letters and digits only.
	var norm []byte
	for i := 0; i < len(codeset); i++ {
		if c := codeset[i] | 0x20; c >= 'a' && c <= 'z' || codeset[i] >= '0' && codeset[i] <= '9' {
			norm = append(norm, c)
		}
	}
	return string(norm) == "utf8"
}

// patBytes is PatBytes when characters are bytes.
func (r *Runner) patBytes() PatternFlags {
	if r.byteLocale() {
		return PatBytes
	}
	return 0
}
