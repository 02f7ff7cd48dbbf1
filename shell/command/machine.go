package command

import "runtime"

// Machine is the machine name the sandbox reports as Linux would for
// this build (uname -m, arch, python's os.uname().machine).
func Machine() string {
	switch runtime.GOARCH {
	case "amd64":
		return "x86_64"
	case "386":
		return "i686"
	case "arm64":
		return "aarch64"
	case "arm":
		return "armv7l"
	case "ppc64le", "ppc64", "s390x", "riscv64", "mips64", "mips64le", "loong64":
		return runtime.GOARCH
	}
	return "unknown"
}
