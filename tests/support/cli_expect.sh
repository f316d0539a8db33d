# Sourced by the command-line tests in tests/cli/: the program under test,
# the comparisons that count failures, and the ending every script shares.
# QIPAI names the program (make test sets it to build/qipai).
Q=${QIPAI:-build/qipai}
failures=0

expect() { # expect NAME EXPECTED-OUTPUT ACTUAL-OUTPUT
    if [ "$2" != "$3" ]; then
        printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
        failures=$((failures + 1))
    fi
}

contains() { # contains NAME NEEDLE HAYSTACK
    case "$3" in
    *"$2"*) ;;
    *) printf 'FAIL %s\n  expected to find: %s\n  in: %s\n' "$1" "$2" "$3"
       failures=$((failures + 1)) ;;
    esac
}

# finish NAME: the summary line, and exit status 1 on any failure (never
# the count itself, which would wrap to 0 at 256).
finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$1: $failures failed"
        exit 1
    fi
    echo "$1: all passed"
}
