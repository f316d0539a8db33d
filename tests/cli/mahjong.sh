#!/bin/sh
# The mahjong command line: the exact JSON shapes of the issue, batch mode,
# bad lines, exit statuses. Run by `make test` with QIPAI=build/qipai.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"

expect "win line" '{"hand":"11123456789999m","win":true,"forms":["standard"]}' \
    "$($Q mahjong win 11123456789999m)"
expect "win with seven pairs" '{"hand":"11112233445566m","win":true,"forms":["standard","seven_pairs"]}' \
    "$($Q mahjong win 11112233445566m)"
expect "waits line" '{"hand":"1112345678999m","waits":["1m","2m","3m","4m","5m","6m","7m","8m","9m"]}' \
    "$($Q mahjong waits 1112345678999m)"
expect "waits with a wild kind" '{"hand":"1237m456p789s77z1z","waits":["5m","6m","7m","8m","9m","1z","7z"]}' \
    "$($Q mahjong waits --rules laizi --wild 7z 1237m456p789s77z1z)"
expect "options after hands" '{"hand":"1237m456p789s77z1z","waits":["5m","6m","7m","8m","9m","1z","7z"]}' \
    "$($Q mahjong waits 1237m456p789s77z1z --wild 红中)"
expect "chinese output" '{"hand":"1112345678999m","waits":["一万","二万","三万","四万","五万","六万","七万","八万","九万"]}' \
    "$($Q mahjong waits --chinese 1112345678999m)"
expect "decompose line" '{"hand":"11m*234567m99p","win":true,"count":2,"decompositions":[{"form":"standard","melds":[{"type":"triplet","tiles":["1m","1m","1m*"]},{"type":"sequence","tiles":["2m","3m","4m"]},{"type":"sequence","tiles":["5m","6m","7m"]},{"type":"pair","tiles":["9p","9p"]}]},{"form":"standard","melds":[{"type":"pair","tiles":["1m","1m"]},{"type":"sequence","tiles":["2m","3m","4m"]},{"type":"sequence","tiles":["5m","6m","7m"]},{"type":"triplet","tiles":["9p","9p","9p*"]}]}]}' \
    "$($Q mahjong decompose '11m*234567m99p')"
expect "any melds" '{"hand":"*****","win":true,"count":1,"decompositions":[{"form":"standard","melds":[{"type":"any","tiles":["*","*"]},{"type":"any","tiles":["*","*","*"]}]}]}' \
    "$($Q mahjong decompose '*****')"

# Batch mode: one answer a line, a bad line answered with an error, the
# next lines still answered, and a non-zero status; blank lines get no answer.
out=$(printf '11123456789999m\n11111m\n\n  \t\n123456789m11122z\n' | $Q mahjong win)
status=$?
expect "batch answers" '{"hand":"11123456789999m","win":true,"forms":["standard"]}
{"hand":"11111m","error":"1m appears 5 times; there are 4 copies of each tile"}
{"hand":"123456789m11122z","win":true,"forms":["standard"]}' "$out"
expect "batch status" 1 "$status"
printf '11123456789999m\n' | $Q mahjong win > /dev/null
expect "clean batch status" 0 "$?"
printf '1112345678999m\r\n' | $Q mahjong waits > /dev/null
expect "CRLF lines" 0 "$?"

$Q mahjong win --rules nosuch 11m > /dev/null 2>&1
expect "unknown rules is a usage error" 2 "$?"
$Q mahjong win --wild 11m 11m > /dev/null 2>&1
expect "--wild needs one kind" 2 "$?"
$Q mahjong nosuch > /dev/null 2>&1
expect "unknown command" 2 "$?"
expect "zhaotong rejects honors" '{"hand":"123m1z","error":"1z is not in the zhaotong tile set (27 kinds, no honors)"}' \
    "$($Q mahjong win --rules zhaotong 123m1z)"

# The bench prints the contract line.
tmp=$(mktemp)
$Q mahjong corpus win 300 --seed 7 > "$tmp"
line=$($Q mahjong bench win "$tmp" 2>/dev/null)
case "$line" in
"mahjong win: 300 hands, "*" ns/hand, "*" wins") ;;
*) expect "bench win line" "mahjong win: 300 hands, X ns/hand, N wins" "$line" ;;
esac
$Q mahjong corpus waits 300 --seed 7 > "$tmp"
line=$($Q mahjong bench waits "$tmp" 2>/dev/null)
case "$line" in
"mahjong waits: 300 hands, "*" ns/hand, "*" waits") ;;
*) expect "bench waits line" "mahjong waits: 300 hands, X ns/hand, N waits" "$line" ;;
esac
rm -f "$tmp"

finish "mahjong cli"
