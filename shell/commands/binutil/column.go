package binutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
)

const columnHelp = `Usage:
 column [options] [<file>...]

Columnate lists.

Options:
 -t, --table                      create a table
 -s, --separator <string>         possible table delimiters
 -o, --output-separator <string>  columns separator for table output
                                    (default is two spaces)
 -c, --output-width <width>       width of output in number of characters
 -x, --fillrows                   fill rows before columns
 -J, --json                       use JSON output format for table
 -n, --table-name <name>          table name for JSON output
 -N, --table-columns <names>      comma separated columns names
 -O, --table-order <columns>      specify order of output columns
 -R, --table-right <columns>      right align text in these columns
 -H, --table-hide <columns>       don't print the columns
 -d, --table-noheadings           don't print header

 -h, --help                       display this help
`

func runColumn(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var table, fillRows bool
	var sep, osep, width, right string
	fset.BoolVarP(&table, "table", "t", false, "")
	fset.StringVarP(&sep, "separator", "s", "", "")
	fset.StringVarP(&osep, "output-separator", "o", "  ", "")
	fset.StringVarP(&width, "output-width", "c", "", "")
	fset.BoolVarP(&fillRows, "fillrows", "x", false, "")
	fset.StringVarP(&right, "table-right", "R", "", "")
	names := fset.StringP("table-columns", "N", "", "")
	hide := fset.StringP("table-hide", "H", "", "")
	order := fset.StringP("table-order", "O", "", "")
	noHead := fset.BoolP("table-noheadings", "d", false, "")
	json := fset.BoolP("json", "J", false, "")
	tableName := fset.StringP("table-name", "n", "table", "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	if *json && *names == "" {
		inv.Errorf("option --table-columns required for --json")
		return 1
	}
	var header []string
	if *names != "" {
		header = strings.Split(*names, ",")
	}
	if !table && !*json {
		for _, o := range []string{"table-columns", "table-hide", "table-order", "table-noheadings", "table-right"} {
			if fset.Lookup(o).Changed {
				inv.Errorf("option --table required for all --table-*")
				return 1
			}
		}
	}
	if *json {
		table = true
	}
	// colIndex resolves a -R/-H/-O word: a header name or a 1-based number.
	colIndex := func(word string) (int, bool) {
		for i, h := range header {
			if strings.EqualFold(h, word) {
				return i, true
			}
		}
		if n, err := strconv.Atoi(word); err == nil && n > 0 {
			return n - 1, true
		}
		inv.Errorf("undefined column name '%s'", word)
		return 0, false
	}
	colSet := func(list string) (map[int]bool, []int, bool) {
		set := map[int]bool{}
		var seq []int
		if list == "" {
			return set, nil, true
		}
		for _, w := range strings.Split(list, ",") {
			i, ok := colIndex(w)
			if !ok {
				return nil, nil, false
			}
			set[i] = true
			seq = append(seq, i)
		}
		return set, seq, true
	}
	rightCols, _, ok := colSet(right)
	if !ok {
		return 1
	}
	hidden, _, ok := colSet(*hide)
	if !ok {
		return 1
	}
	_, ordered, ok := colSet(*order)
	if !ok {
		return 1
	}
	term := inv.Width
	if term <= 0 || !inv.Term {
		term = 80
	}
	if v, ok := inv.LookupEnv("COLUMNS"); ok {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			term = n
		}
	}
	if width != "" {
		n, err := strconv.Atoi(width)
		if err != nil || n <= 0 {
			inv.Errorf("invalid columns argument: '%s'", width)
			return 1
		}
		term = n
	}
	// column has to see every line before it can lay them out; it keeps
	// them all, as util-linux does.
	var lines []string
	status := 0
	if len(files) == 0 {
		files = []string{"-"}
	}
	held := 0
	for _, name := range files {
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			status = inv.PathError(name, err)
			continue
		}
		br := bufio.NewReaderSize(r, bufSize)
		for {
			line, err := inv.ReadLineString(br, '\n')
			line = strings.TrimSuffix(line, "\n")
			if strings.TrimSpace(line) != "" {
				// a line costs its bytes, its string header and the slice's slack
				if held += len(line) + 48; held > command.MaxHeld {
					err = command.HeldLimitError{}
				} else if herr := inv.Hold(len(line) + 48); herr != nil {
					err = herr
				} else {
					lines = append(lines, line)
				}
			}
			if err != nil {
				if err != io.EOF {
					if ctx.Err() != nil {
						r.Close()
						return statusCancelled
					}
					status = inv.PathError(name, err)
				}
				break
			}
		}
		r.Close()
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	if table {
		var rows [][]string
		ncols := len(header)
		for _, l := range lines {
			var cells []string
			if sep == "" {
				cells = strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' })
			} else {
				// An explicit separator keeps empty cells.
				cells = splitAny(l, sep)
			}
			ncols = max(ncols, len(cells))
			rows = append(rows, cells)
		}
		// The columns shown, in -O order then the rest, less -H's.
		var cols []int
		seen := map[int]bool{}
		for _, i := range append(ordered, seqInts(ncols)...) {
			if i < ncols && !seen[i] && !hidden[i] {
				seen[i] = true
				cols = append(cols, i)
			}
		}
		if *json {
			for i, cells := range rows {
				if len(cells) > len(header) {
					inv.Errorf("line %d: for JSON the name of the column %d is required", i+2, len(header)+1)
					return 1
				}
			}
			writeColumnJSON(w, *tableName, header, rows, cols)
			return status
		}
		if header != nil {
			rows = append([][]string{header}, rows...)
		}
		widths := make([]int, ncols)
		for _, cells := range rows {
			for i, c := range cells {
				widths[i] = max(widths[i], command.DisplayWidth(c))
			}
		}
		if header != nil && *noHead {
			rows = rows[1:]
		}
		for _, cells := range rows {
			var b strings.Builder
			for k, i := range cols {
				c := ""
				if i < len(cells) {
					c = cells[i]
				}
				if k > 0 {
					b.WriteString(osep)
				}
				pad := strings.Repeat(" ", widths[i]-command.DisplayWidth(c))
				switch {
				case rightCols[i]:
					b.WriteString(pad + c)
				case k == len(cols)-1:
					b.WriteString(c)
				default:
					b.WriteString(c + pad)
				}
			}
			b.WriteByte('\n')
			w.WriteString(b.String())
		}
		return status
	}
	if len(lines) == 0 {
		return status
	}
	maxLen := 0
	for _, l := range lines {
		maxLen = max(maxLen, command.DisplayWidth(l))
	}
	maxLen = (maxLen + 8) &^ 7
	cols := term / maxLen
	if cols == 0 {
		cols = 1
	}
	tabs := func(chcnt, endcol int) int {
		for {
			next := (chcnt + 8) &^ 7
			if next > endcol {
				return chcnt
			}
			w.WriteByte('\t')
			chcnt = next
		}
	}
	if fillRows {
		chcnt, col, endcol := 0, 0, maxLen
		for i, l := range lines {
			w.WriteString(l)
			chcnt += command.DisplayWidth(l)
			if i == len(lines)-1 {
				break
			}
			col++
			if col == cols {
				chcnt, col, endcol = 0, 0, maxLen
				w.WriteByte('\n')
				continue
			}
			chcnt = tabs(chcnt, endcol)
			endcol += maxLen
		}
		w.WriteByte('\n')
		return status
	}
	rows := (len(lines) + cols - 1) / cols
	for r := 0; r < rows; r++ {
		chcnt, endcol := 0, maxLen
		for base := r; base < len(lines); base += rows {
			w.WriteString(lines[base])
			chcnt += command.DisplayWidth(lines[base])
			if base+rows >= len(lines) {
				break
			}
			chcnt = tabs(chcnt, endcol)
			endcol += maxLen
		}
		w.WriteByte('\n')
	}
	return status
}

// splitAny splits s at every rune that occurs in seps.
func splitAny(s, seps string) []string {
	var out []string
	start := 0
	for i, r := range s {
		if strings.ContainsRune(seps, r) {
			out = append(out, s[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	return append(out, s[start:])
}

func seqInts(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// writeColumnJSON is column -J: an array of objects named by the
// lower-cased -N names, missing cells null, as util-linux prints it.
func writeColumnJSON(w *bufio.Writer, name string, header []string, rows [][]string, cols []int) {
	quoteJSON := command.JSONQuote
	fmt.Fprintf(w, "{\n   %s: [\n", quoteJSON(name))
	for r, cells := range rows {
		if r == 0 {
			w.WriteString("      {\n")
		}
		for k, i := range cols {
			key := ""
			if i < len(header) {
				key = strings.ToLower(header[i])
			}
			val := "null"
			if i < len(cells) {
				val = quoteJSON(cells[i])
			}
			sep := ","
			if k == len(cols)-1 {
				sep = ""
			}
			fmt.Fprintf(w, "         %s: %s%s\n", quoteJSON(key), val, sep)
		}
		if r < len(rows)-1 {
			w.WriteString("      },{\n")
		} else {
			w.WriteString("      }\n")
		}
	}
	w.WriteString("   ]\n}\n")
}
