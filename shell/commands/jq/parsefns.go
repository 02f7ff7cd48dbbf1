package jq

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/itchyny/gojq"
)

// fromJSON is jq 1.6's fromjson: the string parsed by jq's own parser,
// with its messages ("Unfinished JSON term at EOF at line 1, column 2
// (while parsing '[1')"), object keys in the text's order.
func (o *keyOrder) fromJSON(v any, _ []any) any {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("%s (%s) only strings can be parsed", typeName(v), preview(v))
	}
	return o.parseText(s)
}

// toNumber is jq 1.6's tonumber: a number as it is, a string parsed as
// JSON text that must be a number.
func (o *keyOrder) toNumber(v any, _ []any) any {
	switch v := v.(type) {
	case int, float64:
		return v
	case string:
		n := o.parseText(v)
		switch n.(type) {
		case int, float64, error:
			return n
		}
	}
	return fmt.Errorf("%s (%s) cannot be parsed as a number", typeName(v), preview(v))
}

func (o *keyOrder) parseText(s string) any {
	d := newDecoder(strings.NewReader(s))
	d.order = o
	v, err := d.next()
	if err == nil {
		if _, err2 := d.next(); err2 == nil {
			err = errors.New("Unexpected extra JSON values")
		} else if err2 != io.EOF {
			err = err2
		}
	} else if err == io.EOF {
		err = errors.New("Expected JSON value")
	}
	if err != nil {
		return fmt.Errorf("%v (while parsing '%s')", err, s)
	}
	return v
}

func preview(v any) string {
	b, _ := gojq.Marshal(v)
	return string(b)
}

// substituteLoc writes jq's $__loc__ into the filter, which gojq lacks:
// {"file":"<top-level>","line":N} for each use on line N.
func substituteLoc(src string) string {
	uses := findUses(src, "$__loc__", false)
	for i := len(uses) - 1; i >= 0; i-- {
		off := uses[i]
		line := strings.Count(src[:off], "\n") + 1
		src = src[:off] + `{"file":"<top-level>","line":` + strconv.Itoa(line) + `}` + src[off+len("$__loc__"):]
	}
	return src
}

// lineNumber is jq's input_line_number: the lines the parser has read.
func (in *inputs) lineNumber(any, []any) any {
	if in.name == "" {
		return 0
	}
	line := in.lines
	if d := in.lastDecoder; d != nil {
		line = d.t.line
		if strings.IndexByte(string(d.t.pending), '\n') >= 0 || !d.t.eof {
			line++
		}
	}
	return line
}
