package fileutil

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"memsh/shell/command"
)

// backupKind is GNU's version control for backups of replaced files.
type backupKind int

const (
	backupNone     backupKind = iota
	backupSimple              // NAME~ (the suffix)
	backupNumbered            // NAME.~N~
	backupExisting            // numbered if NAME already has numbered backups
)

// backupOpts are cp's, mv's and ln's -b, --backup[=CONTROL] and
// -S/--suffix, as registered on a flag set.
type backupOpts struct {
	b       *bool
	control *string
	suffix  *string
	f       *pflag.FlagSet
}

func addBackupFlags(f *pflag.FlagSet) *backupOpts {
	o := &backupOpts{f: f}
	o.b = f.BoolP("b", "b", false, "")
	o.control = f.String("backup", "", "")
	f.Lookup("backup").NoOptDefVal = "\x00" // --backup with no CONTROL
	o.suffix = f.StringP("suffix", "S", "", "")
	return o
}

// backup is the chosen backup behaviour.
type backup struct {
	kind   backupKind
	suffix string
}

// resolve works out the backup kind from the options and from
// VERSION_CONTROL and SIMPLE_BACKUP_SUFFIX, as gnulib's xget_version
// does. It prints GNU's message for a bad CONTROL and returns ok false.
func (o *backupOpts) resolve(inv *command.Invocation) (backup, int, bool) {
	var bk backup
	given := *o.b || o.f.Lookup("backup").Changed || o.f.Lookup("suffix").Changed
	if !given {
		return bk, 0, true
	}
	bk.suffix = "~"
	if s := inv.Getenv("SIMPLE_BACKUP_SUFFIX"); s != "" {
		bk.suffix = s
	}
	if o.f.Lookup("suffix").Changed {
		bk.suffix = *o.suffix
	}
	control, what := "", "backup type"
	if o.f.Lookup("backup").Changed && *o.control != "\x00" {
		control = *o.control
	} else if v := inv.Getenv("VERSION_CONTROL"); v != "" {
		control, what = v, "$VERSION_CONTROL"
	}
	if control == "" {
		bk.kind = backupExisting
		return bk, 0, true
	}
	words := []struct {
		word string
		kind backupKind
	}{
		{"none", backupNone}, {"off", backupNone}, {"simple", backupSimple}, {"never", backupSimple},
		{"existing", backupExisting}, {"nil", backupExisting}, {"numbered", backupNumbered}, {"t", backupNumbered},
	}
	found, ambiguous := false, false
	for _, w := range words {
		if w.word == control {
			bk.kind, found, ambiguous = w.kind, true, false
			break
		}
		if strings.HasPrefix(w.word, control) {
			if found && bk.kind != w.kind {
				ambiguous = true
			}
			bk.kind, found = w.kind, true
		}
	}
	if !found || ambiguous {
		word := "invalid"
		if ambiguous {
			word = "ambiguous"
		}
		inv.Errorf("%s argument %s for %s", word, lquote(inv, control), lquote(inv, what))
		fmt.Fprintf(inv.Stderr, "Valid arguments are:\n")
		for i := 0; i < len(words); i += 2 {
			fmt.Fprintf(inv.Stderr, "  - %s, %s\n", lquote(inv, words[i].word), lquote(inv, words[i+1].word))
		}
		return bk, inv.Usage(1, ""), false
	}
	return bk, 0, true
}

// name is the backup name for the existing file at dst (as given) whose
// absolute path is dp: dst~ or dst.~N~, N one past the highest there.
func (bk backup) name(inv *command.Invocation, dst, dp string) string {
	if bk.kind == backupSimple {
		return dst + bk.suffix
	}
	base := baseName(trimSlash(dp))
	highest := 0
	if des, err := inv.FS.ReadDir(dirName(trimSlash(dp))); err == nil {
		for _, de := range des {
			n := de.Name()
			if !strings.HasPrefix(n, base+".~") || !strings.HasSuffix(n, "~") {
				continue
			}
			digits := n[len(base)+2 : len(n)-1]
			if v, err := strconv.Atoi(digits); err == nil && digits != "" && digits[0] != '0' && v > highest {
				highest = v
			}
		}
	}
	if bk.kind == backupExisting && highest == 0 {
		return dst + bk.suffix
	}
	return dst + ".~" + strconv.Itoa(highest+1) + "~"
}

// make renames the existing dst aside and returns the backup's name as
// given (for -v), or "" when no backup is wanted.
func (bk backup) make(inv *command.Invocation, dst, dp string) (string, error) {
	if bk.kind == backupNone {
		return "", nil
	}
	name := bk.name(inv, trimSlash(dst), dp)
	if err := inv.FS.Rename(trimSlash(dp), abs(inv, name)); err != nil {
		return "", err
	}
	return name, nil
}
