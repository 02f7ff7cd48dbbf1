package shell_test

import (
	"context"
	"fmt"
	"os"

	"memsh/shell"
)

// A session keeps its state across Run calls, like lines typed at an
// interactive bash; everything it touches is in memory.
func Example() {
	sess, err := shell.New(shell.Options{})
	if err != nil {
		panic(err)
	}
	defer sess.Close()

	ctx := context.Background()
	stdio := shell.Stdio{Stdout: os.Stdout, Stderr: os.Stdout}
	sess.Run(ctx, `greet() { echo "hello, $1"; }; mkdir -p /tmp/demo; cd /tmp/demo`, stdio)
	sess.Run(ctx, `greet world > hello.txt; read line < hello.txt; echo "$line from $PWD"`, stdio)
	status, _ := sess.Run(ctx, `nosuchcommand`, stdio)
	fmt.Println("status:", status, "dir:", sess.Dir())
	// Output:
	// hello, world from /tmp/demo
	// bash: nosuchcommand: command not found
	// status: 127 dir: /tmp/demo
}
