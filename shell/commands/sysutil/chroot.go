package sysutil

import (
	"context"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const chrootHelp = `Usage: chroot [OPTION] NEWROOT [COMMAND [ARG]...]
  or:  chroot OPTION
Run COMMAND with root directory set to NEWROOT.

      --groups=G_LIST        specify supplementary groups as g1,g2,..,gN
      --userspec=USER:GROUP  specify user and group (ID or name) to use
      --skip-chdir           do not change working directory to '/'
` + stdOpts + `
If no command is given, run '"$SHELL" -i' (default: '/bin/sh -i').

The sandbox user may not change the root directory (that needs root);
a NEWROOT that is already '/' just runs COMMAND.
`

// runChroot is chroot as an unprivileged user: NEWROOT "/" runs the
// command, anything else fails as chroot(2) does (EPERM once the path
// resolves to a directory).
func runChroot(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{0, "groups", requiredArg, "groups"}, {0, "userspec", requiredArg, "userspec"},
		{0, "skip-chdir", noArg, "skip-chdir"},
		{0, "help", noArg, "help"}, {0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, nil)
	if !ok {
		return 125
	}
	skipChdir := false
	userspec, groups := "", false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "chroot")
		case "version":
			return printVersion(inv, "chroot")
		case "skip-chdir":
			skipChdir = true
		case "userspec":
			userspec = o.Value
		case "groups":
			groups = true
		}
	}
	if len(operands) == 0 {
		return inv.Usage(125, "missing operand")
	}
	root := operands[0]
	real, err := inv.FS.Realpath(inv.Abs(root))
	if err == nil {
		if fi, serr := inv.FS.Stat(real); serr != nil {
			err = serr
		} else if !fi.IsDir() {
			err = syscall.ENOTDIR
		} else if real != "/" {
			err = syscall.EPERM
		}
	}
	if err != nil {
		inv.Errorf("cannot change root directory to %s: %s", shellQuote(root), command.Strerror(err))
		return 125
	}
	if userspec != "" || groups {
		if msg := checkUserspec(inv, userspec); msg != "" {
			inv.Errorf("%s", msg)
			return 125
		}
		// Setting the groups, even to the user's own, needs root.
		inv.Errorf("failed to set supplemental groups: Operation not permitted")
		return 125
	}
	argv := operands[1:]
	if len(argv) == 0 {
		shell := inv.Getenv("SHELL")
		if shell == "" {
			shell = "/bin/sh"
		}
		argv = []string{shell, "-i"}
	}
	if skipChdir {
		return runOrFail(ctx, inv, argv, inv.Stdio, quoteUTF8)
	}
	// The command starts in the new root, as after chroot(2) and
	// chdir("/"): a child shell moves there first, so the command is
	// looked up here, for GNU's message when it is missing.
	name, pathVar := argv[0], ""
	if strings.Contains(name, "/") {
		name = "/" + name
	} else if v, ok := inv.LookupEnv("PATH"); ok {
		pathVar = v
	} else {
		pathVar = "/usr/bin:/bin"
	}
	found, denied := lookPath(inv, name, pathVar)
	if found == "" && !denied {
		inv.Errorf("failed to run command %s: No such file or directory", quoteUTF8(argv[0]))
		return 127
	}
	return runOrFail(ctx, inv, append([]string{"sh", "-c", `cd / && exec "$@"`, "sh"}, argv...), inv.Stdio, quoteUTF8)
}

// checkUserspec validates --userspec=USER[:GROUP] against /etc/passwd
// and /etc/group, in GNU chroot's words.
func checkUserspec(inv *command.Invocation, spec string) string {
	if spec == "" {
		return ""
	}
	user, group, _ := strings.Cut(spec, ":")
	if user != "" {
		if _, ok := userByName(inv, user); !ok && !isDecimal(user) {
			return "invalid user"
		}
	}
	if group != "" {
		found := isDecimal(group)
		for _, g := range groupTable(inv) {
			found = found || g.Name == group
		}
		if !found {
			return "invalid group"
		}
	}
	return ""
}

func isDecimal(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
