#!/bin/sh
# Bots that are programs (issue 14, docs/formats/bot.md): full runs of sim,
# duel and play with the example bots; faulty bots (silent, slow, illegal,
# crashing, printing garbage, a megabyte line, exiting mid-game, flooding,
# not found, lingering) whose faults are counted while the run completes
# with valid statistics; what a bot is told checked against the log (no
# hidden tile reaches another seat); a duel of a bot with itself whose
# interval holds zero; progress on a terminal only (issue 16). Run by
# `make test-cli` with QIPAI=build/qipai; each run is a game or a few, with
# short time limits, to stay quick.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"
PY=/usr/bin/python3
BOTS="$(cd "$(dirname "$0")/../../examples/bots" && pwd)"
GREEDY="exec:$PY $BOTS/greedy_bot.py"
RANDOM_BOT="exec:$PY $BOTS/random_bot.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# json FILE EXPRESSION: a value of the JSON line in FILE, by a Python expression on j.
json() {
    $PY -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# ---- full runs with the example bots ---------------------------------------
$Q zhaotong sim --games 4 --seed 2 --bots "$GREEDY,$RANDOM_BOT,strong,seed" --json \
    --log "$tmp/full.jsonl" > "$tmp/full.json"
expect "example bots: sim status" 0 "$?"
expect "example bots: 4 games, no fault, decisions made, scores summing to zero, intervals holding their means, 4 bots" \
    "4 [0, 0] True True True 4" "$(json "$tmp/full.json" '"%d %s %s %s %s %d" % (j["games"],
    [s["faults"]["total"] for s in j["seats"][:2]],
    all(s["faults"]["decisions"] > 10 for s in j["seats"][:2]),
    abs(sum(s["average_score"] for s in j["seats"])) < 1e-9,
    all(s["average_score_ci95"][0] <= s["average_score"] <= s["average_score_ci95"][1] and
        s["win_rate_ci95"][0] <= s["win_rate"] <= s["win_rate_ci95"][1] for s in j["seats"] + j["bots"]),
    len(j["bots"]))')"
out=$($Q zhaotong replay "$tmp/full.jsonl")
contains "the programs' games replay" '"games":4,"valid":4,' "$out"
contains "the log names the programs" "\"bots\":[\"exec:$PY $BOTS/greedy_bot.py\"" \
    "$(head -n 1 "$tmp/full.jsonl")"
out=$($Q zhaotong sim --games 2 --bots "$GREEDY,$GREEDY,$RANDOM_BOT,$RANDOM_BOT")
expect "four programs: status" 0 "$?"
contains "four programs: faults line" "faults of seat 3 (exec:$PY $BOTS/random_bot.py): 0 late, 0 illegal, 0 invalid, 0 gone in " "$out"
contains "four programs: one bot line for two seats" "bot exec:$PY $BOTS/greedy_bot.py: average score " "$out"
last=$(printf '%s\n' "$out" | tail -n 1)
case "$last" in "speed: 2 games in "*" s wall "*" games/s") ;;
*) expect "four programs: speed by the clock" "speed: 2 games in ... s wall ... games/s" "$last" ;; esac

# ---- what a bot is told: its seat's view, nothing hidden ----------------------
$Q zhaotong sim --games 3 --seed 7 --log "$tmp/view.jsonl" --bots \
    "strong,exec:tee $tmp/seen1.jsonl | $PY $BOTS/greedy_bot.py,seed,exec:tee $tmp/seen3.jsonl | $PY $BOTS/random_bot.py" \
    > /dev/null
expect "capture run" 0 "$?"
for seat in 1 3; do
    out=$($PY - "$tmp/view.jsonl" "$tmp/seen$seat.jsonl" "$seat" <<'EOF'
# The lines a bot received, against the log: its game and deal lines, then
# every event, with other seats' hands, draws and claims left out.
import json, sys
full = [json.loads(l) for l in open(sys.argv[1])]
seen = [json.loads(l) for l in open(sys.argv[2])]
seat = int(sys.argv[3])
problems, hidden_draws, lines = [], 0, 0
assert seen[0]["type"] == "start" and seen[0]["seat"] == seat and seen[0]["protocol"] == 1
assert seen[0]["rules"] == full[0]["rules"], "the start line's rules"
told = [m for m in seen[1:] if m["type"] not in ("request", "fault")]
want = []
for m in full:
    t, player = m["type"], m.get("player")
    if t == "game":
        want.append({"type": "game", "game": m["game"], "seat": seat, "dealer": m["dealer"],
                     "tuo": m["tuo"], "turned_seat": m["turned_seat"]})
    elif t == "deal":
        want.append({"type": "deal", "hands": [h if s == seat else None for s, h in enumerate(m["hands"])]})
    elif t == "draw" and player != seat:
        hidden_draws += 1
        want.append({k: v for k, v in m.items() if k != "tile"})
    elif t == "action" and player != seat and m["action"] in ("hu", "peng", "ming_gang", "pass"):
        pass
    else:
        want.append(m)
for i, (a, b) in enumerate(zip(told, want)):
    lines += 1
    if a != b:
        problems.append("line %d: told %s, want %s" % (i, a, b))
if len(told) != len(want):
    problems.append("told %d lines, want %d" % (len(told), len(want)))
for m in told:
    if "wall" in m or "seed" in m:
        problems.append("told the wall or the seed: %s" % m)
    if m["type"] == "draw" and m["player"] != seat and "tile" in m:
        problems.append("told another's draw: %s" % m)
    if m["type"] == "deal" and sum(h is not None for h in m["hands"]) != 1:
        problems.append("told another's hand: %s" % m)
if hidden_draws < 50:
    problems.append("only %d hidden draws" % hidden_draws)
print("\n".join(problems[:5]) if problems else "ok %d lines, %d hidden draws" % (lines, hidden_draws))
EOF
)
    case "$out" in ok*) ;; *) expect "seat $seat is told its view" "ok" "$out" ;; esac
done

# ---- faulty bots: the decision defaulted and counted, the run completes -----
# faulty NAME COMMAND [OPTIONS]: one game, the program at seat 1; checks that
# the run completes with valid statistics and sets figures to seat 1's faults:
# "late illegal invalid gone decisions".
faulty() {
    name=$1 command=$2
    shift 2
    $Q zhaotong sim --games 1 --seed 4 --bots "strong,exec:$command,strong,seed" --json "$@" \
        > "$tmp/$name.json" 2> "$tmp/$name.err"
    expect "$name: the run completes" 0 "$?"
    figures=$(json "$tmp/$name.json" '" ".join(str(j["seats"][1]["faults"][k]) for k in ("late", "illegal", "invalid", "gone", "decisions")) + " " + str(j["games"] == 1 and sum(s["average_score"] for s in j["seats"]) == 0 and sum(s["wins"] for s in j["seats"]) == j["wins"] > 0)')
    expect "$name: valid statistics" True "${figures##* }"
    figures=${figures% *}
}
# all_of NAME FAULT: every decision (at least 10) of the last faulty run was that fault.
all_of() {
    name=$1 which=$2
    set -- $figures
    late=$1 illegal=$2 invalid=$3 gone=$4 decisions=$5
    case "$which" in
    late) got="$late $illegal $invalid $gone" want="$decisions 0 0 0" ;;
    illegal) got="$late $illegal $invalid $gone" want="0 $decisions 0 0" ;;
    invalid) got="$late $illegal $invalid $gone" want="0 0 $decisions 0" ;;
    gone) got="$late $illegal $invalid $gone" want="0 0 0 $decisions" ;;
    esac
    expect "$name: every decision is $which" "$want" "$got"
    [ "$decisions" -ge 10 ] || expect "$name: decisions asked" ">= 10" "$decisions"
}

cat > "$tmp/slow.py" <<'EOF'
import sys, time
n = 0
for line in sys.stdin:
    if '"request"' in line:
        n += 1
        if n == 3:
            time.sleep(0.45)  # over the 0.3 s limit: this answer comes late
        print(0, flush=True)
EOF
cat > "$tmp/crash.py" <<'EOF'
import os, sys
n = 0
for line in sys.stdin:
    if '"request"' in line:
        n += 1
        if n == 3:
            os.kill(os.getpid(), 9)  # dies at once, no core
        print(0, flush=True)
EOF
cat > "$tmp/wrong_seat.py" <<'EOF'
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "request":
        a = dict(m["actions"][0])
        a["player"] = (a["player"] + 1) % 4
        print(json.dumps(a), flush=True)
EOF
cat > "$tmp/megabyte.py" <<'EOF'
import sys
n = 0
for line in sys.stdin:
    if '"request"' in line:
        n += 1
        sys.stdout.write("x" * (1 << 20) + "\n" if n == 2 else "0\n")
        sys.stdout.flush()
EOF
cat > "$tmp/illegal.py" <<'EOF'
import sys
for line in sys.stdin:
    if '"request"' in line:
        print(999, flush=True)  # no action has that index
EOF
cat > "$tmp/garbage.sh" <<'EOF'
while IFS= read -r line; do
    case $line in *'"request"'*) printf '\377\376{"type":\n' ;; esac
done
EOF

faulty silent 'cat > /dev/null' --bot-timeout 0.005
all_of silent late
faulty slow "$PY $tmp/slow.py" --bot-timeout 0.3
set -- $figures
[ "$1" -ge 1 ] && [ "$1" -le 2 ] || expect "slow: one or two late answers" "1 or 2" "$1"
expect "slow: nothing else" "0 0 0" "$2 $3 $4"
faulty illegal "$PY $tmp/illegal.py"
all_of illegal illegal
faulty wrong_seat "$PY $tmp/wrong_seat.py"
all_of wrong_seat illegal
faulty crash "$PY $tmp/crash.py"
set -- $figures
expect "crash: two answers, then gone" "0 0 0 $(($5 - 2))" "$1 $2 $3 $4"
faulty garbage "sh $tmp/garbage.sh"
all_of garbage invalid
faulty megabyte "$PY $tmp/megabyte.py"
set -- $figures
expect "megabyte: one invalid answer" "0 0 1 0" "$1 $2 $3 $4"
faulty flood 'yes' --bot-timeout 0.2
all_of flood invalid
# Silent (late) while it reads its first 30 lines, then gone.
faulty mid_game 'head -n 30 > /dev/null' --bot-timeout 0.05
set -- $figures
expect "mid-game exit: gone, nothing illegal or invalid" "0 0" "$2 $3"
[ "$4" -ge 1 ] && [ $(($1 + $4)) -eq "$5" ] || expect "mid-game exit: late, then gone" "late + gone = all" "$*"
faulty not_found "$tmp/no-such-bot"
all_of not_found gone
contains "not found: the shell says so on standard error" "no-such-bot" "$(cat "$tmp/not_found.err")"
# Closing its output while running on: gone, and killed (its whole group).
faulty closed "echo \$\$ > $tmp/closed.pid; exec 1>&-; exec sleep 30"
all_of closed gone
kill -0 "$(cat "$tmp/closed.pid")" 2>/dev/null && expect "closed: the program is killed" "gone" "running"
# Lingering after the end of its input: killed after its time limit.
start=$(date +%s)
faulty linger "echo \$\$ > $tmp/linger.pid; $PY $BOTS/greedy_bot.py; exec sleep 30" --bot-timeout 0.2
expect "linger: no fault" "0 0 0 0" "$(echo $figures | cut -d' ' -f1-4)"
kill -0 "$(cat "$tmp/linger.pid")" 2>/dev/null && expect "linger: the program is killed" "gone" "running"
[ $(($(date +%s) - start)) -le 10 ] || expect "linger: the run ends soon" "<= 10 s" "longer"
# Never reading its input (answering 0 to everything unread): gone once 8 MiB are
# waiting for it, some 550 games in; legal until then.
$Q zhaotong sim --games 1000 --bots "strong,exec:yes 0,strong,strong" --json > "$tmp/stuck.json"
expect "stuck: the run completes" 0 "$?"
expect "stuck: gone after answering a while" True \
    "$(json "$tmp/stuck.json" 'j["games"] == 1000 and 0 < j["seats"][1]["faults"]["gone"] == j["seats"][1]["faults"]["total"] < j["seats"][1]["faults"]["decisions"]')"
# The text summary counts them too.
out=$($Q zhaotong sim --games 1 --seed 4 --bots "strong,exec:cat > /dev/null,strong,seed" --bot-timeout 0.005)
contains "text faults line" "faults of seat 1 (exec:cat > /dev/null): " "$out"
contains "text faults: late" " late, 0 illegal, 0 invalid, 0 gone in " "$out"

# ---- duels ---------------------------------------------------------------------
out=$($Q zhaotong duel --bots "$GREEDY,$GREEDY" --deals 3 --json)
expect "greedy against itself: status" 0 "$?"
printf '%s\n' "$out" > "$tmp/duel.json"
expect "greedy against itself: difference 0, interval [0, 0], no fault" "0 [0, 0] 0 0" \
    "$(json "$tmp/duel.json" '"%g [%g, %g] %d %d" % (j["difference"], j["ci95"][0], j["ci95"][1], j["faults"][0]["total"], j["faults"][1]["total"])')"
$Q zhaotong duel --bots "$RANDOM_BOT,$RANDOM_BOT" --deals 4 --seed 3 --json > "$tmp/duel2.json"
expect "random against itself: the interval holds zero" True \
    "$(json "$tmp/duel2.json" 'j["ci95"][0] <= 0 <= j["ci95"][1] and j["games"] == 8')"
out=$($Q zhaotong duel --bots "strong,$GREEDY" --deals 2)
contains "duel: a program against a built-in" "faults of B (exec:$PY $BOTS/greedy_bot.py): 0 late" "$out"
out=$($Q zhaotong duel --bots "strong,exec:cat >/dev/null" --deals 1 --bot-timeout 0.005 --json)
printf '%s\n' "$out" > "$tmp/duel3.json"
expect "duel: a silent side's faults" "None late" \
    "$(json "$tmp/duel3.json" 'str(j["faults"][0]) + " " + ("late" if j["faults"][1]["late"] == j["faults"][1]["decisions"] > 0 else "?")')"

# ---- play --------------------------------------------------------------------------
out=$(printf 'quit\n' | $Q zhaotong play --seed 3 --bots "strong,$GREEDY,$RANDOM_BOT,seed")
expect "play with programs: status" 0 "$?"
contains "play with programs: the table" "your hand" "$out"
out=$($Q zhaotong play --watch --seed 5 --bots "$GREEDY,$RANDOM_BOT,$GREEDY,strong" < /dev/null)
contains "watch programs play to the end" "the round is over" "$out"
err=$($Q zhaotong play --watch --seed 5 --bots "$GREEDY,exec:cat >/dev/null,strong,strong" \
    --bot-timeout 0.005 < /dev/null 2>&1 > /dev/null)
contains "play: a silent program's faults on standard error" "faults of seat 1 (exec:cat >/dev/null): " "$err"

# ---- usage ----------------------------------------------------------------------------
$Q zhaotong sim --games 1 --bots "strong,exec:,strong,strong" > /dev/null 2>&1
expect "exec: without a command" 2 "$?"
$Q zhaotong sim --games 1 --bots "strong,$(printf 'exec:\377'),strong,strong" > /dev/null 2>&1
expect "--bots not UTF-8" 2 "$?"
$Q zhaotong sim --games 1 --bot-timeout 0 > /dev/null 2>&1
expect "--bot-timeout 0" 2 "$?"
$Q zhaotong duel --bots "$GREEDY" --deals 1 > /dev/null 2>&1
expect "duel wants two" 2 "$?"

# ---- progress: on a terminal's standard error only, never with --quiet -------------
# A silent program with a short limit makes each game last about half a second
# (progress starts after 0.3 s) at almost no CPU.
SLOW="strong,exec:cat > /dev/null,strong,strong"
$Q zhaotong sim --games 2 --bots "$SLOW" --bot-timeout 0.02 2> "$tmp/err" > "$tmp/out"
expect "no progress into a file" "" "$(cat "$tmp/err")"
if command -v script > /dev/null 2>&1; then
    script -qc "$Q zhaotong sim --games 2 --bots '$SLOW' --bot-timeout 0.02 > $tmp/out" /dev/null > "$tmp/tty" 2>&1
    contains "progress on a terminal" "zhaotong sim: " "$(cat "$tmp/tty")"
    contains "progress: the rate" "games/s" "$(cat "$tmp/tty")"
    contains "progress: the time left" " left" "$(cat "$tmp/tty")"
    case "$(cat "$tmp/out")" in *"$(printf '\r')"*) expect "no progress in the output" "none" "a CR" ;; esac
    contains "the output is the summary" "zhaotong sim: 2 games" "$(cat "$tmp/out")"
    script -qc "$Q zhaotong sim --games 2 --bots '$SLOW' --bot-timeout 0.02 --quiet > $tmp/out" /dev/null \
        > "$tmp/tty" 2>&1
    expect "--quiet: nothing on the terminal" "" "$(cat "$tmp/tty")"
    script -qc "$Q zhaotong duel --bots 'strong,exec:cat > /dev/null' --bot-timeout 0.01 --deals 2 \
        > $tmp/out" /dev/null > "$tmp/tty" 2>&1
    contains "duel progress" "zhaotong duel: 1/2 deals" "$(cat "$tmp/tty")"
fi

# Interrupted, qipai takes its bots with it, even one that ignores signals
# and never reads the end of its input.
cat > "$tmp/stubborn.sh" <<'BOT'
#!/bin/sh
trap '' INT TERM HUP
while read line; do case "$line" in *request*) echo 0 ;; esac; done
sleep 1000
BOT
chmod +x "$tmp/stubborn.sh"
$Q zhaotong sim --games 1000000 --seed 1 --quiet \
    --bots "exec:$tmp/stubborn.sh,strong,strong,strong" > /dev/null 2>&1 &
sim=$!
sleep 1
kill -INT $sim
wait $sim 2>/dev/null
sleep 0.3
left=$(ps -eo stat=,cmd= | grep -v "^Z" | grep -c "[s]tubborn.sh")
expect "an interrupted run leaves no bot behind" 0 "$left"
finish "zhaotong bots"
