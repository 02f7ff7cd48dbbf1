package textutil

import (
	"bufio"
	"bytes"
	"context"
	"regexp"

	"memsh/shell/command"
)

const tacHelp = `Usage: tac [OPTION]... [FILE]...
Write each FILE to standard output, last line first.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -b, --before             attach the separator before instead of after
  -r, --regex              interpret the separator as a regular expression
  -s, --separator=STRING   use STRING as the separator instead of newline
      --help        display this help and exit

With -r, STRING is an extended regular expression (RE2 syntax).
`

func runTac(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	before := fs.BoolP("before", "b", false, "")
	regex := fs.BoolP("regex", "r", false, "")
	sep := fs.StringP("separator", "s", "\n", "")
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	if *sep == "" {
		*sep = "\x00" // as GNU, which matches the string's terminating NUL
	}
	var re *regexp.Regexp
	if *regex {
		var err error
		if re, err = regexp.Compile(*sep); err != nil {
			inv.Errorf("%s", err)
			return 1
		}
	}
	out := newWriter(inv)
	status := 0
	for _, name := range operands(args) {
		data, err := readAllInput(ctx, inv, name)
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			if data == nil {
				inv.Errorf("failed to open %s for reading: %s", quoteAlways(name), command.Strerror(err))
			} else {
				inv.Errorf("%s: read error: %s", quoteName(name), command.Strerror(err))
			}
			status = 1
			continue
		}
		tacRecords(out, data, []byte(*sep), re, *before)
		if werr := checkWrite(out); werr != nil {
			return outputFailed(inv, werr.(writeError).err)
		}
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

// tacRecords writes data's records last first. A record ends with its
// separator (or, with before, starts with it).
func tacRecords(out *bufio.Writer, data, sep []byte, re *regexp.Regexp, before bool) {
	// seps are the [start, end) of every separator match, in order.
	var seps [][2]int
	if re != nil {
		for _, m := range re.FindAllIndex(data, -1) {
			if m[1] > m[0] {
				seps = append(seps, [2]int{m[0], m[1]})
			}
		}
	} else {
		for off := 0; ; {
			i := bytes.Index(data[off:], sep)
			if i < 0 {
				break
			}
			seps = append(seps, [2]int{off + i, off + i + len(sep)})
			off += i + len(sep)
		}
	}
	// Record boundaries: after each separator, or at its start with -b.
	cuts := []int{0}
	for _, s := range seps {
		if before {
			cuts = append(cuts, s[0])
		} else {
			cuts = append(cuts, s[1])
		}
	}
	cuts = append(cuts, len(data))
	for i := len(cuts) - 1; i > 0; i-- {
		out.Write(data[cuts[i-1]:cuts[i]])
	}
}
