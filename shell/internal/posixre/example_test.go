package posixre_test

import (
	"fmt"

	"memsh/shell/internal/posixre"
)

func Example() {
	// A BRE with a back-reference: GNU grep's and sed's default syntax.
	re, err := posixre.Compile(`\([a-z]\)\1`, posixre.BRE, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	text := []byte("a book, a tree")
	for _, m := range re.FindAllSubmatchIndex(text, -1) {
		fmt.Printf("%s at %d (group %q)\n", text[m[0]:m[1]], m[0], text[m[2]:m[3]])
	}
	// Output:
	// oo at 3 (group "o")
	// ee at 12 (group "e")
}

func ExampleCompile_leftmostLongest() {
	// POSIX picks the longest of the leftmost matches, not the first
	// alternative as Perl does.
	re, _ := posixre.Compile(`a|ab|abc`, posixre.ERE, 0)
	fmt.Println(re.FindIndex([]byte("xabcd")))
	// Output:
	// [1 4]
}

func ExampleCompile_error() {
	_, err := posixre.Compile(`a\{1`, posixre.BRE, 0)
	fmt.Println(err)
	// Output:
	// Unmatched \{
}
