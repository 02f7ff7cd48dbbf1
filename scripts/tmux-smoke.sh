#!/bin/sh
# tmux-smoke.sh: start the real memsh TUI in a detached tmux session of a
# fixed size, type into it with send-keys and check what capture-pane
# shows. Uses bin/memsh (or $MEMSH), building it when missing. Exits 0
# with a message when tmux is not installed; non-zero on any failure.
# Always kills its own tmux session.
set -u

if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux-smoke: tmux not found, skipping"
	exit 0
fi

cd "$(dirname "$0")/.." || exit 1
BIN=${MEMSH:-bin/memsh}
if [ ! -x "$BIN" ]; then
	mkdir -p bin && go build -o bin/memsh . || exit 1
	BIN=bin/memsh
fi
case $BIN in
/*) ;;
*) BIN=$PWD/$BIN ;;
esac

SESSION="memsh-smoke-$$"
WORK=$(mktemp -d)
trap 'tmux kill-session -t "$SESSION" 2>/dev/null; rm -rf "$WORK"' EXIT INT TERM

fail() {
	echo "tmux-smoke: FAIL: $1"
	echo "---- screen ----"
	tmux capture-pane -t "$SESSION" -p 2>/dev/null
	echo "----------------"
	exit 1
}

# wait_for TEXT [SECONDS]: poll capture-pane until TEXT shows.
wait_for() {
	n=0
	limit=$((${2:-10} * 10))
	while [ $n -lt $limit ]; do
		if tmux capture-pane -t "$SESSION" -p 2>/dev/null | grep -qF -- "$1"; then
			return 0
		fi
		sleep 0.1
		n=$((n + 1))
	done
	fail "did not see: $1"
}

# A private HOME and config dir so the user's history and sessions are
# neither read nor written; the exit status lands in a file once memsh
# quits.
tmux new-session -d -s "$SESSION" -x 120 -y 32 \
	"env XDG_CONFIG_HOME='$WORK/config' HOME='$WORK' TERM=xterm-256color '$BIN'; echo \$? > '$WORK/status'; sleep 60" ||
	fail "could not start tmux"

wait_for "sandboxed shell"
wait_for "memfs"

tmux send-keys -t "$SESSION" -l 'echo smoke-$((6*7))'
tmux send-keys -t "$SESSION" Enter
wait_for "smoke-42"

# A multi-line statement: Enter on an unfinished line continues it.
tmux send-keys -t "$SESSION" -l 'for i in 1 2 3; do'
tmux send-keys -t "$SESSION" Enter
tmux send-keys -t "$SESSION" -l 'echo "n=$i"; done'
tmux send-keys -t "$SESSION" Enter
wait_for "n=3"

# A bracketed paste of a script lands in the editor whole, unrun; Enter
# runs it as one block.
tmux set-buffer -b "$SESSION" "$(printf 'echo pasted-one\necho pasted-$((1+1))')"
tmux paste-buffer -p -d -b "$SESSION" -t "$SESSION"
wait_for "> echo pasted-"
if tmux capture-pane -t "$SESSION" -p | grep -q '^pasted-one'; then
	fail "the paste ran before Enter"
fi
tmux send-keys -t "$SESSION" Enter
wait_for "pasted-2"

# A file appears in the side panel.
tmux send-keys -t "$SESSION" -l 'printf "hello\n" > smoke-file.txt'
tmux send-keys -t "$SESSION" Enter
wait_for "smoke-file.txt"

# Ctrl-C cancels a running command: status 130.
tmux send-keys -t "$SESSION" -l 'sleep 30'
tmux send-keys -t "$SESSION" Enter
sleep 0.5
tmux send-keys -t "$SESSION" C-c
wait_for "130" 5

# Ctrl-C in python's REPL raises KeyboardInterrupt and it stays at its
# prompt (with memsh's CPython, whose python.wasm has memsh_sigint; the
# first start compiles python in this private cache: up to a minute or
# two on a busy machine).
PYWASM=$(dirname "$BIN")/python.wasm
if [ -f "$PYWASM" ] && grep -q memsh_sigint "$PYWASM"; then
	tmux send-keys -t "$SESSION" -l 'python3'
	tmux send-keys -t "$SESSION" Enter
	wait_for ">>> " 180
	tmux send-keys -t "$SESSION" -l 'while True: pass'
	tmux send-keys -t "$SESSION" Enter
	sleep 1
	tmux send-keys -t "$SESSION" C-c
	wait_for "KeyboardInterrupt" 10
	tmux send-keys -t "$SESSION" -l 'print("py-" + str(6*7))'
	tmux send-keys -t "$SESSION" Enter
	wait_for "py-42" 10
	tmux send-keys -t "$SESSION" C-d
	sleep 1
else
	echo "tmux-smoke: no python.wasm with memsh_sigint beside memsh: skipping python's Ctrl-C"
fi

# A paste into a running cat arrives with LF line ends (tmux sends CR
# for each line, as terminals do), and Ctrl-D ends its input.
tmux send-keys -t "$SESSION" -l 'cat > pasted.txt'
tmux send-keys -t "$SESSION" Enter
sleep 0.5
NL='
'
tmux set-buffer -b "$SESSION" "l1${NL}l2${NL}l3${NL}"
tmux paste-buffer -p -d -b "$SESSION" -t "$SESSION"
sleep 0.3
tmux send-keys -t "$SESSION" C-d
sleep 0.3
tmux send-keys -t "$SESSION" -l 'echo "lines=$(wc -l < pasted.txt) cr=$(tr -cd "\r" < pasted.txt | wc -c)"'
tmux send-keys -t "$SESSION" Enter
wait_for "lines=3 cr=0"

# The key map.
tmux send-keys -t "$SESSION" F1
wait_for "Keys"
tmux send-keys -t "$SESSION" Escape
sleep 0.3

# A user's complete -W definition is honoured by Tab.
tmux send-keys -t "$SESSION" -l 'complete -W "start stop status" svc'
tmux send-keys -t "$SESSION" Enter
sleep 0.3
tmux send-keys -t "$SESSION" -l 'svc sto'
tmux send-keys -t "$SESSION" Tab
wait_for '$ svc stop'
tmux send-keys -t "$SESSION" C-u

# The side panel's / filter narrows the tree as you type.
tmux send-keys -t "$SESSION" F3
sleep 0.2
tmux send-keys -t "$SESSION" -l '/smoke-f'
wait_for '/smoke-f'
wait_for '3 shown'
tmux send-keys -t "$SESSION" Escape
sleep 0.2
tmux send-keys -t "$SESSION" F3
sleep 0.2

# A mouse drag (SGR reports, as a terminal sends them) from a line of
# output to far inside the side panel copies only scrollback text.
tmux send-keys -t "$SESSION" -l 'echo drag-me-please'
tmux send-keys -t "$SESSION" Enter
wait_for "drag-me-please"
row=$(tmux capture-pane -t "$SESSION" -p | grep -n '^drag-me-please' | tail -1 | cut -d: -f1)
[ -n "$row" ] || fail "no row of drag-me-please"
tmux send-keys -t "$SESSION" -l "$(printf '\033[<0;1;%sM' "$row")"
tmux send-keys -t "$SESSION" -l "$(printf '\033[<32;118;%sM' "$row")"
tmux send-keys -t "$SESSION" -l "$(printf '\033[<0;118;%sm' "$row")"
wait_for "copied 14 characters to the clipboard"

# No stale lines after a resize down to 40x10 and back: every row has
# the panel's separator again.
tmux resize-window -t "$SESSION" -x 40 -y 10
sleep 0.5
tmux resize-window -t "$SESSION" -x 120 -y 32
sleep 0.8
rows=$(tmux capture-pane -t "$SESSION" -p | grep -c '│')
[ "$rows" = 32 ] || fail "after a resize, $rows of 32 rows have the panel"

# exit N quits with N and restores the terminal, saving the session in
# the data directory without asking.
tmux send-keys -t "$SESSION" -l 'exit 7'
tmux send-keys -t "$SESSION" Enter
n=0
while [ ! -s "$WORK/status" ] && [ $n -lt 50 ]; do
	sleep 0.1
	n=$((n + 1))
done
[ -s "$WORK/status" ] || fail "memsh did not quit on exit 7"
# The terminal is given back as it was: nothing of memsh's screen stays.
if tmux capture-pane -t "$SESSION" -p | grep -q 'memfs\|sandboxed shell'; then
	fail "memsh's screen stayed after exit"
fi
status=$(cat "$WORK/status")
[ "$status" = 7 ] || fail "exit status $status, want 7"
[ -e "$WORK/config/memsh/history" ] || fail "no history file in the config dir"
grep -qF 'echo smoke-$((6*7))' "$WORK/config/memsh/history" || fail "history lacks the first command"
SESSTAR="$WORK/.local/share/memsh/sessions/default/fs.tar"
tar -tf "$SESSTAR" | grep -q 'home/user/smoke-file.txt' || fail "the session lacks home/user/smoke-file.txt"

# --save FILE.tar: Ctrl-D on an empty prompt saves the VFS, then quits.
tmux kill-session -t "$SESSION" 2>/dev/null
rm -f "$WORK/status"
tmux new-session -d -s "$SESSION" -x 100 -y 24 \
	"env XDG_CONFIG_HOME='$WORK/config' HOME='$WORK' TERM=xterm-256color '$BIN' --save '$WORK/saved.tar'; echo \$? > '$WORK/status'; sleep 60" ||
	fail "could not start tmux"
wait_for "sandboxed shell"
# The session comes back across the restart.
wait_for "session default restored"
tmux send-keys -t "$SESSION" -l 'cat smoke-file.txt pasted.txt | tr "\n" +'
tmux send-keys -t "$SESSION" Enter
wait_for "hello+l1+l2+l3+"
tmux send-keys -t "$SESSION" -l 'echo kept > /home/user/kept.txt'
tmux send-keys -t "$SESSION" Enter
wait_for "kept.txt"
tmux send-keys -t "$SESSION" C-d
n=0
while [ ! -s "$WORK/status" ] && [ $n -lt 50 ]; do
	sleep 0.1
	n=$((n + 1))
done
[ "$(cat "$WORK/status" 2>/dev/null)" = 0 ] || fail "ctrl+d with --save: status $(cat "$WORK/status" 2>/dev/null)"
tar -tf "$WORK/saved.tar" | grep -q 'home/user/kept.txt' || fail "--save tar lacks home/user/kept.txt"

echo "tmux-smoke: ok"
