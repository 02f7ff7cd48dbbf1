// Command guest exercises what a WASI program sees: argv, environment,
// working directory, memfs at "/", stdio and exit status.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "guest: no command")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "args":
		for _, a := range os.Args {
			fmt.Println(a)
		}
	case "env":
		fmt.Println(os.Getenv(os.Args[2]))
	case "cwd":
		wd, err := os.Getwd()
		fmt.Println(wd, err)
	case "cat": // copy a file (or stdin for "-") to stdout
		var r io.Reader = os.Stdin
		if os.Args[2] != "-" {
			f, err := os.Open(os.Args[2])
			if err != nil {
				fmt.Fprintln(os.Stderr, "guest:", err)
				os.Exit(1)
			}
			defer f.Close()
			r = f
		}
		io.Copy(os.Stdout, r)
	case "write": // write ARG3 to the file ARG2
		if err := os.WriteFile(os.Args[2], []byte(os.Args[3]), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "guest:", err)
			os.Exit(1)
		}
	case "ls":
		ents, err := os.ReadDir(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, "guest:", err)
			os.Exit(1)
		}
		for _, e := range ents {
			fmt.Println(e.Name())
		}
	case "exit":
		n, _ := strconv.Atoi(os.Args[2])
		os.Exit(n)
	case "spin":
		for i := 0; ; i++ {
			if i < 0 {
				fmt.Println(i)
			}
		}
	case "stderr":
		fmt.Fprint(os.Stderr, os.Args[2])
	}
}
