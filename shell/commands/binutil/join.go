package binutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const joinHelp = `Usage: join [OPTION]... FILE1 FILE2
For each pair of input lines with identical join fields, write a line to
standard output.  The default join field is the first, delimited by blanks.

When FILE1 or FILE2 (not both) is -, read standard input.

  -a FILENUM        also print unpairable lines from file FILENUM, where
                      FILENUM is 1 or 2, corresponding to FILE1 or FILE2
  -e STRING         replace missing (empty) input fields with STRING;
                      I.e., missing fields specified with '-12jo' options
  -i, --ignore-case  ignore differences in case when comparing fields
  -j FIELD          equivalent to '-1 FIELD -2 FIELD'
  -o FORMAT         obey FORMAT while constructing output line
  -t CHAR           use CHAR as input and output field separator
  -v FILENUM        like -a FILENUM, but suppress joined output lines
  -1 FIELD          join on this FIELD of file 1
  -2 FIELD          join on this FIELD of file 2
      --check-order  check that the input is correctly sorted, even
                      if all input lines are pairable
      --nocheck-order  do not check that the input is correctly sorted
      --header      treat the first line in each file as field headers,
                      print them without trying to pair them
  -z, --zero-terminated     line delimiter is NUL, not newline
      --help        display this help and exit

Unless -t CHAR is given, leading blanks separate fields and are ignored,
else fields are separated by CHAR.  Any FIELD is a field number counted
from 1.  FORMAT is one or more comma or blank separated specifications,
each being 'FILENUM.FIELD' or '0'.  Default FORMAT outputs the join field,
the remaining fields from FILE1, the remaining fields from FILE2, all
separated by CHAR.  If FORMAT is the keyword 'auto', then the first
line of each file determines the number of fields output for each line.

Important: FILE1 and FILE2 must be sorted on the join fields.
E.g., use "sort -k 1b,1" if 'join' has no options,
or use "join -t ''" if 'sort' has no options.
`

type joinSpec struct{ file, field int } // file 0 means the join field

type joinInput struct {
	name   string
	r      *bufio.Reader
	lineNo int64
	prev   []byte // previous key, for the order check
	hasPrv bool
	warned bool
	peek   [][]byte // the next line's fields, once read
	pline  []byte
	eof    bool
}

type joinRun struct {
	ctx            context.Context
	inv            *command.Invocation
	sep            int // -1: blanks
	field          [2]int
	unpaired       [2]bool
	onlyUnpaired   bool
	empty          string
	hasEmpty       bool
	format         []joinSpec
	auto           bool
	autoN          [2]int
	ignoreCase     bool
	check          int // 0 default, 1 on, -1 off
	eol            byte
	w              *bufio.Writer
	disorder       bool
	seenUnpairable bool
	status         int
}

func (j *joinRun) split(line []byte) [][]byte {
	if j.sep >= 0 {
		return bytes.Split(line, []byte{byte(j.sep)})
	}
	return bytes.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
}

func (j *joinRun) key(f [][]byte, which int) []byte {
	if j.field[which] < len(f) {
		return f[j.field[which]]
	}
	return nil
}

func (j *joinRun) cmp(a, b []byte) int {
	if j.ignoreCase {
		return bytes.Compare(bytes.ToLower(a), bytes.ToLower(b))
	}
	return bytes.Compare(a, b)
}

// read fetches the next line of in into its peek slot.
func (j *joinRun) read(in *joinInput, which int) error {
	line, err := j.inv.ReadLine(in.r, j.eol)
	if len(line) == 0 && err != nil {
		in.eof, in.peek = true, nil
		if err == io.EOF {
			return nil
		}
		return err
	}
	line = bytes.TrimSuffix(line, []byte{j.eol})
	in.lineNo++
	in.pline = line
	in.peek = j.split(line)
	k := j.key(in.peek, which)
	if in.hasPrv && j.cmp(in.prev, k) > 0 && !in.warned && j.check >= 0 {
		if j.check > 0 || j.seenUnpairable {
			in.warned = true
			j.disorder = true
			j.w.Flush()
			j.inv.Errorf("%s:%d: is not sorted: %s", in.name, in.lineNo, line)
			if j.check > 0 {
				return errStop
			}
		}
	}
	in.prev = append(in.prev[:0], k...)
	in.hasPrv = true
	return nil
}

type stopErr struct{}

func (stopErr) Error() string { return "stop" }

var errStop = stopErr{}

func (j *joinRun) out(f1, f2 [][]byte) {
	sep := " "
	if j.sep >= 0 {
		sep = string(rune(j.sep))
	}
	var b bytes.Buffer
	put := func(first *bool, s []byte) {
		if !*first {
			b.WriteString(sep)
		}
		*first = false
		b.Write(s)
	}
	first := true
	field := func(f [][]byte, i int) []byte {
		if f != nil && i < len(f) {
			return f[i]
		}
		return []byte(j.empty)
	}
	if j.format != nil || j.auto {
		format := j.format
		if j.auto {
			format = []joinSpec{{0, 0}}
			for w := 0; w < 2; w++ {
				for i := 0; i < j.autoN[w]; i++ {
					if i != j.field[w] {
						format = append(format, joinSpec{w + 1, i})
					}
				}
			}
		}
		for _, s := range format {
			switch s.file {
			case 0:
				if f1 != nil {
					put(&first, field(f1, j.field[0]))
				} else {
					put(&first, field(f2, j.field[1]))
				}
			case 1:
				put(&first, field(f1, s.field))
			case 2:
				put(&first, field(f2, s.field))
			}
		}
	} else {
		if f1 != nil {
			put(&first, field(f1, j.field[0]))
		} else {
			put(&first, field(f2, j.field[1]))
		}
		for i, v := range f1 {
			if i != j.field[0] {
				put(&first, v)
			}
		}
		for i, v := range f2 {
			if i != j.field[1] {
				put(&first, v)
			}
		}
	}
	b.WriteByte(j.eol)
	j.w.Write(b.Bytes())
}

func parseJoinField(inv *command.Invocation, s string) (int, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		inv.Errorf("invalid field number: ‘%s’", s)
		return 0, false
	}
	return int(n - 1), true
}

func runJoin(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var a, v []string
	var e, f1, f2, fj, t string
	var o []string
	var ic, check, nocheck, header, zero bool
	fset.StringArrayVarP(&a, "a", "a", nil, "")
	fset.StringArrayVarP(&v, "v", "v", nil, "")
	fset.StringVarP(&e, "e", "e", "", "")
	fset.StringVarP(&f1, "1", "1", "", "")
	fset.StringVarP(&f2, "2", "2", "", "")
	fset.StringVarP(&fj, "j", "j", "", "")
	fset.StringVarP(&t, "t", "t", "", "")
	fset.StringArrayVarP(&o, "o", "o", nil, "")
	fset.BoolVarP(&ic, "ignore-case", "i", false, "")
	fset.BoolVar(&check, "check-order", false, "")
	fset.BoolVar(&nocheck, "nocheck-order", false, "")
	fset.BoolVar(&header, "header", false, "")
	fset.BoolVarP(&zero, "zero-terminated", "z", false, "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	j := &joinRun{ctx: ctx, inv: inv, sep: -1, eol: '\n', ignoreCase: ic, empty: e, hasEmpty: fset.Changed("e")}
	if zero {
		j.eol = 0
	}
	if check {
		j.check = 1
	}
	if nocheck {
		j.check = -1
	}
	if len(files) < 2 {
		if len(files) == 0 {
			return inv.Usage(1, "missing operand")
		}
		return inv.Usage(1, "missing operand after ‘%s’", files[0])
	}
	if len(files) > 2 {
		return inv.Usage(1, "extra operand ‘%s’", files[2])
	}
	if files[0] == "-" && files[1] == "-" {
		// GNU's die() passes the errno left from start-up: ENOENT.
		inv.Errorf("both files cannot be standard input: No such file or directory")
		return 1
	}
	for _, s := range []struct {
		val string
		dst []int
	}{{fj, []int{0, 1}}, {f1, []int{0}}, {f2, []int{1}}} {
		if s.val == "" {
			continue
		}
		n, ok := parseJoinField(inv, s.val)
		if !ok {
			return 1
		}
		for _, d := range s.dst {
			j.field[d] = n
		}
	}
	if fset.Changed("t") {
		switch {
		case t == "":
			j.sep = '\n'
		case len(t) > 1 && t != `\0`:
			inv.Errorf("multi-character tab ‘%s’", t)
			return 1
		case t == `\0`:
			j.sep = 0
		default:
			j.sep = int(t[0])
		}
	}
	for _, list := range [][]string{a, v} {
		for _, x := range list {
			switch x {
			case "1":
				j.unpaired[0] = true
			case "2":
				j.unpaired[1] = true
			default:
				inv.Errorf("invalid field number: ‘%s’", x)
				return 1
			}
		}
	}
	j.onlyUnpaired = len(v) > 0
	for _, spec := range o {
		if spec == "auto" {
			j.auto = true
			continue
		}
		for _, s := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' }) {
			if s == "0" {
				j.format = append(j.format, joinSpec{0, 0})
				continue
			}
			// GNU's decode_field_spec: the file number, then ".FIELD".
			switch {
			case s[0] == '0':
				inv.Errorf("invalid field specifier: %s", localeQuote(s))
				return 1
			case s[0] != '1' && s[0] != '2':
				inv.Errorf("invalid file number in field spec: %s", localeQuote(s))
				return 1
			case len(s) < 2 || s[1] != '.':
				inv.Errorf("invalid field specifier: %s", localeQuote(s))
				return 1
			}
			n, err := strconv.Atoi(strings.TrimPrefix(s[2:], "+"))
			if err != nil || n <= 0 {
				inv.Errorf("invalid field number: %s", localeQuote(s[2:]))
				return 1
			}
			j.format = append(j.format, joinSpec{int(s[0] - '0'), n - 1})
		}
	}
	if j.format == nil && !j.auto && len(o) > 0 {
		j.format = []joinSpec{}
	}
	var ins [2]*joinInput
	for i, name := range files {
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			return inv.FileError(name, err)
		}
		defer r.Close()
		ins[i] = &joinInput{name: name, r: bufio.NewReaderSize(r, bufSize)}
	}
	j.w = newWriter(inv.Stdout)
	defer j.w.Flush()
	if err := j.run(ins, header); err != nil {
		if err == errStop {
			j.w.Flush()
			return 1
		}
		if ctx.Err() != nil {
			return statusCancelled
		}
		j.w.Flush()
		inv.Errorf("%s", command.Strerror(err))
		return 1
	}
	if err := j.w.Flush(); err != nil {
		return 1
	}
	if j.disorder {
		inv.Errorf("input is not in sorted order")
		return 1
	}
	return 0
}

func (j *joinRun) run(ins [2]*joinInput, header bool) error {
	for i := 0; i < 2; i++ {
		if err := j.read(ins[i], i); err != nil {
			return err
		}
	}
	if j.auto {
		for i := 0; i < 2; i++ {
			j.autoN[i] = len(ins[i].peek)
		}
	}
	if header {
		if !ins[0].eof || !ins[1].eof {
			j.out(ins[0].peek, ins[1].peek)
		}
		for i := 0; i < 2; i++ {
			ins[i].hasPrv = false
			if !ins[i].eof {
				if err := j.read(ins[i], i); err != nil {
					return err
				}
			}
		}
	}
	for !ins[0].eof && !ins[1].eof {
		if j.ctx.Err() != nil {
			return j.ctx.Err()
		}
		c := j.cmp(j.key(ins[0].peek, 0), j.key(ins[1].peek, 1))
		if c != 0 {
			which := 0
			if c > 0 {
				which = 1
			}
			if j.unpaired[which] {
				if which == 0 {
					j.out(ins[0].peek, nil)
				} else {
					j.out(nil, ins[1].peek)
				}
			}
			// GNU reads the next line (checking its order) before it
			// notes the unpairable one: a disorder right after the first
			// unpairable line goes unreported.
			if err := j.read(ins[which], which); err != nil {
				return err
			}
			j.seenUnpairable = true
			continue
		}
		// Gather the group of equal keys in each file, then pair them.
		var groups [2][][][]byte
		held := 0 // the group's bytes, bounded as one held input
		key := append([]byte(nil), j.key(ins[0].peek, 0)...)
		for i := 0; i < 2; i++ {
			for !ins[i].eof && j.cmp(j.key(ins[i].peek, i), key) == 0 {
				groups[i] = append(groups[i], ins[i].peek)
				if held += len(ins[i].pline) + 24*(len(ins[i].peek)+1); held > command.MaxHeld {
					return command.HeldLimitError{}
				}
				if err := j.inv.Mem.Budget().Fits(int64(held)); err != nil {
					return err
				}
				if err := j.read(ins[i], i); err != nil {
					return err
				}
			}
		}
		if !j.onlyUnpaired {
			for _, a := range groups[0] {
				for _, b := range groups[1] {
					j.out(a, b)
				}
			}
		}
	}
	for i := 0; i < 2; i++ {
		for !ins[i].eof {
			if j.ctx.Err() != nil {
				return j.ctx.Err()
			}
			// The tail left when the other file has ended: GNU notes
			// no unpairable line here (the other file has none left).
			if j.unpaired[i] {
				if i == 0 {
					j.out(ins[0].peek, nil)
				} else {
					j.out(nil, ins[1].peek)
				}
			}
			if err := j.read(ins[i], i); err != nil {
				return err
			}
		}
	}
	return nil
}
