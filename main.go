// Command memsh is a sandboxed shell: bash (mvdan.cc/sh) over an in-memory
// filesystem, with python3 and WASI programs in wazero. With a terminal and
// no script it starts the interactive TUI; otherwise it runs a script:
//
//	memsh -c 'SCRIPT' [NAME [ARGS...]]
//	memsh FILE [ARGS...]
//	memsh < FILE
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/pflag"
	"mvdan.cc/sh/v3/syntax"

	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell"
	"memsh/shell/command"
	"memsh/shell/commands/wasitool"
	"memsh/themes"
	"memsh/tui"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

const usageText = `Usage: memsh [OPTIONS] [-c SCRIPT [NAME [ARGS...]] | FILE [ARGS...]]

memsh is a sandboxed shell: bash over an in-memory filesystem, with python3
and WASI programs. Nothing a script does reaches the host.

With a terminal on stdin and stdout and no script, memsh starts the
interactive shell. Otherwise it runs the script given by -c, the host FILE
(read once), or the script on stdin, and exits with the script's status.

Options:
  -c SCRIPT               run SCRIPT; NAME and ARGS become $0 and $1...
  -i                      without a terminal: run as bash -i, reading the
                          commands from stdin (prompts, PROMPT_COMMAND,
                          history expansion) or running -c SCRIPT after
                          the startup files; with one: the interactive shell
      --json              print one JSON object {stdout, stderr, exitCode}
      --mount HOST:GUEST[:ro|:cow]
                          show a host directory at GUEST (repeatable;
                          default cow: writes stay in memory)
      --load FILE.tar     load a tar archive into / before running
      --save FILE.tar     save the filesystem to FILE.tar at exit
      --timeout DURATION  stop the script after DURATION (status 124)
      --max-file-size SIZE  largest file (e.g. 64M, 1G; K M G T are powers of 1024)
      --max-fs-bytes SIZE total bytes the filesystem may hold
      --max-guest-memory SIZE  memory cap of each python3 or other WASI
                          program (default 1G)
      --max-memory SIZE   memory budget of the session: files, variables,
                          what commands hold, jobs, WASI programs'
                          memory (default an eighth of the RAM)
      --cwd DIR           start in DIR (inside the sandbox)
      --env K=V           set a variable (repeatable)
      --theme NAME        TUI theme: dark, light, high-contrast
                          (--theme list shows them)
      --session NAME      interactive shell: keep the files in session NAME
                          (default "default") in $XDG_DATA_HOME/memsh/sessions
      --fresh             interactive shell: start the session empty
      --list-sessions     list the saved sessions and exit
      --version           print the version and exit
  -h, --help              print this help and exit
`

type config struct {
	script      string
	hasScript   bool
	interactive bool // -i: bash -i's shell, reading its commands from stdin
	json        bool
	mounts      []string
	load, save  string
	timeout     time.Duration
	maxFileSize string
	maxFSBytes  string
	guestMemory string
	maxMemory   string
	cwd         string
	env         []string
	theme       string
	session     string
	fresh       bool
	listSess    bool
	version     bool
	help        bool
	args        []string
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(argv []string, stdin *os.File, stdout, stderr *os.File) int {
	cfg, err := parseArgs(argv)
	if err != nil {
		fmt.Fprintf(stderr, "memsh: %v\nTry 'memsh --help' for more information.\n", err)
		return 2
	}
	if cfg.help {
		fmt.Fprint(stdout, usageText)
		return 0
	}
	if cfg.version {
		fmt.Fprintf(stdout, "memsh %s\n", version)
		return 0
	}
	if cfg.theme == "list" {
		listThemes(stdout)
		return 0
	}

	if cfg.listSess {
		if err := listSessions(stdout); err != nil {
			fmt.Fprintf(stderr, "memsh: --list-sessions: %v\n", err)
			return 1
		}
		return 0
	}

	interactive := !cfg.hasScript && len(cfg.args) == 0 &&
		term.IsTerminal(stdin.Fd()) && term.IsTerminal(stdout.Fd())

	// Scripts run guests without wazero's per-loop termination checks
	// (pyworker's fast mode: several times faster python); the
	// interactive shell keeps them, as it may leave a python REPL
	// running for hours and fast mode pauses Go's collector while a
	// guest runs.
	opts, err := sessionOptions(cfg, stdout, !interactive)
	if err != nil {
		fmt.Fprintf(stderr, "memsh: %v\n", err)
		return 2
	}
	// A script runs like bash -c: the EXIT trap runs at its end.
	opts.Script = !interactive
	// The interactive shell loads python in the background at start, so
	// the first python3 does not wait for it; a script pays for python
	// only when it may use it, and then the load overlaps its start.
	var script string
	if !interactive {
		var restore func()
		stdin, restore = pollableStdin(stdin)
		defer restore()
		var name string
		var args []string
		if cfg.interactive {
			script, name, err = interactiveScript(cfg)
		} else {
			script, name, args, err = scriptSource(cfg, stdin, scriptLimit(opts.MaxMemory))
		}
		if err != nil {
			fmt.Fprintf(stderr, "memsh: %v\n", err)
			if errors.Is(err, errScriptTooLong) || cfg.interactive {
				return 2
			}
			return 127
		}
		opts.Args = append([]string{name}, args...)
		opts.FromFile = !cfg.hasScript && !cfg.interactive
		if cfg.hasScript {
			opts.Command = script
		}
	}
	if interactive || mayRunGuest(script) {
		opts.Python.Preload()
	}
	// The same for sqlite3 and lua (loaded one after another, apart from
	// python): from the compilation cache that is a fraction of a second.
	if tools := toolsIn(script, interactive); len(tools) > 0 {
		opts.Python.PreloadTools(tools...)
	}
	ctx, sig := context.Background(), &signals{}
	if !interactive {
		// A script that may run WASI guests waits for the handler too:
		// busy guests can hold every P before a goroutine installs it.
		ctx = sig.notify(cfg.save != "" || mayRunGuest(script))
	}
	sess, err := shell.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "memsh: %v\n", err)
		return 1
	}
	// A script run abandoned by its watchdog (exitpath.go) may still hold
	// the session: the process then exits without closing it.
	finished := true
	defer func() {
		if finished {
			sess.Close()
		}
	}()
	psess, notes, err := sessionFor(interactive, cfg, sess)
	if err != nil {
		fmt.Fprintf(stderr, "memsh: %v\n", err)
		return 1
	}
	defer psess.Close()
	if err := prepareFS(ctx, sess.FS(), cfg); err != nil {
		if n := sig.received(); n != 0 && errors.Is(err, context.Canceled) {
			err = fmt.Errorf("%s: stopped by %s before anything ran", strings.SplitN(err.Error(), ":", 2)[0], map[int]string{1: "SIGHUP", 2: "SIGINT", 15: "SIGTERM"}[n])
		}
		fmt.Fprintf(stderr, "memsh: %v\n", err)
		if n := sig.received(); n != 0 {
			return 128 + n // nothing ran: nothing is saved either
		}
		return 1
	}

	if interactive {
		tuiOpts := tui.Options{
			Theme:   cfg.theme,
			Save:    cfg.save,
			NoColor: os.Getenv("NO_COLOR") != "",
			Version: version,
		}
		tuiOpts.Session, tuiOpts.Notes = psess, notes
		status, err := tui.Run(sess, tuiOpts)
		if err != nil {
			fmt.Fprintf(stderr, "memsh: %v\n", err)
			return 1
		}
		return status
	}

	var status int
	status, finished = runScript(ctx, sess, cfg, script, stdin, stdout, stderr)
	if n := sig.received(); n != 0 {
		status = 128 + n
	}
	if finished {
		// The EXIT trap of a script a signal stopped runs now (Close), as
		// bash runs it on a fatal signal, and before the save.
		sess.Close()
	}
	return saveAtExit(sess.FS(), cfg.save, status, stderr)
}

func parseArgs(argv []string) (*config, error) {
	cfg := &config{}
	fs := pflag.NewFlagSet("memsh", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	// Like bash: options end at the first operand, so the script's own
	// arguments (`memsh -c 'echo $1' x -n`) are never taken as memsh's.
	fs.SetInterspersed(false)
	fs.StringVarP(&cfg.script, "command", "c", "", "")
	fs.BoolVarP(&cfg.interactive, "interactive", "i", false, "")
	fs.BoolVar(&cfg.json, "json", false, "")
	fs.StringArrayVar(&cfg.mounts, "mount", nil, "")
	fs.StringVar(&cfg.load, "load", "", "")
	fs.StringVar(&cfg.save, "save", "", "")
	fs.DurationVar(&cfg.timeout, "timeout", 0, "")
	fs.StringVar(&cfg.maxFileSize, "max-file-size", "", "")
	fs.StringVar(&cfg.maxFSBytes, "max-fs-bytes", "", "")
	fs.StringVar(&cfg.guestMemory, "max-guest-memory", "", "")
	fs.StringVar(&cfg.maxMemory, "max-memory", "", "")
	fs.StringVar(&cfg.cwd, "cwd", "", "")
	fs.StringArrayVar(&cfg.env, "env", nil, "")
	fs.StringVar(&cfg.theme, "theme", "", "")
	fs.StringVar(&cfg.session, "session", "", "")
	fs.BoolVar(&cfg.fresh, "fresh", false, "")
	fs.BoolVar(&cfg.listSess, "list-sessions", false, "")
	fs.BoolVar(&cfg.version, "version", false, "")
	fs.BoolVarP(&cfg.help, "help", "h", false, "")
	if err := fs.Parse(argv); err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "pflag: "))
	}
	cfg.hasScript = fs.Changed("command")
	cfg.args = fs.Args()
	if cfg.timeout < 0 {
		return nil, fmt.Errorf("invalid --timeout %s", cfg.timeout)
	}
	if _, ok := themes.Get(cfg.theme); cfg.theme != "" && cfg.theme != "list" && !ok {
		return nil, fmt.Errorf("unknown --theme %q (themes: %s)", cfg.theme, strings.Join(themes.Names(), ", "))
	}
	for _, kv := range cfg.env {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			return nil, fmt.Errorf("invalid --env %q: want K=V", kv)
		}
	}
	return cfg, nil
}

func sessionOptions(cfg *config, stdout *os.File, fastGuests bool) (shell.Options, error) {
	opts := shell.Options{Env: cfg.env, Dir: cfg.cwd, Timeout: cfg.timeout}
	var err error
	if opts.FSOptions.MaxFileSize, err = parseSize("--max-file-size", cfg.maxFileSize); err != nil {
		return opts, err
	}
	if opts.FSOptions.MaxBytes, err = parseSize("--max-fs-bytes", cfg.maxFSBytes); err != nil {
		return opts, err
	}
	if opts.MaxMemory, err = parseSize("--max-memory", cfg.maxMemory); err != nil {
		return opts, err
	}
	if cfg.maxMemory != "" && opts.MaxMemory < 1<<20 {
		return opts, fmt.Errorf("invalid --max-memory %q: at least 1M", cfg.maxMemory)
	}
	guestMem, err := parseSize("--max-guest-memory", cfg.guestMemory)
	if err != nil {
		return opts, err
	}
	if guestMem != 0 && guestMem < 1<<20 {
		return opts, fmt.Errorf("invalid --max-guest-memory %q: at least 1M", cfg.guestMemory)
	}
	opts.Python = pyworker.New(pyworker.Config{MemoryLimitMiB: int(guestMem >> 20), Fast: fastGuests})
	if term.IsTerminal(stdout.Fd()) {
		opts.Term = true
		if w, _, err := term.GetSize(stdout.Fd()); err == nil && w > 0 {
			opts.Width = w
		}
	}
	return opts, nil
}

// parseSize reads sizes the way GNU tools do: a bare number is bytes;
// K, M, G, T (and KiB, MiB...) are powers of 1024; KB, MB, GB, TB are
// powers of 1000. go-humanize reads "M" as 10^6, which would surprise
// anyone used to `truncate -s 64M`, so the suffixes are parsed here.
func parseSize(flag, s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	num := strings.TrimRightFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	suffix := s[len(num):]
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("invalid %s %q", flag, s)
	}
	mult := int64(1)
	switch strings.ToUpper(suffix) {
	case "", "B":
	case "K", "KIB":
		mult = 1 << 10
	case "M", "MIB":
		mult = 1 << 20
	case "G", "GIB":
		mult = 1 << 30
	case "T", "TIB":
		mult = 1 << 40
	case "KB":
		mult = 1e3
	case "MB":
		mult = 1e6
	case "GB":
		mult = 1e9
	case "TB":
		mult = 1e12
	default:
		return 0, fmt.Errorf("invalid %s %q: unknown suffix %q", flag, s, suffix)
	}
	if n > (1<<63-1)/mult {
		return 0, fmt.Errorf("invalid %s %q: too large", flag, s)
	}
	return n * mult, nil
}

// mayRunGuest guesses, from the script's text, whether it runs python or
// a WASI program; a wrong guess only costs or saves a background load.
func mayRunGuest(script string) bool {
	return strings.Contains(script, "python") || strings.Contains(script, ".wasm")
}

// toolsIn lists the WASI tools (sqlite3, lua) the script's text names;
// every one for the interactive shell.
func toolsIn(script string, interactive bool) []string {
	var out []string
	for _, t := range wasitool.Tools() {
		if interactive || strings.Contains(script, t) {
			out = append(out, t)
		}
	}
	return out
}

// asRoot turns memfs's permission checks off until the returned func
// is called: an archive (--load, a session) restores other owners' files
// (root's /, /etc, /dev) as tar run by root would.
func asRoot(fsys *memfs.FS) (restore func()) {
	fsys.EnforcePermissions(false)
	return func() { fsys.EnforcePermissions(true) }
}

// prepareFS applies --load and --mount before anything runs. A signal
// (ctx) stops a long --load: the archive is read through ctx.
func prepareFS(ctx context.Context, fsys *memfs.FS, cfg *config) error {
	defer asRoot(fsys)()
	if cfg.load != "" {
		f, err := os.Open(cfg.load)
		if err != nil {
			return fmt.Errorf("--load: %w", err)
		}
		// A read blocked on a FIFO or a terminal does not see ctx: a
		// deadline ends it (a regular file's reads never block).
		stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
		err = fsys.ImportTar(command.ContextReader(ctx, f), "/")
		stop()
		f.Close()
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		if err != nil {
			return fmt.Errorf("--load %s: %w", cfg.load, err)
		}
	}
	for _, m := range cfg.mounts {
		host, guest, mode, err := parseMount(m)
		if err != nil {
			return err
		}
		if err := fsys.MkdirAll(guest, 0o755); err != nil {
			return fmt.Errorf("--mount %s: %w", m, err)
		}
		if err := fsys.Mount(guest, host, mode); err != nil {
			return fmt.Errorf("--mount %s: %w", m, err)
		}
	}
	return nil
}

func parseMount(spec string) (host, guest string, mode memfs.MountMode, err error) {
	parts := strings.Split(spec, ":")
	mode = memfs.MountCOW
	switch {
	case len(parts) == 3 && parts[2] == "ro":
		mode = memfs.MountRO
	case len(parts) == 3 && parts[2] == "cow":
	case len(parts) == 2:
	default:
		return "", "", 0, fmt.Errorf("invalid --mount %q: want HOST:GUEST[:ro|:cow]", spec)
	}
	host, guest = parts[0], parts[1]
	if host == "" || !strings.HasPrefix(guest, "/") {
		return "", "", 0, fmt.Errorf("invalid --mount %q: HOST must be given and GUEST must be absolute", spec)
	}
	if host, err = filepath.Abs(host); err != nil {
		return "", "", 0, err
	}
	st, err := os.Stat(host)
	if err != nil {
		return "", "", 0, fmt.Errorf("--mount %s: %w", spec, err)
	}
	if !st.IsDir() {
		return "", "", 0, fmt.Errorf("--mount %s: %s is not a directory", spec, host)
	}
	return host, guest, mode, nil
}

// scriptSource returns the script text, $0 and the positional arguments.
func scriptSource(cfg *config, stdin *os.File, limit int64) (script, name string, args []string, err error) {
	switch {
	case cfg.hasScript:
		// $0 is "bash" as under `bash -c`, matching the "bash: ..."
		// every message of the sandbox starts with.
		name = "bash"
		if len(cfg.args) > 0 {
			name, args = cfg.args[0], cfg.args[1:]
		}
		return cfg.script, name, args, nil
	case len(cfg.args) > 0:
		data, err := readScript(cfg.args[0], nil, limit)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = fmt.Errorf("%s: %w", cfg.args[0], pe.Err)
			}
			return "", "", nil, err
		}
		return string(data), cfg.args[0], cfg.args[1:], nil
	default:
		data, err := readScript("", stdin, limit)
		if err != nil {
			return "", "", nil, err
		}
		return string(data), "bash", nil, nil
	}
}

// interactiveScript is what memsh -i runs without a terminal: the
// sandbox's bash -i, which reads its startup files and then its commands
// from memsh's stdin (or runs -c's script with its $0 and arguments).
func interactiveScript(cfg *config) (script, name string, err error) {
	if !cfg.hasScript {
		if len(cfg.args) > 0 {
			return "", "", fmt.Errorf("-i: a script FILE is not read interactively; use memsh -i < %s", cfg.args[0])
		}
		return "bash -i", "bash", nil
	}
	words := []string{"bash", "-i", "-c", cfg.script}
	words = append(words, cfg.args...)
	for k, w := range words {
		if words[k], err = syntax.Quote(w, syntax.LangBash); err != nil {
			return "", "", fmt.Errorf("-i: %w", err)
		}
	}
	return strings.Join(words, " "), "bash", nil
}
