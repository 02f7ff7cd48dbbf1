package fileutil

import (
	"syscall"

	"memsh/shell/command"
)

// copyPlan is where each source of cp, mv or ln goes.
type copyPlan struct {
	srcs  []string
	dsts  []string // as shown in messages
	toDir bool
}

// planTargets resolves GNU's three forms: SRC DEST, SRC... DIR, and
// -t DIR SRC...; with -T the destination is never a directory to enter.
// It prints GNU's message and reports false on a usage or target error.
func planTargets(inv *command.Invocation, operands []string, targetDir string, haveTarget, noTarget bool) (copyPlan, int, bool) {
	var plan copyPlan
	if haveTarget {
		if noTarget {
			inv.Errorf("cannot combine --target-directory (-t) and --no-target-directory (-T)")
			return plan, 1, false
		}
		fi, err := inv.FS.Stat(abs(inv, targetDir))
		if err == nil && !fi.IsDir() {
			err = syscall.ENOTDIR
		}
		if err != nil {
			inv.Errorf("target directory %s: %s", quote(inv, targetDir), command.Strerror(err))
			return plan, 1, false
		}
		if len(operands) == 0 {
			return plan, inv.Usage(1, "missing file operand"), false
		}
		for _, s := range operands {
			plan.srcs = append(plan.srcs, s)
			plan.dsts = append(plan.dsts, join(targetDir, baseName(s)))
		}
		plan.toDir = true
		return plan, 0, true
	}
	switch len(operands) {
	case 0:
		return plan, inv.Usage(1, "missing file operand"), false
	case 1:
		return plan, inv.Usage(1, "missing destination file operand after %s", quote(inv, operands[0])), false
	}
	target := operands[len(operands)-1]
	srcs := operands[:len(operands)-1]
	if noTarget {
		if len(operands) > 2 {
			return plan, inv.Usage(1, "extra operand %s", quote(inv, operands[2])), false
		}
		plan.srcs, plan.dsts = srcs, []string{target}
		return plan, 0, true
	}
	fi, err := inv.FS.Stat(abs(inv, target))
	if len(srcs) > 1 {
		if err == nil && !fi.IsDir() {
			err = syscall.ENOTDIR
		}
		if err != nil {
			inv.Errorf("target %s: %s", quote(inv, target), command.Strerror(err))
			return plan, 1, false
		}
	}
	if err == nil && fi.IsDir() {
		for _, s := range srcs {
			plan.srcs = append(plan.srcs, s)
			plan.dsts = append(plan.dsts, join(target, baseName(s)))
		}
		plan.toDir = true
		return plan, 0, true
	}
	plan.srcs, plan.dsts = srcs, []string{target}
	return plan, 0, true
}

// within reports whether p is inside dir (or is dir).
func within(p, dir string) bool {
	p, dir = trimSlash(p), trimSlash(dir)
	if dir == "/" {
		return true
	}
	return p == dir || len(p) > len(dir) && p[:len(dir)] == dir && p[len(dir)] == '/'
}

func trimSlash(p string) string {
	for len(p) > 1 && p[len(p)-1] == '/' {
		p = p[:len(p)-1]
	}
	return p
}
