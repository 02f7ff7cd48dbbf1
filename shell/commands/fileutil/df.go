package fileutil

import (
	"context"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const (
	// defaultFSBytes is the size df reports when memfs has no byte limit.
	defaultFSBytes = 1 << 30
	// defaultFSInodes is the inode count df reports with no inode limit.
	defaultFSInodes = 1 << 20
)

// fsFigures are memfs's size, free bytes, inodes and free inodes as df and
// stat -f report them: the limits when set, fixed sizes otherwise (grown to
// cover what is in use).
func fsFigures(inv *command.Invocation) (total, free, inodes, freeInodes int64) {
	u := inv.FS.Usage()
	total = u.MaxBytes
	if total <= 0 {
		total = defaultFSBytes
		for total < u.Bytes {
			total *= 2
		}
	}
	total = (total + 4095) / 4096 * 4096
	free = max(total-(u.Bytes+4095)/4096*4096, 0)
	inodes = u.MaxInodes
	if inodes <= 0 {
		inodes = defaultFSInodes
		for inodes < u.Inodes {
			inodes *= 2
		}
	}
	freeInodes = max(inodes-u.Inodes, 0)
	return
}

func runDf(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	human := f.BoolP("human-readable", "h", false, "")
	si := f.BoolP("si", "H", false, "")
	kilo := f.BoolP("k", "k", false, "")
	mega := f.BoolP("m", "m", false, "")
	blockSize := f.StringP("block-size", "B", "", "")
	showType := f.BoolP("print-type", "T", false, "")
	inodesMode := f.BoolP("inodes", "i", false, "")
	posix := f.BoolP("portability", "P", false, "")
	total := f.Bool("total", false, "")
	f.BoolP("all", "a", false, "")
	f.BoolP("local", "l", false, "")
	output := f.String("output", "", "")
	f.Lookup("output").NoOptDefVal = "source,fstype,itotal,iused,iavail,ipcent,size,used,avail,pcent,file,target"
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	var fields []string
	if f.Lookup("output").Changed {
		for _, o := range []struct {
			on   bool
			name string
		}{{*inodesMode, "-i"}, {*showType, "-T"}, {*posix, "-P"}} {
			if o.on {
				return inv.Usage(1, "options %s and --output are mutually exclusive", o.name)
			}
		}
		seen := map[string]bool{}
		for _, fld := range strings.Split(*output, ",") {
			if _, ok := dfFieldHead(fld); !ok {
				return inv.Usage(1, "option --output: field %s unknown", lquote(inv, fld))
			}
			if seen[fld] {
				return inv.Usage(1, "option --output: field %s used more than once", lquote(inv, fld))
			}
			seen[fld] = true
			fields = append(fields, fld)
		}
	}
	unit := int64(1024)
	suffix := ""
	header := "1K-blocks"
	switch {
	case f.Lookup("block-size").Changed:
		n, err := parseSize(*blockSize, false)
		if err != nil || n <= 0 {
			inv.Errorf("invalid %s argument %s", optionName(inv, "B", "block-size"), quote(inv, *blockSize))
			return 1
		}
		unit = n
		header = sizeHeader(*blockSize, n)
		suffix = blockSuffix(*blockSize)
	case *mega:
		unit, header = 1<<20, "1M-blocks"
	case *kilo:
	}
	if *posix && !*human && !*si {
		header = strconv.FormatInt(unit, 10) + "-blocks"
	}
	status := 0
	rows := [][]string{}
	sizeT, freeB, inodes, freeI := fsFigures(inv)
	n := len(operands)
	if n == 0 {
		n = 1
	}
	for i := 0; i < n; i++ {
		if len(operands) > 0 {
			if _, err := inv.FS.Stat(abs(inv, operands[i])); err != nil {
				inv.Errorf("%s: %s", quoteColon(inv, operands[i]), command.Strerror(err))
				status = 1
				continue
			}
		}
		name := "-"
		if len(operands) > 0 {
			name = operands[i]
		}
		rows = append(rows, []string{name})
	}
	if len(rows) == 0 {
		// GNU says this only when no operand named anything; a missing
		// operand has already been reported.
		if status == 0 {
			inv.Errorf("no file systems processed")
		}
		return 1
	}
	num := func(bytes int64) string {
		switch {
		case *human:
			return humanBase(bytes, 1024)
		case *si:
			return humanBase(bytes, 1000)
		}
		return strconv.FormatInt((bytes+unit-1)/unit, 10) + suffix
	}
	pct := func(used, avail int64) string {
		if used+avail == 0 {
			return "-"
		}
		return strconv.FormatInt((used*100+used+avail-1)/(used+avail), 10) + "%"
	}
	var head []string
	var line []string
	if *inodesMode {
		head = []string{"Filesystem", "Inodes", "IUsed", "IFree", "IUse%", "Mounted on"}
		used := inodes - freeI
		iv := func(n int64) string {
			if *human || *si {
				return humanBase(n, map[bool]uint64{true: 1000, false: 1024}[*si])
			}
			return strconv.FormatInt(n, 10)
		}
		line = []string{"memfs", iv(inodes), iv(used), iv(freeI), pct(used, freeI), "/"}
	} else {
		sizeHead := header
		if *human || *si {
			sizeHead = "Size"
		}
		availHead, pctHead := "Available", "Use%"
		if *human || *si {
			availHead = "Avail"
		}
		if *posix {
			pctHead = "Capacity"
		}
		head = []string{"Filesystem", sizeHead, "Used", availHead, pctHead, "Mounted on"}
		used := sizeT - freeB
		line = []string{"memfs", num(sizeT), num(used), num(freeB), pct(used, freeB), "/"}
	}
	if *showType {
		head = append(head[:1], append([]string{"Type"}, head[1:]...)...)
		line = append(line[:1], append([]string{"memfs"}, line[1:]...)...)
	}
	table := [][]string{head}
	for range rows {
		table = append(table, line)
	}
	rightAligned := func(c int) bool { return c != 0 && c != len(head)-1 && head[c] != "Type" }
	if fields != nil {
		// --output: the fields asked for, in that order.
		iused := inodes - freeI
		bused := sizeT - freeB
		iv := func(n int64) string {
			if *human || *si {
				return humanBase(n, map[bool]uint64{true: 1000, false: 1024}[*si])
			}
			return strconv.FormatInt(n, 10)
		}
		value := map[string]string{"source": "memfs", "fstype": "memfs", "itotal": iv(inodes), "iused": iv(iused),
			"iavail": iv(freeI), "ipcent": pct(iused, freeI), "size": num(sizeT), "used": num(bused),
			"avail": num(freeB), "pcent": pct(bused, freeB), "target": "/"}
		head = nil
		for _, fld := range fields {
			h, _ := dfFieldHead(fld)
			if fld == "size" {
				h = header
				if *human || *si {
					h = "Size"
				}
			}
			head = append(head, h)
		}
		table = [][]string{head}
		for _, r := range rows {
			var l []string
			for _, fld := range fields {
				if fld == "file" {
					l = append(l, r[0])
				} else {
					l = append(l, value[fld])
				}
			}
			table = append(table, l)
		}
		rightAligned = func(c int) bool {
			switch fields[c] {
			case "source", "fstype", "file", "target":
				return false
			}
			return true
		}
		*total = false
	}
	if *total {
		t := append([]string{"total"}, line[1:]...)
		t[len(t)-1] = "-"
		if *showType {
			t[1] = "-"
		}
		table = append(table, t)
	}
	// GNU's minimum column widths.
	minWidth := map[string]int{"Filesystem": 14, "Type": 4, "Use%": 4, "Capacity": 4, "IUse%": 4, "File": 4, "Mounted on": 0}
	widths := make([]int, len(head))
	for c := range head {
		widths[c] = 5
		if w, ok := minWidth[head[c]]; ok {
			widths[c] = w
		}
		if c == len(head)-1 && !rightAligned(c) {
			widths[c] = 0
		}
		for _, r := range table {
			widths[c] = max(widths[c], len(r[c]))
		}
	}
	out := newOut(inv)
	defer out.Flush()
	for _, r := range table {
		var b strings.Builder
		for c, v := range r {
			if c > 0 {
				b.WriteByte(' ')
			}
			// The last column is never padded on the right.
			if c == len(r)-1 && !rightAligned(c) {
				b.WriteString(v)
			} else {
				b.WriteString(pad(v, widths[c], rightAligned(c)))
			}
		}
		b.WriteByte('\n')
		out.WriteString(b.String())
	}
	return status
}

// sizeHeader is df's column title for -B SIZE ("1K-blocks", "1MB-blocks").
func sizeHeader(arg string, n int64) string {
	t := strings.TrimLeft(arg, "0123456789")
	num := strings.TrimSuffix(arg, t)
	if num == "" {
		num = "1"
	}
	if t == "" {
		return strconv.FormatInt(n, 10) + "B-blocks"
	}
	return num + blockSuffix(t) + "-blocks"
}

// dfFieldHead is df --output's column title for a field name.
func dfFieldHead(field string) (string, bool) {
	switch field {
	case "source":
		return "Filesystem", true
	case "fstype":
		return "Type", true
	case "itotal":
		return "Inodes", true
	case "iused":
		return "IUsed", true
	case "iavail":
		return "IFree", true
	case "ipcent":
		return "IUse%", true
	case "size":
		return "1K-blocks", true
	case "used":
		return "Used", true
	case "avail":
		return "Avail", true
	case "pcent":
		return "Use%", true
	case "file":
		return "File", true
	case "target":
		return "Mounted on", true
	}
	return "", false
}
