package sysutil

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"memsh/shell/command"
)

func runID(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'a', "", noArg, "a"},
		{'Z', "context", noArg, "Z"},
		{'g', "group", noArg, "g"},
		{'G', "groups", noArg, "G"},
		{'n', "name", noArg, "n"},
		{'r', "real", noArg, "r"},
		{'u', "user", noArg, "u"},
		{'z', "zero", noArg, "z"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	var u, g, G, n, r, z bool
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "id")
		case "version":
			return printVersion(inv, "id")
		case "Z":
			inv.Errorf("--context (-Z) works only on an SELinux-enabled kernel")
			return 1
		case "g":
			g = true
		case "G":
			G = true
		case "n":
			n = true
		case "r":
			r = true
		case "u":
			u = true
		case "z":
			z = true
		}
	}
	choices := 0
	for _, b := range []bool{u, g, G} {
		if b {
			choices++
		}
	}
	if choices > 1 {
		inv.Errorf(`cannot print "only" of more than one choice`)
		return 1
	}
	if choices == 0 && (n || r) {
		inv.Errorf("cannot print only names or real IDs in default format")
		return 1
	}
	if choices == 0 && z {
		inv.Errorf("option --zero not permitted in default format")
		return 1
	}
	var users []passwdEntry
	if len(operands) == 0 {
		uid := currentUID(inv)
		self, ok := userByUID(inv, uid)
		if !ok {
			self = passwdEntry{UID: uid, GID: uid}
		}
		users = append(users, self)
	}
	status := 0
	for _, name := range operands {
		e, ok := userByName(inv, name)
		if !ok {
			if uid, err := strconv.Atoi(name); err == nil {
				e, ok = userByUID(inv, uid)
			}
		}
		if !ok {
			inv.Errorf("%s: no such user", quote(inv, name))
			status = 1
			continue
		}
		users = append(users, e)
	}
	groups := groupTable(inv)
	w := newWriter(inv.Stdout)
	end := "\n"
	if z {
		end = "\x00"
	}
	for _, e := range users {
		switch {
		case u:
			w.WriteString(idName(n, e.UID, e.Name) + end)
		case g:
			gn, _ := groupName(inv, groups, e.GID)
			w.WriteString(idName(n, e.GID, gn) + end)
		case G:
			var parts []string
			for _, gid := range groupsOf(groups, e) {
				gn, _ := groupName(inv, groups, gid)
				parts = append(parts, idName(n, gid, gn))
			}
			sep := " "
			if z {
				sep = "\x00"
			}
			w.WriteString(strings.Join(parts, sep) + end)
		default:
			fmt.Fprintf(w, "uid=%s gid=", idParen(e.UID, e.Name))
			gn, _ := groupName(inv, groups, e.GID)
			w.WriteString(idParen(e.GID, gn))
			var parts []string
			for _, gid := range groupsOf(groups, e) {
				gn, _ := groupName(inv, groups, gid)
				parts = append(parts, idParen(gid, gn))
			}
			w.WriteString(" groups=" + strings.Join(parts, ",") + "\n")
		}
	}
	return finish(inv, w, status)
}

// idName is a name for -n when one is known, else the number (as GNU).
func idName(names bool, id int, name string) string {
	if names && name != "" {
		return name
	}
	return strconv.Itoa(id)
}

// idParen is "1000(user)", or "1000" when the id has no name.
func idParen(id int, name string) string {
	if name == "" {
		return strconv.Itoa(id)
	}
	return fmt.Sprintf("%d(%s)", id, name)
}
