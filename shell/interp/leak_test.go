package interp

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoHostAccess keeps the interpreter inside the sandbox (DESIGN.md,
// "shell: contracts"): no package that starts host processes or reads
// the host's users, and from package os only flag and mode constants.
func TestNoHostAccess(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	allowedOS := map[string]bool{"O_RDONLY": true, "O_WRONLY": true, "O_RDWR": true, "O_CREATE": true,
		"O_TRUNC": true, "O_APPEND": true, "O_EXCL": true, "FileMode": true}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := goparser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch p {
			case "os/exec", "os/user", "syscall/js", "net", "net/http", "plugin", "unsafe", "reflect":
				t.Errorf("%s imports %s", f, p)
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "os" && !allowedOS[sel.Sel.Name] {
				t.Errorf("%s uses os.%s", f, sel.Sel.Name)
			}
			return true
		})
	}
}
