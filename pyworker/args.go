package pyworker

import "strings"

// pythonArgs is what memsh needs to know of a python3 command line.
type pythonArgs struct {
	noSite bool // -S: site (and so sitecustomize) is not imported
	script int  // index of the script path ("-" for stdin) in args, or -1
}

// parsePythonArgs reads CPython's options the way its getopt does: short
// options may be clustered (-uS), -c/-m/-W/-X take an argument (attached or
// next), -c and -m end the options, and the first non-option is the script.
func parsePythonArgs(args []string) pythonArgs {
	out := pythonArgs{script: -1}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				out.script = i + 1
			}
			return out
		case a == "-":
			out.script = i
			return out
		case strings.HasPrefix(a, "--"):
			if a == "--check-hash-based-pycs" {
				i++
			}
			continue
		case !strings.HasPrefix(a, "-"):
			out.script = i
			return out
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'S':
				out.noSite = true
			case 'c', 'm':
				return out
			case 'W', 'X':
				if j == len(a)-1 {
					i++
				}
				j = len(a)
			}
		}
	}
	return out
}
