package rg

const rgHelp = `ripgrep 13.0.0 (memsh)

ripgrep (rg) recursively searches the current directory for a regex pattern.
By default, ripgrep will respect gitignore rules and automatically skip hidden
files/directories and binary files.

USAGE:
    rg [OPTIONS] PATTERN [PATH ...]
    rg [OPTIONS] -e PATTERN ... [PATH ...]
    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]
    rg [OPTIONS] --files [PATH ...]
    rg [OPTIONS] --type-list
    command | rg [OPTIONS] PATTERN
    rg [OPTIONS] --help
    rg [OPTIONS] --version

OPTIONS:
    -A, --after-context <NUM>         Show NUM lines after each match.
    -B, --before-context <NUM>        Show NUM lines before each match.
    -C, --context <NUM>               Show NUM lines before and after each match.
        --color <WHEN>                When to use colors (never, auto, always, ansi).
        --column                      Show column numbers.
    -c, --count                       Only show the count of matching lines for each file.
        --count-matches               Only show the count of individual matches for each file.
    -e, --regexp <PATTERN>...         A pattern to search for.
    -f, --file <PATTERNFILE>...       Search for patterns from the given file.
        --files                       Print each file that would be searched.
    -l, --files-with-matches          Print the paths with at least one match.
        --files-without-match         Print the paths that contain zero matches.
    -F, --fixed-strings               Treat the pattern as a literal string.
    -L, --follow                      Follow symbolic links.
    -g, --glob <GLOB>...              Include or exclude files (! excludes).
        --heading                     Print matches grouped by each file.
        --no-heading                  Print the file path on each matching line.
    -., --hidden                      Search hidden files and directories.
    -i, --ignore-case                 Case insensitive search.
    -s, --case-sensitive              Search case sensitively (default).
    -S, --smart-case                  Case insensitive unless the pattern has upper case.
        --include-zero                Print zero counts with --count.
        --json                        Show search results in a JSON Lines format.
    -n, --line-number                 Show line numbers.
    -N, --no-line-number              Suppress line numbers.
    -x, --line-regexp                 Only show matches surrounded by line boundaries.
    -m, --max-count <NUM>             Limit the number of matching lines per file.
    -d, --max-depth <NUM>             Descend at most NUM directories.
        --no-ignore                   Don't respect ignore files.
    -0, --null                        Follow each path with a NUL byte.
    -o, --only-matching               Print only the matched parts of a matching line.
    -q, --quiet                       Print nothing; exit 0 on the first match.
    -r, --replace <REPLACEMENT>       Replace every match with the given text.
        --sort path                   Sort results by path (memsh always does).
    -a, --text                        Search binary files as if they were text.
    -t, --type <TYPE>...              Only search files matching TYPE.
    -T, --type-not <TYPE>...          Do not search files matching TYPE.
        --type-list                   Show all supported file types.
    -u, --unrestricted                -u: --no-ignore, -uu: also --hidden, -uuu: also --text.
    -v, --invert-match                Invert matching.
    -w, --word-regexp                 Only show matches surrounded by word boundaries.
    -H, --with-filename               Display the file path for matches.
    -I, --no-filename                 Never print the file path with the matched lines.
    -V, --version                     Prints version information.
`
