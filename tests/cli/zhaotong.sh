#!/bin/sh
# The zhaotong command line: sim's report and its games/s line, the log
# written by --log and checked by replay (and a tampered log refused, naming
# the game and the line), play from a pipe ending cleanly, analyze's JSON,
# the bench line, usage errors. Run by `make test` with QIPAI=build/qipai.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# sim: the report, ending with the games/s line.
out=$($Q zhaotong sim --games 200 --seed 3 --bots strong,strong,seed,seed)
expect "sim status" 0 "$?"
contains "sim header" "zhaotong sim: 200 games, seed 3, bots strong,strong,seed,seed" "$out"
contains "sim seat line" "seat 0 (strong): win rate " "$out"
contains "sim types" "hand types (share of " "$out"
contains "sim bot line" "bot seed: average score " "$out"
last=$(printf '%s\n' "$out" | tail -n 1)
case "$last" in
"speed: 200 games in "*" games/s") ;;
*) expect "games/s line" "speed: 200 games in ... games/s" "$last" ;;
esac
out=$($Q zhaotong sim --games 50 --seed 3 --json)
contains "sim json" '"games":50,' "$out"
contains "sim json speed" '"games_per_second":' "$out"

# duel: the report, and the JSON keys scripts rely on.
out=$($Q zhaotong duel --bots strong,seed --deals 30 --seed 2)
expect "duel status" 0 "$?"
contains "duel header" "zhaotong duel: strong vs seed, 30 deals (60 games, seats swapped), seed 2" "$out"
contains "duel difference" "difference strong - seed: " "$out"
last=$(printf '%s\n' "$out" | tail -n 1)
case "$last" in
"speed: 60 games in "*" games/s") ;;
*) expect "duel games/s line" "speed: 60 games in ... games/s" "$last" ;;
esac
out=$($Q zhaotong duel --bots strong,seed --deals 30 --seed 2 --json)
for key in '"deals":30,' '"bots":["strong","seed"]' '"average":{"strong":' '"difference":' \
    '"ci95":[' '"games_per_second":'; do
    contains "duel json $key" "$key" "$out"
done
out=$($Q zhaotong duel --bots seed,seed --deals 20 --json)
contains "duel of a bot with itself" '"difference":0,' "$out"
$Q zhaotong duel --bots strong --deals 3 > /dev/null 2>&1
expect "duel wants two bots" 2 "$?"
$Q zhaotong duel --bots strong,nobody --deals 3 > /dev/null 2>&1
expect "duel names an unknown bot" 2 "$?"

# --log and replay: every game holds; the same seed writes the same log.
$Q zhaotong sim --games 100 --seed 5 --bots strong,seed,strong,seed --log "$tmp/a.jsonl" > /dev/null
$Q zhaotong sim --games 100 --seed 5 --bots strong,seed,strong,seed --log "$tmp/b.jsonl" > /dev/null
cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl"
expect "the same seed writes the same log" 0 "$?"
out=$($Q zhaotong replay "$tmp/a.jsonl")
expect "replay status" 0 "$?"
contains "replay result" '"games":100,"valid":100,' "$out"
contains "replay ok" '"ok":true' "$out"
out=$($Q zhaotong replay "$tmp/a.jsonl" --verbose | head -n 1)
contains "replay verbose" '{"game":1,"valid":true,' "$out"
$Q zhaotong sim --games 20 --seed 9 --rule cap=6 --rule zimo_adds_base=true --rule fan.gen=2 \
    --log "$tmp/r.jsonl" > /dev/null
$Q zhaotong replay "$tmp/r.jsonl" > /dev/null
expect "replay with other rules" 0 "$?"

# A tampered log: the first payment of game 3 changed.
awk 'BEGIN { g = 0; done = 0 }
     /"type":"game"/ { g++ }
     g == 3 && !done && /"type":"pay"/ { sub(/"amount":[0-9]+/, "\"amount\":999"); done = 1 }
     { print }' "$tmp/a.jsonl" > "$tmp/bad.jsonl"
line=$(awk 'BEGIN { g = 0 } /"type":"game"/ { g++ } g == 3 && /"amount":999/ { print NR; exit }' "$tmp/bad.jsonl")
out=$($Q zhaotong replay "$tmp/bad.jsonl")
expect "tampered status" 1 "$?"
contains "tampered names game and line" "{\"game\":3,\"line\":$line,\"error\":\"expected " "$out"
contains "tampered summary" '"games":100,"valid":99,' "$out"
# An illegal action: a discard of a tile the player does not hold.
awk 'BEGIN { done = 0 }
     !done && /"action":"discard"/ { sub(/"tile":"[1-9][mps]"/, "\"tile\":\"X\""); done = 1 }
     { print }' "$tmp/a.jsonl" | sed 's/"tile":"X"/"tile":"9s","x":1/' > "$tmp/bad2.jsonl"
out=$($Q zhaotong replay "$tmp/bad2.jsonl")
expect "bad action status" 1 "$?"
contains "bad action" '"game":1,' "$out"
# A cut log: the game does not end.
head -n 30 "$tmp/a.jsonl" > "$tmp/cut.jsonl"
out=$($Q zhaotong replay "$tmp/cut.jsonl")
expect "cut status" 1 "$?"
contains "cut log" 'the log ends before the game is over' "$out"
printf 'not json\n' > "$tmp/junk.jsonl"
out=$($Q zhaotong replay "$tmp/junk.jsonl")
expect "junk status" 1 "$?"
$Q zhaotong replay "$tmp/missing.jsonl" > /dev/null 2>&1
expect "missing file" 2 "$?"

# play: scripted through a pipe; it ends cleanly at the end of the input.
out=$(printf 'hint\nnonsense\n1\n' | $Q zhaotong play --seed 3)
expect "play status" 0 "$?"
contains "play shows the 坨" "The 坨 (wildcard) is" "$out"
contains "play shows the hand" "your hand:" "$out"
contains "play shows moves" "your moves: 1) " "$out"
contains "play hint" "hint: the strong bot would play:" "$out"
contains "play refuses nonsense" "'nonsense' is not one of your moves" "$out"
contains "play ends at EOF" "(end of input)" "$out"
out=$(printf 'quit\n' | $Q zhaotong play --seed 3)
expect "play quit" 0 "$?"
out=$($Q zhaotong play --watch --seed 5 < /dev/null)
expect "watch status" 0 "$?"
contains "watch ends" "the round is over" "$out"

# analyze
expect "analyze a win" '{"line":"123m456m789m234p55p","tuo":"9s","suits":["m","p"],"shanten":-1,"win":true,"score":{"types":["pinghu"],"gen":0,"gou":0,"fan":0,"fan_capped":0,"amount":1,"decomposition":{"form":"standard","melds":[{"type":"sequence","tiles":["1m","2m","3m"]},{"type":"sequence","tiles":["4m","5m","6m"]},{"type":"sequence","tiles":["7m","8m","9m"]},{"type":"sequence","tiles":["2p","3p","4p"]},{"type":"pair","tiles":["5p","5p"]}]}}}' \
    "$($Q zhaotong analyze --tuo 9s '123m456m789m234p55p' | sed 's/,"discards":.*}$/}/')"
expect "analyze waits" '{"line":"123m456m789m1p peng:5p tuo:9s","tuo":"9s","suits":["m","p"],"shanten":0,"ready":true,"waits":["1p"]' \
    "$($Q zhaotong analyze '123m456m789m1p peng:5p tuo:9s' | sed 's/,"effective":.*$//')"
# melds showing three suits: every 3k+1 key still there, nothing effective
expect "analyze three suits" '{"line":"7m678s peng:1m minggang:8p angang:7s+ tuo:5s","tuo":"5s","suits":["m","p","s"],"shanten":null,"ready":false,"waits":[],"effective":[],"total":0}' \
    "$($Q zhaotong analyze '7m678s peng:1m minggang:8p angang:7s+ tuo:5s')"
# the four 6s are all in the hand and its 碰: no 6s to wait on or draw
expect "analyze no fifth copy" '{"line":"6777999s peng:6s peng:1s tuo:5m","tuo":"5m","suits":["s"],"shanten":0,"ready":true,"waits":["5s","8s"],"effective":[{"tile":"5m","left":4},{"tile":"5s","left":4},{"tile":"8s","left":4}],"total":12}' \
    "$($Q zhaotong analyze '6777999s peng:6s peng:1s tuo:5m')"
# 天胡 is self-drawn: 自摸 too, fan 4 + 1 before the cap, as the game scores it
# (tests/test_zt_games.c: the same hand dealt to the dealer)
expect "analyze tianhu" '"types":["pinghu","zimo","tianhu"],"gen":0,"gou":0,"fan":5,"fan_capped":4,"amount":16' \
    "$($Q zhaotong analyze --brief '123m456m789m234p55p tuo:9p tianhu' | sed 's/.*"score":{//; s/,"decomposition".*//')"
expect "analyze tianhu of the issue" '"types":["pinghu","zimo","tianhu"],"gen":0,"gou":0,"fan":5,"fan_capped":4,"amount":16' \
    "$($Q zhaotong analyze --brief '33678m123566778s tuo:5p tianhu' | sed 's/.*"score":{//; s/,"decomposition".*//')"
expect "analyze tianhu zimo_adds_base" '"types":["pinghu","zimo","tianhu"],"gen":0,"gou":0,"fan":4,"fan_capped":4,"amount":17' \
    "$($Q zhaotong analyze --brief --rule zimo_adds_base=true '123m456m789m234p55p tuo:9p tianhu' | sed 's/.*"score":{//; s/,"decomposition".*//')"
expect "analyze error" '{"line":"123m","error":"which tile is the 坨? (tuo:5s, or --tuo)"}' \
    "$($Q zhaotong analyze 123m)"
# from standard input: blank lines get no answer; the uniform --rules and --rule
out=$(printf '123m456m789m1p peng:5p tuo:9s\n\n  \n123m\n' | $Q zhaotong analyze --brief --rules default)
expect "analyze stdin status" 1 "$?"
expect "analyze stdin answers" 2 "$(printf '%s\n' "$out" | wc -l | tr -d ' ')"
$Q zhaotong analyze --rule cap=99 '123m456m789m1p peng:5p tuo:9s' > /dev/null 2>&1
expect "analyze bad rule" 2 "$?"
$Q zhaotong analyze --rules nosuch 123m > /dev/null 2>&1
expect "analyze bad rule set" 2 "$?"

# bench: the contract line.
$Q zhaotong corpus score 200 --seed 2 > "$tmp/score.txt"
out=$($Q zhaotong bench score "$tmp/score.txt" --repeat 3)
contains "bench line" '{"bench":"score","file":' "$out"
contains "bench ns" '"positions":200,"repeat":3,"ns_per_call":' "$out"
# the table layer against Zhaotong's own runner: the same games, both timed
out=$($Q zhaotong bench table --games 20 --repeat 1)
contains "bench table" '{"bench":"table","bots":"seed","games":20,"repeat":1,"ns_per_game_zhaotong":' "$out"
contains "bench table same games" '"same_games":true' "$out"
$Q zhaotong bench table --bots nobody > /dev/null 2>&1
expect "bench table bad bot" 2 "$?"

# the table layer's own commands (qipai table GAME ...) play Zhaotong as its
# own commands do: the same summary, duel figures and replay verdicts
$Q table games | grep -q "^zhaotong	" ; expect "table games lists zhaotong" 0 "$?"
$Q zhaotong sim --games 60 --seed 5 --bots expert,strong,seed,seed --log "$tmp/zs.jsonl" --quiet | grep -v '^speed' > "$tmp/zs.txt"
$Q table zhaotong sim --games 60 --seed 5 --bots expert,strong,seed,seed --log "$tmp/ts.jsonl" --quiet | grep -v '^speed' > "$tmp/ts.txt"
cmp -s "$tmp/zs.txt" "$tmp/ts.txt"; expect "table sim = zhaotong sim" 0 "$?"
sed 's/"name":"zhaotong",//' "$tmp/ts.jsonl" | cmp -s - "$tmp/zs.jsonl"; expect "table sim log = zhaotong log + name" 0 "$?"
$Q zhaotong replay "$tmp/ts.jsonl" --verbose > "$tmp/zr.txt"; expect "zhaotong replays the table log" 0 "$?"
$Q table zhaotong replay "$tmp/zs.jsonl" --verbose | sed 's|zs.jsonl|ts.jsonl|' > "$tmp/tr.txt"; expect "table replays the zhaotong log" 0 "$?"
cmp -s "$tmp/zr.txt" "$tmp/tr.txt"; expect "table replay = zhaotong replay" 0 "$?"
head -c 20000 "$tmp/zs.jsonl" > "$tmp/cut.jsonl"
$Q table zhaotong replay "$tmp/cut.jsonl" > /dev/null; expect "table replay of a cut log" 1 "$?"
$Q zhaotong duel --bots strong,seed --deals 30 --seed 4 --json | sed 's/"cpu_seconds".*//' > "$tmp/d1.txt"
$Q table zhaotong duel --bots strong,seed --deals 30 --seed 4 --json | sed 's/"cpu_seconds".*//' > "$tmp/d2.txt"
cmp -s "$tmp/d1.txt" "$tmp/d2.txt"; expect "table duel = zhaotong duel" 0 "$?"
$Q table zhaotong duel --bots strong,seed --deals 5 --log "$tmp/dl.jsonl" --quiet > /dev/null
$Q table zhaotong replay "$tmp/dl.jsonl" | grep -q '"games":10,"valid":10,'; expect "a duel's log replays" 0 "$?"
$Q table nosuch sim --games 1 > /dev/null 2>&1; expect "table: unknown game" 2 "$?"
$Q table zhaotong sim --games 1 --bots strong,nobody,seed,seed > /dev/null 2>&1; expect "table: unknown bot" 2 "$?"
$Q table zhaotong sim --games 1 --rules nosuch > /dev/null 2>&1; expect "table: unknown preset" 2 "$?"
$Q table zhaotong sim > /dev/null 2>&1; expect "table: sim without --games" 2 "$?"

# usage errors
$Q zhaotong sim > /dev/null 2>&1
expect "sim without --games" 2 "$?"
$Q zhaotong sim --games 1 --bots strong,seed > /dev/null 2>&1
expect "three bots missing" 2 "$?"
$Q zhaotong sim --games 1 --rule cap=99 > /dev/null 2>&1
expect "bad rule" 2 "$?"
$Q zhaotong nosuch > /dev/null 2>&1
expect "unknown command" 2 "$?"

finish "zhaotong cli"
