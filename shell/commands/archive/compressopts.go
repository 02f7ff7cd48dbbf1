package archive

import (
	"fmt"
	"io"
	"slices"
	"sync"

	"memsh/shell/internal/longopt"
)

// compressOpts is one tool's options for the shared getopt_long parser
// (longopt.Table.Getopt): its long options in the real tool's table
// order, so an ambiguous prefix lists the same possibilities, and its
// short letters. IDs name what memsh does with an option: the ones in
// ignoredOpts change nothing here, the ones in unsupportedOpts are
// refused with a message naming them.
type compressOpts struct {
	long  longopt.Table
	short []longopt.Short
}

func noArg(names ...string) []longopt.Option {
	var o []longopt.Option
	for _, n := range names {
		o = append(o, longopt.Option{Name: n, ID: n, NoArg: true})
	}
	return o
}

func withArg(name, id string) longopt.Option { return longopt.Option{Name: name, ID: id, Arg: true} }
func optArg(name string) longopt.Option      { return longopt.Option{Name: name, ID: name} }

func shorts(letters string, id func(rune) string) []longopt.Short {
	var s []longopt.Short
	for _, r := range letters {
		s = append(s, longopt.Short{Letter: r, ID: id(r)})
	}
	return s
}

// xzOpts is xz 5.4's table (src/xz/args.c), short options
// "cC:defF:hHlkM:qQrS:tT:vVz0123456789".
var xzOpts = sync.OnceValue(func() compressOpts {
	long := []longopt.Option{
		{Name: "compress", ID: "compress", NoArg: true}, {Name: "decompress", ID: "decompress", NoArg: true},
		{Name: "uncompress", ID: "decompress", NoArg: true}, {Name: "test", ID: "test", NoArg: true},
		{Name: "list", ID: "list", NoArg: true}, {Name: "keep", ID: "keep", NoArg: true},
		{Name: "force", ID: "force", NoArg: true}, {Name: "stdout", ID: "stdout", NoArg: true},
		{Name: "to-stdout", ID: "stdout", NoArg: true},
	}
	long = append(long, noArg("single-stream", "ignore-check", "no-sparse")...)
	long = append(long, withArg("suffix", "suffix"), optArg("files"), optArg("files0"),
		withArg("format", "format"), withArg("check", "check"), withArg("block-size", "block-size"),
		withArg("block-list", "block-list"), withArg("memlimit-compress", "memlimit-compress"),
		withArg("memlimit-decompress", "memlimit-decompress"),
		withArg("memlimit-mt-decompress", "memlimit-mt-decompress"), withArg("memlimit", "memlimit"), withArg("memory", "memlimit"))
	long = append(long, noArg("no-adjust")...)
	long = append(long, withArg("threads", "threads"), withArg("flush-timeout", "flush-timeout"))
	long = append(long, noArg("extreme", "fast", "best")...)
	for _, f := range []string{"lzma1", "lzma2", "x86", "powerpc", "ia64", "arm", "armthumb", "arm64", "sparc", "delta"} {
		long = append(long, optArg(f))
	}
	long = append(long, noArg("quiet", "verbose", "no-warn", "robot", "info-memory", "help", "long-help", "version")...)
	short := shorts("cdefhHlkqQrtvVz0123456789", func(r rune) string {
		return map[rune]string{'c': "stdout", 'd': "decompress", 'e': "extreme", 'f': "force", 'h': "help",
			'H': "long-help", 'l': "list", 'k': "keep", 'q': "quiet", 'Q': "no-warn", 'r': "recursive",
			't': "test", 'v': "verbose", 'V': "version", 'z': "compress"}[r] + digitID(r)
	})
	short = append(short, longopt.Short{Letter: 'C', ID: "check", Arg: true}, longopt.Short{Letter: 'F', ID: "format", Arg: true},
		longopt.Short{Letter: 'M', ID: "memlimit", Arg: true}, longopt.Short{Letter: 'S', ID: "suffix", Arg: true},
		longopt.Short{Letter: 'T', ID: "threads", Arg: true})
	return compressOpts{long: longopt.Table{Long: long, Complete: true}, short: short}
})

// bzip2Opts is bzip2 1.0.8's flags (bzip2.c), which it reads in any
// order with the files.
var bzip2Opts = sync.OnceValue(func() compressOpts {
	return compressOpts{
		long: longopt.Table{Complete: true, Long: noArg("help", "decompress", "compress", "keep", "force", "test", "stdout",
			"quiet", "verbose", "license", "version", "small", "fast", "best", "exponential", "repetitive-fast", "repetitive-best")},
		short: shorts("cdzkftqvsLVh123456789", func(r rune) string {
			return map[rune]string{'c': "stdout", 'd': "decompress", 'z': "compress", 'k': "keep", 'f': "force",
				't': "test", 'q': "quiet", 'v': "verbose", 's': "small", 'L': "license", 'V': "version", 'h': "help"}[r] + digitID(r)
		}),
	}
})

// zstdOpts is the part of zstd 1.5's options memsh knows; -o takes the
// next word, -T the rest of its word.
var zstdOpts = sync.OnceValue(func() compressOpts {
	return compressOpts{
		long: longopt.Table{Complete: true, Long: append(noArg("compress", "decompress", "uncompress", "test", "stdout",
			"force", "keep", "rm", "quiet", "verbose", "no-progress", "progress", "ultra", "help", "version", "single-thread"),
			optArg("fast"), withArg("threads", "threads"), withArg("output", "output"))},
		short: append(shorts("zdtcfkqvhVl0123456789", func(r rune) string {
			return map[rune]string{'z': "compress", 'd': "decompress", 't': "test", 'c': "stdout", 'f': "force",
				'k': "keep", 'q': "quiet", 'v': "verbose", 'h': "help", 'V': "version", 'l': "list"}[r] + digitID(r)
		}), longopt.Short{Letter: 'o', ID: "output", Arg: true}, longopt.Short{Letter: 'T', ID: "threads", Optional: true}),
	}
})

func digitID(r rune) string {
	if r >= '0' && r <= '9' {
		return "level"
	}
	return ""
}

// ignoredOpts change nothing in memsh: levels, threads, limits, modes
// of one encoder.
var ignoredOpts = []string{"extreme", "fast", "best", "level", "threads", "verbose", "no-warn", "single-stream",
	"ignore-check", "no-sparse", "memlimit", "memlimit-compress", "memlimit-decompress", "memlimit-mt-decompress", "no-adjust", "flush-timeout", "block-size", "small", "exponential",
	"repetitive-fast", "repetitive-best", "no-progress", "progress", "ultra", "single-thread"}

// unsupportedOpts are real options memsh does not implement.
var unsupportedOpts = []string{"list", "suffix", "files", "files0", "format", "check", "block-list", "lzma1", "lzma2",
	"x86", "powerpc", "ia64", "arm", "armthumb", "arm64", "sparc", "delta", "robot", "info-memory", "recursive", "license"}

// parseOptions reads the command line with the shared getopt_long
// parser and the tool's table; a bad option is reported in the tool's
// words. ok false: return status.
func (c *compressRun) parseOptions(args []string) (files []string, status int, ok bool) {
	t := c.t
	opts := map[codec]func() compressOpts{codecXz: xzOpts, codecBzip2: bzip2Opts, codecZstd: zstdOpts}[t.codec]()
	o := &opts
	matches, files, msg := o.long.Getopt(args, o.short, nil)
	if msg != "" {
		return nil, c.badOption(args, o, msg), false
	}
	for _, m := range matches {
		switch id := m.ID; {
		case id == "compress":
			c.decomp = false
		case id == "decompress":
			c.decomp = true
		case id == "stdout":
			c.stdout = true
		case id == "keep":
			c.keep = true
		case id == "rm":
			c.keep = false
		case id == "force":
			c.force = true
		case id == "test":
			c.test, c.decomp = true, true
		case id == "quiet":
			c.quiet = true
		case id == "output":
			c.output = m.Value
		case id == "help" || id == "long-help":
			io.WriteString(c.inv.Stdout, map[codec]string{codecXz: xzHelp, codecBzip2: bzip2Help, codecZstd: zstdHelp}[t.codec])
			return nil, 0, false
		case id == "version":
			io.WriteString(c.inv.Stdout, versionText(c.inv.Name()))
			return nil, 0, false
		case slices.Contains(ignoredOpts, id):
		case slices.Contains(unsupportedOpts, id):
			c.inv.Errorf("%s: not supported in memsh", m.Name)
			return nil, 1, false
		}
	}
	return files, 0, true
}

// badOption reports a bad option as the real tool does: xz as getopt
// with its "Try `xz --help'" line, bzip2 naming the whole word, zstd
// with its usage.
func (c *compressRun) badOption(args []string, o *compressOpts, msg string) int {
	inv := c.inv
	switch c.t.codec {
	case codecXz:
		fmt.Fprintf(inv.Stderr, "%s: %s\n%s: Try `%s --help' for more information.\n", inv.Name(), msg, inv.Name(), inv.Name())
	case codecBzip2:
		fmt.Fprintf(inv.Stderr, "%s: Bad flag `%s'\n%s", inv.Name(), badWord(args, o), bzip2Help)
	default:
		if slices.Contains(args, "-o") && msg == "option requires an argument -- 'o'" {
			io.WriteString(inv.Stderr, "error: missing command argument \n")
		} else {
			io.WriteString(inv.Stderr, "Incorrect parameters \n"+zstdHelp)
		}
	}
	return 1
}

// badWord is the word of args at which the parse fails.
func badWord(args []string, o *compressOpts) string {
	for k := 1; k <= len(args); k++ {
		if _, _, msg := o.long.Getopt(args[:k], o.short, nil); msg != "" {
			return args[k-1]
		}
	}
	return args[len(args)-1]
}
