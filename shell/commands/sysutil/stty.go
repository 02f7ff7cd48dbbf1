package sysutil

import (
	"context"
	"strings"
	"sync"

	"memsh/shell/command"
)

const sttyHelp = `Usage: stty [-F DEVICE | --file=DEVICE] [SETTING]...
  or:  stty [-F DEVICE | --file=DEVICE] [-a|--all]
  or:  stty [-F DEVICE | --file=DEVICE] [-g|--save]
Print or change terminal characteristics.

Mandatory arguments to long options are mandatory for short options too.
  -a, --all          print all current settings in human-readable form
  -g, --save         print all current settings in a stty-readable form
  -F, --file=DEVICE  open and use the specified DEVICE instead of stdin
` + stdOpts + `
Optional - before SETTING indicates negation.  SETTING is one of GNU
stty's special characters (intr CHAR, eof CHAR, ...), special settings
(rows N, cols N, size, speed, min N, time N, N), control, input, output
and local settings ([-]echo, [-]icanon, ...) and combinations (raw,
sane, cbreak, ...).

Commands in memsh have no terminal device: standard input is never a
tty, so stty checks its arguments and fails as GNU stty does when
standard input is a pipe or a file.
`

// sttyArg lists the settings that take an argument; sttyFlag the ones
// that may be negated with '-'; sttyPlain the rest. Built on first use:
// every memsh process runs package inits, `memsh -c true` included.
var (
	sttyArg = setOf("discard eof eol eol2 erase intr kill lnext quit rprnt start stop susp swtch werase " +
		"cols columns ispeed line min ospeed rows time")
	sttyFlag = setOf("drain clocal cread crtscts cstopb hup hupcl parenb parodd cmspar brkint icrnl ignbrk " +
		"igncr ignpar imaxbel inlcr inpck istrip iutf8 iuclc ixany ixoff ixon parmrk tandem ocrnl ofdel " +
		"ofill olcuc onlcr onlret onocr opost tabs crterase crtkill ctlecho echo echoctl echoe echok echoke " +
		"echonl echoprt extproc flusho icanon iexten isig noflsh prterase tostop xcase LCASE cbreak cooked " +
		"decctlq evenp lcase litout nl oddp parity pass8 raw")
	sttyPlain = setOf("size speed crt dec ek sane cs5 cs6 cs7 cs8 bs0 bs1 cr0 cr1 cr2 cr3 ff0 ff1 nl0 nl1 " +
		"tab0 tab1 tab2 tab3 vt0 vt1")
)

func setOf(words string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(words) {
			m[w] = true
		}
		return m
	})
}

func runStty(ctx context.Context, inv *command.Invocation) int {
	var device string
	var all, save bool
	var settings []string
	args := inv.Args[1:]
	// stty's own parsing: "-echo" is a setting, not an option.
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-a" || a == "--all":
			all = true
		case a == "-g" || a == "--save":
			save = true
		case a == "--help":
			return printHelp(inv, "stty")
		case a == "--version":
			return printVersion(inv, "stty")
		case a == "-F" || a == "--file":
			if i+1 >= len(args) {
				if a == "-F" {
					return inv.Usage(1, "option requires an argument -- 'F'")
				}
				return inv.Usage(1, "option '--file' requires an argument")
			}
			i++
			device = args[i]
		case strings.HasPrefix(a, "--file="):
			device = a[len("--file="):]
		case strings.HasPrefix(a, "-F"):
			device = a[2:]
		case a == "--":
		default:
			name := strings.TrimPrefix(a, "-")
			switch {
			case sttyArg()[a]:
				if i+1 >= len(args) {
					return inv.Usage(1, "missing argument to %s", quote(inv, a))
				}
				i++
			case sttyPlain()[a], sttyFlag()[name], isSpeed(a):
			default:
				return inv.Usage(1, "invalid argument %s", quote(inv, a))
			}
			settings = append(settings, a)
		}
	}
	if all && save {
		inv.Errorf("the options for verbose and stty-readable output styles are\nmutually exclusive")
		return 1
	}
	if (all || save) && len(settings) > 0 {
		inv.Errorf("when specifying an output style, modes may not be set")
		return 1
	}
	if device == "" {
		inv.Errorf("'standard input': Inappropriate ioctl for device")
		return 1
	}
	reason := "Inappropriate ioctl for device"
	if _, err := inv.FS.Stat(inv.Abs(device)); err != nil {
		reason = command.Strerror(err)
		if inv.Abs(device) == "/dev/tty" {
			// No controlling terminal: what opening /dev/tty says then.
			reason = "No such device or address"
		}
	}
	inv.Errorf("%s: %s", device, reason)
	return 1
}

// isSpeed reports whether s is a bare baud rate ("9600").
func isSpeed(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
