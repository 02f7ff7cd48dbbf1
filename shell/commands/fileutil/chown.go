package fileutil

import (
	"bufio"
	"context"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"syscall"

	"memsh/shell/command"
)

const chownHelp = `Usage: chown [OPTION]... [OWNER][:[GROUP]] FILE...
  or:  chown [OPTION]... --reference=RFILE FILE...
Change the owner and/or group of each FILE to OWNER and/or GROUP.
With --reference, change the owner and group of each FILE to those of RFILE.

  -c, --changes          like verbose but report only when a change is made
  -f, --silent, --quiet  suppress most error messages
  -v, --verbose          output a diagnostic for every file processed
      --dereference      affect the referent of each symbolic link (this is
                         the default), rather than the symbolic link itself
  -h, --no-dereference   affect symbolic links instead of any referenced file
      --from=CURRENT_OWNER:CURRENT_GROUP
                         change the owner and/or group of each file only if
                         its current owner and/or group match those specified
                         here.  Either may be omitted, in which case a match
                         is not required for the omitted attribute
      --no-preserve-root  do not treat '/' specially (the default)
      --preserve-root    fail to operate recursively on '/'
      --reference=RFILE  use RFILE's owner and group rather than
                         specifying OWNER:GROUP values
  -R, --recursive        operate on files and directories recursively
      --help        display this help and exit
      --version     output version information and exit

Owner is unchanged if missing.  Group is unchanged if missing, but changed
to login group if implied by a ':' following a symbolic OWNER.
OWNER and GROUP may be numeric as well as symbolic.

Users and groups are those of the sandbox's /etc/passwd and /etc/group.
Scripts run as an unprivileged user (uid 1000), so, as on Linux, only the
owner of a file may change its group, to a group the user is in, and
nobody may give a file away: other owners fail with "Operation not
permitted".

Examples:
  chown root /u        Change the owner of /u to "root".
  chown root:staff /u  Likewise, but also change its group to "staff".
  chown -hR root /u    Change the owner of /u and subfiles to "root".
`

const chgrpHelp = `Usage: chgrp [OPTION]... GROUP FILE...
  or:  chgrp [OPTION]... --reference=RFILE FILE...
Change the group of each FILE to GROUP.
With --reference, change the group of each FILE to that of RFILE.

  -c, --changes          like verbose but report only when a change is made
  -f, --silent, --quiet  suppress most error messages
  -v, --verbose          output a diagnostic for every file processed
      --dereference      affect the referent of each symbolic link (this is
                         the default), rather than the symbolic link itself
  -h, --no-dereference   affect symbolic links instead of any referenced file
      --no-preserve-root  do not treat '/' specially (the default)
      --preserve-root    fail to operate recursively on '/'
      --reference=RFILE  use RFILE's group rather than specifying a
                         GROUP value
  -R, --recursive        operate on files and directories recursively
      --help        display this help and exit
      --version     output version information and exit

Groups are those of the sandbox's /etc/group; the unprivileged sandbox
user may only give its own files to groups it is in.

Examples:
  chgrp staff /u      Change the group of /u to "staff".
  chgrp -hR staff /u  Change the group of /u and subfiles to "staff".
`

// ownerChange is what chown or chgrp was asked to do. uid or gid -1
// leaves that id alone; user and group are the names the verbose
// messages print ("" user with a group: chown's ":GROUP" form).
type ownerChange struct {
	uid, gid             int
	user, group          *string
	fromUID, fromGID     int
	verbose, changesOnly bool
	silent, deref        bool
	recursive, keepRoot  bool
	cmd                  string // "chown" or "chgrp"
	names                *idNames
	groups               map[int]bool // the caller's groups, loaded when needed
}

func runChown(ctx context.Context, inv *command.Invocation) int { return runOwner(ctx, inv, "chown") }
func runChgrp(ctx context.Context, inv *command.Invocation) int { return runOwner(ctx, inv, "chgrp") }

func runOwner(ctx context.Context, inv *command.Invocation, cmd string) int {
	f := inv.NewFlags()
	changes := f.BoolP("changes", "c", false, "")
	silent := f.BoolP("silent", "f", false, "")
	f.BoolVar(silent, "quiet", false, "")
	verbose := f.BoolP("verbose", "v", false, "")
	deref := f.Bool("dereference", false, "")
	noDeref := f.BoolP("no-dereference", "h", false, "")
	from := f.String("from", "", "")
	f.Bool("no-preserve-root", false, "")
	preserveRoot := f.Bool("preserve-root", false, "")
	reference := f.String("reference", "", "")
	recursive := f.BoolP("recursive", "R", false, "")
	f.BoolP("H", "H", false, "")
	f.BoolP("L", "L", false, "")
	f.BoolP("P", "P", false, "")
	showVersion := f.Bool("version", false, "")
	if cmd == "chgrp" {
		f.MarkHidden("from")
	}
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if *showVersion {
		return printVersion(inv)
	}
	if cmd == "chgrp" && f.Changed("from") {
		return inv.Usage(1, "unrecognized option '--from'")
	}
	c := &ownerChange{
		uid: -1, gid: -1, fromUID: -1, fromGID: -1,
		verbose: *verbose || *changes, changesOnly: *changes && !*verbose,
		silent: *silent, deref: !*noDeref || *deref, recursive: *recursive,
		keepRoot: *preserveRoot, cmd: cmd, names: &idNames{fsys: inv.FS},
	}
	if *recursive && !*noDeref {
		// -R walks physically (-P): symlinks met inside are left alone.
		c.deref = true
	}
	if *reference != "" {
		fi, err := inv.FS.Stat(abs(inv, *reference))
		if err != nil {
			inv.Errorf("failed to get attributes of %s: %s", quote(inv, *reference), command.Strerror(err))
			return 1
		}
		st := statOf(fi)
		c.gid = int(st.Gid)
		g := c.names.group(st.Gid)
		c.group = &g
		if cmd == "chown" {
			c.uid = int(st.Uid)
			u := c.names.user(st.Uid)
			c.user = &u
		}
	} else {
		if len(operands) == 0 {
			return inv.Usage(1, "missing operand")
		}
		spec := operands[0]
		operands = operands[1:]
		if len(operands) == 0 {
			return inv.Usage(1, "missing operand after %s", lquote(inv, spec))
		}
		if cmd == "chgrp" {
			gid, ok := ownerID(inv, "/etc/group", spec)
			if !ok {
				inv.Errorf("invalid group: %s", lquote(inv, spec))
				return 1
			}
			c.gid = gid
			g := c.names.group(uint32(gid))
			c.group = &g
		} else if !c.parseSpec(inv, spec) {
			return 1
		}
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	if *from != "" {
		u, g, ok := parseFrom(inv, *from)
		if !ok {
			return 1
		}
		c.fromUID, c.fromGID = u, g
	}
	out := bufio.NewWriter(inv.Stdout)
	defer out.Flush()
	status := 0
	for _, name := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		st := walkTree(ctx, inv.FS, name, abs(inv, name), func(e treeEntry) (int, bool) {
			return c.apply(inv, out, e)
		}, func(e treeEntry, err error) int {
			if !c.silent {
				out.Flush()
				inv.Errorf("cannot read directory %s: %s", quote(inv, e.Shown()), command.Strerror(err))
			}
			return 1
		})
		if st == cancelled {
			return st
		}
		if st != 0 {
			status = 1
		}
	}
	return status
}

// parseSpec reads chown's [OWNER][:[GROUP]] (or the old OWNER.GROUP).
func (c *ownerChange) parseSpec(inv *command.Invocation, spec string) bool {
	userPart, groupPart, colon := strings.Cut(spec, ":")
	if !colon {
		if u, g, dot := strings.Cut(spec, "."); dot {
			if _, ok := ownerID(inv, "/etc/passwd", spec); !ok {
				inv.Errorf("warning: '.' should be ':': %s", lquote(inv, spec))
				userPart, groupPart, colon = u, g, true
			}
		}
	}
	if userPart != "" {
		uid, ok := ownerID(inv, "/etc/passwd", userPart)
		if !ok {
			inv.Errorf("invalid user: %s", lquote(inv, spec))
			return false
		}
		c.uid = uid
		u := c.names.user(uint32(uid))
		c.user = &u
		if colon && groupPart == "" {
			// "OWNER:" means the owner's login group.
			gid, ok := loginGroup(inv, userPart)
			if !ok {
				inv.Errorf("invalid spec: %s", lquote(inv, spec))
				return false
			}
			c.gid = gid
			g := c.names.group(uint32(gid))
			c.group = &g
		}
	}
	if groupPart != "" {
		gid, ok := ownerID(inv, "/etc/group", groupPart)
		if !ok {
			inv.Errorf("invalid group: %s", lquote(inv, spec))
			return false
		}
		c.gid = gid
		g := c.names.group(uint32(gid))
		c.group = &g
		if c.user == nil {
			empty := ""
			c.user = &empty
		}
	}
	return true
}

// parseFrom reads --from=OWNER:GROUP.
func parseFrom(inv *command.Invocation, spec string) (uid, gid int, ok bool) {
	uid, gid = -1, -1
	u, g, _ := strings.Cut(spec, ":")
	if u != "" {
		if uid, ok = ownerID(inv, "/etc/passwd", u); !ok {
			inv.Errorf("invalid user: %s", lquote(inv, spec))
			return 0, 0, false
		}
	}
	if g != "" {
		if gid, ok = ownerID(inv, "/etc/group", g); !ok {
			inv.Errorf("invalid group: %s", lquote(inv, spec))
			return 0, 0, false
		}
	}
	return uid, gid, true
}

// ownerID finds a name in /etc/passwd or /etc/group; a name that is not
// there but is a number is taken as the id, as GNU does.
func ownerID(inv *command.Invocation, file, name string) (int, bool) {
	data, _ := inv.FS.ReadFile(file)
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ":")
		if len(f) >= 3 && f[0] == name {
			if id, err := strconv.Atoi(f[2]); err == nil {
				return id, true
			}
		}
	}
	if id, err := strconv.ParseUint(name, 10, 32); err == nil && id != 1<<32-1 {
		return int(id), true
	}
	return 0, false
}

// loginGroup is the primary group of the user named user. A number is
// not looked up as a uid: GNU calls "1000:" an invalid spec.
func loginGroup(inv *command.Invocation, user string) (int, bool) {
	return passwdField(inv, func(f []string) bool { return f[0] == user })
}

// passwdField is the gid of the first /etc/passwd entry match accepts.
func passwdField(inv *command.Invocation, match func(f []string) bool) (int, bool) {
	data, _ := inv.FS.ReadFile("/etc/passwd")
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ":")
		if len(f) >= 4 && match(f) {
			if id, err := strconv.Atoi(f[3]); err == nil {
				return id, true
			}
		}
	}
	return 0, false
}

// apply changes one file of the walk; it returns the status and whether
// to descend into it (with -R).
func (c *ownerChange) apply(inv *command.Invocation, out *bufio.Writer, e treeEntry) (int, bool) {
	top := e.dir == nil
	fi, err := e.Stat(c.deref && (top || !c.recursive))
	if err != nil {
		if !c.silent {
			out.Flush()
			inv.Errorf("cannot access %s: %s", quote(inv, e.Shown()), command.Strerror(err))
		}
		return 1, false
	}
	if c.recursive && c.keepRoot && fi.IsDir() && top && e.name == "/" {
		out.Flush()
		inv.Errorf("it is dangerous to operate recursively on %s", quote(inv, "/"))
		inv.Errorf("use --no-preserve-root to override this failsafe")
		return 1, false
	}
	status := 0
	isLink := fi.Mode()&fs.ModeSymlink != 0
	// Inside a -R walk symlinks are only changed with -h.
	if !(isLink && !top && c.deref) && !c.change(inv, out, e, fi, isLink) {
		status = 1
	}
	return status, c.recursive && fi.IsDir()
}

// change sets one file's ids and prints what -v and -c ask for.
func (c *ownerChange) change(inv *command.Invocation, out *bufio.Writer, e treeEntry, fi fs.FileInfo, isLink bool) bool {
	st := statOf(fi)
	oldUID, oldGID := int(st.Uid), int(st.Gid)
	if c.fromUID != -1 && c.fromUID != oldUID || c.fromGID != -1 && c.fromGID != oldGID {
		if c.verbose && !c.changesOnly {
			c.describe(inv, out, e.Shown(), "retained", oldUID, oldGID)
		}
		return true
	}
	var err error
	if !c.permitted(inv, oldUID, oldGID) {
		err = syscall.EPERM
	} else if c.uid != -1 || c.gid != -1 {
		err = e.Chown(c.uid, c.gid, !isLink)
	}
	changed := c.uid != -1 && c.uid != oldUID || c.gid != -1 && c.gid != oldGID
	switch {
	case err != nil:
		if c.verbose {
			c.describe(inv, out, e.Shown(), "failed", oldUID, oldGID)
		}
		if !c.silent {
			out.Flush()
			what := "ownership"
			if c.cmd == "chgrp" {
				what = "group"
			}
			inv.Errorf("changing %s of %s: %s", what, quote(inv, e.Shown()), command.Strerror(err))
		}
		return false
	case changed:
		if c.verbose {
			c.describe(inv, out, e.Shown(), "changed", oldUID, oldGID)
		}
	default:
		if c.verbose && !c.changesOnly {
			c.describe(inv, out, e.Shown(), "retained", oldUID, oldGID)
		}
	}
	return true
}

// sandboxUID is the unprivileged user scripts run as (id -u).
const sandboxUID = 1000

// permitted applies Linux's rule for an unprivileged caller (memfs
// leaves permission checks to the commands): only the owner may change
// a file's ids, the owner never to another user, and the group only to
// one the user is in.
func (c *ownerChange) permitted(inv *command.Invocation, oldUID, oldGID int) bool {
	if c.uid == -1 && c.gid == -1 {
		return true
	}
	if oldUID != sandboxUID || c.uid != -1 && c.uid != oldUID {
		return false
	}
	if c.gid == -1 || c.gid == oldGID {
		return true
	}
	if c.groups == nil {
		c.groups = userGroups(inv)
	}
	return c.groups[c.gid]
}

// userGroups is the set of the sandbox user's groups: its login group
// and every group in /etc/group that lists it.
func userGroups(inv *command.Invocation) map[int]bool {
	set := map[int]bool{}
	name := sandboxUserName(inv)
	if gid, ok := passwdField(inv, func(f []string) bool { return f[2] == strconv.Itoa(sandboxUID) }); ok {
		set[gid] = true
	} else {
		set[sandboxUID] = true
	}
	data, _ := inv.FS.ReadFile("/etc/group")
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ":")
		if len(f) < 4 {
			continue
		}
		for _, m := range strings.Split(f[3], ",") {
			if m == name && name != "" {
				if id, err := strconv.Atoi(f[2]); err == nil {
					set[id] = true
				}
			}
		}
	}
	return set
}

// sandboxUserName is the sandbox user's name from /etc/passwd.
func sandboxUserName(inv *command.Invocation) string {
	return (&idNames{fsys: inv.FS}).user(sandboxUID)
}

// describe prints chown's -v line, in coreutils' describe_change words.
func (c *ownerChange) describe(inv *command.Invocation, out *bufio.Writer, name, what string, oldUID, oldGID int) {
	spec := userGroup(c.user, c.group)
	var oldUser, oldGroup *string
	if c.user != nil {
		u := c.names.user(uint32(oldUID))
		oldUser = &u
	}
	if c.group != nil {
		g := c.names.group(uint32(oldGID))
		oldGroup = &g
	}
	old := userGroup(oldUser, oldGroup)
	q := quote(inv, name)
	noun := "ownership"
	if c.user == nil && c.group != nil {
		noun = "group"
	}
	switch {
	case c.user == nil && c.group == nil:
		switch what {
		case "changed":
			fmt.Fprintf(out, "no change to ownership of %s\n", q)
		case "failed":
			fmt.Fprintf(out, "failed to change ownership of %s\n", q)
		default:
			fmt.Fprintf(out, "ownership of %s retained\n", q)
		}
	case what == "changed":
		fmt.Fprintf(out, "changed %s of %s from %s to %s\n", noun, q, old, spec)
	case what == "failed":
		fmt.Fprintf(out, "failed to change %s of %s from %s to %s\n", noun, q, old, spec)
	default:
		fmt.Fprintf(out, "%s of %s retained as %s\n", noun, q, spec)
	}
}

func userGroup(user, group *string) string {
	switch {
	case user != nil && group != nil:
		return *user + ":" + *group
	case user != nil:
		return *user
	case group != nil:
		return *group
	}
	return ""
}

var _ = syscall.EPERM
