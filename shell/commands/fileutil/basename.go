package fileutil

import (
	"context"
	"strings"

	"memsh/shell/command"
)

func runBasename(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	multiple := f.BoolP("multiple", "a", false, "")
	suffix := f.StringP("suffix", "s", "", "")
	zero := f.BoolP("zero", "z", false, "")
	operands, st, ok := inv.ParseFlagsInOrder(f, 1) // GNU basename's "+as:z"
	if !ok {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	if f.Lookup("suffix").Changed {
		*multiple = true
	}
	names := operands
	if !*multiple {
		if len(operands) > 2 {
			return inv.Usage(1, "extra operand %s", lquote(inv, operands[2]))
		}
		names = operands[:1]
		if len(operands) == 2 {
			*suffix = operands[1]
		}
	}
	out := newOut(inv)
	defer out.Flush()
	for _, n := range names {
		b := baseName(n)
		if strings.HasPrefix(n, "//") && strings.Trim(n, "/") == "" && len(n) == 2 {
			b = "/"
		}
		if *suffix != "" && b != *suffix && strings.HasSuffix(b, *suffix) && b != "/" {
			b = strings.TrimSuffix(b, *suffix)
		}
		out.WriteString(b)
		if *zero {
			out.WriteByte(0)
		} else {
			out.WriteByte('\n')
		}
	}
	return 0
}

func runDirname(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	zero := f.BoolP("zero", "z", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	out := newOut(inv)
	defer out.Flush()
	for _, n := range operands {
		out.WriteString(dirName(n))
		if *zero {
			out.WriteByte(0)
		} else {
			out.WriteByte('\n')
		}
	}
	return 0
}
