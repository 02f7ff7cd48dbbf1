package sysutil

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// The sandbox user. memsh runs scripts as uid 1000; its name and groups
// come from /etc/passwd and /etc/group inside memfs, never from the host.
const (
	defaultUID  = 1000
	defaultName = "user"
)

type passwdEntry struct {
	Name     string
	UID, GID int
	Home     string
}

type groupEntry struct {
	Name    string
	GID     int
	Members []string
}

// readColonFile reads a colon-separated table (/etc/passwd, /etc/group)
// from memfs; a missing file reads as empty.
func readColonFile(inv *command.Invocation, name string) [][]string {
	data, err := inv.FS.ReadFile(name)
	if err != nil {
		return nil
	}
	var rows [][]string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, ":"))
	}
	return rows
}

func passwdTable(inv *command.Invocation) []passwdEntry {
	var out []passwdEntry
	for _, f := range readColonFile(inv, "/etc/passwd") {
		if len(f) < 4 {
			continue
		}
		uid, err1 := strconv.Atoi(f[2])
		gid, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil {
			continue
		}
		e := passwdEntry{Name: f[0], UID: uid, GID: gid}
		if len(f) > 5 {
			e.Home = f[5]
		}
		out = append(out, e)
	}
	return out
}

func groupTable(inv *command.Invocation) []groupEntry {
	var out []groupEntry
	for _, f := range readColonFile(inv, "/etc/group") {
		if len(f) < 3 {
			continue
		}
		gid, err := strconv.Atoi(f[2])
		if err != nil {
			continue
		}
		g := groupEntry{Name: f[0], GID: gid}
		if len(f) > 3 && f[3] != "" {
			g.Members = strings.Split(f[3], ",")
		}
		out = append(out, g)
	}
	return out
}

// currentUID is the sandbox user's uid: $EUID or $UID when numeric, else 1000.
func currentUID(inv *command.Invocation) int {
	for _, k := range []string{"EUID", "UID"} {
		if n, err := strconv.Atoi(inv.Getenv(k)); err == nil && n >= 0 {
			return n
		}
	}
	return defaultUID
}

// userByUID finds uid in /etc/passwd. When the sandbox has no entry for
// its own user (an empty memfs), the user is $USER or "user" with a group
// of the same number.
func userByUID(inv *command.Invocation, uid int) (passwdEntry, bool) {
	for _, e := range passwdTable(inv) {
		if e.UID == uid {
			return e, true
		}
	}
	if uid == currentUID(inv) {
		name := inv.Getenv("USER")
		if name == "" {
			name = defaultName
		}
		gid := uid
		if n, err := strconv.Atoi(inv.Getenv("GID")); err == nil {
			gid = n
		}
		return passwdEntry{Name: name, UID: uid, GID: gid, Home: inv.Getenv("HOME")}, true
	}
	return passwdEntry{}, false
}

func userByName(inv *command.Invocation, name string) (passwdEntry, bool) {
	for _, e := range passwdTable(inv) {
		if e.Name == name {
			return e, true
		}
	}
	if self, ok := userByUID(inv, currentUID(inv)); ok && self.Name == name {
		return self, true
	}
	return passwdEntry{}, false
}

// groupName names gid from /etc/group; the sandbox user's own primary
// group falls back to the user's name when /etc/group lacks it.
func groupName(inv *command.Invocation, groups []groupEntry, gid int) (string, bool) {
	for _, g := range groups {
		if g.GID == gid {
			return g.Name, true
		}
	}
	if self, ok := userByUID(inv, currentUID(inv)); ok && self.GID == gid && len(groups) == 0 {
		return self.Name, true
	}
	return "", false
}

// groupsOf lists u's groups: primary first, then every group naming u as
// a member, without duplicates.
func groupsOf(groups []groupEntry, u passwdEntry) []int {
	out := []int{u.GID}
	for _, g := range groups {
		if g.GID == u.GID {
			continue
		}
		for _, m := range g.Members {
			if m == u.Name {
				out = append(out, g.GID)
				break
			}
		}
	}
	return out
}

// hostName is the sandbox's host name: /etc/hostname in memfs, else "memsh".
func hostName(inv *command.Invocation) string {
	if data, err := inv.FS.ReadFile("/etc/hostname"); err == nil {
		if s := strings.TrimSpace(string(data)); s != "" {
			if i := strings.IndexByte(s, '\n'); i >= 0 {
				s = strings.TrimSpace(s[:i])
			}
			return s
		}
	}
	return "memsh"
}
