// Command reader reads stdin in chunks of the size given as its argument
// and prints how many bytes and reads it saw, and the largest read.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
)

func main() {
	size, err := strconv.Atoi(os.Args[1])
	if err != nil || size <= 0 {
		fmt.Fprintln(os.Stderr, "reader: bad size")
		os.Exit(2)
	}
	buf := make([]byte, size)
	var total, reads, largest int
	for {
		n, err := os.Stdin.Read(buf)
		total += n
		if n > 0 {
			reads++
			largest = max(largest, n)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "reader:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("%d %d %d\n", total, reads, largest)
}
