package shell

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// redirLinePath prefixes the word of a plain file redirection (see
// markRedirLine): redirLinePath + LINE + "/" + ID + "/", then the word's
// own expansion. ID, when not empty, indexes the word's text in
// core.redirTexts: the word was one unquoted expansion ($x, ${x:-y},
// $(cmd)), which bash splits into fields.
const redirLinePath = "/dev/fd/" + internalPrefix + "rl/"

// markRedirLines gives each redirection of fd 0, 1 or 2 to or from a
// file (< > >> >| &> &>>) the line it is on, because mvdan/sh calls the
// open handler without a position and bash names the line: "bash: line
// 3: nosuch: No such file or directory". A word that is one unquoted
// expansion also gets its text recorded: bash splits its value, and one
// that splits into no field or several is "bash: line 1: $x: ambiguous
// redirect", where mvdan/sh opened a file named by the whole value.
func (c *core) markRedirLines(st *syntax.Stmt) {
	for _, rd := range st.Redirs {
		c.markRedirLine(rd)
	}
}

func (c *core) markRedirLine(rd *syntax.Redirect) {
	clobber := ""
	switch rd.Op {
	case syntax.ClbOut:
		// `>|` (which mvdan/sh does not run) is `>` that overrides
		// set -C; the mark's ID says so (see noclobber).
		rd.Op, clobber = syntax.RdrOut, "!"
	case syntax.RdrIn, syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll:
	default:
		return
	}
	if rd.Word == nil || len(rd.Word.Parts) == 0 || fdTarget(rd) || !rd.OpPos.IsValid() {
		return
	}
	for _, part := range rd.Word.Parts {
		switch part := part.(type) {
		case *syntax.ProcSubst:
			return // a path memsh makes
		case *syntax.Lit:
			if strings.HasPrefix(part.Value, "/dev/fd/"+internalPrefix) {
				return // already one of the fd rewrites' paths
			}
		case *syntax.SglQuoted:
			if strings.HasPrefix(part.Value, "/dev/fd/"+internalPrefix) {
				return
			}
		}
	}
	id := ""
	if len(rd.Word.Parts) == 1 {
		switch rd.Word.Parts[0].(type) {
		case *syntax.ParamExp, *syntax.CmdSubst:
			var b strings.Builder
			syntax.NewPrinter().Print(&b, rd.Word)
			c.redirMu.Lock()
			id = strconv.Itoa(len(c.redirTexts))
			c.redirTexts = append(c.redirTexts, b.String())
			c.redirMu.Unlock()
		}
	}
	mark := &syntax.SglQuoted{Value: redirLinePath + strconv.Itoa(int(rd.OpPos.Line())) + "/" + clobber + id + "/"}
	rd.Word = &syntax.Word{Parts: append([]syntax.WordPart{mark}, tildeHome(rd.Word.Parts)...)}
}

// redirLine takes markRedirLines' prefix off p: the path to open, the
// line, the word's text when it was one unquoted expansion, and whether
// the redirection was `>|`.
func (c *core) redirLine(p string) (path, line, text string, split, clobber bool) {
	rest, ok := strings.CutPrefix(p, redirLinePath)
	if !ok {
		return p, "", "", false, false
	}
	line, rest, _ = strings.Cut(rest, "/")
	id, path, _ := strings.Cut(rest, "/")
	id, clobber = strings.CutPrefix(id, "!")
	if id == "" {
		return path, line, "", false, clobber
	}
	n, _ := strconv.Atoi(id)
	c.redirMu.Lock()
	defer c.redirMu.Unlock()
	if n < 0 || n >= len(c.redirTexts) {
		return path, line, "", false, clobber
	}
	return path, line, c.redirTexts[n], true, clobber
}

// noclobber is set -C: a redirection with > (not >|) refuses to
// truncate an existing regular file, as bash's does.
func (c *core) noclobber(hc interp.HandlerContext, p string, flag int, clobber bool) error {
	if clobber || flag&os.O_TRUNC == 0 || flag&os.O_CREATE == 0 || !setOptState(hc, "noclobber") {
		return nil
	}
	if info, err := c.fs.Stat(absPath(hc.Dir, p)); err == nil && info.Mode().IsRegular() {
		return &fs.PathError{Op: "bash:", Path: p, Err: errors.New("cannot overwrite existing file")}
	}
	return nil
}

// splitRedirWord is bash's field splitting of a redirection word that
// was one unquoted expansion: the one field it must make, or an
// "ambiguous redirect" error naming the word as written.
func splitRedirWord(hc interp.HandlerContext, value, text string) (string, error) {
	ifs := " \t\n"
	if v := hc.Env.Get("IFS"); v.IsSet() {
		ifs = v.String()
	}
	fields := strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(ifs, r) })
	if len(fields) != 1 {
		return "", &fs.PathError{Op: "bash:", Path: text, Err: errors.New("ambiguous redirect")}
	}
	return fields[0], nil
}

// redirError puts the redirection's line into err as bash does (in a
// script, or below the top level of the prompt), under the script's
// name; bash -c words one in a function body "environment: line N:".
func (c *core) redirError(ctx context.Context, hc interp.HandlerContext, err error, line string) error {
	if line == "" || err == nil {
		return err
	}
	var pe *fs.PathError
	if !c.opts.Script || !errors.As(err, &pe) {
		return c.atLine(ctx, err, line)
	}
	name := c.scriptName()
	if !c.opts.FromFile && funcDepth(hc.Env) > 0 {
		name = "environment"
	}
	return &fs.PathError{Op: name + ": line " + line + ":", Path: pe.Path, Err: pe.Err}
}

// shiftRedirLines adds by to the line of every redirection
// markRedirLines marked in f.
func shiftRedirLines(f syntax.Node, by uint) {
	syntax.Walk(f, func(n syntax.Node) bool {
		rd, ok := n.(*syntax.Redirect)
		if !ok || rd.Word == nil || len(rd.Word.Parts) == 0 {
			return true
		}
		q, ok := rd.Word.Parts[0].(*syntax.SglQuoted)
		if !ok {
			return true
		}
		rest, ok := strings.CutPrefix(q.Value, redirLinePath)
		if !ok {
			return true
		}
		line, tail, _ := strings.Cut(rest, "/")
		if n, err := strconv.ParseUint(line, 10, 32); err == nil {
			q.Value = redirLinePath + strconv.FormatUint(n+uint64(by), 10) + "/" + tail
		}
		return true
	})
}
