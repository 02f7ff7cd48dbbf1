package devutil

import (
	"strings"

	"memsh/shell/command"
)

// utf8Locale tells whether the command's character type locale
// (LC_ALL, else LC_CTYPE, else LANG) is a UTF-8 one. Without one, tree
// draws its lines in ASCII and iconv's default charset is ASCII, as in
// the C locale.
func utf8Locale(inv *command.Invocation) bool {
	v := inv.Getenv("LC_ALL")
	if v == "" {
		v = inv.Getenv("LC_CTYPE")
	}
	if v == "" {
		v = inv.Getenv("LANG")
	}
	v = strings.ToLower(v)
	return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
}
