#!/bin/sh
# The ddz command line (the table layer's commands on Dou Di Zhu, under
# `qipai ddz` and `qipai table ddz`): sim's report, its JSON and its log,
# the log replayed valid by both routes and a tampered log refused naming
# the line, the duel with its permuted seats and its JSON, every bidding
# rule, and bad input (unknown rules, bots, commands, files: status 2; a
# departing log: status 1). Run by `make test` with QIPAI=build/qipai.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checks=0
check() { checks=$((checks + 1)); }

# sim: the report, ending with the games/s line.
out=$($Q ddz sim --games 300 --seed 3 --bots greedy,random,random); status=$?
expect "sim status" 0 "$status"; check
contains "sim header" "ddz sim: 300 games, seed 3, bots greedy,random,random" "$out"; check
contains "sim seat line" "seat 0 (greedy): win rate " "$out"; check
contains "sim landlord line" "bot greedy as landlord: average score " "$out"; check
contains "sim peasant line" "bot random as peasant: average score " "$out"; check
contains "sim game line" "landlord wins " "$out"; check
last=$(printf '%s\n' "$out" | tail -n 1)
case "$last" in
"speed: 300 games in "*" games/s") ;;
*) expect "games/s line" "speed: 300 games in ... games/s" "$last" ;;
esac
check
out=$($Q ddz sim --games 50 --seed 3 --json)
contains "sim json" '"games":50,' "$out"; check
contains "sim json tallies" '"landlord_wins":' "$out"; check
contains "sim json speed" '"games_per_second":' "$out"; check
# the same run by the table route
a=$($Q ddz sim --games 40 --seed 9 --json | sed 's/"cpu_seconds".*//')
b=$($Q table ddz sim --games 40 --seed 9 --json | sed 's/"cpu_seconds".*//')
expect "qipai ddz sim = qipai table ddz sim" "$a" "$b"; check

# every bidding rule: a log, replayed valid by both routes
for rule in bidding=score bidding=grab bidding=none all_pass=first caller_regrab=0; do
    $Q ddz sim --games 100 --seed 5 --bots random,greedy,random --rule "$rule" \
        --rule base=2 --log "$tmp/$rule.log" > /dev/null
    expect "sim --rule $rule status" 0 "$?"; check
    contains "log rules ($rule)" '"name":"ddz"' "$(head -n 1 "$tmp/$rule.log")"; check
    out=$($Q ddz replay "$tmp/$rule.log")
    expect "replay $rule status" 0 "$?"; check
    contains "replay $rule valid" '"games":100,"valid":100,' "$out"; check
    out=$($Q table ddz replay "$tmp/$rule.log")
    expect "table replay $rule status" 0 "$?"; check
done
lines=$(wc -l < "$tmp/bidding=score.log")
[ "$lines" -gt 3000 ]; expect "the log has every line ($lines)" 0 "$?"; check

# a tampered log: one card of the first play changed; exit 1, the line named
awk 'BEGIN { done = 0 }
     !done && /"type":"play","seat":[0-9],"cards":"[3-9TJQKA2][shcd]/ {
         i = index($0, "\"cards\":\"") + 10
         c = substr($0, i, 1)
         $0 = substr($0, 1, i - 1) (c == "d" ? "s" : "d") substr($0, i + 1)
         done = 1
     }
     { print }' "$tmp/bidding=score.log" > "$tmp/tampered.log"
cmp -s "$tmp/tampered.log" "$tmp/bidding=score.log"
expect "the tampering changed a line" 1 "$?"; check
out=$($Q ddz replay "$tmp/tampered.log"); status=$?
expect "tampered replay status" 1 "$status"; check
contains "tampered replay names the line" '"line":' "$out"; check
contains "tampered replay not ok" '"ok":false' "$out"; check

# duel: the report, and the JSON keys scripts rely on
out=$($Q ddz duel --bots greedy,random --deals 40 --seed 2); status=$?
expect "duel status" 0 "$status"; check
contains "duel header" "ddz duel: greedy vs random, 40 deals (240 games, seats permuted), seed 2" "$out"; check
contains "duel landlord line" "as landlord: average " "$out"; check
contains "duel difference" "difference greedy - random: " "$out"; check
out=$($Q ddz duel --bots random,random --deals 30 --json)
contains "duel json deals" '"deals":30' "$out"; check
contains "duel json ci" '"ci95":' "$out"; check
contains "a bot against itself differs by 0" '"difference":0,' "$out"; check

# bad input: a clear message, status 2 (1 for a log that departs)
for bad in "sim --games 5 --rule nosuch=1" "sim --games 5 --rule bidding=auction" \
           "sim --games 5 --rule first_bidder=3" "sim --games 5 --rule base=0" \
           "sim --games 5 --bots foo,random,random" "sim --games 5 --bots random,random" \
           "sim --games 5 --rules dragon" "duel --bots greedy --deals 3" "bogus" \
           "replay $tmp/none.log"; do
    err=$($Q ddz $bad 2>&1 >/dev/null); status=$?
    expect "ddz $bad: status 2" 2 "$status"; check
    contains "ddz $bad: a message" "qipai:" "$err"; check
done
printf '%s\n' '{"type":"game","name":"ddz","dealer":0,"rules":{}}' > "$tmp/bad.log"
out=$($Q ddz replay "$tmp/bad.log"); status=$?
expect "a bad header: status 1" 1 "$status"; check
contains "a bad header is named" '"error":"bad game header' "$out"; check
printf 'not json\n' > "$tmp/junk.log"
$Q ddz replay "$tmp/junk.log" > /dev/null 2>&1
expect "junk: status 1" 1 "$?"; check

echo "ddz cli: $checks checks"
[ "$checks" -gt 50 ]; expect "the script made its checks" 0 "$?"
finish "ddz cli"
