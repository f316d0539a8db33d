# `zhaotong play` in a terminal (issue 16): colour only on a terminal and
# never with NO_COLOR, the drawn tile apart, the moves wrapped without
# breaking one, help, one language for every move, every payment shown, and
# an empty line that never chooses (a claim is let go only when typed). It
# still works from a pipe.
. "$(dirname "$0")/../support/cli_expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ESC=$(printf '\033')

# From a pipe: no escape codes; the drawn tile stands apart.
out=$(printf 'quit\n' | $Q zhaotong play --seed 3)
case "$out" in *"$ESC["*) expect "no colour in a pipe" "none" "escape codes" ;; esac
contains "the drawn tile stands apart" "   drew " "$out"
# On a terminal (script gives one): colour, unless NO_COLOR.
if command -v script >/dev/null 2>&1; then
    printf 'quit\n' > "$tmp/in"
    script -qc "$Q zhaotong play --seed 3 < $tmp/in" /dev/null > "$tmp/tty" 2>&1
    contains "colour on a terminal" "$ESC[1m" "$(cat "$tmp/tty")"
    NO_COLOR=1 script -qc "$Q zhaotong play --seed 3 < $tmp/in" /dev/null > "$tmp/tty2" 2>&1
    case "$(cat "$tmp/tty2")" in *"$ESC["*) expect "NO_COLOR turns colour off" "none" "escape codes" ;; esac
fi

# The moves wrap at the width, never inside a move.
out=$(printf 'quit\n' | COLUMNS=40 $Q zhaotong play --seed 3)
moves=$(printf '%s\n' "$out" | sed -n '/^your moves:/,/^>/p' | sed '$d')
widest=$(printf '%s\n' "$moves" | awk '{ if (length($0) > w) w = length($0) } END { print w }')
[ "$widest" -le 40 ] || expect "moves fit in 40 columns" "<= 40" "$widest"
lines=$(printf '%s\n' "$moves" | wc -l)
[ "$lines" -ge 3 ] || expect "14 moves take several lines at 40 columns" ">= 3" "$lines"
broken=$(printf '%s\n' "$moves" | grep -c ' [0-9]*) discard *$\| discard$' || true)
expect "no move is broken across lines" 0 "$broken"
joined=$(printf '%s\n' "$moves" | tr '\n' ' ')
contains "every move is listed" "14) discard 9m(坨)" "$joined"

# help; one language for every move.
out=$(printf 'help\nquit\n' | $Q zhaotong play --seed 3)
contains "help is understood" "pass / 过" "$out"
zh=$(printf 'quit\n' | $Q zhaotong play --seed 3 --chinese)
contains "Chinese move names" "1) 打 1m" "$zh"
for english in discard peng an_gang an\ gang ming bu\ gang pass; do
    case "$zh" in *"$english"*) expect "no English move name in Chinese ($english)" "none" "$english" ;; esac
done
out=$($Q zhaotong play --watch --seed 9 --chinese < /dev/null)
for english in an_gang ming_gang bu_gang discard; do
    case "$out" in *"$english"*) expect "Chinese watch has no '$english'" "none" "$english" ;; esac
done

# Every payment is shown as it happens: as many as the game's log holds.
for seed in 1 2 3; do
    shown=$($Q zhaotong play --watch --seed $seed < /dev/null | grep -c ' pays ')
    $Q zhaotong sim --games 1 --seed $seed --bots strong,strong,strong,strong --quiet \
        --log "$tmp/g.jsonl" > /dev/null 2>&1 ||
        $Q zhaotong sim --games 1 --seed $seed --bots strong,strong,strong,strong \
        --log "$tmp/g.jsonl" > /dev/null
    logged=$(grep -c '"type":"pay"' "$tmp/g.jsonl")
    expect "seed $seed: every payment is shown" "$logged" "$shown"
    [ "$logged" -gt 0 ] || expect "seed $seed has payments" ">0" "$logged"
done

# A claim: an empty line chooses nothing; the claim waits for a typed move.
out=$(printf '\n\n' | $Q zhaotong play --seed 5 --seat 1)
contains "seed 5 gives seat 1 a claim" "claim it?" "$out"
case "$out" in *"you: pass"*|*"you: peng"*|*"you: hu"*)
    expect "an empty line never claims or passes" "no move" "a move" ;; esac
contains "the claim is still open at the end of the input" "(end of input)" "$out"
out=$(printf 'pass\n\n' | $Q zhaotong play --seed 5 --seat 1)
contains "typed pass lets the discard go" "seat 0: discard" "$out"
finish "zhaotong play"
