package devutil

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"memsh/shell/command"
)

const envsubstHelp = `Usage: envsubst [OPTION] [SHELL-FORMAT]

Substitutes the values of environment variables.

Operation mode:
  -v, --variables             output the variables occurring in SHELL-FORMAT

Informative output:
  -h, --help                  display this help and exit
  -V, --version               output version information and exit

In normal operation mode, standard input is copied to standard output,
with references to environment variables of the form $VARIABLE or ${VARIABLE}
being replaced with the corresponding values.  If a SHELL-FORMAT is given,
only those environment variables that are referenced in SHELL-FORMAT are
substituted; otherwise all environment variables references occurring in
standard input are substituted.

When --variables is used, standard input is ignored, and the output consists
of the environment variables that are referenced in SHELL-FORMAT, one per line.
`

func runEnvsubst(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	vars := fset.BoolP("variables", "v", false, "")
	help := fset.BoolP("help", "h", false, "")
	version := fset.BoolP("version", "V", false, "")
	args, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	switch {
	case *help:
		fmt.Fprint(inv.Stdout, envsubstHelp)
		return 0
	case *version:
		fmt.Fprint(inv.Stdout, "envsubst (GNU gettext-runtime) 0.21\n(memsh's implementation, in Go, over its in-memory filesystem)\n")
		return 0
	case len(args) > 1:
		inv.Errorf("too many arguments")
		return 1
	case *vars && len(args) == 0:
		inv.Errorf("missing arguments")
		return 1
	}
	if *vars {
		w := bufio.NewWriter(inv.Stdout)
		defer w.Flush()
		for _, name := range shellVarRefs(args[0]) {
			w.WriteString(name + "\n")
		}
		return 0
	}
	var only map[string]bool
	if len(args) == 1 {
		only = map[string]bool{}
		for _, name := range shellVarRefs(args[0]) {
			only[name] = true
		}
	}
	value := func(name string) (string, bool) {
		if only != nil && !only[name] {
			return "", false
		}
		v, _ := inv.LookupEnv(name)
		return v, true
	}
	// Line by line: no reference spans a newline.
	r := bufio.NewReader(command.ContextReader(ctx, inv.Stdin))
	w := bufio.NewWriter(inv.Stdout)
	for {
		line, err := inv.ReadLineString(r, '\n')
		substVars(w, line, value)
		if err != nil {
			if ferr := w.Flush(); ferr != nil {
				return outputFailed(ferr)
			}
			if err == io.EOF {
				return 0
			}
			if ctx.Err() != nil {
				return 130
			}
			if command.IsLimit(err) {
				inv.Errorf("error while reading \"%s\": %s", "standard input", err)
				return 1
			}
			inv.Errorf("error while reading \"%s\"", "standard input")
			return 1
		}
		if r.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return outputFailed(err)
			}
		}
	}
}

func nameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func nameChar(c byte) bool  { return nameStart(c) || c >= '0' && c <= '9' }

// varRef finds a $NAME or ${NAME} reference at s[i] (s[i] == '$'): the
// name and the reference's end, or ok false.
func varRef(s string, i int) (name string, end int, ok bool) {
	j := i + 1
	braced := j < len(s) && s[j] == '{'
	if braced {
		j++
	}
	k := j
	if k >= len(s) || !nameStart(s[k]) {
		return "", 0, false
	}
	for k < len(s) && nameChar(s[k]) {
		k++
	}
	if braced {
		if k >= len(s) || s[k] != '}' {
			return "", 0, false
		}
		return s[j:k], k + 1, true
	}
	return s[j:k], k, true
}

// shellVarRefs lists the references in a SHELL-FORMAT, in order, with
// repeats, as envsubst -v prints them.
func shellVarRefs(s string) []string {
	var names []string
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		if name, end, ok := varRef(s, i); ok {
			names = append(names, name)
			i = end - 1
		}
	}
	return names
}

// substVars copies s to w with each reference that value accepts
// replaced by its value.
func substVars(w *bufio.Writer, s string, value func(string) (string, bool)) {
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			w.WriteByte(s[i])
			continue
		}
		name, end, ok := varRef(s, i)
		if !ok {
			w.WriteByte('$')
			continue
		}
		v, sub := value(name)
		if !sub {
			w.WriteString(s[i:end])
		} else {
			w.WriteString(v)
		}
		i = end - 1
	}
}
