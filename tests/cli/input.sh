# Bad input never passes silently (issue 16), for every line command: a line
# that is not UTF-8 or holds a NUL byte gets an error object (the echo
# written safely) and exit status 1, blank lines get no answer, a line over
# 64 KiB is an error read without holding it whole, and the lines after each
# of these are still answered.
. "$(dirname "$0")/../support/cli_expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A line of 70,000 bytes.
head -c 70000 /dev/zero | tr '\0' '1' > "$tmp/long"
echo >> "$tmp/long"

check() { # check GAME COMMAND GOOD-LINE [OPTIONS...]
    game=$1 command=$2 good=$3
    shift 3
    name="$game $command"
    out=$(printf '\377\376%s\n' "$good" | $Q $game $command "$@"); status=$?
    expect "$name: bad bytes fail" 1 "$status"
    contains "$name: bad bytes get an error" '"error":"the line is not valid UTF-8' "$out"
    contains "$name: bad bytes echoed as U+FFFD" '��' "$out"
    out=$(printf '%s\000junk\n' "$good" | $Q $game $command "$@"); status=$?
    expect "$name: a NUL byte fails" 1 "$status"
    contains "$name: a NUL byte is named" 'holds a NUL byte' "$out"
    out=$(printf '\n   \n\t\n%s\n\n' "$good" | $Q $game $command "$@"); status=$?
    expect "$name: blank lines are not errors" 0 "$status"
    expect "$name: blank lines get no answer" 1 "$(printf '%s\n' "$out" | wc -l)"
    out=$( (cat "$tmp/long"; printf '%s\n' "$good") | $Q $game $command "$@"); status=$?
    expect "$name: a long line fails" 1 "$status"
    contains "$name: a long line is named" 'longer than 65536 bytes' "$out"
    expect "$name: the line after a long one is answered" 2 "$(printf '%s\n' "$out" | wc -l)"
    last=$(printf '%s\n' "$out" | tail -n 1)
    case "$last" in *'"error"'*) expect "$name: the good line after is answered well" "an answer" "$last" ;; esac
}

check mahjong win 11123456789999m
check mahjong waits 1112345678999m
check mahjong decompose 11123456789999m
check mahjong shanten 11123456789999m
check mahjong effective 1112345678999m
check mahjong discards 11123456789999m
check gb fan '[EEE,2][SSSS,1]WWWNN55pN|EE1000'
check gb ting '[EEE,2][SSSS,1]WWWNN55p'
check gb shanten '[EEE,2][SSSS,1]WWWNN55p'
check zipai decompose 二七十二七十贰柒拾
check zipai hu '一二三四五六七八九 碰十十十 偎壹壹壹 摸十'
check zipai waits '一二三四五六七八九 碰十十十 偎壹壹壹'
check poker minplays 3445566688
check poker classify 33344456
check poker moves 3445566688
check zhaotong analyze 123m456m789m234p55p --tuo 9s
finish "input"
