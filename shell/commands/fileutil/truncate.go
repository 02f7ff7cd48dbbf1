package fileutil

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	"memsh/shell/command"
)

var errBadSize = errors.New("invalid size")

// parseSize parses a GNU size: digits and an optional unit K M G T P E
// (powers of 1024, also KiB...), KB MB... (powers of 1000); b is 512 when
// blocks is true (du, df).
func parseSize(s string, blocks bool) (int64, error) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	numPart, unit := s[:i], s[i:]
	n := int64(1)
	if numPart != "" {
		var err error
		if n, err = strconv.ParseInt(numPart, 10, 64); err != nil {
			return 0, errBadSize
		}
	} else if unit == "" {
		return 0, errBadSize
	}
	if unit == "" {
		return n, nil
	}
	mult := int64(1)
	base := int64(1024)
	switch {
	case len(unit) == 3 && unit[1:] == "iB":
	case len(unit) == 2 && unit[1] == 'B':
		base = 1000
	case len(unit) == 1:
	default:
		return 0, errBadSize
	}
	lead := unit[0]
	if strings.IndexByte("kmgt", lead) >= 0 {
		lead -= 'a' - 'A' // xstrtol takes k, m, g and t in lower case too
	}
	pow := strings.IndexByte("KMGTPE", lead) + 1
	switch {
	case unit == "b" && blocks:
		mult = 512
	case unit == "c" && blocks:
	case pow == 0:
		return 0, errBadSize
	}
	for ; pow > 0; pow-- {
		mult *= base
	}
	if n > math.MaxInt64/mult {
		return 0, errBadSize
	}
	return n * mult, nil
}

func runTruncate(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	noCreate := f.BoolP("no-create", "c", false, "")
	ioBlocks := f.BoolP("io-blocks", "o", false, "")
	ref := f.StringP("reference", "r", "", "")
	sizeArg := f.StringP("size", "s", "", "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	haveSize, haveRef := f.Lookup("size").Changed, f.Lookup("reference").Changed
	var op byte
	var size int64
	if haveSize {
		s := *sizeArg
		if s != "" && strings.IndexByte("+-<>/%", s[0]) >= 0 {
			op, s = s[0], s[1:]
		}
		shown := s
		if op == '+' || op == '-' {
			// GNU reads these as signed numbers: the sign is part of it,
			// and digits must follow.
			shown = *sizeArg
			if s == "" || s[0] < '0' || s[0] > '9' {
				inv.Errorf("Invalid number: %s", lquote(inv, shown))
				return 1
			}
		}
		n, err := parseSize(s, false)
		if err != nil {
			inv.Errorf("Invalid number: %s", lquote(inv, shown))
			return 1
		}
		if *ioBlocks {
			n *= 4096
		}
		if (op == '/' || op == '%') && n == 0 {
			inv.Errorf("division by zero")
			return 1
		}
		size = n
	}
	if !haveSize && !haveRef {
		return inv.Usage(1, "you must specify either %s or %s", lquote(inv, "--size"), lquote(inv, "--reference"))
	}
	if haveSize && haveRef && op == 0 {
		return inv.Usage(1, "you must specify a relative %s with %s", lquote(inv, "--size"), lquote(inv, "--reference"))
	}
	if *ioBlocks && !haveSize {
		return inv.Usage(1, "%s was specified but %s was not", lquote(inv, "--io-blocks"), lquote(inv, "--size"))
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing file operand")
	}
	var refSize int64 = -1
	if haveRef {
		fi, err := inv.FS.Stat(abs(inv, *ref))
		if err != nil {
			inv.Errorf("cannot stat %s: %s", quote(inv, *ref), command.Strerror(err))
			return 1
		}
		refSize = fi.Size()
		if !haveSize {
			size = refSize
		}
	}
	status := 0
	for _, name := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		p := abs(inv, name)
		flags := os.O_WRONLY
		if !*noCreate {
			flags |= os.O_CREATE
		}
		fl, err := inv.FS.OpenFile(p, flags, fs.FileMode(0o666&^umask(inv)))
		if err != nil {
			if *noCreate && isErrnoNotExist(err) {
				continue
			}
			inv.Errorf("cannot open %s for writing: %s", quote(inv, name), command.Strerror(err))
			status = 1
			continue
		}
		cur := int64(0)
		if fi, err := fl.Stat(); err == nil {
			cur = fi.Size()
		}
		if refSize >= 0 && op != 0 {
			cur = refSize
		}
		var want int64
		switch op {
		case 0:
			want = size
		case '+':
			want = cur + size
		case '-':
			want = max(cur-size, 0)
		case '<':
			want = min(cur, size)
		case '>':
			want = max(cur, size)
		case '/':
			want = cur / size * size
		case '%':
			want = (cur + size - 1) / size * size
		}
		if err := fl.Truncate(want); err != nil {
			inv.Errorf("failed to truncate %s at %d bytes: %s", quote(inv, name), want, command.Strerror(err))
			status = 1
		}
		fl.Close()
	}
	return status
}

func isErrnoNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
