package shell

import (
	"strconv"
	"strings"
)

// heredocWarnPrefix starts bash's warning about a here-document that
// the end of src closes: "bash: line N: warning: ..." for bash -c,
// "FILE: line N: ..." for a script file (N is the script's last line),
// "bash: warning: ..." at the prompt.
func heredocWarnPrefix(errPrefix, src string) string {
	if errPrefix == "bash" {
		return errPrefix // at the prompt
	}
	lines := strings.Count(src, "\n")
	if !strings.HasSuffix(src, "\n") {
		lines++
	}
	return strings.TrimSuffix(errPrefix, ": -c") + ": line " + strconv.Itoa(lines)
}
