// Command reader is the stdin-throughput guest of memsh's benchmarks: built
// with GOOS=wasip1 GOARCH=wasm, it reads stdin in chunks of the size given
// as its argument and prints the number of bytes it read.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: reader CHUNK_SIZE")
		os.Exit(2)
	}
	size, err := strconv.Atoi(os.Args[1])
	if err != nil || size <= 0 {
		fmt.Fprintf(os.Stderr, "reader: invalid chunk size %q\n", os.Args[1])
		os.Exit(2)
	}
	buf := make([]byte, size)
	var total int64
	for {
		n, err := os.Stdin.Read(buf)
		total += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "reader:", err)
			os.Exit(1)
		}
	}
	fmt.Println(total)
}
