package archive

import (
	"testing"

	"memsh/shell/command"
)

// TestTarQuotesNames: tar escapes names in messages as GNU tar 1.34
// does (escape quoting, ':' escaped too), recorded from
// `LC_ALL=C.UTF-8 tar cf t.tar -- NAME/zz` for a missing NAME.
func TestTarQuotesNames(t *testing.T) {
	const exiting = "tar: Exiting with failure status due to previous errors\n"
	runCases(t, []command.Case{
		{Args: []string{"tar", "cf", "t.tar", "--", "a\nb/zz"}, Stderr: "tar: a\\nb/zz: Cannot stat: No such file or directory\n" + exiting, Status: 2},
		{Args: []string{"tar", "cf", "t.tar", "--", "\xffx/zz"}, Stderr: "tar: \\377x/zz: Cannot stat: No such file or directory\n" + exiting, Status: 2},
		{Args: []string{"tar", "cf", "t.tar", "--", "a:b/zz"}, Stderr: "tar: a\\:b/zz: Cannot stat: No such file or directory\n" + exiting, Status: 2},
		{Args: []string{"tar", "cf", "t.tar", "--", "é/zz"}, Stderr: "tar: é/zz: Cannot stat: No such file or directory\n" + exiting, Status: 2},
	})
}
