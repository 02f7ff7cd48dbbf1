package sysutil

import (
	"context"
	"fmt"
	"strings"

	"memsh/shell/command"
)

func runEnv(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'i', "ignore-environment", noArg, "i"},
		{'0', "null", noArg, "0"},
		{'u', "unset", requiredArg, "u"},
		{'C', "chdir", requiredArg, "C"},
		// Signal dispositions mean nothing to in-process commands; the
		// options are accepted so scripts (and abbreviations) parse as GNU's.
		// The order is GNU's, which getopt's "ambiguous" message follows.
		{0, "default-signal", optionalArg, "sig"},
		{0, "ignore-signal", optionalArg, "sig"},
		{0, "block-signal", optionalArg, "sig"},
		{0, "list-signal-handling", noArg, "sig"},
		{'v', "debug", noArg, "v"},
		{'S', "split-string", requiredArg, "S"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	args := inv.Args[1:]
	var opts []opt
	var operands []string
	// -S splits its argument into more arguments, which are parsed in
	// turn (GNU's "#!/usr/bin/env -S cmd args" idiom).
	for {
		o, rest, ok := getopt(inv, args, specs, true, nil)
		if !ok {
			return 125
		}
		split := -1
		for i, x := range o {
			if x.Key == "S" {
				split = i
				break
			}
		}
		if split < 0 {
			opts = append(opts, o...)
			operands = rest
			break
		}
		words, err := splitString(inv, o[split].Value)
		if err != "" {
			inv.Errorf("%s", err)
			return 125
		}
		opts = append(opts, o[:split]...)
		// Options after -S in the same getopt pass are reparsed from the
		// remaining words (a rare case; -S is normally last).
		args = append(words, rest...)
		opts = append(opts, o[split+1:]...)
	}
	var ignore, null, debug bool
	var unset []string
	chdir := ""
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "env")
		case "version":
			return printVersion(inv, "env")
		case "i":
			ignore = true
		case "0":
			null = true
		case "u":
			unset = append(unset, o.Value)
		case "C":
			chdir = o.Value
		case "v":
			debug = true
		}
	}
	if len(operands) > 0 && operands[0] == "-" {
		ignore = true
		operands = operands[1:]
	}
	env := []string{}
	if !ignore {
		env = append(env, inv.Environ...)
	} else if debug {
		fmt.Fprintln(inv.Stderr, "cleaning environ")
	}
	for _, name := range unset {
		if name == "" || strings.Contains(name, "=") {
			inv.Errorf("cannot unset %s: Invalid argument", quote(inv, name))
			return 125
		}
		if debug {
			fmt.Fprintf(inv.Stderr, "unset:    %s\n", name)
		}
		env = envUnset(env, name)
	}
	for len(operands) > 0 && strings.Contains(operands[0], "=") {
		if debug {
			fmt.Fprintf(inv.Stderr, "setenv:   %s\n", operands[0])
		}
		k, _, _ := strings.Cut(operands[0], "=")
		env = envSet(env, k, operands[0])
		operands = operands[1:]
	}
	if len(operands) == 0 {
		if chdir != "" {
			return inv.Usage(125, "must specify command with --chdir (-C)")
		}
		w := newWriter(inv.Stdout)
		end := "\n"
		if null {
			end = "\x00"
		}
		for _, kv := range env {
			w.WriteString(kv)
			w.WriteString(end)
		}
		return finish(inv, w, 0)
	}
	if null {
		return inv.Usage(125, "cannot specify --null (-0) with command")
	}
	argv := operands
	if chdir != "" {
		fi, err := inv.FS.Stat(inv.Abs(chdir))
		if err == nil && !fi.IsDir() {
			err = fmt.Errorf("%s", "Not a directory")
		}
		if err != nil {
			// GNU quotes the name as quoteaf does: 'dir'.
			inv.Errorf("cannot change directory to %s: %s", command.ShellQuote(chdir, true), command.Strerror(err))
			return 125
		}
		if debug {
			fmt.Fprintf(inv.Stderr, "chdir:    %s\n", quote(inv, chdir))
		}
		// inv.Exec runs in the shell's directory; a child shell moves
		// first, then replaces itself with the command.
		argv = append([]string{"sh", "-c", `cd -- "$0" && "$@"`, chdir}, operands...)
	}
	if debug {
		fmt.Fprintf(inv.Stderr, "executing: %s\n", operands[0])
		for i, a := range operands {
			fmt.Fprintf(inv.Stderr, "   arg[%d]= %s\n", i, quote(inv, a))
		}
	}
	return execNamed(ctx, inv, argv, operands[0], env)
}

// execNamed runs argv with env for env, timeout-like callers and maps a
// missing or non-executable command to GNU's messages and statuses.
func execNamed(ctx context.Context, inv *command.Invocation, argv []string, name string, env []string) int {
	if strings.Contains(name, "/") {
		if st, why := unrunnablePath(inv, name); st != 0 {
			inv.Errorf("%s: %s", quote(inv, name), why)
			return st
		}
		if _, denied := lookPath(inv, name, ""); denied {
			inv.Errorf("%s: Permission denied", quote(inv, name))
			return 126
		}
	}
	res := runCommand(ctx, inv, argv, env, inv.Stdio)
	if res.NotFound {
		inv.Errorf("%s: No such file or directory", quote(inv, name))
		return 127
	}
	return res.Status
}

func envUnset(env []string, name string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); k != name {
			out = append(out, kv)
		}
	}
	return out
}

// envSet replaces name's entry in place or appends kv, as setenv does.
func envSet(env []string, name, kv string) []string {
	for i, e := range env {
		if k, _, _ := strings.Cut(e, "="); k == name {
			env[i] = kv
			return env
		}
	}
	return append(env, kv)
}

// splitString splits env -S's argument: blanks separate words; '...'
// is literal; "..." allows \" \\ \$ and escapes; ${VAR} expands from
// the environment; \_ is a blank inside a word; \c ends the string;
// # at the start of a word begins a comment.
func splitString(inv *command.Invocation, s string) ([]string, string) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			return words, ""
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, "no terminating quote in -S string"
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
					e, stop, err := splitEscape(s[i], true)
					if err != "" {
						return nil, err
					}
					if stop {
						return nil, "'\\c' must not appear in double-quoted -S string"
					}
					cur.WriteString(e)
					continue
				}
				if s[i] == '$' {
					v, n, err := splitVar(inv, s[i:])
					if err != "" {
						return nil, err
					}
					cur.WriteString(v)
					i += n - 1
					continue
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, "no terminating quote in -S string"
			}
		case c == '\\':
			if i+1 >= len(s) {
				return nil, "invalid backslash at end of string in -S"
			}
			i++
			e, stop, err := splitEscape(s[i], false)
			if err != "" {
				return nil, err
			}
			if stop {
				if inWord {
					words = append(words, cur.String())
				}
				return words, ""
			}
			if s[i] == '_' && !inWord {
				// \_ outside a word separates like a blank.
				continue
			}
			inWord = true
			cur.WriteString(e)
		case c == '$':
			v, n, err := splitVar(inv, s[i:])
			if err != "" {
				return nil, err
			}
			inWord = true
			cur.WriteString(v)
			i += n - 1
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, ""
}

func splitEscape(c byte, quoted bool) (string, bool, string) {
	switch c {
	case '"', '\'', '\\', '$', '#':
		return string(c), false, ""
	case '_':
		return " ", false, ""
	case 'c':
		return "", true, ""
	case 'f':
		return "\f", false, ""
	case 'n':
		return "\n", false, ""
	case 'r':
		return "\r", false, ""
	case 't':
		return "\t", false, ""
	case 'v':
		return "\v", false, ""
	}
	return "", false, fmt.Sprintf("invalid sequence '\\%c' in -S", c)
}

// splitVar expands "${NAME}" at the start of s; it returns the value and
// the number of bytes consumed.
func splitVar(inv *command.Invocation, s string) (string, int, string) {
	if !strings.HasPrefix(s, "${") {
		return "", 0, "only ${VARNAME} expansion is supported, error at: " + s
	}
	end := strings.IndexByte(s, '}')
	if end < 0 {
		return "", 0, "only ${VARNAME} expansion is supported, error at: " + s
	}
	return inv.Getenv(s[2:end]), end + 1, ""
}
