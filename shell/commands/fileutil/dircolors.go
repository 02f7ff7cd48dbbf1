package fileutil

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"path"
	"strings"

	"memsh/shell/command"
)

const dircolorsHelp = `Usage: dircolors [OPTION]... [FILE]
Output commands to set the LS_COLORS environment variable.

Determine format of output:
  -b, --sh, --bourne-shell    output Bourne shell code to set LS_COLORS
  -c, --csh, --c-shell        output C shell code to set LS_COLORS
  -p, --print-database        output defaults
      --print-ls-colors       output fully escaped colors for display
      --help        display this help and exit
      --version     output version information and exit

If FILE is specified, read it to determine which colors to use for which
file types and extensions.  Otherwise, a precompiled database is used.
For details on the format of these files, run 'dircolors --print-database'.
`

// dircolorsKeywords maps the database's file-type keywords to their
// LS_COLORS codes.
var dircolorsKeywords = map[string]string{
	"NORMAL": "no", "NORM": "no", "FILE": "fi", "RESET": "rs", "DIR": "di", "LNK": "ln", "LINK": "ln",
	"SYMLINK": "ln", "ORPHAN": "or", "MISSING": "mi", "FIFO": "pi", "PIPE": "pi", "SOCK": "so",
	"BLK": "bd", "BLOCK": "bd", "CHR": "cd", "CHAR": "cd", "DOOR": "do", "EXEC": "ex",
	"LEFT": "lc", "LEFTCODE": "lc", "RIGHT": "rc", "RIGHTCODE": "rc", "END": "ec", "ENDCODE": "ec",
	"SUID": "su", "SETUID": "su", "SGID": "sg", "SETGID": "sg", "STICKY": "st",
	"OTHER_WRITABLE": "ow", "OWR": "ow", "STICKY_OTHER_WRITABLE": "tw", "OWT": "tw",
	"CAPABILITY": "ca", "MULTIHARDLINK": "mh", "CLRTOEOL": "cl",
}

func runDircolors(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	sh := f.BoolP("sh", "b", false, "")
	f.BoolVar(sh, "bourne-shell", false, "")
	csh := f.BoolP("csh", "c", false, "")
	f.BoolVar(csh, "c-shell", false, "")
	print := f.BoolP("print-database", "p", false, "")
	printLs := f.Bool("print-ls-colors", false, "")
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if *showVersion {
		return printVersion(inv)
	}
	if (*print || *printLs) && (*sh || *csh) {
		inv.Errorf("the options to output non shell syntax,\nand to select a shell syntax are mutually exclusive")
		return inv.Usage(1, "")
	}
	if *print && *printLs {
		inv.Errorf("options --print-database and --print-ls-colors are mutually exclusive")
		return inv.Usage(1, "")
	}
	if len(operands) > 1 || *print && len(operands) > 0 {
		inv.Errorf("extra operand %s", lquote(inv, operands[len(operands)-1]))
		if *print {
			io.WriteString(inv.Stderr, "file operands cannot be combined with --print-database (-p)\n")
		}
		return inv.Usage(1, "")
	}
	if *print {
		if _, err := io.WriteString(inv.Stdout, dircolorsDatabase); err != nil {
			inv.Errorf("write error: %s", command.Strerror(err))
			return 1
		}
		return 0
	}
	csh_ := *csh
	if !*sh && !*csh && !*printLs {
		shell, ok := inv.LookupEnv("SHELL")
		if !ok || shell == "" {
			inv.Errorf("no SHELL environment variable, and no shell type option given")
			return 1
		}
		base := path.Base(shell)
		csh_ = base == "csh" || base == "tcsh"
	}
	db, name := []byte(dircolorsDatabase), "<internal>"
	if len(operands) == 1 {
		r, err := inv.OpenInput(ctx, operands[0])
		if err == nil {
			db, err = inv.ReadAll(r, 0)
			r.Close()
		}
		if err != nil {
			inv.Errorf("%s: %s", quoteName(inv, operands[0]), command.Strerror(err))
			return 1
		}
		name = operands[0]
	}
	entries, ok := dircolorsParse(inv, db, name)
	if !ok {
		return 1
	}
	var out strings.Builder
	switch {
	case *printLs:
		for _, e := range entries {
			key, val, _ := strings.Cut(e, "=")
			fmt.Fprintf(&out, "\x1b[%sm%s\t%s\x1b[0m\n", val, key, val)
		}
	case csh_:
		out.WriteString("setenv LS_COLORS '" + dircolorsQuote(entries) + "'\n")
	default:
		out.WriteString("LS_COLORS='" + dircolorsQuote(entries) + "';\nexport LS_COLORS\n")
	}
	if _, err := io.WriteString(inv.Stdout, out.String()); err != nil {
		inv.Errorf("write error: %s", command.Strerror(err))
		return 1
	}
	return 0
}

// dircolorsQuote joins the entries, each ending in ':', for single quotes.
func dircolorsQuote(entries []string) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(strings.ReplaceAll(e, "'", `'\''`) + ":")
	}
	return b.String()
}

// dircolorsParse reads a database as GNU dircolors does: TERM and
// COLORTERM lines select the entries that follow for matching terminals
// only; problems are reported with their line numbers and, if any, the
// result is discarded.
func dircolorsParse(inv *command.Invocation, db []byte, name string) ([]string, bool) {
	term := inv.Getenv("TERM")
	if term == "" {
		term = "none"
	}
	colorterm := inv.Getenv("COLORTERM")
	const (
		global = iota
		termNo
		termYes
		termSure
	)
	state := global
	var entries []string
	ok := true
	sc := bufio.NewScanner(bytes.NewReader(db))
	for line := 1; sc.Scan(); line++ {
		keyword, arg, has := dircolorsLine(sc.Text())
		if keyword == "" {
			continue
		}
		if !has {
			inv.Errorf("%s:%d: invalid line;  missing second token", quoteName(inv, name), line)
			ok = false
			continue
		}
		unrecognized := false
		switch kw := strings.ToUpper(keyword); kw {
		case "TERM", "COLORTERM":
			if state != termSure {
				subject := term
				if kw == "COLORTERM" {
					subject = colorterm
				}
				if m, _ := path.Match(arg, subject); m {
					state = termSure
				} else {
					state = termNo
				}
			}
		default:
			if state == termSure {
				state = termYes
			}
			if state == termNo {
				continue
			}
			switch {
			case keyword[0] == '.':
				entries = append(entries, "*"+keyword+"="+arg)
			case keyword[0] == '*':
				entries = append(entries, keyword+"="+arg)
			case kw == "OPTIONS" || kw == "COLOR" || kw == "EIGHTBIT":
			default:
				if code, found := dircolorsKeywords[kw]; found {
					entries = append(entries, code+"="+arg)
				} else {
					unrecognized = true
				}
			}
		}
		if unrecognized && (state == termSure || state == termYes) {
			inv.Errorf("%s:%d: unrecognized keyword %s", quoteName(inv, name), line, keyword)
			ok = false
		}
	}
	return entries, ok
}

// dircolorsLine splits a line into keyword and argument: '#' starts a
// comment, the argument runs to it, trailing blanks trimmed.
func dircolorsLine(line string) (keyword, arg string, has bool) {
	line = strings.TrimLeft(line, " \t")
	if line == "" || line[0] == '#' {
		return "", "", false
	}
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return line, "", false
	}
	keyword = line[:i]
	rest := strings.TrimLeft(line[i:], " \t")
	if rest == "" || rest[0] == '#' {
		return keyword, "", false
	}
	if j := strings.IndexByte(rest, '#'); j >= 0 {
		rest = rest[:j]
	}
	return keyword, strings.TrimRight(rest, " \t"), true
}

// dircolorsDatabase is GNU coreutils 9.1's default database, which
// --print-database prints and the LS_COLORS value is built from.
const dircolorsDatabase = `# Configuration file for dircolors, a utility to help you set the
# LS_COLORS environment variable used by GNU ls with the --color option.
# Copyright (C) 1996-2022 Free Software Foundation, Inc.
# Copying and distribution of this file, with or without modification,
# are permitted provided the copyright notice and this notice are preserved.
# The keywords COLOR, OPTIONS, and EIGHTBIT (honored by the
# slackware version of dircolors) are recognized but ignored.
# Global config options can be specified before TERM or COLORTERM entries
# Below are TERM or COLORTERM entries, which can be glob patterns, which
# restrict following config to systems with matching environment variables.
COLORTERM ?*
TERM Eterm
TERM ansi
TERM *color*
TERM con[0-9]*x[0-9]*
TERM cons25
TERM console
TERM cygwin
TERM *direct*
TERM dtterm
TERM gnome
TERM hurd
TERM jfbterm
TERM konsole
TERM kterm
TERM linux
TERM linux-c
TERM mlterm
TERM putty
TERM rxvt*
TERM screen*
TERM st
TERM terminator
TERM tmux*
TERM vt100
TERM xterm*
# Below are the color init strings for the basic file types.
# One can use codes for 256 or more colors supported by modern terminals.
# The default color codes use the capabilities of an 8 color terminal
# with some additional attributes as per the following codes:
# Attribute codes:
# 00=none 01=bold 04=underscore 05=blink 07=reverse 08=concealed
# Text color codes:
# 30=black 31=red 32=green 33=yellow 34=blue 35=magenta 36=cyan 37=white
# Background color codes:
# 40=black 41=red 42=green 43=yellow 44=blue 45=magenta 46=cyan 47=white
#NORMAL 00 # no color code at all
#FILE 00 # regular file: use no color at all
RESET 0 # reset to "normal" color
DIR 01;34 # directory
LINK 01;36 # symbolic link. (If you set this to 'target' instead of a
 # numerical value, the color is as for the file pointed to.)
MULTIHARDLINK 00 # regular file with more than one link
FIFO 40;33 # pipe
SOCK 01;35 # socket
DOOR 01;35 # door
BLK 40;33;01 # block device driver
CHR 40;33;01 # character device driver
ORPHAN 40;31;01 # symlink to nonexistent file, or non-stat'able file ...
MISSING 00 # ... and the files they point to
SETUID 37;41 # file that is setuid (u+s)
SETGID 30;43 # file that is setgid (g+s)
CAPABILITY 00 # file with capability (very expensive to lookup)
STICKY_OTHER_WRITABLE 30;42 # dir that is sticky and other-writable (+t,o+w)
OTHER_WRITABLE 34;42 # dir that is other-writable (o+w) and not sticky
STICKY 37;44 # dir with the sticky bit set (+t) and not other-writable
# This is for files with execute permission:
EXEC 01;32
# List any file extensions like '.gz' or '.tar' that you would like ls
# to color below. Put the extension, a space, and the color init string.
# (and any comments you want to add after a '#')
# If you use DOS-style suffixes, you may want to uncomment the following:
#.cmd 01;32 # executables (bright green)
#.exe 01;32
#.com 01;32
#.btm 01;32
#.bat 01;32
# Or if you want to color scripts even if they do not have the
# executable bit actually set.
#.sh 01;32
#.csh 01;32
 # archives or compressed (bright red)
.tar 01;31
.tgz 01;31
.arc 01;31
.arj 01;31
.taz 01;31
.lha 01;31
.lz4 01;31
.lzh 01;31
.lzma 01;31
.tlz 01;31
.txz 01;31
.tzo 01;31
.t7z 01;31
.zip 01;31
.z 01;31
.dz 01;31
.gz 01;31
.lrz 01;31
.lz 01;31
.lzo 01;31
.xz 01;31
.zst 01;31
.tzst 01;31
.bz2 01;31
.bz 01;31
.tbz 01;31
.tbz2 01;31
.tz 01;31
.deb 01;31
.rpm 01;31
.jar 01;31
.war 01;31
.ear 01;31
.sar 01;31
.rar 01;31
.alz 01;31
.ace 01;31
.zoo 01;31
.cpio 01;31
.7z 01;31
.rz 01;31
.cab 01;31
.wim 01;31
.swm 01;31
.dwm 01;31
.esd 01;31
# image formats
.avif 01;35
.jpg 01;35
.jpeg 01;35
.mjpg 01;35
.mjpeg 01;35
.gif 01;35
.bmp 01;35
.pbm 01;35
.pgm 01;35
.ppm 01;35
.tga 01;35
.xbm 01;35
.xpm 01;35
.tif 01;35
.tiff 01;35
.png 01;35
.svg 01;35
.svgz 01;35
.mng 01;35
.pcx 01;35
.mov 01;35
.mpg 01;35
.mpeg 01;35
.m2v 01;35
.mkv 01;35
.webm 01;35
.webp 01;35
.ogm 01;35
.mp4 01;35
.m4v 01;35
.mp4v 01;35
.vob 01;35
.qt 01;35
.nuv 01;35
.wmv 01;35
.asf 01;35
.rm 01;35
.rmvb 01;35
.flc 01;35
.avi 01;35
.fli 01;35
.flv 01;35
.gl 01;35
.dl 01;35
.xcf 01;35
.xwd 01;35
.yuv 01;35
.cgm 01;35
.emf 01;35
# https://wiki.xiph.org/MIME_Types_and_File_Extensions
.ogv 01;35
.ogx 01;35
# audio formats
.aac 00;36
.au 00;36
.flac 00;36
.m4a 00;36
.mid 00;36
.midi 00;36
.mka 00;36
.mp3 00;36
.mpc 00;36
.ogg 00;36
.ra 00;36
.wav 00;36
# https://wiki.xiph.org/MIME_Types_and_File_Extensions
.oga 00;36
.opus 00;36
.spx 00;36
.xspf 00;36
# backup files
*~ 00;90
*# 00;90
.bak 00;90
.old 00;90
.orig 00;90
.part 00;90
.rej 00;90
.swp 00;90
.tmp 00;90
.dpkg-dist 00;90
.dpkg-old 00;90
.ucf-dist 00;90
.ucf-new 00;90
.ucf-old 00;90
.rpmnew 00;90
.rpmorig 00;90
.rpmsave 00;90
# Subsequent TERM or COLORTERM entries, can be used to add / override
# config specific to those matching environment variables.
`
