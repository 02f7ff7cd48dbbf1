package binutil

import (
	"bufio"
	"context"
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
 -R, --table-right <columns>      right align text in these columns

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
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
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
	for _, name := range files {
		r, err := inv.OpenInput(ctx, name)
		if err != nil {
			status = inv.PathError(name, err)
			continue
		}
		br := bufio.NewReaderSize(r, bufSize)
		for {
			line, err := br.ReadString('\n')
			line = strings.TrimSuffix(line, "\n")
			if strings.TrimSpace(line) != "" {
				lines = append(lines, line)
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
		rightCols := map[int]bool{}
		for _, f := range strings.Split(right, ",") {
			if n, err := strconv.Atoi(f); err == nil {
				rightCols[n-1] = true
			}
		}
		var rows [][]string
		var widths []int
		for _, l := range lines {
			var cells []string
			if sep == "" {
				cells = strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' })
			} else {
				// An explicit separator keeps empty cells.
				cells = splitAny(l, sep)
			}
			for i, c := range cells {
				if i >= len(widths) {
					widths = append(widths, 0)
				}
				widths[i] = max(widths[i], utf8.RuneCountInString(c))
			}
			rows = append(rows, cells)
		}
		for _, cells := range rows {
			var b strings.Builder
			for i := range widths {
				c := ""
				if i < len(cells) {
					c = cells[i]
				}
				if i > 0 {
					b.WriteString(osep)
				}
				pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
				switch {
				case rightCols[i]:
					b.WriteString(pad + c)
				case i == len(widths)-1:
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
		maxLen = max(maxLen, utf8.RuneCountInString(l))
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
			chcnt += utf8.RuneCountInString(l)
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
			chcnt += utf8.RuneCountInString(lines[base])
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
