// Package yq is mikefarah/yq v4 over memfs: its own library (yqlib)
// evaluates the expression, parses and prints YAML (comments and key
// order kept), JSON, XML, properties, CSV/TSV, TOML and the rest; memsh
// supplies the command line, the files (read from and written back to
// memfs, `-i` included) and the environment for env() and strenv().
package yq

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/mikefarah/yq/v4/pkg/yqlib"

	"memsh/shell/command"
)

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "yq", Summary: "command-line YAML, JSON and XML processor (mikefarah/yq v4)", Help: yqHelp, Run: Run},
	}
}

// version is the yqlib release memsh links.
const version = "v4.54.3"

// configure sets yqlib's process-wide settings once: its logger would
// write to the host's stderr, and its file, environment and system
// operators reach the host (load(), env(), system). memsh gives env()
// and strenv() the session's variables by rewriting the expression.
var configure = sync.OnceFunc(func() {
	yqlib.GetLogger().SetSlogger(slog.New(slog.DiscardHandler))
	yqlib.ConfiguredSecurityPreferences.DisableFileOps = true
	yqlib.ConfiguredSecurityPreferences.DisableEnvOps = true
	yqlib.ConfiguredSecurityPreferences.EnableSystemOps = false
	yqlib.InitExpressionParser()
})

type options struct {
	all                       bool // eval-all
	inPlace, nullInput        bool
	exitStatus, noDoc         bool
	prettyPrint, nul          bool
	colors, noColors          bool
	outFmt, inFmt             string
	indent                    int
	unwrap                    string // "", "true" or "false" (-r)
	expression, fromFile      string
	headerPreprocess          bool
	compactSeq                bool
	xmlAttrPrefix, xmlContent string
	csvSep                    string
}

// Run is the yq command.
func Run(ctx context.Context, inv *command.Invocation) int {
	configure()
	args := inv.Args[1:]
	o := &options{}
	if len(args) > 0 {
		switch args[0] {
		case "eval", "e":
			args = args[1:]
		case "eval-all", "ea":
			o.all = true
			args = args[1:]
		case "shell-completion", "completion":
			fmt.Fprintln(inv.Stderr, "Error: shell completion is not available in memsh")
			return 1
		}
	}
	fset := inv.NewFlags()
	fset.BoolVarP(&o.inPlace, "inplace", "i", false, "")
	fset.BoolVarP(&o.nullInput, "null-input", "n", false, "")
	fset.BoolVarP(&o.exitStatus, "exit-status", "e", false, "")
	fset.BoolVarP(&o.noDoc, "no-doc", "N", false, "")
	fset.BoolVarP(&o.prettyPrint, "prettyPrint", "P", false, "")
	fset.BoolVarP(&o.nul, "nul-output", "0", false, "")
	fset.BoolVarP(&o.colors, "colors", "C", false, "")
	fset.BoolVarP(&o.noColors, "no-colors", "M", false, "")
	fset.StringVarP(&o.outFmt, "output-format", "o", "auto", "")
	fset.StringVarP(&o.inFmt, "input-format", "p", "auto", "")
	fset.IntVarP(&o.indent, "indent", "I", 2, "")
	fset.StringVarP(&o.unwrap, "unwrapScalar", "r", "", "")
	fset.Lookup("unwrapScalar").NoOptDefVal = "true"
	toJSON := fset.BoolP("tojson", "j", false, "")
	fset.StringVar(&o.expression, "expression", "", "")
	fset.StringVar(&o.fromFile, "from-file", "", "")
	fset.BoolVar(&o.headerPreprocess, "header-preprocess", true, "")
	fset.BoolVarP(&o.compactSeq, "yaml-compact-seq-indent", "c", false, "")
	fset.StringVar(&o.xmlAttrPrefix, "xml-attribute-prefix", "+@", "")
	fset.StringVar(&o.xmlContent, "xml-content-name", "+content", "")
	fset.StringVar(&o.csvSep, "csv-separator", ",", "")
	fset.BoolP("verbose", "v", false, "")
	showVersion := fset.BoolP("version", "V", false, "")
	for _, name := range []string{"security-disable-env-ops", "security-disable-file-ops"} {
		fset.Bool(name, false, "")
	}
	if err := fset.Parse(args); err != nil {
		fmt.Fprintf(inv.Stderr, "Error: %s\n%s", cobraMessage(err), usageText)
		return 1
	}
	if *showVersion {
		fmt.Fprintf(inv.Stdout, "yq (https://github.com/mikefarah/yq/) version %s\n", version)
		return 0
	}
	if *toJSON {
		o.outFmt = "json"
	}
	if o.unwrap != "" && o.unwrap != "true" && o.unwrap != "false" {
		fmt.Fprintf(inv.Stderr, "Error: invalid argument %q for \"-r, --unwrapScalar\" flag: strconv.ParseBool: parsing %q: invalid syntax\n", o.unwrap, o.unwrap)
		return 1
	}
	r := &runner{inv: inv, o: o}
	if err := r.run(ctx, fset.Args()); err != nil {
		fmt.Fprintf(inv.Stderr, "Error: %s\n", err)
		return 1
	}
	return 0
}

// cobraMessage words a flag error as yq's command-line library does.
func cobraMessage(err error) string {
	msg := command.GNUFlagError(err)
	switch {
	case strings.HasPrefix(msg, "unrecognized option '"):
		return "unknown flag: " + strings.TrimSuffix(strings.TrimPrefix(msg, "unrecognized option '"), "'")
	case strings.HasPrefix(msg, "invalid option -- '"):
		c := strings.TrimSuffix(strings.TrimPrefix(msg, "invalid option -- '"), "'")
		return fmt.Sprintf("unknown shorthand flag: '%s' in -%s", c, c)
	}
	return err.Error()
}

type runner struct {
	inv *command.Invocation
	o   *options
}

func (r *runner) isFile(name string) bool {
	fi, err := r.inv.FS.Stat(r.inv.Abs(name))
	return err == nil && !fi.IsDir()
}

// processArgs splits the operands into the expression and the files as
// yq does: stdin joins the files when it is piped and no file is named;
// a first operand that is an existing file is a file (a ".yq" one the
// expression).
func (r *runner) processArgs(args []string) (string, []string, error) {
	expr := r.o.expression
	piped := !r.inv.StdinDevice
	if !r.o.nullInput && piped && len(args) <= 1 && !(len(args) == 1 && r.isFile(args[0])) {
		if !containsDash(args) {
			args = append(args, "-")
		}
	}
	fromFile := r.o.fromFile
	if fromFile == "" && len(args) > 0 && r.isFile(args[0]) && strings.HasSuffix(args[0], ".yq") {
		fromFile, args = args[0], args[1:]
	}
	if fromFile != "" {
		data, err := r.inv.FS.ReadFile(r.inv.Abs(fromFile))
		if err != nil {
			return "", nil, pathError(fromFile, err)
		}
		expr = strings.ReplaceAll(string(data), "\r\n", "\n")
	}
	if expr == "" && len(args) > 0 && args[0] != "-" && !r.isFile(args[0]) {
		expr, args = args[0], args[1:]
	}
	return expr, args, nil
}

func containsDash(args []string) bool {
	for _, a := range args {
		if a == "-" {
			return true
		}
	}
	return false
}

// pathError is Go's os error text, as yq prints it.
func pathError(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("open %s: %s", name, strings.ToLower(command.Strerror(err)[:1])+command.Strerror(err)[1:])
	}
	return err
}

func (r *runner) run(ctx context.Context, args []string) error {
	o := r.o
	expr, files, err := r.processArgs(args)
	if err != nil {
		return err
	}
	if o.inPlace && (len(files) == 0 || files[0] == "-") {
		return errors.New("write in place flag only applicable when giving an expression and at least one file")
	}
	if o.nullInput && len(files) > 0 {
		return errors.New("cannot pass files in when using null-input flag")
	}
	if o.indent < 0 {
		return errors.New("indent must not be negative")
	}
	inName := ""
	if len(files) > 0 {
		inName = files[0]
	}
	inFmt, outFmt, err := formats(o.inFmt, o.outFmt, inName)
	if err != nil {
		return err
	}
	if expr == "" {
		expr = "."
	}
	if o.prettyPrint {
		expr = "(" + expr + ") | " + yqlib.PrettyPrintExp
	}
	expr = r.substituteEnv(expr)
	if len(files) == 0 && !o.nullInput {
		io.WriteString(r.inv.Stdout, usageText)
		return nil
	}

	// -i keeps the result until the run succeeded; otherwise it streams.
	var out bytes.Buffer
	w := r.inv.Stdout
	if o.inPlace {
		w = &out
	}
	colors := !o.noColors && (o.colors || (r.inv.Term && !o.inPlace))
	encoder, err := r.encoder(outFmt, colors)
	if err != nil {
		return err
	}
	printer := yqlib.NewPrinter(encoder, yqlib.NewSinglePrinterWriter(w))
	if o.nul {
		printer.SetNulSepOutput(true)
	}
	decoder, err := r.decoder(inFmt)
	if err != nil {
		return err
	}
	node, err := yqlib.ExpressionParser.ParseExpression(expr)
	if err != nil {
		return err
	}
	if o.all {
		err = r.evalAll(ctx, node, expr, files, printer, decoder)
	} else {
		err = r.evalStream(ctx, node, expr, files, printer, decoder)
	}
	if o.inPlace {
		if err != nil {
			return err
		}
		return r.writeBack(files[0], out.Bytes())
	}
	if err != nil {
		return err
	}
	if o.exitStatus && !printer.PrintedAnything() {
		return errors.New("no matches found")
	}
	return nil
}

// reader opens an input ("-" is stdin). yqlib decodes a document whole,
// so what it reads is held: counted against the session's memory budget
// and the held-input limit, and cut off when ctx ends (`yes | yq`).
func (r *runner) reader(ctx context.Context, name string) (io.Reader, func(), error) {
	if name == "-" {
		return &heldReader{ctx: ctx, inv: r.inv, r: r.inv.Stdin}, func() {}, nil
	}
	f, err := r.inv.FS.Open(r.inv.Abs(name))
	if err != nil {
		return nil, nil, pathError(name, err)
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("read %s: is a directory", name)
	}
	return &heldReader{ctx: ctx, inv: r.inv, r: f}, func() { f.Close() }, nil
}

// heldReader counts every byte read against the invocation's memory and
// command.MaxHeld, and fails once ctx is done.
type heldReader struct {
	ctx  context.Context
	inv  *command.Invocation
	r    io.Reader
	read int
}

func (h *heldReader) Read(p []byte) (int, error) {
	if err := h.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := h.r.Read(p)
	h.read += n
	if h.read > command.MaxHeld {
		return 0, fmt.Errorf("input exceeds the in-memory limit of %d MiB", command.MaxHeld>>20)
	}
	if herr := h.inv.Hold(n); herr != nil {
		return 0, herr
	}
	return n, err
}

// evalStream runs the expression over each document of each file in
// turn (yq eval).
func (r *runner) evalStream(ctx context.Context, node *yqlib.ExpressionNode, expr string, files []string, printer yqlib.Printer, decoder yqlib.Decoder) error {
	ev := yqlib.NewStreamEvaluator()
	if r.o.nullInput {
		return ev.EvaluateNew(expr, printer)
	}
	var docs uint
	for _, name := range files {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		rd, done, err := r.reader(ctx, name)
		if err != nil {
			return err
		}
		n, err := ev.Evaluate(name, rd, node, printer, decoder)
		done()
		if err != nil {
			return err
		}
		docs += n
	}
	if docs == 0 {
		return ev.EvaluateNew(expr, printer)
	}
	return nil
}

// collector is a Printer that keeps the documents it is given: run with
// ".", the stream evaluator hands it every document with its file name
// and index set, ready for eval-all.
type collector struct{ docs *list.List }

func (c *collector) PrintResults(l *list.List) error {
	c.docs.PushBackList(l)
	return nil
}
func (c *collector) PrintedAnything() bool { return c.docs.Len() > 0 }
func (c *collector) SetAppendix(io.Reader) {}
func (c *collector) SetNulSepOutput(bool)  {}

// evalAll runs the expression once over every document of every file
// (yq eval-all).
func (r *runner) evalAll(ctx context.Context, node *yqlib.ExpressionNode, expr string, files []string, printer yqlib.Printer, decoder yqlib.Decoder) error {
	if r.o.nullInput {
		return yqlib.NewStreamEvaluator().EvaluateNew(expr, printer)
	}
	identity, err := yqlib.ExpressionParser.ParseExpression(".")
	if err != nil {
		return err
	}
	c := &collector{docs: list.New()}
	reader := yqlib.NewStreamEvaluator()
	for _, name := range files {
		rd, done, err := r.reader(ctx, name)
		if err != nil {
			return err
		}
		_, err = reader.Evaluate(name, rd, identity, c, decoder)
		done()
		if err != nil {
			return err
		}
	}
	for e := c.docs.Front(); e != nil; e = e.Next() {
		e.Value.(*yqlib.CandidateNode).EvaluateTogether = true
	}
	if c.docs.Len() == 0 {
		return yqlib.NewStreamEvaluator().EvaluateNew(expr, printer)
	}
	matches, err := yqlib.NewAllAtOnceEvaluator().EvaluateCandidateNodes(expr, c.docs)
	if err != nil {
		return err
	}
	return printer.PrintResults(matches)
}

// writeBack replaces the file's content, keeping its mode (yq -i).
func (r *runner) writeBack(name string, data []byte) error {
	abs := r.inv.Abs(name)
	mode := fs.FileMode(0o644)
	if fi, err := r.inv.FS.Stat(abs); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := r.inv.FS.WriteFile(abs, data, mode); err != nil {
		return pathError(name, err)
	}
	return nil
}

// formats picks the input and output formats as yq does: "auto" takes
// the first file's extension (YAML when unknown) and the output follows
// the input.
func formats(in, out, filename string) (*yqlib.Format, *yqlib.Format, error) {
	auto := func(s string) bool { return s == "" || s == "auto" || s == "a" }
	if auto(in) {
		in = yqlib.FormatStringFromFilename(filename)
		if _, err := yqlib.FormatFromString(in); err != nil {
			in = "yaml"
			if auto(out) {
				out = "yaml"
			}
		} else if auto(out) {
			out = in
		}
	} else if auto(out) {
		out = "yaml"
	}
	inF, err := yqlib.FormatFromString(in)
	if err != nil {
		return nil, nil, err
	}
	outF, err := yqlib.FormatFromString(out)
	if err != nil {
		return nil, nil, err
	}
	return inF, outF, nil
}

func (r *runner) unwrapScalar(f *yqlib.Format) bool {
	if r.o.unwrap != "" {
		return r.o.unwrap == "true"
	}
	return f == yqlib.YamlFormat || f == yqlib.PropertiesFormat
}

// encoder builds the output encoder from this run's settings (never
// from yqlib's shared preferences, which another session may be using).
// A format the build leaves out (Makefile's TAGS) has a nil encoder.
func (r *runner) encoder(f *yqlib.Format, colors bool) (yqlib.Encoder, error) {
	enc, own := r.ownEncoder(f, colors)
	if !own && f.EncoderFactory != nil {
		enc = f.EncoderFactory()
	}
	if enc == nil {
		return nil, fmt.Errorf("no support for %s output format", f.FormalName)
	}
	return enc, nil
}

// ownEncoder is the encoder of a format whose settings memsh passes
// itself (own is false for the others).
func (r *runner) ownEncoder(f *yqlib.Format, colors bool) (enc yqlib.Encoder, own bool) {
	unwrap := r.unwrapScalar(f)
	switch f {
	case yqlib.YamlFormat:
		p := yqlib.NewDefaultYamlPreferences()
		p.Indent, p.ColorsEnabled, p.UnwrapScalar = r.o.indent, colors, unwrap
		p.PrintDocSeparators = !r.o.noDoc
		p.LeadingContentPreProcessing = r.o.headerPreprocess
		p.CompactSequenceIndent = r.o.compactSeq
		return yqlib.NewYamlEncoder(p), true
	case yqlib.JSONFormat:
		p := yqlib.NewDefaultJsonPreferences()
		p.Indent, p.ColorsEnabled, p.UnwrapScalar = r.o.indent, colors, unwrap
		return yqlib.NewJSONEncoder(p), true
	case yqlib.XMLFormat:
		p := r.xmlPrefs()
		p.Indent = r.o.indent
		return yqlib.NewXMLEncoder(p), true
	case yqlib.PropertiesFormat:
		p := yqlib.NewDefaultPropertiesPreferences()
		p.UnwrapScalar = unwrap
		return yqlib.NewPropertiesEncoder(p), true
	case yqlib.CSVFormat:
		p := yqlib.NewDefaultCsvPreferences()
		if sep, ok := r.separator(); ok {
			p.Separator = sep
		}
		return yqlib.NewCsvEncoder(p), true
	}
	return nil, false
}

func (r *runner) separator() (rune, bool) {
	s := r.o.csvSep
	if s == "\\t" {
		s = "\t"
	}
	if len(s) != 1 {
		return 0, false
	}
	return rune(s[0]), true
}

func (r *runner) xmlPrefs() yqlib.XmlPreferences {
	p := yqlib.NewDefaultXmlPreferences()
	p.AttributePrefix, p.ContentName = r.o.xmlAttrPrefix, r.o.xmlContent
	return p
}

func (r *runner) decoder(f *yqlib.Format) (yqlib.Decoder, error) {
	switch f {
	case yqlib.YamlFormat:
		p := yqlib.NewDefaultYamlPreferences()
		p.LeadingContentPreProcessing = r.o.headerPreprocess
		p.EvaluateTogether = r.o.all
		return yqlib.NewYamlDecoder(p), nil
	case yqlib.XMLFormat:
		return yqlib.NewXMLDecoder(r.xmlPrefs()), nil
	case yqlib.CSVFormat:
		p := yqlib.NewDefaultCsvPreferences()
		if sep, ok := r.separator(); ok {
			p.Separator = sep
		}
		return yqlib.NewCSVObjectDecoder(p), nil
	}
	if f.DecoderFactory == nil {
		return nil, fmt.Errorf("no support for %s input format", f.FormalName)
	}
	dec := f.DecoderFactory()
	if dec == nil {
		return nil, fmt.Errorf("no support for %s input format", f.FormalName)
	}
	return dec, nil
}

// envCall matches env(NAME) and strenv(NAME), which yq's lexer reads as
// one token each.
// Compiled on first use: package init runs in every memsh process.
var envCall = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(str)?env\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)`)
})

// substituteEnv gives env() and strenv() the session's variables (yqlib
// would read the host's): strenv(X) becomes X's value as a string
// literal, env(X) that literal parsed as YAML. Text inside string
// literals is left alone.
func (r *runner) substituteEnv(expr string) string {
	var b strings.Builder
	inString := false
	last := 0
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		if inString {
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
			continue
		}
		m := envCall().FindStringSubmatchIndex(expr[i:])
		if m == nil || m[0] != 0 || (i > 0 && isIdent(expr[i-1])) {
			continue
		}
		name := expr[i+m[4] : i+m[5]]
		val, set := r.inv.LookupEnv(name)
		lit := strconv.Quote(val)
		b.WriteString(expr[last:i])
		switch {
		case m[2] >= 0:
			b.WriteString(lit)
		case !set:
			b.WriteString(`error("value for env variable '` + name + `' not provided in env()")`)
		default:
			b.WriteString("(" + lit + " | from_yaml)")
		}
		i += m[1] - 1
		last = i + 1
	}
	b.WriteString(expr[last:])
	return b.String()
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
