package interp

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
)

// syntaxCases pin bash's syntax error messages, one case per kind of
// message and where it is printed from: each script's stdout, stderr
// and status were recorded from bash 5.2 (bash -c SCRIPT), and
// TestSyntaxMessages checks the recording against the host's bash too
// when there is one.
var syntaxCases = []struct {
	name, script, stdout, stderr string
	status                       int
}{
	{"token_then", "if then", "", "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `if then'\n", 2},
	{"token_fi_after_lines", "echo a\nfi\necho b", "a\n", "bash: -c: line 2: syntax error near unexpected token `fi'\nbash: -c: line 2: `fi'\n", 2},
	{"token_same_line", "echo a; if then", "", "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `echo a; if then'\n", 2},
	{"token_newline", "echo >", "", "bash: -c: line 1: syntax error near unexpected token `newline'\nbash: -c: line 1: `echo >'\n", 2},
	{"token_newline_for", "for", "", "bash: -c: line 1: syntax error near unexpected token `newline'\nbash: -c: line 1: `for'\n", 2},
	{"token_paren", "echo )", "", "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `echo )'\n", 2},
	{"token_word_after_paren", "echo (a)", "", "bash: -c: line 1: syntax error near unexpected token `a'\nbash: -c: line 1: `echo (a)'\n", 2},
	{"token_open_paren", "a b (c)", "", "bash: -c: line 1: syntax error near unexpected token `('\nbash: -c: line 1: `a b (c)'\n", 2},
	{"token_second_line", "if true\nthen echo a; fi fi", "", "bash: -c: line 2: syntax error near unexpected token `fi'\nbash: -c: line 2: `then echo a; fi fi'\n", 2},
	{"token_after_subshell", "(if true; then echo; fi)x", "", "bash: -c: line 1: syntax error near unexpected token `x'\nbash: -c: line 1: `(if true; then echo; fi)x'\n", 2},
	{"token_close_in_cond", "(if true)", "", "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `(if true)'\n", 2},
	{"token_double_semi", "echo a;;", "", "bash: -c: line 1: syntax error near unexpected token `;;'\nbash: -c: line 1: `echo a;;'\n", 2},
	{"token_andand", "&& echo", "", "bash: -c: line 1: syntax error near unexpected token `&&'\nbash: -c: line 1: `&& echo'\n", 2},
	{"token_pipe", "| echo", "", "bash: -c: line 1: syntax error near unexpected token `|'\nbash: -c: line 1: `| echo'\n", 2},
	{"token_triple_pipe", "echo a ||| b", "", "bash: -c: line 1: syntax error near unexpected token `|'\nbash: -c: line 1: `echo a ||| b'\n", 2},
	{"token_redirect", "echo < <", "", "bash: -c: line 1: syntax error near unexpected token `<'\nbash: -c: line 1: `echo < <'\n", 2},
	{"token_for_body", "for x in a; echo; done", "", "bash: -c: line 1: syntax error near unexpected token `echo'\nbash: -c: line 1: `for x in a; echo; done'\n", 2},
	{"token_semicolon", "if true; then :; else; fi", "", "bash: -c: line 1: syntax error near unexpected token `;'\nbash: -c: line 1: `if true; then :; else; fi'\n", 2},
	{"token_brace_paren", "{ echo; )", "", "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `{ echo; )'\n", 2},
	{"token_case_newline", "case x in a) echo;; b", "", "bash: -c: line 1: syntax error near unexpected token `newline'\nbash: -c: line 1: `case x in a) echo;; b'\n", 2},
	{"token_after_heredoc", "echo a\ncat <<EOF\nb\nEOF\nfi", "a\nb\n", "bash: -c: line 5: syntax error near unexpected token `fi'\nbash: -c: line 5: `fi'\n", 2},
	{"token_comment", "echo a # c )\nfi", "a\n", "bash: -c: line 2: syntax error near unexpected token `fi'\nbash: -c: line 2: `fi'\n", 2},
	{"eof_then", "if true; then", "", "bash: -c: line 2: syntax error: unexpected end of file\n", 2},
	{"eof_then_blank_lines", "if true; then\n\necho", "", "bash: -c: line 4: syntax error: unexpected end of file\n", 2},
	{"eof_pipe", "echo a | ", "", "bash: -c: line 2: syntax error: unexpected end of file\n", 2},
	{"eof_andand", "echo a &&", "", "bash: -c: line 2: syntax error: unexpected end of file\n", 2},
	{"eof_case", "case x in", "", "bash: -c: line 2: syntax error: unexpected end of file\n", 2},
	{"eof_brace", "f() { echo", "", "bash: -c: line 2: syntax error: unexpected end of file\n", 2},
	{"eof_subshell", "(echo", "", "bash: -c: line 2: syntax error: unexpected end of file\n", 2},
	{"eof_case_item", "case x in a) echo; b", "", "bash: -c: line 2: syntax error: unexpected end of file\n", 2},
	{"match_dquote", "echo \"a", "", "bash: -c: line 1: unexpected EOF while looking for matching `\"'\n", 2},
	{"match_dquote_lines", "echo \"a\nb", "", "bash: -c: line 1: unexpected EOF while looking for matching `\"'\n", 2},
	{"match_squote", "echo 'a", "", "bash: -c: line 1: unexpected EOF while looking for matching `''\n", 2},
	{"match_backquote", "echo `ls", "", "bash: -c: line 1: unexpected EOF while looking for matching ``'\n", 2},
	{"match_dollar_squote", "echo $'abc", "", "bash: -c: line 1: unexpected EOF while looking for matching `''\n", 2},
	{"match_comsub", "echo $(ls", "", "bash: -c: line 2: unexpected EOF while looking for matching `)'\n", 2},
	{"match_procsubst", "echo <(ls", "", "bash: -c: line 2: unexpected EOF while looking for matching `)'\n", 2},
	{"match_param", "echo ${a", "", "bash: -c: line 1: unexpected EOF while looking for matching `}'\n", 2},
	{"match_arith", "echo $((1+2", "", "bash: -c: line 1: unexpected EOF while looking for matching `)'\n", 2},
	{"match_arith_cmd", "((1+2", "", "bash: -c: line 1: unexpected EOF while looking for matching `)'\n", 2},
	{"match_old_arith", "echo $[1+", "", "bash: -c: line 1: unexpected EOF while looking for matching `]'\n", 2},
	{"match_subscript", "a[1", "", "bash: -c: line 1: unexpected EOF while looking for matching `]'\n", 2},
	{"match_cond", "[[ a == b", "", "bash: -c: line 1: unexpected EOF while looking for `]]'\n", 2},
	{"cond_unexpected_token", "[[ || true ]]\necho next", "", "bash: -c: line 1: unexpected token `||' in conditional command\n", 0},
	{"cond_binary_argument", "[[ a = ]]\necho next", "", "bash: -c: line 1: unexpected argument `]]' to conditional binary operator\n", 0},
	{"cond_unary_argument", "[[ -f ]]", "", "bash: -c: line 1: unexpected argument `]]' to conditional unary operator\n", 0},
	{"cond_binary_expected", "[[ a b ]]", "", "bash: -c: line 1: conditional binary operator expected\n", 0},
	{"cond_paren", "[[ ( a ]]", "", "bash: -c: line 1: unexpected token `]]', expected `)'\n", 0},
	{"cond_newline", "[[ a\necho next", "", "bash: -c: line 1: unexpected token `newline', conditional binary operator expected\n", 0},
	{"cond_silent_keeps_status", "false\n[[ ]]\necho next", "", "", 1},
	{"cond_in_eval", "eval '[[ || ]]'; echo $?", "2\n", "bash: eval: line 1: unexpected token `||' in conditional command\n", 0},
	{"cond_expression", "[[ a == b\necho next", "", "bash: -c: line 1: syntax error in conditional expression\n", 0},
	{"bad_substitution_when_run", "if test -f /; then\n  echo ${%%}\nelse\n  echo ok\nfi\necho \"${a b}\"; echo no\necho ${#a b} ${1a}\necho next $?", "ok\nnext 1\n", "bash: line 6: ${a b}: bad substitution\nbash: line 7: ${#a b}: bad substitution\n", 0},
	// bash 5.3's ${ list;} and ${|list;}: a bad substitution in 5.2.
	{"funsub_bad_substitution", "x=${ echo hi;}\necho \"[$x]\"\ny=${|REPLY=1}; echo no\necho ${ |REPLY=zz} no\necho next $?", "[]\nnext 1\n", "bash: line 1: ${ echo hi;}: bad substitution\nbash: line 3: ${|REPLY=1}: bad substitution\nbash: line 4: ${ |REPLY=zz}: bad substitution\n", 0},
	{"invalid_name_when_run", "export FOO-BAR=foo\necho $?\nf() { local a.b=c x=1; echo \"in $x\"; }; f\ndeclare 1x=2 \u00e9-y=3; echo $?", "1\nin 1\n1\n", "bash: line 1: export: `FOO-BAR=foo': not a valid identifier\nenvironment: line 3: local: `a.b=c': not a valid identifier\nbash: line 4: declare: `1x=2': not a valid identifier\nbash: line 4: declare: `\u00e9-y=3': not a valid identifier\n", 0},
	{"heredoc_word_with_dollar", "cat <<${a}\nhere\n${a}\ncat <<-E$(x)\n\tbody\n\tE$(x)\ncat <<a-$x\nno end", "here\nbody\nno end\n", "bash: line 8: warning: here-document at line 7 delimited by end-of-file (wanted `a-$x')\n", 0},
	{"exit_before_error", "exit 3\nif then", "", "", 3},
	{"exit_trap_runs", "trap \"echo T\" EXIT\nif then", "T\n", "bash: -c: line 2: syntax error near unexpected token `then'\nbash: -c: line 2: `if then'\n", 2},
	{"eval_lines", "echo x\neval \"echo a\nif then\"\necho after $?", "x\na\nafter 2\n", "bash: eval: line 4: syntax error near unexpected token `then'\nbash: eval: line 4: `if then'\n", 0},
	{"eval_blank_lines", "echo x\n\neval \"echo a\n\nif then\"\necho after $?", "x\na\nafter 2\n", "bash: eval: line 7: syntax error near unexpected token `then'\nbash: eval: line 7: `if then'\n", 0},
	{"eval_in_function", "f() {\necho \"in f\"\neval \"if then\"\n}\nf\necho st=$?", "in f\nst=2\n", "environment: eval: line 3: syntax error near unexpected token `then'\nenvironment: eval: line 3: `if then'\n", 0},
	{"eval_eof", "echo\n\neval \"if true; then\"", "\n", "bash: eval: line 4: syntax error: unexpected end of file\n", 2},
	{"eval_quote", "echo\n\neval \"echo \\\"a\"", "\n", "bash: eval: line 3: unexpected EOF while looking for matching `\"'\n", 2},
	{"trap_text", "trap \"echo x; if then\" USR1\nkill -USR1 $$; echo after $?", "after 0\n", "bash: trap: line 1: syntax error near unexpected token `then'\nbash: trap: line 1: `echo x; if then'\n", 0},
	{"exit_trap_text", "trap \"if then\" EXIT\necho a", "a\n", "bash: exit trap: line 1: syntax error near unexpected token `then'\nbash: exit trap: line 1: `if then'\n", 0},
	{"alias_line", "shopt -s expand_aliases\nalias foo=if\nfoo true; then echo y; fi", "y\n", "", 0},
	{"alias_off", "alias foo=if\nfoo true; then echo y; fi", "", "bash: -c: line 2: syntax error near unexpected token `then'\nbash: -c: line 2: `foo true; then echo y; fi'\n", 2},
	{"heredoc_eof", "echo x\ncat <<EOF\nhello", "x\nhello\n", "bash: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')\n", 0},
	{"heredoc_eval", "eval \"cat <<EOF\nhi\"", "hi\n", "bash: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')\n", 0},
	{"heredoc_eval_function", "f() { eval \"cat <<EOF\nhi\"; }\nf", "hi\n", "environment: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')\n", 0},
	{"arith_runtime_not_syntax", "echo $((1+))\necho b", "b\n", "bash: line 1: 1+: syntax error: operand expected (error token is \"+\")\n", 0},
	{"integer_assign_ends", "declare -i n; n=\"1 +\"; echo no\necho next", "", "bash: line 1: 1 +: syntax error: operand expected (error token is \"+\")\n", 1},
	{"bad_subscript", "a=(); echo \"[${a[-1]}]\"; b=5; echo \"[${b[-2]}]\" \"[${b[0]}]\"; echo \"[${u[-1]}]\"; a=(1 2); echo \"[${a[-3]}]\" \"[${a[-2]}]\"", "[]\n[] [5]\n[]\n[] [1]\n", "bash: line 1: a: bad array subscript\nbash: line 1: b: bad array subscript\nbash: line 1: u: bad array subscript\nbash: line 1: a: bad array subscript\n", 0},
}

func TestSyntaxMessages(t *testing.T) {
	bash, _ := exec.LookPath("bash")
	for _, c := range syntaxCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if bash != "" {
				cmd := exec.Command(bash, "-c", c.script)
				cmd.Args[0] = "bash" // $0, which names the messages
				cmd.Dir = t.TempDir()
				cmd.Env = testEnvVars
				var out, errb bytes.Buffer
				cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(""), &out, &errb
				status := 0
				if err := cmd.Run(); err != nil {
					ee, ok := err.(*exec.ExitError)
					if !ok {
						t.Fatalf("host bash: %v", err)
					}
					status = ee.ExitCode()
				}
				if out.String() != c.stdout || errb.String() != c.stderr || status != c.status {
					t.Errorf("recording no longer matches host bash: stdout %q stderr %q status %d", out.String(), errb.String(), status)
				}
			}
			out, errs, status := runMemsh(t, c.script)
			if out != c.stdout || errs != c.stderr || status != c.status {
				t.Errorf("script %q:\n got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d",
					c.script, out, errs, status, c.stdout, c.stderr, c.status)
			}
		})
	}
}

// FuzzRead reads arbitrary text as a script: reading must not panic
// (Run would turn a panic into an internal error, hiding it), a syntax
// error must have bash's message and a line inside the text, and the
// commands before it must come from before it (go test -fuzz FuzzRead
// ./shell/interp).
func FuzzRead(f *testing.F) {
	for _, c := range syntaxCases {
		f.Add(c.script)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sc := readScript(context.Background(), src)
		if sc.err == nil {
			return
		}
		lines := uint(strings.Count(sc.src, "\n") + 1)
		if sc.err.line == 0 || sc.err.line > lines || sc.err.msg == "" && !sc.err.keepStatus {
			t.Fatalf("%q: error %+v (text of %d lines)", src, sc.err, lines)
		}
		for _, st := range sc.stmts {
			if st.End().Line() >= sc.rest {
				t.Fatalf("%q: a command before the error ends on line %d, the error's command starts on %d", src, st.End().Line(), sc.rest)
			}
		}
	})
}
