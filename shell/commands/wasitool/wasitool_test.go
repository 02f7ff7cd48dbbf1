package wasitool_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/tetratelabs/wazero"

	"memsh/pyworker"
	"memsh/shell"
	"memsh/shell/commands/wasitool"
)

var update = flag.Bool("update", false, "record testdata/tools.txtar from the host's sqlite3 3.40 and lua5.4")

const golden = "testdata/tools.txtar"

// toolCase is a script run both by the host's bash with the real tools
// (to record what it prints) and by memsh. Scripts use relative paths
// only: each runs in a fresh, empty directory.
type toolCase struct {
	name   string
	script string
	stdin  string
}

const rows = `create table t(a int, b text, c real);
insert into t values(1,'x',1.5),(2,'y,z',NULL),(3,'q"uote',-2);`

var cases = []toolCase{
	{name: "sqlite3/version", script: `sqlite3 -version | cut -d' ' -f1`},
	{name: "sqlite3/mode-list", script: `sqlite3 -cmd '.headers on' :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-csv", script: `sqlite3 -csv -header :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-json", script: `sqlite3 -json :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-line", script: `sqlite3 -line :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-column", script: `sqlite3 -column -header :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-box", script: `sqlite3 -box :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-table", script: `sqlite3 -table :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-markdown", script: `sqlite3 -markdown :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-quote", script: `sqlite3 -quote :memory: "$ROWS" 'select * from t'`},
	{name: "sqlite3/mode-insert", script: `sqlite3 :memory: "$ROWS" '.mode insert t2' 'select * from t'`},
	{name: "sqlite3/mode-tabs-html", script: `sqlite3 -header :memory: "$ROWS" '.mode tabs' 'select * from t' '.mode html' 'select * from t'`},
	{name: "sqlite3/dot-mode-headers", script: `sqlite3 :memory: "$ROWS" '.mode csv' '.headers on' 'select a, b from t' '.headers off' '.mode list' '.separator ;' 'select a, b from t'`},
	{name: "sqlite3/file-db-schema-tables-dump", script: `sqlite3 t.db "$ROWS" 'create index i on t(b)' 'create view v as select a from t'
sqlite3 t.db .tables .schema .dump
ls`},
	{name: "sqlite3/import-csv", script: `printf 'a,b\n1,2\n3,"x,y"\n' > in.csv
sqlite3 d.db '.import --csv in.csv t' '.mode box' 'select * from t'
sqlite3 d.db .schema`},
	{name: "sqlite3/import-missing", script: `sqlite3 :memory: '.import nofile.csv t'; echo "status $?"`},
	{name: "sqlite3/read", script: `printf 'create table q(x);\ninsert into q values(42);\nselect x * 2 from q;\n' > s.sql
sqlite3 :memory: '.read s.sql'
sqlite3 :memory: '.read nofile.sql'; echo "status $?"`},
	{name: "sqlite3/stdin-script", script: `sqlite3 :memory:`, stdin: "create table t(a);\ninsert into t values(7);\nselect a+1 from t;\n.mode json\nselect * from t;\n"},
	{name: "sqlite3/heredoc", script: `sqlite3 h.db <<'EOF'
.headers on
.mode csv
create table t(a, b);
insert into t values(1, 'one'), (2, 'two');
select * from t order by a desc;
EOF
sqlite3 h.db 'select count(*) from t'`},
	{name: "sqlite3/error-status", script: `sqlite3 :memory: 'select * from nope'; echo "status $?"
sqlite3 :memory: 'select 1' 'selec 2' 'select 3'; echo "status $?"`},
	{name: "sqlite3/errors-continue-stdin", script: `sqlite3 :memory:; echo "status $?"`, stdin: "select 1;\nselect * from nope;\nselect 2;\n"},
	{name: "sqlite3/bail", script: `sqlite3 -bail :memory:; echo "status $?"`, stdin: "select 1;\nselect * from nope;\nselect 2;\n"},
	{name: "sqlite3/cmd", script: `sqlite3 -cmd 'create table t(a)' -cmd 'insert into t values(5)' :memory: 'select a * 3 from t'`},
	{name: "sqlite3/bad-option", script: `sqlite3 -bogus; echo "status $?"`},
	{name: "sqlite3/unknown-dot-command", script: `sqlite3 :memory: .bogus; echo "status $?"`},
	{name: "sqlite3/exit", script: `echo 'select 3; .exit 4' | sqlite3; echo "status $?"`},
	{name: "sqlite3/no-directory", script: `sqlite3 nodir/x.db 'select 1'; echo "status $?"`},
	{name: "sqlite3/readonly", script: `sqlite3 r.db 'create table t(a)'; sqlite3 -readonly r.db 'insert into t values(1)'; echo "status $?"`},
	{name: "sqlite3/wal", script: `sqlite3 w.db 'pragma journal_mode=wal' 'create table t(a)' 'insert into t values(1)'
ls
sqlite3 w.db 'insert into t values(2)' 'select count(*) from t' 'pragma journal_mode'`},
	{name: "sqlite3/journal-rollback", script: `sqlite3 j.db 'create table t(a)' 'begin' 'insert into t values(1)' 'rollback' 'select count(*) from t' 'pragma journal_mode'
ls`},
	{name: "sqlite3/output-once", script: `sqlite3 :memory: '.output o.txt' 'select 5' '.output' '.once p.txt' 'select 6' 'select 7'
cat o.txt p.txt`},
	{name: "sqlite3/functions", script: `sqlite3 :memory: "select json_object('a', 1, 'b', json_array(2, 3)), 5.0 / 3, printf('%.3f', pi()), date('2020-01-31', '+1 month'), upper('abc'), 7 % 3"`},
	{name: "sqlite3/fts5-rtree", script: `sqlite3 :memory: 'create virtual table f using fts5(x)' "insert into f values('hello world'), ('other')" "select * from f where f match 'hello'" 'create virtual table r using rtree(id, a, b)' 'insert into r values(1, 2, 3)' 'select * from r'`},
	{name: "sqlite3/100k-rows", script: `sqlite3 big.db 'create table t(a integer primary key, b text)' 'with recursive c(x) as (select 1 union all select x + 1 from c where x < 100000) insert into t(b) select hex(x) from c' 'select count(*), sum(a), max(b) from t'`},
	{name: "sqlite3/archive", script: `printf 'hello\n' > f.txt; mkdir d; printf 'x\n' > d/g.txt
sqlite3 a.sqlar -A -cv f.txt d
sqlite3 a.sqlar -A -t | sort
rm -r f.txt d; sqlite3 a.sqlar -A -x; cat f.txt d/g.txt
sqlite3 :memory: "select length(sqlar_compress(zeroblob(1000))), sqlar_uncompress(sqlar_compress('abc'), 3)"`},
	{name: "sqlite3/system-shell", script: `sqlite3 :memory: '.system echo hi there' '.shell echo one  two' 'select 1' '.system exit 3'; echo "status $?"`},
	{name: "sqlite3/pipes", script: `sqlite3 :memory: "$ROWS" ".output '|sort -r'" 'select a from t' '.output' 'select 9'
sqlite3 :memory: 'create table t(a, b)' '.mode csv' ".import '|printf \"1,2\\n3,4\\n\"' t" 'select a + b from t' ".read '|echo select 42;'"`},
	// Two runs at once: once the first holds its exclusive lock (its
	// journal is there: polled for, not timed), the second finds it, and
	// the first's transaction survives.
	{name: "sqlite3/locked", script: `sqlite3 d.db 'create table t(a)'
{ echo 'begin exclusive;'; echo 'insert into t values(1);'
  for i in $(seq 100000); do [ -e d.db-journal ] && break; done
  sqlite3 d.db 'select count(*) from t' >out 2>err; echo "probe $?" >>out
  echo 'commit;'; } | sqlite3 d.db; echo "status $?"
cat out err; sqlite3 d.db 'select count(*) from t'`},
	{name: "sqlite3/sigpipe", script: `sqlite3 :memory: 'with recursive c(x) as (select 1 union all select x + 1 from c) select x from c' | head -2; echo "${PIPESTATUS[@]}"`},
	{name: "sqlite3/separators-nullvalue", script: `sqlite3 -separator , -newline ';' -nullvalue NULL :memory: "$ROWS" 'select * from t'; echo`},

	{name: "lua/version", script: `lua5.4 -v`},
	{name: "lua/e", script: `lua5.4 -e 'print(1 + 1, _VERSION, math.maxinteger, 7 // 2, 2^10, "a" .. 1)'`},
	{name: "lua/script-args", script: `printf 'print(#arg, arg[0], arg[1], arg[2], ...)\n' > s.lua; lua5.4 s.lua x 'y z'`},
	{name: "lua/stdin", script: `lua5.4 -`, stdin: "for l in io.lines() do io.write(l:upper(), '\\n') end\n"},
	{name: "lua/stdin-read", script: `printf 'print((io.read("a"):gsub("%%s+", "_")))\n' > r.lua; printf 'a b\nc\n' | lua5.4 r.lua`},
	{name: "lua/pcall-error", script: `lua5.4 -e 'print(pcall(error, "boom")); local ok, e = pcall(error, {code = 1}) print(ok, e.code); print(select("#", pcall(function() return 1, 2 end)))
local ok, e = pcall(function() local t = nil; return t.x end) print(ok, e)
print(xpcall(function() error("deep") end, function(m) return "handled: " .. m end))'`},
	{name: "lua/error-exit", script: `lua5.4 -e 'error("top")'; echo "status $?"`},
	{name: "lua/syntax-error", script: `printf 'x = = 1\n' > bad.lua; lua5.4 bad.lua; echo "status $?"`},
	{name: "lua/missing-script", script: `lua5.4 nofile.lua; echo "status $?"`},
	{name: "lua/bad-option", script: `lua5.4 -h; echo "status $?"`},
	{name: "lua/exit-status", script: `lua5.4 -e 'os.exit(3)'; echo "status $?"; lua5.4 -e 'pcall(function() os.exit(4) end)'; echo "status $?"; lua5.4 -e 'os.exit(false)'; echo "status $?"`},
	{name: "lua/coroutines", script: `lua5.4 -e 'local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1); print("got", b); return 9 end)
print(co(1)); print(co(5))
local g = coroutine.create(function() error("in co") end)
print(coroutine.resume(g))'`},
	{name: "lua/deep-pcall", script: `lua5.4 -e 'local function f(n) if n == 0 then error("bottom") end local ok, e = pcall(f, n - 1) error(e, 0) end
print(pcall(f, 150))
local function r(n) return n == 0 and 0 or 1 + r(n - 1) end print(r(10000))
print(pcall(function() local function inf(n) return inf(n + 1) + 1 end return inf(1) end))'`},
	{name: "lua/files", script: `lua5.4 -e 'local f = assert(io.open("x.txt", "w")) f:write("abc\n", 42, "\n") f:close()
for l in io.lines("x.txt") do print(l) end
print(io.open("nofile"))
print(os.remove("x.txt"), os.remove("x.txt"))
print(os.rename("nofile", "y"))'
ls`},
	{name: "lua/require-module", script: `printf 'local M = {}\nfunction M.twice(x) return 2 * x end\nreturn M\n' > mymod.lua
lua5.4 -e 'local m = require("mymod") print(m.twice(21)) print(pcall(require, "nomod"))' | head -2`},
	{name: "lua/strings-tables", script: `lua5.4 -e 'print(string.format("%5.2f|%-4s|%q|%x", 3.14159, "ab", "a\nb", 255))
local t = {5, 3, 8, 1} table.sort(t) print(table.concat(t, ","))
print(("hello world"):find("o w"), ("x=1, y=2"):gsub("(%w+)=(%w+)", "%2=%1"))
print(utf8.char(72, 228, 8364), #utf8.char(8364), string.rep("ab", 3, "-"))
print(math.type(1), math.type(1.0), 10 / 2, 3 | 5, tostring(nil), tonumber("0x10"))'`},
	{name: "lua/execute-popen", script: `lua5.4 -e 'print(os.execute()); print(os.execute("exit 3")); print(os.execute("true"))
local p = io.popen("echo hi; echo there") print(p:read("a")) print(p:close())
local w = io.popen("tr a-z A-Z", "w") w:write("shout\n") print(w:close())
print(io.popen("exit 5"):close())'`},
	{name: "lua/sigpipe", script: `lua5.4 -e 'while true do print("y") end' | head -1; echo "${PIPESTATUS[@]}"`},
	{name: "lua/getenv", script: `FOO=bar lua5.4 -e 'print(os.getenv("FOO"), os.getenv("NOPE_UNSET"))'`},
}

// recorded reads the golden file: for each case, its stdout, stderr and
// status as the real tools printed them.
func recorded(t *testing.T) map[string]string {
	t.Helper()
	ar, err := txtar.ParseFile(golden)
	if err != nil {
		t.Fatalf("%v (record it with go test ./shell/commands/wasitool -run TestToolsOracle -update)", err)
	}
	m := map[string]string{}
	for _, f := range ar.Files {
		m[f.Name] = string(f.Data)
	}
	return m
}

// result renders what a run printed as the golden file holds it.
func result(stdout, stderr string, status int) (string, string, string) {
	return stdout, stderr, strconv.Itoa(status) + "\n"
}

// TestToolsOracle runs every case with the host's bash, sqlite3 3.40 and
// lua5.4 and checks the golden file holds what they print; with -update
// it records them. Skipped where those tools are absent.
func TestToolsOracle(t *testing.T) {
	for _, need := range []struct{ prog, arg, want string }{
		{"sqlite3", "-version", "3.40.1 "},
		{"lua5.4", "-v", "Lua 5.4.4 "},
	} {
		out, err := exec.Command(need.prog, need.arg).CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), need.want) {
			t.Skipf("the oracle needs %s %s on the host (apt-get install sqlite3 lua5.4): got %q, %v", need.prog, strings.TrimSpace(need.want), out, err)
		}
	}
	ar := &txtar.Archive{Comment: []byte("Recorded from the host's sqlite3 3.40.1 and lua5.4 5.4.4 by\ngo test ./shell/commands/wasitool -run TestToolsOracle -update\n")}
	var want map[string]string
	if !*update {
		want = recorded(t)
	}
	for _, c := range cases {
		dir := t.TempDir()
		cmd := exec.Command("bash", "-c", c.script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "ROWS="+rows, "LC_ALL=C.UTF-8")
		cmd.Stdin = strings.NewReader(c.stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		status := 0
		if err := cmd.Run(); err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("%s: %v", c.name, err)
			}
			status = ee.ExitCode()
		}
		so, se, st := result(out.String(), errb.String(), status)
		if *update {
			ar.Files = append(ar.Files,
				txtar.File{Name: c.name + ".stdout", Data: []byte(so)},
				txtar.File{Name: c.name + ".stderr", Data: []byte(se)},
				txtar.File{Name: c.name + ".status", Data: []byte(st)})
			continue
		}
		for _, f := range [][2]string{{".stdout", so}, {".stderr", se}, {".status", st}} {
			if got, ok := want[c.name+f[0]]; !ok || got != f[1] {
				t.Errorf("%s%s: the host prints %q, %s holds %q: record again with -update", c.name, f[0], f[1], golden, got)
			}
		}
	}
	if *update {
		if err := os.WriteFile(golden, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// needTools skips when sqlite3.wasm and lua.wasm are not built, saying why.
func needTools(t *testing.T) {
	t.Helper()
	for _, name := range wasitool.Tools() {
		if _, err := pyworker.FindTool(name); err != nil {
			t.Skipf("%v", err)
		}
	}
}

// runtimes are the two ways memsh runs guests: checked (the interactive
// shell) and fast (scripts), shared by the tests as a process shares one.
var (
	runtimesOnce sync.Once
	runtimes     map[string]*pyworker.Runtime
)

func testRuntimes() map[string]*pyworker.Runtime {
	runtimesOnce.Do(func() {
		runtimes = map[string]*pyworker.Runtime{
			"checked": pyworker.New(pyworker.Config{}),
			"fast":    pyworker.New(pyworker.Config{Fast: true}),
		}
	})
	return runtimes
}

// TestTools runs every case in memsh, with each runtime, and compares it
// with what the real tools printed (testdata/tools.txtar).
func TestTools(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: each case starts sqlite3 or lua in wazero (about 40 s for the table in both runtimes)")
	}
	needTools(t)
	want := recorded(t)
	for mode, rt := range testRuntimes() {
		for _, c := range cases {
			t.Run(mode+"/"+c.name, func(t *testing.T) {
				so, se, st := runMemsh(t, rt, c)
				for _, f := range [][2]string{{".stdout", so}, {".stderr", se}, {".status", st}} {
					if got := want[c.name+f[0]]; got != f[1] {
						t.Errorf("%s\n%s: got %q\n%s want %q", c.script, f[0], f[1], strings.Repeat(" ", len(f[0])), got)
					}
				}
			})
		}
	}
}

// runMemsh runs c in a fresh session, in an empty directory.
func runMemsh(t *testing.T, rt *pyworker.Runtime, c toolCase) (string, string, string) {
	t.Helper()
	s, err := shell.New(shell.Options{Python: rt, Script: true, Env: []string{"ROWS=" + rows}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var out, errb bytes.Buffer
	script := fmt.Sprintf("mkdir -p /tmp/case && cd /tmp/case || exit 99\n%s", c.script)
	st, err := s.Run(context.Background(), script, shell.Stdio{Stdin: strings.NewReader(c.stdin), Stdout: &out, Stderr: &errb})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return result(out.String(), errb.String(), st)
}

// TestToolLimits pins what memsh's builds cannot do that the real tools
// do (docs/pyworker.md, "WASI tools"): load libraries.
func TestToolLimits(t *testing.T) {
	needTools(t)
	for _, c := range []struct{ script, stdout, stderr, status string }{
		{`sqlite3 :memory: '.load x'`, "", "Error: unknown command or invalid arguments:  \"load\". Enter \".help\" for help\n", "1\n"},
		// A second run on a WAL database another has open is refused
		// (its WAL index is private to each run); Linux lets both in.
		{`sqlite3 w.db 'pragma journal_mode=wal' 'create table t(a)' >/dev/null
{ echo 'begin; insert into t values(1);'
  for i in $(seq 100000); do [ -e w.db-shm ] && break; done
  sqlite3 w.db 'select count(*) from t' >out 2>err; echo "probe $?" >>out
  echo 'commit;'; } | sqlite3 w.db
cat out err; sqlite3 w.db 'select count(*) from t'; ls`, "probe 10\nError: in prepare, disk I/O error (10)\n1\nerr\nout\nw.db\n", "", "0\n"},
	} {
		so, se, st := runMemsh(t, testRuntimes()["fast"], toolCase{name: c.script, script: c.script})
		if so != c.stdout || se != c.stderr || st != c.status {
			t.Errorf("%s: got %q %q %q, want %q %q %q", c.script, so, se, st, c.stdout, c.stderr, c.status)
		}
	}
}

// TestToolNotInstalled: a tool whose .wasm is nowhere says so and how to
// build it, with status 127.
func TestToolNotInstalled(t *testing.T) {
	var errb bytes.Buffer
	st := testRuntimes()["fast"].RunTool(context.Background(), "nosuchtool", pyworker.Proc{Args: []string{"nosuchtool"}, Stderr: &errb})
	if st != pyworker.StatusNotFound || !strings.HasPrefix(errb.String(), "nosuchtool: nosuchtool.wasm is not installed") || !strings.Contains(errb.String(), "make build") {
		t.Errorf("got %d %q", st, errb.String())
	}
}

// TestLuaCallbackUnwrapped: memsh.try re-enters lua.wasm through its
// export memsh_call once per pcall. wasm-ld wraps a command's exports in
// calls of the C constructors and destructors unless the program calls
// the constructors itself (scripts/wasi/lua-wasi.c's _start); wrapped,
// every pcall registered the preopened directories again and n pcalls
// took time in n squared. The name section tells a wrapper
// ("memsh_call.command_export") from the function.
func TestLuaCallbackUnwrapped(t *testing.T) {
	p, err := pyworker.FindTool("lua")
	if err != nil {
		t.Skipf("%v", err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer rt.Close(ctx)
	cm, err := rt.CompileModule(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, export := range []string{"memsh_call", "_start"} {
		def, ok := cm.ExportedFunctions()[export]
		if !ok {
			t.Fatalf("%s exports no %s", p, export)
		}
		if def.Name() != export {
			t.Errorf("%s: the export %s is %s, a wrapper wasm-ld made", p, export, def.Name())
		}
	}
}
