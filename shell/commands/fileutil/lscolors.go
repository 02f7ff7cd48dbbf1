package fileutil

import (
	"io/fs"
	"strings"
)

// lsColors is a parsed $LS_COLORS: the two-letter indicators over GNU
// ls's built-in table, and the *SUFFIX entries (the last one given for
// a suffix wins, as GNU's list finds it first).
type lsColors struct {
	ind  map[string]string
	exts []lsExt
}

type lsExt struct{ suffix, code string }

// lsDefaultColors is GNU ls's table without LS_COLORS.
var lsDefaultColors = map[string]string{
	"di": "01;34", "ln": "01;36", "pi": "33", "so": "01;35", "bd": "01;33", "cd": "01;33",
	"ex": "01;32", "do": "01;35", "su": "37;41", "sg": "30;43", "st": "37;44",
	"ow": "34;42", "tw": "30;42",
}

// parseLsColors reads LS_COLORS's "key=value:..." list. Entries it
// cannot read are skipped.
func parseLsColors(s string) *lsColors {
	c := &lsColors{ind: map[string]string{}}
	for k, v := range lsDefaultColors {
		c.ind[k] = v
	}
	for _, item := range strings.Split(s, ":") {
		k, v, ok := strings.Cut(item, "=")
		if !ok {
			continue
		}
		if strings.HasPrefix(k, "*") {
			c.exts = append([]lsExt{{k[1:], v}}, c.exts...)
			continue
		}
		if len(k) == 2 {
			c.ind[k] = v
		}
	}
	return c
}

// colored is GNU's is_colored: set, and not empty, 0 or 00.
func (c *lsColors) colored(key string) bool {
	v := c.ind[key]
	return v != "" && v != "0" && v != "00"
}

// code is the colour of an entry named name with mode m; target is the
// mode a symlink points to (nil when it dangles). ok is false when the
// entry is not coloured at all; an indicator set to "" still is (with
// an empty code, as GNU writes it).
func (c *lsColors) code(name string, m fs.FileMode, target *fs.FileMode) (code string, ok bool) {
	key := ""
	switch {
	case m&fs.ModeSymlink != 0:
		switch {
		case target == nil:
			if c.colored("or") {
				return c.ind["or"], true
			}
			if c.ind["ln"] == "target" {
				return "", false
			}
			key = "ln"
		case c.ind["ln"] == "target":
			return c.code(name, *target, nil)
		default:
			key = "ln"
		}
	case m.IsDir():
		switch {
		case m&fs.ModeSticky != 0 && m&0o002 != 0 && c.colored("tw"):
			key = "tw"
		case m&0o002 != 0 && c.colored("ow"):
			key = "ow"
		case m&fs.ModeSticky != 0 && c.colored("st"):
			key = "st"
		default:
			key = "di"
		}
	case m&fs.ModeNamedPipe != 0:
		key = "pi"
	case m&fs.ModeSocket != 0:
		key = "so"
	case m&fs.ModeCharDevice != 0:
		key = "cd"
	case m&fs.ModeDevice != 0:
		key = "bd"
	default:
		switch {
		case m&fs.ModeSetuid != 0 && c.colored("su"):
			key = "su"
		case m&fs.ModeSetgid != 0 && c.colored("sg"):
			key = "sg"
		case m&0o111 != 0 && c.colored("ex"):
			key = "ex"
		default:
			// Only a plain file is coloured by its suffix, whatever
			// its case (coreutils 9).
			for _, e := range c.exts {
				if len(name) >= len(e.suffix) && strings.EqualFold(name[len(name)-len(e.suffix):], e.suffix) {
					return e.code, true
				}
			}
			key = "fi"
		}
	}
	code, ok = c.ind[key]
	return code, ok
}
