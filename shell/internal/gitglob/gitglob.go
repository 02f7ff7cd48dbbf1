// Package gitglob translates the globs of .gitignore-style files
// (.gitignore, .ignore, .rgignore; rg's -g and tree's --gitignore) to
// regular expressions, as git's wildmatch reads them.
package gitglob

import (
	"regexp"
	"strings"
)

// Regexp translates a gitignore glob to regexp syntax (unanchored): "*"
// and "?" stay within one path component, "**" crosses them, "[...]" is
// a class ("[!...]" and "[^...]" negated, a leading "]" literal), and a
// backslash quotes the next character.
func Regexp(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "/**") && i+3 == len(g):
			b.WriteString("/.*")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			end := strings.IndexByte(g[i+1:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			if end == 0 { // "[]...]": a leading ] is literal
				if e2 := strings.IndexByte(g[i+2:], ']'); e2 >= 0 {
					end = e2 + 1
				}
			}
			class := g[i+1 : i+1+end]
			b.WriteByte('[')
			if strings.HasPrefix(class, "!") || strings.HasPrefix(class, "^") {
				b.WriteByte('^')
				class = class[1:]
			}
			b.WriteString(strings.ReplaceAll(class, `\`, `\\`))
			b.WriteByte(']')
			i += end + 1
		case c == '\\' && i+1 < len(g):
			i++
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return b.String()
}
