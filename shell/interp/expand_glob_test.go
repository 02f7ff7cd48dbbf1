package interp

import "testing"

// globOptionCases pin pathname expansion's options as bash 5.2 applies them:
// GLOBIGNORE split at colons outside bracket expressions, globskipdots,
// failglob under set -e, ** twice in a row; and a tilde's directory,
// which is neither split, globbed nor read as a regex.
var globOptionCases = []bashCase{
	{"failglob_errexit", `shopt -s failglob
echo *.ZZ; echo rest of line
echo status=$?
set -e
for x in *.ZZ; do echo $x; done
echo not reached
`, `status=1
`, 1},
	{"globignore_brackets", `touch _testing.py pyproject.toml 20231114.log .env 'has space.docx'
GLOBIGNORE=[[:alnum:]]*
echo *.*
GLOBIGNORE=[![:alnum:]]*
echo *.*
GLOBIGNORE=*[[:space:]]*:*.py
echo *.*
GLOBIGNORE=[[:digit:]_.]*
echo *.*
`, `.env _testing.py
20231114.log has space.docx pyproject.toml
.env 20231114.log pyproject.toml
has space.docx pyproject.toml
`, 0},
	{"globskipdots", `touch .env
shopt -u globskipdots
echo .*
GLOBIGNORE=.:..
echo .*
GLOBIGNORE=
echo .*
shopt -s globskipdots
echo .*
`, `. .. .env
.env
. .. .env
.env
`, 0},
	{"globstar_twice", `shopt -s globstar
mkdir -p c/subdir
touch leaf.md c/leaf.md c/subdir/leaf.md
echo **/**/*.*
echo **/**
echo c/**/**
echo **/**/
echo c/**/**/*.md
`, `c/leaf.md c/subdir/leaf.md leaf.md
c c/leaf.md c/subdir c/subdir/leaf.md leaf.md
c c/leaf.md c/subdir c/subdir/leaf.md
c/ c/subdir/
c/leaf.md c/subdir/leaf.md
`, 0},
	{"tilde_is_quoted", `HOME='^a$'
[[ ~ =~ $HOME ]]; echo regex=$?
[[ $HOME =~ ~ ]]; echo regex=$?
HOME='/a b/*'; printf '<%s>' ~ ~/x; echo
HOME=; printf '<%s>' ~ ~/x a; echo
`, `regex=1
regex=0
</a b/*></a b/*/x>
<></x><a>
`, 0},
}

func TestGlobOptions(t *testing.T) { runCases(t, globOptionCases) }
