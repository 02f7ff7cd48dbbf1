package textutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"strconv"

	"memsh/shell/command"
)

const uniqHelp = `Usage: uniq [OPTION]... [INPUT [OUTPUT]]
Filter adjacent matching lines from INPUT (or standard input),
writing to OUTPUT (or standard output).

With no options, matching lines are merged to the first occurrence.

Mandatory arguments to long options are mandatory for short options too.
  -c, --count           prefix lines by the number of occurrences
  -d, --repeated        only print duplicate lines, one for each group
  -D                    print all duplicate lines
      --all-repeated[=METHOD]  like -D, but allow separating groups
                                 with an empty line;
                                 METHOD={none(default),prepend,separate}
  -f, --skip-fields=N   avoid comparing the first N fields
      --group[=METHOD]  show all items, separating groups with an empty line;
                          METHOD={separate(default),prepend,append,both}
  -i, --ignore-case     ignore differences in case when comparing
  -s, --skip-chars=N    avoid comparing the first N characters
  -u, --unique          only print unique lines
  -z, --zero-terminated     line delimiter is NUL, not newline
  -w, --check-chars=N   compare no more than N characters in lines
      --help        display this help and exit

A field is a run of blanks (usually spaces and/or TABs), then non-blank
characters.  Fields are skipped before chars.

Note: 'uniq' does not detect repeated lines unless they are adjacent.
You may want to sort the input first, or use 'sort -u' without 'uniq'.
`

type uniqOptions struct {
	count, repeated, unique, allRepeated, ignoreCase bool
	delimit                                          string // --all-repeated method
	group                                            string // --group method, "" when off
	skipFields, skipChars, checkChars                int64
	delim                                            byte
}

func runUniq(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	var o uniqOptions
	fs.BoolVarP(&o.count, "count", "c", false, "")
	fs.BoolVarP(&o.repeated, "repeated", "d", false, "")
	allRep := fs.BoolP("D", "D", false, "")
	method := fs.String("all-repeated", "", "")
	fs.Lookup("all-repeated").NoOptDefVal = "none"
	fields := fs.StringP("skip-fields", "f", "", "")
	group := fs.String("group", "", "")
	fs.Lookup("group").NoOptDefVal = "separate"
	fs.BoolVarP(&o.ignoreCase, "ignore-case", "i", false, "")
	chars := fs.StringP("skip-chars", "s", "", "")
	fs.BoolVarP(&o.unique, "unique", "u", false, "")
	zero := fs.BoolP("zero-terminated", "z", false, "")
	check := fs.StringP("check-chars", "w", "", "")
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	o.delim = '\n'
	if *zero {
		o.delim = 0
	}
	o.checkChars = -1
	for _, n := range []struct {
		flag, what string
		val        *string
		dst        *int64
	}{{"skip-fields", "invalid number of fields to skip", fields, &o.skipFields},
		{"skip-chars", "invalid number of bytes to skip", chars, &o.skipChars},
		{"check-chars", "invalid number of bytes to compare", check, &o.checkChars}} {
		if !fs.Changed(n.flag) {
			continue
		}
		v, err := parseCount(*n.val)
		if err != nil && err != errCountRange {
			inv.Errorf("%s: %s", *n.val, n.what)
			return 1
		}
		*n.dst = clampCount(v)
	}
	if *allRep || fs.Changed("all-repeated") {
		o.allRepeated = true
		o.delimit = "none"
		if fs.Changed("all-repeated") {
			switch *method {
			case "none", "prepend", "separate":
				o.delimit = *method
			default:
				return badMethod(inv, "--all-repeated", *method, []string{"none", "prepend", "separate"})
			}
		}
	}
	if fs.Changed("group") {
		switch *group {
		case "separate", "prepend", "append", "both":
			o.group = *group
		default:
			return badMethod(inv, "--group", *group, []string{"prepend", "append", "separate", "both"})
		}
		if o.count || o.repeated || o.allRepeated || o.unique {
			return inv.Usage(1, "--group is mutually exclusive with -c/-d/-D/-u")
		}
	}
	if o.allRepeated && o.count {
		return inv.Usage(1, "printing all duplicated lines and repeat counts is meaningless")
	}
	if len(args) > 2 {
		return inv.Usage(1, "extra operand %s", lquote(args[2]))
	}
	in := "-"
	if len(args) > 0 {
		in = args[0]
	}
	r, err := inv.OpenInput(ctx, in)
	if err != nil {
		return pathError(inv, in, err)
	}
	defer r.Close()
	w := inv.Stdout
	if len(args) == 2 && args[1] != "-" {
		f, err := openOutput(inv, args[1], os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			return pathError(inv, args[1], err)
		}
		defer f.Close()
		w = f
	}
	out := bufio.NewWriterSize(w, bufSize)
	lr := newLineReader(&flushReader{r: r, w: out}, o.delim)
	lr.mem = inv.Mem.Budget()
	err = o.run(out, lr)
	if err != nil {
		if we, isWrite := err.(writeError); isWrite {
			return outputFailed(inv, we.err)
		}
		if isCancel(err) {
			return statusCancelled
		}
		out.Flush()
		// GNU 9.1 gives no reason ("uniq: error reading 'd'" for a
		// directory); a limit of memsh's own is named.
		if _, held := err.(errHeldLimit); held || command.IsLimit(err) {
			inv.Errorf("error reading %s: %s", quoteAlways(inv, in), err)
			return 1
		}
		inv.Errorf("error reading %s", quoteAlways(inv, in))
		return 1
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return 0
}

func badMethod(inv *command.Invocation, flag, val string, valid []string) int {
	inv.Errorf("invalid argument %s for ‘%s’", lquote(val), flag)
	msg := "Valid arguments are:\n"
	for _, v := range valid {
		msg += "  - ‘" + v + "’\n"
	}
	io.WriteString(inv.Stderr, msg)
	return inv.Usage(1, "")
}

// key is the part of a line uniq compares.
func (o *uniqOptions) key(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == o.delim {
		line = line[:n-1]
	}
	i := 0
	for f := o.skipFields; f > 0 && i < len(line); f-- {
		// Blanks, and newline (which only a -z record can hold), separate fields.
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n') {
			i++
		}
		for i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '\n' {
			i++
		}
	}
	i = int(min(int64(i)+o.skipChars, int64(len(line))))
	line = line[i:]
	if o.checkChars >= 0 && int64(len(line)) > o.checkChars {
		line = line[:o.checkChars]
	}
	return line
}

func (o *uniqOptions) equal(a, b []byte) bool {
	ka, kb := o.key(a), o.key(b)
	if o.ignoreCase {
		return asciiFoldEqual(ka, kb)
	}
	return bytes.Equal(ka, kb)
}

// asciiFoldEqual compares ignoring ASCII case only (toupper in C.UTF-8
// leaves multibyte text alone byte-wise).
func asciiFoldEqual(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if toUpper(a[i]) != toUpper(b[i]) {
			return false
		}
	}
	return true
}

func (o *uniqOptions) writeLine(out *bufio.Writer, line []byte) {
	out.Write(line)
	if n := len(line); n == 0 || line[n-1] != o.delim {
		out.WriteByte(o.delim)
	}
}

// run streams groups of equal adjacent lines: it holds only the first
// line of the current group (and, for -D, nothing more: each line is
// printed as soon as the group is known to repeat).
func (o *uniqOptions) run(out *bufio.Writer, lr *lineReader) error {
	if o.group == "" {
		return o.runGNU(out, lr)
	}
	return o.runGroups(out, lr)
}

// runGNU is GNU uniq's main loop, flag for flag: -d clears "print
// unique", -u clears "print the first of a repeated group", -D sets
// "print the later ones" (so -u -D prints all but the last of each group).
func (o *uniqOptions) runGNU(out *bufio.Writer, lr *lineReader) error {
	printUnique := !o.repeated && !o.allRepeated
	printFirst := !o.unique
	printLater := o.allRepeated
	var prev, num []byte
	have := false
	var count int64
	firstDelim := true
	write := func(line []byte, match bool, count int64) {
		if !(count == 0 && printUnique || count > 0 && !match && printFirst || count > 0 && match && printLater) {
			return
		}
		if o.count {
			num = strconv.AppendInt(num[:0], count+1, 10)
			for i := len(num); i < 7; i++ {
				out.WriteByte(' ')
			}
			out.Write(num)
			out.WriteByte(' ')
		}
		o.writeLine(out, line)
	}
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !have {
			prev, have = append(prev[:0], line...), true
			continue
		}
		match := o.equal(prev, line)
		if match {
			count++
		}
		if o.allRepeated && o.delimit != "none" {
			if !match {
				if count > 0 {
					firstDelim = false
				}
			} else if count == 1 && (o.delimit == "prepend" || !firstDelim) {
				out.WriteByte(o.delim)
			}
		}
		if !match || printLater {
			write(prev, match, count)
			prev = append(prev[:0], line...)
			if !match {
				count = 0
			}
		}
		if werr := checkWrite(out); werr != nil {
			return werr
		}
	}
	if have {
		write(prev, false, count)
	}
	return checkWrite(out)
}

// runGroups is --group: every line is printed, and an empty line goes
// between groups (and before the first / after the last, per METHOD).
func (o *uniqOptions) runGroups(out *bufio.Writer, lr *lineReader) error {
	var first []byte // first line of the current group
	groups := 0
	for {
		line, err := lr.next()
		if err == io.EOF {
			if groups > 0 && (o.group == "append" || o.group == "both") {
				out.WriteByte(o.delim)
			}
			return checkWrite(out)
		}
		if err != nil {
			return err
		}
		if groups == 0 || !o.equal(first, line) {
			if groups > 0 || o.group == "prepend" || o.group == "both" {
				out.WriteByte(o.delim)
			}
			groups++
			first = append(first[:0], line...)
		}
		o.writeLine(out, line)
		if werr := checkWrite(out); werr != nil {
			return werr
		}
	}
}
