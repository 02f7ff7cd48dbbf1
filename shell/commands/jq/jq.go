// Package jq is memsh's jq: the gojq engine with jq 1.6's command line,
// output format, messages and exit statuses, reading inputs from memfs.
package jq

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/itchyny/gojq"

	"memsh/shell/command"
)

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{{
		Name:    "jq",
		Summary: "command-line JSON processor",
		Help:    help,
		Run:     Run,
	}}
}

const help = `Usage:	jq [OPTIONS] FILTER [FILES...]
	jq [OPTIONS] --args FILTER [STRINGS...]
	jq [OPTIONS] --jsonargs FILTER [JSON_TEXTS...]

jq is a tool for processing JSON inputs, applying the given filter to
its JSON text inputs and producing the filter's results as JSON on
standard output. The engine is gojq; objects keep the key order of the
input (or of the filter that builds them) unless -S sorts them.

Options:
  -n, --null-input          use 'null' as the single input value;
  -R, --raw-input           read each line as string instead of JSON;
  -s, --slurp               read all inputs into an array and use it as
                            the single input value;
  -c, --compact-output      compact instead of pretty-printed output;
  -r, --raw-output          output strings without escapes and quotes;
  -j, --join-output         implies -r and output without newline after
                            each output;
  -a, --ascii-output        output strings by only ASCII characters
                            using escape sequences;
  -S, --sort-keys           sort keys of each object on output;
  -C, --color-output        colorize JSON output;
  -M, --monochrome-output   disable colored output;
      --tab                 use tabs for indentation;
      --indent n            use n spaces for indentation (max 7 spaces);
  -e, --exit-status         set exit status code based on the output;
      --arg name value      set $name to the string value;
      --argjson name value  set $name to the JSON value;
      --slurpfile name file set $name to an array of JSON values read
                            from the file;
      --rawfile name file   set $name to string contents of file;
      --stream              parse the input in streaming fashion
      --args                consume remaining arguments as positional
                            string values;
      --jsonargs            consume remaining arguments as positional
                            JSON values;
  -h, --help                show the help;
`

type options struct {
	nullInput, rawInput, slurp              bool
	compact, raw, join, ascii, tab, exitSet bool
	indent                                  int
	names                                   []string
	values                                  []any
	positional                              []any
	filter                                  string
	files                                   []string
	order                                   *keyOrder // nil with -S
	stream                                  bool      // --stream: inputs as path events
}

// Run is the jq command.
func Run(ctx context.Context, inv *command.Invocation) int {
	opts, usage, ok := parseArgs(inv)
	if !ok {
		return usage
	}
	src := substituteLoc(opts.filter)
	if strings.TrimSpace(src) == "" {
		src = "." // jq runs an empty program as the identity; gojq refuses it
	}
	query, err := gojq.Parse(src)
	if err != nil {
		io.WriteString(inv.Stderr, compileError(opts.filter, err))
		return 3
	}
	if opts.order != nil {
		opts.order.scanQuery(query)
		// jq builds $ARGS as {positional, named}, named in option order.
		opts.order.record([]string{"positional", "named"}, filterRank)
		named := make([]string, len(opts.names))
		for i, n := range opts.names {
			named[i] = strings.TrimPrefix(n, "$")
		}
		opts.order.record(named, filterRank)
	}
	key := onlyIndexKey(query)
	names := append(slices.Clone(opts.names), "$ARGS")
	values := append(slices.Clone(opts.values),
		map[string]any{"positional": opts.positional, "named": namedArgs(opts)})
	// The main loop and the input/inputs builtins share one stream.
	inputs, stream := newInputs(ctx, inv, opts)
	if opts.order != nil {
		iterInOrder(query)
	}
	query.FuncDefs = append(slices.Clone(orderedDefs().FuncDefs), query.FuncDefs...)
	code, err := gojq.Compile(query,
		gojq.WithFunction("_memsh_keys_unsorted", 0, 0, opts.order.keysUnsorted),
		gojq.WithFunction("_memsh_tojson", 0, 0, opts.order.toJSON),
		gojq.WithFunction("input_filename", 0, 0, stream.filename),
		gojq.WithFunction("input_line_number", 0, 0, stream.lineNumber),
		gojq.WithFunction("_memsh_fromjson", 0, 0, opts.order.fromJSON),
		gojq.WithFunction("_memsh_tonumber", 0, 0, opts.order.toNumber),
		gojq.WithVariables(names),
		gojq.WithEnvironLoader(func() []string { return inv.Environ }),
		gojq.WithInputIter(inputs))
	if err != nil {
		io.WriteString(inv.Stderr, compileError(opts.filter, err))
		return 3
	}
	if opts.nullInput {
		inputs = gojq.NewIter[any](nil)
	}
	status := run(ctx, inv, opts, code, values, inputs, stream, key)
	if stream.failed && status == 0 {
		status = 2
	}
	return status
}

func namedArgs(opts *options) map[string]any {
	m := make(map[string]any, len(opts.names))
	for i, n := range opts.names {
		m[strings.TrimPrefix(n, "$")] = opts.values[i]
	}
	return m
}

func parseArgs(inv *command.Invocation) (*options, int, bool) {
	opts := &options{indent: 2, order: newKeyOrder()}
	args := inv.Args[1:]
	var rest []string
	argsMode := ""
	filterSet := false
	needArgs := func(i, n int, flag string) bool {
		if i+n >= len(args) {
			inv.Errorf("%s takes %d parameter(s) (e.g. %s name value)", flag, n, flag)
			return false
		}
		return true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		// jq 1.6 reads options anywhere before "--", even among the
		// positional arguments of --args and --jsonargs.
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		// Like jq, only "-" and a letter or "--" make an option: a
		// filter may start with "-" ("-1 | abs", "-.a").
		if !strings.HasPrefix(a, "-") || a == "-" || !(a[1] == '-' || a[1] >= 'a' && a[1] <= 'z' || a[1] >= 'A' && a[1] <= 'Z') {
			if !filterSet {
				opts.filter, filterSet = a, true
			} else {
				rest = append(rest, a)
			}
			continue
		}
		switch a {
		case "--null-input":
			opts.nullInput = true
		case "--raw-input":
			opts.rawInput = true
		case "--slurp":
			opts.slurp = true
		case "--compact-output":
			opts.compact, opts.tab = true, false
		case "--raw-output":
			opts.raw = true
		case "--join-output":
			opts.raw, opts.join = true, true
		case "--ascii-output":
			opts.ascii = true
		case "--sort-keys":
			opts.order = nil
		case "--color-output", "--monochrome-output", "--unbuffered":
		case "--tab":
			opts.tab, opts.compact = true, false
		case "--exit-status":
			opts.exitSet = true
		case "--stream":
			opts.stream = true
		case "--indent":
			if !needArgs(i, 1, a) {
				return nil, 2, false
			}
			n, err := strconv.Atoi(args[i+1])
			if err != nil || n < 0 {
				inv.Errorf("--indent takes a number")
				return nil, 2, false
			}
			if n > 7 {
				inv.Errorf("Cannot indent more than 7 characters")
				return nil, 2, false
			}
			// Like jq's flags, the last of -c, --tab and --indent
			// wins, and --indent 0 is compact output.
			opts.indent, opts.tab, opts.compact = n, false, n == 0
			i++
		case "--arg", "--argjson", "--slurpfile", "--rawfile":
			if !needArgs(i, 2, a) {
				return nil, 2, false
			}
			name, val := args[i+1], args[i+2]
			i += 2
			v, status, ok := argValue(inv, a, val)
			if !ok {
				return nil, status, false
			}
			opts.names = append(opts.names, "$"+name)
			opts.values = append(opts.values, v)
		case "--args", "--jsonargs":
			argsMode = a
		case "--version":
			fmt.Fprintln(inv.Stdout, "jq-1.6") // the jq whose interface memsh's follows
			return nil, 0, false
		default:
			if strings.HasPrefix(a, "--") {
				inv.Errorf("Unknown option: %s", a)
				return nil, inv.Usage(2, ""), false
			}
			for _, c := range a[1:] {
				switch c {
				case 'n':
					opts.nullInput = true
				case 'R':
					opts.rawInput = true
				case 's':
					opts.slurp = true
				case 'c':
					opts.compact, opts.tab = true, false
				case 'r':
					opts.raw = true
				case 'j':
					opts.raw, opts.join = true, true
				case 'a':
					opts.ascii = true
				case 'S':
					opts.order = nil
				case 'C', 'M':
				case 'e':
					opts.exitSet = true
				case 'h':
					fmt.Fprint(inv.Stdout, help)
					return nil, 0, false
				case 'V':
					fmt.Fprintln(inv.Stdout, "jq-1.6")
					return nil, 0, false
				default:
					inv.Errorf("Unknown option: %s", a)
					return nil, inv.Usage(2, ""), false
				}
			}
		}
	}
	// jq 1.6 runs "." when no filter is given and its input or output is
	// not a terminal, which is always so for a command inside memsh.
	if !filterSet {
		opts.filter = "."
	}
	switch argsMode {
	case "--args":
		for _, s := range rest {
			opts.positional = append(opts.positional, s)
		}
	case "--jsonargs":
		for _, s := range rest {
			v, err := parseJSON(s)
			if err != nil {
				inv.Errorf("Invalid JSON text passed to --jsonargs")
				return nil, 2, false
			}
			opts.positional = append(opts.positional, v)
		}
	default:
		opts.files = rest
	}
	if opts.positional == nil {
		opts.positional = []any{}
	}
	return opts, 0, true
}

func argValue(inv *command.Invocation, flag, val string) (any, int, bool) {
	switch flag {
	case "--arg":
		return val, 0, true
	case "--argjson":
		v, err := parseJSON(val)
		if err != nil {
			inv.Errorf("Invalid JSON text passed to --argjson")
			return nil, 2, false
		}
		return v, 0, true
	}
	data, err := inv.ReadFile(context.Background(), val)
	if err != nil {
		inv.Errorf("error: Could not open %s: %s", val, command.Strerror(err))
		return nil, 2, false
	}
	if flag == "--rawfile" {
		return string(data), 0, true
	}
	dec := newDecoder(bytes.NewReader(data))
	vals := []any{}
	for {
		v, err := dec.next()
		if err == io.EOF {
			return vals, 0, true
		}
		if err != nil {
			inv.Errorf("Bad JSON in --slurpfile %s: %v", val, err)
			return nil, 2, false
		}
		vals = append(vals, v)
	}
}

func parseJSON(s string) (any, error) {
	dec := newDecoder(strings.NewReader(s))
	v, err := dec.next()
	if err != nil {
		return nil, err
	}
	if _, err := dec.next(); err != io.EOF {
		return nil, errors.New("trailing data")
	}
	return v, nil
}

func run(ctx context.Context, inv *command.Invocation, opts *options, code *gojq.Code, values []any, inputs gojq.Iter, stream *inputs, key string) int {
	out := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer out.Flush()
	enc := &encoder{w: out, indent: opts.indent, tab: opts.tab, ascii: opts.ascii, order: opts.order}
	if opts.compact {
		enc.indent, enc.tab = -1, false
	}
	status, count := 0, 0
	var last any
	produced := false
	for {
		input, ok := inputs.Next()
		if !ok {
			break
		}
		if err, isErr := input.(error); isErr {
			flushForTerm(inv, out)
			var pe *parseError
			if errors.As(err, &pe) {
				fmt.Fprintf(inv.Stderr, "parse error: %v\n", pe)
				status = 4
				break
			}
			fmt.Fprintf(inv.Stderr, "jq: error (at <stdin>:%d): %v\n", count, err)
			status = 2
			break
		}
		count++
		// jq's status is the last input's: 5 when its filter failed.
		status = 0
		iter := code.RunWithContext(ctx, input, values...)
		for {
			v, ok := iter.Next()
			if !ok {
				break
			}
			if err, isErr := v.(error); isErr {
				var halt *gojq.HaltError
				if errors.As(err, &halt) {
					if hv := halt.Value(); hv != nil {
						flushForTerm(inv, out)
						if s, ok := hv.(string); ok {
							fmt.Fprint(inv.Stderr, s)
						} else {
							b, _ := gojq.Marshal(hv)
							fmt.Fprintf(inv.Stderr, "%s\n", b)
						}
					}
					return halt.ExitCode()
				}
				if ctx.Err() != nil {
					return 130
				}
				flushForTerm(inv, out)
				where := stream.position()
				fmt.Fprintf(inv.Stderr, "jq: error (at %s)%s\n", where, errorText(err, key))
				// An error ends this input's run, as in jq: nothing
				// after it (and no half-built [...] or reduce) is printed.
				status = 5
				break
			}
			produced, last = true, v
			if s, ok := v.(string); ok && opts.raw {
				out.WriteString(s)
			} else {
				enc.encode(v, 0)
			}
			if !opts.join {
				out.WriteByte('\n')
			}
		}
	}
	if status == 0 && opts.exitSet {
		switch {
		case !produced:
			return 4
		case last == nil || last == false:
			return 1
		}
	}
	return status
}

// flushForTerm flushes the output before an error message only when it
// goes to a terminal. jq's stdout is line-buffered on a terminal and
// fully buffered otherwise, so in a pipe or file its error messages come
// before the output still in the buffer (jq ... 2>&1 shows them first).
func flushForTerm(inv *command.Invocation, out *bufio.Writer) {
	if inv.Term {
		out.Flush()
	}
}

// errorText words a run-time error as jq does, from the ": " that
// follows jq's "(at FILE:LINE)": error(value) shows a non-string value
// after "(not a string)", and gojq's messages are reworded as jq's.
func errorText(err error, key string) string {
	var ve gojq.ValueError
	if errors.As(err, &ve) {
		switch v := ve.Value().(type) {
		case string:
			return ": " + v
		default:
			b, _ := gojq.Marshal(v)
			return " (not a string): " + string(b)
		}
	}
	return ": " + jqMessage(err.Error(), key)
}

// lazyRegexp compiles expr on first use: these only reword errors, and
// every memsh start-up would pay for compiling them.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var (
	reBinop     = lazyRegexp(`^cannot (add|subtract|multiply|divide|modulo): (.*) and ((?:null|boolean|number|string|array|object)(?: \(.*\))?)$`)
	reByZero    = lazyRegexp(`^cannot (divide|modulo) (.*) by: (.*)$`)
	reApplied   = lazyRegexp(`^([a-z_0-9@]+)(\(.*\))? cannot be applied to: (.*)$`)
	reArrayItem = lazyRegexp(`^@(csv|tsv|sh) cannot format an array including: (.*)$`)
	reTypeOf    = lazyRegexp(`^(null|boolean|number|string|array|object)`)
	binopVerbs  = map[string]string{"add": "added", "subtract": "subtracted", "multiply": "multiplied",
		"divide": "divided", "modulo": "divided (remainder)"}
)

// jqMessage rewords gojq's message for a run-time error in jq's words,
// for the errors scripts meet most; others keep gojq's wording.
func jqMessage(msg, key string) string {
	preview := func(p string) string {
		if p == "null" {
			return "null (null)"
		}
		return p
	}
	typeOf := func(p string) string { return reTypeOf().FindString(p) }
	if strings.HasPrefix(msg, "flatten depth should not be negative") {
		return "flatten depth must not be negative"
	}
	if p, ok := strings.CutPrefix(msg, "cannot iterate over: "); ok {
		return "Cannot iterate over " + preview(p)
	}
	if p, ok := strings.CutPrefix(msg, "expected an object but got: "); ok && key != "" {
		// gojq does not say which key; the filter's only one is it.
		b, _ := json.Marshal(key)
		return "Cannot index " + typeOf(p) + " with string " + string(b)
	}
	if p, ok := strings.CutPrefix(msg, "expected an array but got: "); ok {
		return "Cannot index " + typeOf(p) + " with number"
	}
	if p, ok := strings.CutPrefix(msg, "expected a string for object key but got: "); ok {
		return "Cannot use " + preview(p) + " as object key"
	}
	if m := reByZero().FindStringSubmatch(msg); m != nil {
		return preview(m[2]) + " and " + preview(m[3]) + " cannot be " + binopVerbs[m[1]] + " because the divisor is zero"
	}
	if m := reBinop().FindStringSubmatch(msg); m != nil {
		return preview(m[2]) + " and " + preview(m[3]) + " cannot be " + binopVerbs[m[1]]
	}
	if m := reArrayItem().FindStringSubmatch(msg); m != nil {
		if m[1] == "sh" {
			return preview(m[2]) + " can not be escaped for shell"
		}
		return preview(m[2]) + " is not valid in a csv row"
	}
	m := reApplied().FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	v := preview(m[3])
	switch name := m[1]; name {
	case "length":
		return v + " has no length"
	case "keys":
		return v + " has no keys"
	case "sort", "sort_by", "group_by", "unique_by", "min_by", "max_by":
		return v + " cannot be sorted, as it is not an array"
	case "implode":
		return "implode input must be an array"
	case "tonumber":
		return v + " cannot be parsed as a number"
	case "test", "match", "capture", "scan", "splits", "sub", "gsub":
		if typeOf(v) == "string" {
			// the regex or flags are what is wrong
			return msg
		}
		return v + " cannot be matched, as it is not a string"
	case "split":
		return "split input and separator must be strings"
	case "startswith", "endswith":
		return name + "() requires string inputs"
	case "ltrimstr", "rtrimstr":
		return msg
	case "@csv", "@tsv":
		return v + " cannot be " + name[1:] + "-formatted, only array"
	case "has":
		arg := strings.TrimSuffix(strings.TrimPrefix(m[2], "("), ")")
		return "Cannot check whether " + typeOf(v) + " has a " + typeOf(jsonType(arg)) + " key"
	}
	return msg
}

// onlyIndexKey returns the key of the filter's .key and ."key" terms
// when they all name the same key, for jq's "Cannot index T with string
// "key"" (gojq's error does not carry the key); "" otherwise.
func onlyIndexKey(q *gojq.Query) string {
	key, many := "", false
	walkQuery(q, func(node any) { // order.go
		ix, ok := node.(*gojq.Index)
		if !ok {
			return
		}
		k := ix.Name
		if ix.Str != nil && ix.Str.Queries == nil {
			k = ix.Str.Str
		}
		if st := ix.Start; st != nil && !ix.IsSlice && st.Term != nil && st.Term.Str != nil && st.Term.Str.Queries == nil {
			k = st.Term.Str.Str // .["key"]
		}
		if k != "" {
			many = many || (key != "" && key != k)
			key = k
		}
	})
	if many {
		return ""
	}
	return key
}

// jsonType names the type of a JSON text as gojq's previews spell it.
func jsonType(text string) string {
	var v any
	if json.Unmarshal([]byte(text), &v) != nil {
		return ""
	}
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// inputs reads the JSON texts (or raw lines) of the files or stdin, in
// order, one value at a time; -s gathers them into one array.
type inputs struct {
	ctx    context.Context
	inv    *command.Invocation
	opts   *options
	files  []string
	cur    *decoder
	raw    *bufio.Reader
	done   bool
	failed bool   // a file could not be opened: jq exits 2 at the end
	name   string // the file being read ("<stdin>"), "" before the first
	// lastDecoder read the latest value, and knows its line; lines
	// counts the raw lines of -R.
	lastDecoder *decoder
	lines       int
	pending     []any // --stream: the events of the value read last
}

func newInputs(ctx context.Context, inv *command.Invocation, opts *options) (gojq.Iter, *inputs) {
	files := opts.files
	if len(files) == 0 {
		files = []string{"-"}
	}
	in := &inputs{ctx: ctx, inv: inv, opts: opts, files: files}
	if opts.slurp {
		return &slurper{in: in}, in
	}
	return in, in
}

func (in *inputs) open() error {
	name := in.files[0]
	in.files = in.files[1:]
	in.name = name
	in.lines, in.lastDecoder = 0, nil
	if name == "-" {
		in.name = "<stdin>"
	}
	var r io.Reader = in.inv.Stdin
	if name != "-" {
		f, err := in.inv.FS.Open(in.inv.Abs(name))
		if err != nil {
			return fmt.Errorf("Could not open %s: %s", name, command.Strerror(err))
		}
		r = f
	}
	if in.opts.rawInput {
		in.raw = bufio.NewReaderSize(r, 64<<10)
	} else {
		in.cur = newDecoder(r)
		in.cur.order = in.opts.order
	}
	return nil
}

// position is where jq says a run-time error happened: the file and
// the number of lines it has read ("<unknown>" before any input), which is the line the value ended on
// when a newline follows it.
func (in *inputs) position() string {
	name := in.name
	if name == "" {
		return "<unknown>" // nothing read yet (-n)
	}
	return fmt.Sprintf("%s:%d", name, in.lineNumber(nil, nil))
}

func (in *inputs) Next() (any, bool) {
	if in.opts.stream {
		for len(in.pending) == 0 {
			v, ok := in.next()
			if !ok {
				return nil, false
			}
			if _, isErr := v.(error); isErr {
				return v, true
			}
			in.pending = streamEvents(v, in.opts.order)
		}
		ev := in.pending[0]
		in.pending = in.pending[1:]
		return ev, true
	}
	return in.next()
}

// streamEvents is --stream's view of v, as jq's tostream: [path, leaf]
// for each scalar or empty container, and [path] after the last child
// of each container, keys in their order.
func streamEvents(v any, order *keyOrder) []any {
	var out []any
	var walk func(path []any, v any)
	walk = func(path []any, v any) {
		at := func(k any) []any { return append(slices.Clone(path), k) }
		switch v := v.(type) {
		case map[string]any:
			if len(v) > 0 {
				keys := order.keys(v)
				for _, k := range keys {
					walk(at(k), v[k])
				}
				out = append(out, []any{at(keys[len(keys)-1])})
				return
			}
		case []any:
			if len(v) > 0 {
				for i, x := range v {
					walk(at(i), x)
				}
				out = append(out, []any{at(len(v) - 1)})
				return
			}
		}
		out = append(out, []any{slices.Clone(path), v})
	}
	walk([]any{}, v)
	return out
}

func (in *inputs) next() (any, bool) {
	for !in.done {
		if in.ctx.Err() != nil {
			in.done = true
			return nil, false
		}
		if in.cur == nil && in.raw == nil {
			if len(in.files) == 0 {
				in.done = true
				return nil, false
			}
			if err := in.open(); err != nil {
				in.inv.Errorf("error: %v", err)
				in.failed = true
				continue
			}
		}
		if in.raw != nil {
			line, err := in.inv.ReadLineString(in.raw, '\n')
			if command.IsLimit(err) {
				in.done = true
				return err, true
			}
			if line != "" {
				if strings.HasSuffix(line, "\n") {
					in.lines++
				}
				return strings.TrimSuffix(line, "\n"), true
			}
			if err != nil {
				in.raw = nil
			}
			continue
		}
		in.lastDecoder = in.cur
		v, err := in.cur.next()
		if err == io.EOF {
			in.cur = nil
			continue
		}
		if err != nil {
			in.done = true
			return err, true
		}
		return v, true
	}
	return nil, false
}

// filename is jq's input_filename: the file being read, null before any.
func (in *inputs) filename(any, []any) any {
	if in.name == "" {
		return nil
	}
	return in.name
}

type slurper struct {
	in   *inputs
	done bool
}

func (s *slurper) Next() (any, bool) {
	if s.done {
		return nil, false
	}
	s.done = true
	if s.in.opts.rawInput {
		var b strings.Builder
		for !s.in.done {
			if s.in.raw == nil {
				if len(s.in.files) == 0 {
					break
				}
				if err := s.in.open(); err != nil {
					s.in.inv.Errorf("error: %v", err)
					s.in.failed = true
					continue
				}
			}
			if _, err := io.Copy(&heldBuilder{&b, s.in.inv}, s.in.raw); err != nil {
				return err, true
			}
			s.in.raw = nil
		}
		return b.String(), true
	}
	all := []any{}
	for {
		v, ok := s.in.Next()
		if !ok {
			return all, true
		}
		if err, isErr := v.(error); isErr {
			return err, true
		}
		all = append(all, v)
	}
}

// heldBuilder is -Rs's buffer: the whole input, bounded by
// command.MaxHeld and the session's memory budget.
type heldBuilder struct {
	b   *strings.Builder
	inv *command.Invocation
}

func (h *heldBuilder) Write(p []byte) (int, error) {
	if h.b.Len()+len(p) > command.MaxHeld {
		return 0, command.HeldLimitError{}
	}
	if err := h.inv.Hold(len(p)); err != nil {
		return 0, err
	}
	return h.b.Write(p)
}

// decoder reads a stream of JSON texts, keeping integers exact; a
// malformed text becomes a *parseError located as jq 1.6 does.
type decoder struct {
	d     *json.Decoder
	t     *tracker
	order *keyOrder // learns the key order of the objects read
}

func newDecoder(r io.Reader) *decoder {
	t := &tracker{r: r}
	d := json.NewDecoder(t)
	d.UseNumber()
	return &decoder{d: d, t: t}
}

func (d *decoder) next() (any, error) {
	var raw json.RawMessage
	if err := d.d.Decode(&raw); err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		var se *json.SyntaxError
		if errors.As(err, &se) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, d.t.locate(err)
		}
		return nil, err
	}
	if off := d.d.InputOffset(); d.t.gluedLiteral(off) {
		return nil, d.t.locate(errors.New("Invalid literal"))
	} else {
		d.t.commit(off)
	}
	if d.order != nil {
		d.order.scan(raw)
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return normalize(v), nil
}

// normalize turns json.Number into the number types gojq computes with.
func normalize(v any) any {
	switch v := v.(type) {
	case json.Number:
		// jq 1.6 holds every number as a double: integers beyond 2^53
		// lose precision and -0 stays negative.
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil && i >= -1<<53 && i <= 1<<53 && string(v) != "-0" {
			return int(i)
		}
		f, _ := strconv.ParseFloat(string(v), 64)
		return f
	case []any:
		for i, x := range v {
			v[i] = normalize(x)
		}
	case map[string]any:
		for k, x := range v {
			v[k] = normalize(x)
		}
	}
	return v
}
