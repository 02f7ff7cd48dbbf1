package jq

import (
	"testing"

	"memsh/shell/command"
)

const doc = `{"a":{"b":[1,2]},"s":"h\u00e9\u0001","n":3}` + "\n"

// Expected outputs are jq 1.6's.
func TestJQ(t *testing.T) {
	cases := []command.Case{
		{Name: "identity", Args: []string{"jq", "."}, Stdin: doc,
			Stdout: "{\n  \"a\": {\n    \"b\": [\n      1,\n      2\n    ]\n  },\n  \"s\": \"hé\\u0001\",\n  \"n\": 3\n}\n"},
		{Name: "compact", Args: []string{"jq", "-c", ".a"}, Stdin: doc, Stdout: "{\"b\":[1,2]}\n"},
		{Name: "empty program", Args: []string{"jq", " "}, Stdin: "[1]", Stdout: "[\n  1\n]\n"},
		{Name: "raw", Args: []string{"jq", "-r", ".s"}, Stdin: doc, Stdout: "hé\x01\n"},
		{Name: "join", Args: []string{"jq", "-j", ".n"}, Stdin: doc, Stdout: "3"},
		{Name: "null input", Args: []string{"jq", "-n", "1+1"}, Stdout: "2\n"},
		{Name: "slurp", Args: []string{"jq", "-c", "-s", "."}, Stdin: "1 2\n3\n", Stdout: "[1,2,3]\n"},
		{Name: "keys", Args: []string{"jq", "-c", "keys"}, Stdin: doc, Stdout: "[\"a\",\"n\",\"s\"]\n"},
		{Name: "exit status null", Args: []string{"jq", "-e", ".missing"}, Stdin: doc, Stdout: "null\n", Status: 1},
		{Name: "float", Args: []string{"jq", ".n * 1.5"}, Stdin: doc, Stdout: "4.5\n"},
		{Name: "arg", Args: []string{"jq", "-c", "--arg", "v", "x", "{v: $v}"}, Stdin: doc, Stdout: "{\"v\":\"x\"}\n"},
		{Name: "argjson", Args: []string{"jq", "-n", "-c", "--argjson", "v", "[1]", "$v"}, Stdout: "[1]\n"},
		{Name: "tab", Args: []string{"jq", "--tab", ".a"}, Stdin: doc, Stdout: "{\n\t\"b\": [\n\t\t1,\n\t\t2\n\t]\n}\n"},
		{Name: "indent 1", Args: []string{"jq", "--indent", "1", ".a"}, Stdin: doc, Stdout: "{\n \"b\": [\n  1,\n  2\n ]\n}\n"},
		{Name: "runtime error", Args: []string{"jq", ".a.b.c"}, Stdin: doc,
			Stderr: "jq: error (at <stdin>:1): expected an object but got: array ([1,2])\n", Status: 5},
		{Name: "raw input", Args: []string{"jq", "-R", "."}, Stdin: "a\nb\n", Stdout: "\"a\"\n\"b\"\n"},
		{Name: "raw input slurp", Args: []string{"jq", "-Rs", "."}, Stdin: "a\nb\n", Stdout: "\"a\\nb\\n\"\n"},
		{Name: "file operand", Files: map[string]string{"/home/user/f.json": "[3,4]"}, Args: []string{"jq", ".[1]", "f.json"}, Stdout: "4\n"},
		{Name: "missing file", Args: []string{"jq", ".", "nope.json"}, Stderr: "jq: error: Could not open nope.json: No such file or directory\n", Status: 2},
		{Name: "compile error", Args: []string{"jq", ".["}, Status: 3},
		{Name: "inputs", Args: []string{"jq", "-n", "-c", "[inputs]"}, Stdin: "1 2 3", Stdout: "[1,2,3]\n"},
		{Name: "args", Args: []string{"jq", "-n", "-c", "$ARGS.positional", "--args", "a", "b"}, Stdout: "[\"a\",\"b\"]\n"},
		{Name: "big int", Args: []string{"jq", "."}, Stdin: "100000000000000000000 12345678901234567890 9007199254740993 -0 1e-5 10000000000000000\n", Stdout: "1e+20\n12345678901234567000\n9007199254740992\n-0\n1e-05\n1e+16\n"},
		{Name: "env", Args: []string{"jq", "-n", "-r", "$ENV.USER"}, Stdout: "user\n"},
		{Name: "halt_error", Args: []string{"jq", "-n", "\"bye\\n\" | halt_error(3)"}, Stderr: "bye\n", Status: 3},
		{Name: "iterate object in key order", Args: []string{"jq", "-c", ".[], [paths], [..|numbers], map(.+1), add, [path(.[])], (.[] |= .*2)"}, Stdin: `{"b":1,"a":2,"c":3}`,
			Stdout: "1\n2\n3\n[[\"b\"],[\"a\"],[\"c\"]]\n[1,2,3]\n[2,3,4]\n6\n[[\"b\"],[\"a\"],[\"c\"]]\n{\"b\":2,\"a\":4,\"c\":6}\n"},
		{Name: "iterate strings in key order", Args: []string{"jq", "-c", "add, [.[]?], [tostream]"}, Stdin: `{"y":"p","x":"q"}`,
			Stdout: "\"pq\"\n[\"p\",\"q\"]\n[[[\"y\"],\"p\"],[[\"x\"],\"q\"],[[\"x\"]]]\n"},
		{Name: "error ends the input", Args: []string{"jq", "-n", "-c", "[.[]]"}, Stdout: "", Status: 5},
		{Name: "error ends only its input", Args: []string{"jq", "., (. + 1), 9"}, Stdin: "1 \"a\" 3", Stdout: "1\n2\n9\n\"a\"\n3\n4\n9\n", Status: 0},
		{Name: "status of the last input", Args: []string{"jq", ". + 1"}, Stdin: "3 \"a\"", Stdout: "4\n", Status: 5},
		{Name: "fromjson numbers", Args: []string{"jq", "-c", "fromjson"}, Stdin: `"[1,2.5,{\"a\":100000000000000000000}]"`, Stdout: "[1,2.5,{\"a\":1e+20}]\n"},
		{Name: "iterate null", Args: []string{"jq", ".[]"}, Stdin: "null\n", Stderr: "jq: error (at <stdin>:1): Cannot iterate over null (null)\n", Status: 5},
		{Name: "index with the key", Args: []string{"jq", "-n", "5 | .a"}, Stderr: "jq: error (at <unknown>): Cannot index number with string \"a\"\n", Status: 5},
		{Name: "index with number", Args: []string{"jq", ".[0]"}, Stdin: "{}\n", Stderr: "jq: error (at <stdin>:1): Cannot index object with number\n", Status: 5},
		{Name: "cannot be added", Args: []string{"jq", ". + 1"}, Stdin: "1\n\n\"a\"\n", Stdout: "2\n", Stderr: "jq: error (at <stdin>:3): string (\"a\") and number (1) cannot be added\n", Status: 5},
		{Name: "divisor is zero", Args: []string{"jq", "-n", "1 % 0"}, Stderr: "jq: error (at <unknown>): number (1) and number (0) cannot be divided (remainder) because the divisor is zero\n", Status: 5},
		{Name: "has no keys", Files: map[string]string{"/home/user/f.json": "5\n"}, Args: []string{"jq", "keys", "f.json"}, Stderr: "jq: error (at f.json:1): number (5) has no keys\n", Status: 5},
		{Name: "has no length", Args: []string{"jq", "-n", "true | length"}, Stderr: "jq: error (at <unknown>): boolean (true) has no length\n", Status: 5},
		{Name: "not matched", Args: []string{"jq", "-n", "5 | test(\"a\")"}, Stderr: "jq: error (at <unknown>): number (5) cannot be matched, as it is not a string\n", Status: 5},
		{Name: "csv row", Args: []string{"jq", "-n", "-r", "[{}] | @csv"}, Stderr: "jq: error (at <unknown>): object ({}) is not valid in a csv row\n", Status: 5},
		{Name: "error object", Args: []string{"jq", "-n", "error({a:1})"}, Stderr: "jq: error (at <unknown>) (not a string): {\"a\":1}\n", Status: 5},
		{Name: "undefined function", Args: []string{"jq", "-n", "\"foo\" | foo"}, Stderr: "jq: error: foo/0 is not defined at <top-level>, line 1:\n\"foo\" | foo        \njq: 1 compile error\n", Status: 3},
		{Name: "undefined variable", Args: []string{"jq", "-n", "1 as $x | $y"}, Stderr: "jq: error: $y is not defined at <top-level>, line 1:\n1 as $x | $y          \njq: 1 compile error\n", Status: 3},
		{Name: "unexpected end", Args: []string{"jq", "-n", ".a //"}, Stderr: "jq: error: syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, line 1:\n.a //   \njq: 1 compile error\n", Status: 3},
		{Name: "$ARGS order", Args: []string{"jq", "-n", "-c", "$ARGS", "--arg", "b", "1", "--arg", "a", "2"}, Stdout: "{\"positional\":[],\"named\":{\"b\":\"1\",\"a\":\"2\"}}\n"},
		{Name: "version", Args: []string{"jq", "--version"}, Stdout: "jq-1.6\n"},
		{Name: "assigned keys in filter order", Args: []string{"jq", "-c", ".z = 1 | .b = 2"}, Stdin: "{\"a\":1}", Stdout: "{\"a\":1,\"z\":1,\"b\":2}\n"},
		{Name: "keys assigned to {}", Args: []string{"jq", "-n", "-c", "{} | .b = 1 | .a = 2"}, Stdout: "{\"b\":1,\"a\":2}\n"},
		{Name: "tonumber parses JSON", Args: []string{"jq", "-n", "\" 12 \" | tonumber"}, Stdout: "12\n"},
		{Name: "tonumber error", Args: []string{"jq", "-n", "\"[1,2]\" | tonumber"}, Stderr: "jq: error (at <unknown>): string (\"[1,2]\") cannot be parsed as a number\n", Status: 5},
		{Name: "fromjson error", Args: []string{"jq", "-n", "\"[1\" | fromjson"}, Stderr: "jq: error (at <unknown>): Unfinished JSON term at EOF at line 1, column 2 (while parsing '[1')\n", Status: 5},
		{Name: "fromjson extra values", Args: []string{"jq", "-n", "\"1 2\" | fromjson"}, Stderr: "jq: error (at <unknown>): Unexpected extra JSON values (while parsing '1 2')\n", Status: 5},
		{Name: "fromjson key order", Args: []string{"jq", "-n", "-c", "\"{\\\"b\\\":1,\\\"a\\\":2}\" | fromjson"}, Stdout: "{\"b\":1,\"a\":2}\n"},
		{Name: "$__loc__", Args: []string{"jq", "-n", "-c", "1 as $x |\n[$x, $__loc__]"}, Stdout: "[1,{\"file\":\"<top-level>\",\"line\":2}]\n"},
		{Name: "input_line_number", Args: []string{"jq", "input_line_number"}, Stdin: "1\n2\n", Stdout: "1\n2\n"},
		{Name: "filter starting with -", Args: []string{"jq", "-n", "-1.5 | floor"}, Stdout: "-2\n"},
		{Name: "error after -n input", Args: []string{"jq", "-n", "input, input"}, Stdin: "1\n", Stdout: "1\n", Stderr: "jq: error (at <stdin>:1): break\n", Status: 5},
		{Name: "indent 0 is compact", Args: []string{"jq", "--indent", "0", "."}, Stdin: "{\"a\":[1]}", Stdout: "{\"a\":[1]}\n"},
		{Name: "tab after -c", Args: []string{"jq", "-c", "--tab", "."}, Stdin: "{\"a\":[1]}", Stdout: "{\n\t\"a\": [\n\t\t1\n\t]\n}\n"},
		{Name: "-c after indent", Args: []string{"jq", "--indent", "3", "-c", "."}, Stdin: "{\"a\":[1]}", Stdout: "{\"a\":[1]}\n"},
		{Name: "indent after -c", Args: []string{"jq", "-c", "--indent", "3", "."}, Stdin: "{\"a\":[1]}", Stdout: "{\n   \"a\": [\n      1\n   ]\n}\n"},
		{Name: "bad json", Args: []string{"jq", "."}, Stdin: "{x", Stderr: "parse error: Invalid numeric literal at EOF at line 1, column 2\n", Status: 4},
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			stdout, stderr, status, _ := c.Run(Run, nil)
			if stdout != c.Stdout {
				t.Errorf("stdout = %q, want %q", stdout, c.Stdout)
			}
			if c.Stderr != "" && stderr != c.Stderr {
				t.Errorf("stderr = %q, want %q", stderr, c.Stderr)
			}
			if status != c.Status {
				t.Errorf("status = %d, want %d (stderr %q)", status, c.Status, stderr)
			}
		})
	}
}

// TestParseErrors checks malformed input against jq 1.6: the values before
// the error are printed, then "parse error: ..." with jq's line and column,
// and status 4.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, out, msg string }{
		{"bad\n", "", "Invalid numeric literal at line 2, column 0"},
		{"bad", "", "Invalid numeric literal at EOF at line 1, column 3"},
		{"{\"a\":1}\nfoo", "{\"a\":1}\n", "Invalid literal at EOF at line 2, column 3"},
		{"{\"a\" 1}", "", "Expected separator between values at line 1, column 7"},
		{"{\"a\":1 \"b\":2}", "", "Expected separator between values at line 1, column 10"},
		{"[1,2", "", "Unfinished JSON term at EOF at line 1, column 4"},
		{"{\"a\":1,}", "", "Expected another key-value pair at line 1, column 8"},
		{"[1,]", "", "Expected another array element at line 1, column 4"},
		{"{'a':1}", "", "Invalid numeric literal at line 1, column 5"},
		{"1\n2\nx y", "1\n2\n", "Invalid numeric literal at line 3, column 2"},
		{"\"abc", "", "Unfinished string at EOF at line 1, column 4"},
		{"{\"a\":tru}", "", "Invalid literal at line 1, column 9"},
		{"{\"a\":1}}", "{\"a\":1}\n", "Unmatched '}' at line 1, column 8"},
		{"{\"a\":}", "", "Unmatched '}' at line 1, column 6"},
		{"{\"a\"}", "", "Objects must consist of key:value pairs at line 1, column 5"},
		{"{1:2}", "", "Object keys must be strings at line 1, column 3"},
		{"[1:2]", "", "':' not as part of an object at line 1, column 3"},
		{":", "", "Expected string key before ':' at line 1, column 1"},
		{"1 2 3x", "1\n2\n", "Invalid numeric literal at EOF at line 1, column 6"},
		{"1 truex", "1\n", "Invalid literal at EOF at line 1, column 7"},
		{"  \n\n  [\n1\n,\n2 3]", "", "Expected separator between values at line 6, column 4"},
	} {
		cs := command.Case{Args: []string{"jq", "-c", "."}, Stdin: c.in}
		stdout, stderr, status, _ := cs.Run(Run, nil)
		if want := "parse error: " + c.msg + "\n"; stdout != c.out || stderr != want || status != 4 {
			t.Errorf("jq . <<< %q\n got %q %q status %d\nwant %q %q status 4", c.in, stdout, stderr, status, c.out, want)
		}
	}
}

// TestKeyOrder checks that objects keep jq's insertion order: the input's
// for objects read, the filter's for objects it builds, input keys first
// for merges; -S sorts.
func TestKeyOrder(t *testing.T) {
	in := `{"b":1,"a":2,"c":{"z":1,"y":2}}` + "\n" + `{"name":"x","age":3}` + "\n"
	for _, c := range []struct{ filter, want string }{
		{".", `{"b":1,"a":2,"c":{"z":1,"y":2}}` + "\n" + `{"name":"x","age":3}` + "\n"},
		{"select(.b) | .b += 1 | .c", `{"z":1,"y":2}` + "\n"},
		{"select(.b) | . + {x: 1, d: 2} | del(.c)", `{"b":1,"a":2,"x":1,"d":2}` + "\n"},
		{"select(.age) | {age, name}", `{"age":3,"name":"x"}` + "\n"},
		{"select(.age) | .age as $v | {\"z z\": .age, $v, a: 1}", `{"z z":3,"v":3,"a":1}` + "\n"},
		{"select(.b) | keys", `["a","b","c"]` + "\n"},
		{"select(.b) | keys_unsorted, (to_entries | map(.key)), with_entries(.value |= 0)", `["b","a","c"]` + "\n" + `["b","a","c"]` + "\n" + `{"b":0,"a":0,"c":0}` + "\n"},
	} {
		cs := command.Case{Args: []string{"jq", "-c", c.filter}, Stdin: in}
		if stdout, stderr, _, _ := cs.Run(Run, nil); stdout != c.want {
			t.Errorf("jq -c %q: got %q (stderr %q), want %q", c.filter, stdout, stderr, c.want)
		}
	}
	cs := command.Case{Args: []string{"jq", "-S", "-c", "."}, Stdin: in}
	if stdout, _, _, _ := cs.Run(Run, nil); stdout != `{"a":2,"b":1,"c":{"y":2,"z":1}}`+"\n"+`{"age":3,"name":"x"}`+"\n" {
		t.Errorf("jq -S: got %q", stdout)
	}
}

// TestJQ16Builtins covers jq 1.6 behaviour gojq lacks or words otherwise.
func TestJQ16Builtins(t *testing.T) {
	files := map[string]string{"/home/user/f.json": `{"b":1,"a":"xa"}`}
	for _, c := range []struct {
		args        []string
		stdin, want string
	}{
		{[]string{"jq"}, "{\"b\":1,\"a\":2}", "{\n  \"b\": 1,\n  \"a\": 2\n}\n"},
		{[]string{"jq", "-c", "tojson, tostring, [{k: [1, {}]} | leaf_paths]", "f.json"}, "", "\"{\\\"b\\\":1,\\\"a\\\":\\\"xa\\\"}\"\n\"{\\\"b\\\":1,\\\"a\\\":\\\"xa\\\"}\"\n[[\"k\",0]]\n"},
		{[]string{"jq", "-c", "[.b, .a, 5] | map(ltrimstr(\"x\"), rtrimstr(\"a\"))", "f.json"}, "", "[1,1,\"a\",\"x\",5,5]\n"},
		{[]string{"jq", "input_filename", "f.json"}, "", "\"f.json\"\n"},
		{[]string{"jq", "input_filename"}, "1", "\"<stdin>\"\n"},
		{[]string{"jq", "-n", "input_filename"}, "1", "null\n"},
	} {
		cs := command.Case{Args: c.args, Stdin: c.stdin, Files: files}
		if stdout, stderr, _, _ := cs.Run(Run, nil); stdout != c.want {
			t.Errorf("%q: got %q (stderr %q), want %q", c.args, stdout, stderr, c.want)
		}
	}
}
