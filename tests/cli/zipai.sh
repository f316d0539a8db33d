#!/bin/sh
# `qipai zipai` on the command line: decompose, hu, waits, errors and exit
# statuses, the formats of docs/formats/zipai.md. Run with QIPAI=build/qipai.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"

expect "seed example splits two ways" \
    '{"hand":"二七十二七十贰柒拾","decompositions":[{"melds":["二二贰","七七柒","十十拾"],"huxi":0},{"melds":["二七十","二七十","贰柒拾"],"huxi":12}]}' \
    "$($Q zipai decompose 二七十二七十贰柒拾)"

expect "a hand that does not split has an empty list" \
    '{"hand":"九十壹","decompositions":[]}' "$($Q zipai decompose 九十壹)"

expect "ASCII in and out" \
    '{"hand":"x1x2x3d4d4d4","decompositions":[{"melds":["x1x2x3","d4d4d4"],"huxi":9}]}' \
    "$($Q zipai decompose --ascii x1x2x3d4d4d4)"

expect "10huxi preset" \
    '{"hand":"一五十","decompositions":[{"melds":["一五十"],"huxi":3}]}' \
    "$($Q zipai decompose --rules 10huxi 一五十)"

out=$(printf '一二三\n一二z\n壹贰叁\n' | $Q zipai decompose)
status=$?
expect "stdin: a bad line answered with an error, the next lines still answered" \
    '{"hand":"一二三","decompositions":[{"melds":["一二三"],"huxi":3}]}
{"hand":"一二z","error":"not a card at byte 6 (cards: 一..十 壹..拾, x1..x10 d1..d10)"}
{"hand":"壹贰叁","decompositions":[{"melds":["壹贰叁"],"huxi":6}]}' "$out"
expect "a bad line makes the exit status 1" 1 "$status"

$Q zipai decompose 一二三四 >/dev/null
expect "3k+1 cards besides 坎/提: an error" 1 "$?"

expect "hu: 碰 upgraded to 跑 by the target" \
    '{"input":"一二三四五六七八九 碰十十十 偎壹壹壹 摸十","win":true,"huxi":15,"tun":1,"mingtang":[],"multiplier":1,"score":1,"red":6,"melds":[{"cards":"一二三","type":"顺","huxi":3},{"cards":"四五六","type":"顺","huxi":0},{"cards":"七八九","type":"顺","huxi":0}],"open":[{"cards":"十十十十","type":"跑","huxi":6},{"cards":"壹壹壹","type":"偎","huxi":6}]}' \
    "$($Q zipai hu '一二三四五六七八九 碰十十十 偎壹壹壹 摸十')"

expect "hu in ASCII, below the threshold" \
    '{"input":"x2x7x10x2x7 d2d7d10 discard x10","win":false,"huxi":12,"tun":0,"mingtang":[],"multiplier":1,"score":0,"red":9,"melds":[{"cards":"x2x7x10","type":"chow","huxi":3},{"cards":"x2x7x10","type":"chow","huxi":3},{"cards":"d2d7d10","type":"chow","huxi":6}],"open":[]}' \
    "$($Q zipai hu --ascii 'x2x7x10x2x7 d2d7d10 discard x10')"

expect "hu with a lower threshold" \
    '{"input":"二七十二七贰柒拾 打十","win":true,"huxi":12,"tun":1,"mingtang":[],"multiplier":1,"score":1,"red":9,"melds":[{"cards":"二七十","type":"顺","huxi":3},{"cards":"二七十","type":"顺","huxi":3},{"cards":"贰柒拾","type":"顺","huxi":6}],"open":[]}' \
    "$($Q zipai hu --threshold 12 '二七十二七贰柒拾 打十')"

expect "--rule NAME=VALUE is the same as the single option" \
    "$($Q zipai hu --threshold 12 '二七十二七贰柒拾 打十')" \
    "$($Q zipai hu --rule threshold=12 '二七十二七贰柒拾 打十')"

$Q zipai hu --rule threshold=2000 '二七十二七贰柒拾 打十' 2>/dev/null
expect "a bad --rule value is a usage error" 2 "$?"

expect "blank lines get no answer" \
    '{"hand":"一二三","decompositions":[{"melds":["一二三"],"huxi":3}]}
{"hand":"壹贰叁","decompositions":[{"melds":["壹贰叁"],"huxi":6}]}' \
    "$(printf '一二三\n\n  \r\n壹贰叁\n' | $Q zipai decompose)"

$Q zipai hu '一二三' >/dev/null
expect "hu without a target is an error" 1 "$?"

expect "waits from both sources" \
    '{"input":"二七十二七贰柒拾 偎壹壹壹","waits":["十"],"draw":[{"card":"十","huxi":18,"tun":2,"score":2}],"discard":[{"card":"十","huxi":18,"tun":2,"score":2}]}' \
    "$($Q zipai waits '二七十二七贰柒拾 偎壹壹壹')"

expect "waits from a discard only" \
    '{"input":"一二三壹贰叁四四四 打","waits":["四"],"discard":[{"card":"四","huxi":15,"tun":1,"score":1}]}' \
    "$($Q zipai waits '一二三壹贰叁四四四 打')"

$Q zipai decompose --rules nonsense 一二三 2>/dev/null
expect "an unknown rule set is a usage error" 2 "$?"
$Q zipai frobnicate 2>/dev/null
expect "an unknown command is a usage error" 2 "$?"

corpus=$($Q zipai corpus decompose 50 --seed 9 --size 21)
expect "corpus is seeded" "$corpus" "$($Q zipai corpus decompose 50 --seed 9 --size 21)"
expect "corpus makes 50 lines" 50 "$(printf '%s\n' "$corpus" | wc -l | tr -d ' ')"
tmp=${TMPDIR:-/tmp}/qipai_zipai_$$
$Q zipai corpus hu 200 --seed 4 > "$tmp.hu"
$Q zipai corpus decompose 200 --seed 5 > "$tmp.dec"
$Q zipai hu < "$tmp.hu" | grep -q error && { echo "FAIL corpus hu lines are all valid"; failures=$((failures + 1)); }
$Q zipai decompose < "$tmp.dec" | grep -q error && { echo "FAIL corpus hands are all valid"; failures=$((failures + 1)); }
$Q zipai bench hu "$tmp.hu" --repeat 1 | grep -q '"ns_per_call"' || { echo "FAIL bench hu"; failures=$((failures + 1)); }
$Q zipai bench decompose "$tmp.dec" --repeat 1 | grep -q '"ns_per_call"' || { echo "FAIL bench decompose"; failures=$((failures + 1)); }
$Q zipai bench hu "$tmp.hu" --repeat 1 --rule threshold=10 | grep -q '"wins"' || { echo "FAIL bench takes --rule"; failures=$((failures + 1)); }
rm -f "$tmp.hu" "$tmp.dec"

finish "zipai cli"
