package binutil

import (
	"testing"

	"memsh/shell/command"
)

func TestColumn(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"column", "-t"}, Files: testFiles, Stdin: "a b c\nlonger x y\nz\n",
			Stdout: "a       b  c\nlonger  x  y\nz          \n"},
		{Args: []string{"column", "-t", "-s,"}, Files: testFiles, Stdin: "a,b\nccc,d\nx,,y\n",
			Stdout: "a    b  \nccc  d  \nx       y\n"},
		{Args: []string{"column", "-t", "-o", " | "}, Files: testFiles, Stdin: "a b c\nlonger x y\nz\n",
			Stdout: "a      | b | c\nlonger | x | y\nz      |   | \n"},
		{Args: []string{"column"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n",
			Stdout: "1\t4\t7\t10\t13\t16\t19\t22\t25\t28\n2\t5\t8\t11\t14\t17\t20\t23\t26\t29\n3\t6\t9\t12\t15\t18\t21\t24\t27\t30\n"},
		{Args: []string{"column", "-c", "40"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n",
			Stdout: "1\t7\t13\t19\t25\n2\t8\t14\t20\t26\n3\t9\t15\t21\t27\n4\t10\t16\t22\t28\n5\t11\t17\t23\t29\n6\t12\t18\t24\t30\n"},
		{Args: []string{"column", "-x", "-c", "40"}, Files: testFiles, Stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n",
			Stdout: "1\t2\t3\t4\t5\n6\t7\t8\t9\t10\n11\t12\t13\t14\t15\n16\t17\t18\t19\t20\n21\t22\t23\t24\t25\n26\t27\t28\t29\t30\n"},
		{Args: []string{"column", "nope"}, Files: testFiles,
			Stderr: "column: nope: No such file or directory\n", Status: 1},
		{Args: []string{"column", "-t"}, Files: testFiles, Stdin: "a  b\n\nc d\n",
			Stdout: "a  b\nc  d\n"},
		{Args: []string{"column", "-c", "30"}, Files: testFiles, Stdin: "alpha\nbeta\ngamma\ndelta epsilon\nz\n",
			Stdout: "alpha\nbeta\ngamma\ndelta epsilon\nz\n"},
		{Args: []string{"column", "-t", "-R", "2"}, Files: testFiles, Stdin: "1 22 333\n4444 5 6\n",
			Stdout: "1     22  333\n4444   5  6\n"},
	})
}
func TestNumfmt(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"numfmt", "--to=iec", "1048576", "1500", "1025", "999", "1023", "1024", "10240", "99999", "10238976", "1048575", "1.5", "1"}, Files: testFiles,
			Stdout: "1.0M\n1.5K\n1.1K\n999\n1023\n1.0K\n10K\n98K\n9.8M\n1.0M\n2\n1\n"},
		{Args: []string{"numfmt", "--to=si", "1000", "123456789", "0", "999999"}, Files: testFiles,
			Stdout: "1.0K\n124M\n0\n1.0M\n"},
		{Args: []string{"numfmt", "--to=iec-i", "2048"}, Files: testFiles,
			Stdout: "2.0Ki\n"},
		{Args: []string{"numfmt", "--from=iec", "1K", "1.5M"}, Files: testFiles,
			Stdout: "1024\n1572864\n"},
		{Args: []string{"numfmt", "--from=si", "1K"}, Files: testFiles,
			Stdout: "1000\n"},
		{Args: []string{"numfmt", "--from=iec-i", "1Ki"}, Files: testFiles,
			Stdout: "1024\n"},
		{Args: []string{"numfmt", "--from=auto", "1Ki", "2M"}, Files: testFiles,
			Stdout: "1024\n2000000\n"},
		{Args: []string{"numfmt", "--to=iec", "--suffix=B", "2048"}, Files: testFiles,
			Stdout: "2.0KB\n"},
		{Args: []string{"numfmt", "--padding=8", "123"}, Files: testFiles,
			Stdout: "     123\n"},
		{Args: []string{"numfmt", "--padding=-8", "123"}, Files: testFiles,
			Stdout: "123     \n"},
		{Args: []string{"numfmt", "--to=iec", "--padding=6", "5000"}, Files: testFiles,
			Stdout: "  4.9K\n"},
		{Args: []string{"numfmt", "abc"}, Files: testFiles,
			Stderr: "numfmt: invalid number: \xe2\x80\x98abc\xe2\x80\x99\n", Status: 2},
		{Args: []string{"numfmt", "--from=iec", "12X"}, Files: testFiles,
			Stderr: "numfmt: invalid suffix in input: \xe2\x80\x9812X\xe2\x80\x99\n", Status: 2},
		{Args: []string{"numfmt", "1K"}, Files: testFiles,
			Stderr: "numfmt: rejecting suffix in input: \xe2\x80\x981K\xe2\x80\x99 (consider using --from)\n", Status: 2},
		{Args: []string{"numfmt", "--to=iec", "--", "-2048"}, Files: testFiles,
			Stdout: "-2.0K\n"},
		{Args: []string{"numfmt", "--format=%.2f", "3"}, Files: testFiles,
			Stdout: "3.00\n"},
		{Args: []string{"numfmt", "--to=iec", "--round=nearest", "1500", "1025"}, Files: testFiles,
			Stdout: "1.5K\n1.0K\n"},
		{Args: []string{"numfmt", "--to=iec", "5", "abc", "6"}, Files: testFiles,
			Stdout: "5\n",
			Stderr: "numfmt: invalid number: \xe2\x80\x98abc\xe2\x80\x99\n", Status: 2},
		{Args: []string{"numfmt", "--invalid=warn", "--to=iec", "5", "abc", "6"}, Files: testFiles,
			Stdout: "5\nabc\n6\n",
			Stderr: "numfmt: invalid number: \xe2\x80\x98abc\xe2\x80\x99\n"},
		{Args: []string{"numfmt", "--field=2", "--to=iec"}, Files: testFiles, Stdin: "x 2048 y\n",
			Stdout: "x 2.0K y\n"},
		{Args: []string{"numfmt", "--header", "--to=iec"}, Files: testFiles, Stdin: "h\n1024\n2048\n",
			Stdout: "h\n1.0K\n2.0K\n"},
		{Args: []string{"numfmt", "-d,", "--field=2", "--to=iec"}, Files: testFiles, Stdin: "a,2048\n",
			Stdout: "a,2.0K\n"},
	})
}
