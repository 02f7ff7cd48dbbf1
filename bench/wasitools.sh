#!/usr/bin/env bash
# wasitools.sh: sqlite3 and lua in memsh against the host's, side by side.
# usage: bench/wasitools.sh [RUNS]   (after make build; default 3 runs, the best kept)
#
# Workloads (the same files in both; the host's run in /dev/shm so neither
# pays for a disk):
#   start     sqlite3 :memory: 'select 1' and lua -e 'x=1', one process each
#   insert    100,000 rows made by a recursive CTE, then count/sum/group-by
#             queries and an index (sqlite3 DB < a.sql)
#   import    .import of a 100,000-line CSV and two aggregate queries
#   lua       a loop of 3,000,000 table and string operations
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
memsh=$root/bin/memsh
runs=${1:-3}
work=$(mktemp -d /dev/shm/memsh-wasitools.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

seq 1 100000 | awk '{printf "%d,name%d,%d.5\n", $1, $1 % 977, $1 % 1000}' >rows.csv
cat >insert.sql <<'SQL'
create table t(a integer primary key, b text, c real);
with recursive c(x) as (select 1 union all select x + 1 from c where x < 100000)
  insert into t(b, c) select 'name' || (x % 977), x % 1000 + 0.5 from c;
select count(*), sum(c), count(distinct b) from t;
select b, count(*), avg(c) from t group by b order by 2 desc, 1 limit 3;
create index ib on t(b);
select count(*) from t where b = 'name5';
SQL
cat >import.sql <<'SQL'
create table r(id integer, name text, v real);
.import --csv rows.csv r
select count(*), sum(v), max(name) from r;
select name, count(*) from r group by name order by 2 desc, 1 limit 2;
SQL
cat >loop.lua <<'LUA'
local t, s = {}, 0
for i = 1, 3000000 do t[i % 1000 + 1] = i; s = s + #tostring(i) end
print(s)
LUA

# best SECONDS CMD...: the fastest of $runs runs of CMD, in seconds.
best() {
	local b="" i s e
	for ((i = 0; i < runs; i++)); do
		rm -f ./*.db
		s=$(date +%s%N)
		"$@" >/dev/null
		e=$(date +%s%N)
		local d=$(((e - s) / 1000000))
		[ -z "$b" ] || [ "$d" -lt "$b" ] && b=$d
	done
	printf '%d ms' "$b"
}

in_memsh="$memsh --mount $work:/b:ro -c"
prep='cd /tmp && cp /b/rows.csv /b/*.sql /b/*.lua . &&'
printf '| workload | memsh | host |\n|---|---|---|\n'
host_sqlite=$(command -v sqlite3 || true)
host_lua=$(command -v lua5.4 || true)
row() { printf '| %s | %s | %s |\n' "$1" "$2" "${3:-(not installed)}"; }
row "memsh -c true" "$(best $in_memsh true)" "$(best bash -c true)"
row "sqlite3 :memory: 'select 1' (a process each)" "$(best $in_memsh "sqlite3 :memory: 'select 1'")" \
	"${host_sqlite:+$(best sqlite3 :memory: 'select 1')}"
row "lua -e 'x=1' (a process each)" "$(best $in_memsh "lua -e 'x=1'")" "${host_lua:+$(best lua5.4 -e 'x=1')}"
row "sqlite3 DB < insert.sql (100k rows)" "$(best $in_memsh "$prep sqlite3 t.db < insert.sql")" \
	"${host_sqlite:+$(best sh -c 'sqlite3 t.db < insert.sql')}"
row "sqlite3 DB < import.sql (100k-line CSV)" "$(best $in_memsh "$prep sqlite3 t.db < import.sql")" \
	"${host_sqlite:+$(best sh -c 'sqlite3 t.db < import.sql')}"
row "lua loop.lua (3M iterations)" "$(best $in_memsh "$prep lua loop.lua")" "${host_lua:+$(best lua5.4 loop.lua)}"
