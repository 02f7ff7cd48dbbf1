package textutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math"
	"slices"

	"memsh/shell/command"
)

const cutHelp = `Usage: cut OPTION... [FILE]...
Print selected parts of lines from each FILE to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -b, --bytes=LIST        select only these bytes
  -c, --characters=LIST   select only these characters
  -d, --delimiter=DELIM   use DELIM instead of TAB for field delimiter
  -f, --fields=LIST       select only these fields;  also print any line
                            that contains no delimiter character, unless
                            the -s option is specified
  -n                      (ignored)
      --complement        complement the set of selected bytes, characters
                            or fields
  -s, --only-delimited    do not print lines not containing delimiters
      --output-delimiter=STRING  use STRING as the output delimiter
                            the default is to use the input delimiter
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help        display this help and exit

Use one, and only one of -b, -c or -f.  Each LIST is made up of one
range, or many ranges separated by commas.  Selected input is written
in the same order that it is read, and is written exactly once.
Each range is one of:

  N     N'th byte, character or field, counted from 1
  N-    from N'th byte, character or field, to end of line
  N-M   from N'th to M'th (included) byte, character or field
  -M    from first to M'th (included) byte, character or field

As in GNU cut, -c counts bytes.
`

// cutRange is an inclusive 1-based range; hi is MaxInt64 for "N-".
type cutRange struct{ lo, hi int64 }

type listError struct{ msg string }

// parseCutList parses LIST as GNU's set_fields does, with its messages;
// pos selects the byte/character wording over the field wording.
func parseCutList(s string, pos bool) ([]cutRange, *listError) {
	word := func(posMsg, fieldMsg string) *listError {
		if pos {
			return &listError{posMsg}
		}
		return &listError{fieldMsg}
	}
	var ranges []cutRange
	var value, initial int64 = 0, 1
	lhs, rhs, dash := false, false, false
	numStart := -1
	for i := 0; ; i++ {
		c := byte(0)
		if i < len(s) {
			c = s[i]
		}
		switch {
		case i < len(s) && c == '-':
			numStart = -1
			if dash {
				return nil, word("invalid byte or character range", "invalid field range")
			}
			dash = true
			if lhs && value == 0 {
				return nil, word("byte/character positions are numbered from 1", "fields are numbered from 1")
			}
			initial = 1
			if lhs {
				initial = value
			}
			value = 0
		case i >= len(s) || c == ',' || c == ' ' || c == '\t':
			numStart = -1
			if dash {
				dash = false
				if !lhs && !rhs {
					return nil, &listError{"invalid range with no endpoint: -"}
				}
				if !rhs {
					ranges = append(ranges, cutRange{initial, math.MaxInt64})
				} else {
					if value < initial {
						return nil, &listError{"invalid decreasing range"}
					}
					ranges = append(ranges, cutRange{initial, value})
				}
			} else {
				if value == 0 {
					return nil, word("byte/character positions are numbered from 1", "fields are numbered from 1")
				}
				ranges = append(ranges, cutRange{value, value})
			}
			value = 0
			if i >= len(s) {
				return mergeRanges(ranges), nil
			}
			lhs, rhs = false, false
		case c >= '0' && c <= '9':
			if numStart < 0 {
				numStart = i
			}
			if dash {
				rhs = true
			} else {
				lhs = true
			}
			d := int64(c - '0')
			if value > (math.MaxInt64-1-d)/10 {
				end := numStart
				for end < len(s) && s[end] >= '0' && s[end] <= '9' {
					end++
				}
				return nil, word("byte/character offset ‘"+s[numStart:end]+"’ is too large",
					"field number ‘"+s[numStart:end]+"’ is too large")
			}
			value = value*10 + d
		default:
			return nil, word("invalid byte/character position ‘"+s[i:]+"’", "invalid field value ‘"+s[i:]+"’")
		}
	}
}

// mergeRanges sorts ranges and merges overlapping ones (adjacent ones
// stay apart: --output-delimiter goes between them).
func mergeRanges(r []cutRange) []cutRange {
	slices.SortFunc(r, func(a, b cutRange) int {
		switch {
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
	var out []cutRange
	for _, x := range r {
		if n := len(out); n > 0 && x.lo <= out[n-1].hi {
			out[n-1].hi = max(out[n-1].hi, x.hi)
			continue
		}
		out = append(out, x)
	}
	return out
}

// complementRanges returns the positions not in r.
func complementRanges(r []cutRange) []cutRange {
	var out []cutRange
	next := int64(1)
	for _, x := range r {
		if x.lo > next {
			out = append(out, cutRange{next, x.lo - 1})
		}
		if x.hi == math.MaxInt64 {
			return out
		}
		next = x.hi + 1
	}
	return append(out, cutRange{next, math.MaxInt64})
}

type cutter struct {
	ranges      []cutRange
	fields      bool
	delim       byte
	outDelim    []byte
	outDelimSet bool
	onlyDelim   bool
	eol         byte
}

func runCut(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	bytesList := fs.StringArrayP("bytes", "b", nil, "")
	charList := fs.StringArrayP("characters", "c", nil, "")
	delim := fs.StringP("delimiter", "d", "", "")
	fieldList := fs.StringArrayP("fields", "f", nil, "")
	fs.BoolP("n", "n", false, "")
	complement := fs.Bool("complement", false, "")
	only := fs.BoolP("only-delimited", "s", false, "")
	outDelim := fs.String("output-delimiter", "", "")
	zero := fs.BoolP("zero-terminated", "z", false, "")
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	c := &cutter{delim: '\t', eol: '\n', onlyDelim: *only}
	if *zero {
		c.eol = 0
	}
	var list string
	n := 0
	for _, opt := range []struct {
		name string
		vals []string
	}{{"bytes", *bytesList}, {"characters", *charList}, {"fields", *fieldList}} {
		for _, v := range opt.vals {
			n++
			list = v
			c.fields = opt.name == "fields"
		}
	}
	switch {
	case n > 1:
		return inv.Usage(1, "only one list may be specified")
	case n == 0:
		return inv.Usage(1, "you must specify a list of bytes, characters, or fields")
	}
	if fs.Changed("delimiter") {
		if !c.fields {
			return inv.Usage(1, "an input delimiter may be specified only when operating on fields")
		}
		if len(*delim) > 1 {
			return inv.Usage(1, "the delimiter must be a single character")
		}
		c.delim = 0
		if *delim != "" {
			c.delim = (*delim)[0]
		}
	}
	if c.onlyDelim && !c.fields {
		return inv.Usage(1, "suppressing non-delimited lines makes sense\n\tonly when operating on fields")
	}
	ranges, lerr := parseCutList(list, !c.fields)
	if lerr != nil {
		return inv.Usage(1, "%s", lerr.msg)
	}
	if *complement {
		ranges = complementRanges(ranges)
	}
	c.ranges = ranges
	c.outDelimSet = fs.Changed("output-delimiter")
	c.outDelim = []byte{c.delim}
	if c.outDelimSet {
		c.outDelim = []byte(*outDelim)
		if *outDelim == "" {
			c.outDelim = []byte{0} // GNU writes a NUL for an empty string
		}
	}

	out := newWriter(inv)
	status := 0
	for _, name := range operands(args) {
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			status = pathError(inv, name, err)
			continue
		}
		err = c.run(out, newLineReader(&flushReader{r: r, w: out}, c.eol))
		r.Close()
		if err != nil {
			if we, isWrite := err.(writeError); isWrite {
				return outputFailed(inv, we.err)
			}
			if isCancel(err) {
				return statusCancelled
			}
			status = pathError(inv, name, err)
		}
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

func (c *cutter) run(out *bufio.Writer, lr *lineReader) error {
	for {
		line, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if n := len(line); n > 0 && line[n-1] == c.eol {
			line = line[:n-1]
		}
		if c.fields {
			if c.onlyDelim && bytes.IndexByte(line, c.delim) < 0 {
				continue
			}
			c.cutFields(out, line)
		} else {
			c.cutBytes(out, line)
		}
		out.WriteByte(c.eol)
		if werr := checkWrite(out); werr != nil {
			return werr
		}
	}
}

func (c *cutter) cutBytes(out *bufio.Writer, line []byte) {
	n := int64(len(line))
	first := true
	for _, r := range c.ranges {
		if r.lo > n {
			break
		}
		if !first && c.outDelimSet {
			out.Write(c.outDelim)
		}
		first = false
		out.Write(line[r.lo-1 : min(r.hi, n)])
	}
}

func (c *cutter) cutFields(out *bufio.Writer, line []byte) {
	if bytes.IndexByte(line, c.delim) < 0 {
		if !c.onlyDelim {
			out.Write(line)
		}
		return
	}
	field := int64(1)
	ri := 0
	first := true
	for {
		i := bytes.IndexByte(line, c.delim)
		f := line
		if i >= 0 {
			f = line[:i]
		}
		for ri < len(c.ranges) && c.ranges[ri].hi < field {
			ri++
		}
		if ri == len(c.ranges) {
			return
		}
		if c.ranges[ri].lo <= field {
			if !first {
				out.Write(c.outDelim)
			}
			first = false
			out.Write(f)
		}
		if i < 0 {
			return
		}
		line = line[i+1:]
		field++
	}
}
