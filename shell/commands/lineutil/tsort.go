package lineutil

import (
	"bufio"
	"bytes"
	"context"
	"sort"

	"memsh/shell/command"
)

const tsortHelp = `Usage: tsort [OPTION] [FILE]
Write totally ordered list consistent with the partial ordering in FILE.

With no FILE, or when FILE is -, read standard input.

      --help        display this help and exit
`

// tsortItem is one string of the input with its predecessor count and
// successors, newest first, as GNU tsort keeps them.
type tsortItem struct {
	str     string
	done    bool // printed
	count   int  // predecessors not yet printed
	succ    []*tsortItem
	onPath  *tsortItem // GNU's qlink while hunting a loop
	visited bool       // onPath is meaningful
}

// Tsort is GNU tsort: Knuth's algorithm T, taking the strings with no
// predecessors in byte order at each round, and, when a loop blocks it,
// printing one loop to stderr and breaking it.
func Tsort(ctx context.Context, inv *command.Invocation) int {
	flags := inv.NewFlags()
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	if len(operands) > 1 {
		return inv.Usage(1, "extra operand %s", lquote(inv, operands[1]))
	}
	name := "-"
	if len(operands) == 1 {
		name = operands[0]
	}
	r, closeFn, err := open(inv, name)
	if err == errIsDir {
		// GNU's token reader sees a read error as the end: no output.
		r, closeFn, err = bytes.NewReader(nil), func() {}, nil
	}
	if err != nil {
		return inv.FileError(name, err)
	}
	data, err := inv.ReadAll(command.ContextReader(ctx, r), 0)
	closeFn()
	if err != nil {
		if ctx.Err() != nil {
			return 130
		}
		return inv.FileError(name, err)
	}
	items := map[string]*tsortItem{}
	item := func(s string) *tsortItem {
		it := items[s]
		if it == nil {
			it = &tsortItem{str: s}
			items[s] = it
		}
		return it
	}
	tokens := bytes.FieldsFunc(data, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
	if len(tokens)%2 != 0 {
		inv.Errorf("%s: input contains an odd number of tokens", name)
		return 1
	}
	for i := 0; i < len(tokens); i += 2 {
		j, k := item(string(tokens[i])), item(string(tokens[i+1]))
		if j != k {
			k.count++
			j.succ = append([]*tsortItem{k}, j.succ...)
		}
	}
	sorted := make([]*tsortItem, 0, len(items))
	for _, it := range items {
		sorted = append(sorted, it)
	}
	sort.Slice(sorted, func(a, b int) bool { return sorted[a].str < sorted[b].str })

	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	left := len(sorted)
	for left > 0 {
		if ctx.Err() != nil {
			return 130
		}
		var queue []*tsortItem
		for _, it := range sorted {
			if it.count == 0 && !it.done {
				queue = append(queue, it)
			}
		}
		for len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			w.WriteString(it.str)
			w.WriteByte('\n')
			it.done = true
			left--
			for _, s := range it.succ {
				if s.count--; s.count == 0 {
					queue = append(queue, s)
				}
			}
		}
		if left > 0 {
			w.Flush()
			inv.Errorf("%s: input contains a loop:", name)
			status = 1
			var loop *tsortItem
			for {
				tsortDetectLoop(inv, sorted, &loop)
				if loop == nil {
					break
				}
			}
		}
	}
	return status
}

// tsortDetectLoop is one walk of GNU's detect_loop over the items in
// order. *loop is the head of the path of predecessors followed so far
// (it lasts across walks); when the path comes back to an item on it,
// the loop is printed, one of its relations removed, and *loop cleared.
func tsortDetectLoop(inv *command.Invocation, sorted []*tsortItem, loop **tsortItem) {
	for _, k := range sorted {
		if k.count == 0 {
			continue
		}
		if *loop == nil {
			*loop = k
			continue
		}
		for i, s := range k.succ {
			if s != *loop {
				continue
			}
			if !k.visited {
				k.onPath, k.visited = *loop, true
				*loop = k
				break
			}
			for l := *loop; l != nil; {
				next := l.onPath
				inv.Errorf("%s", l.str)
				if l == k {
					s.count--
					k.succ = append(k.succ[:i:i], k.succ[i+1:]...)
					break
				}
				l.onPath, l.visited = nil, false
				l = next
			}
			for l := k; l != nil; {
				next := l.onPath
				l.onPath, l.visited = nil, false
				l = next
			}
			*loop = nil
			return
		}
	}
}
