#!/bin/sh
# Bots that are programs on the table layer (issue 19, "The bot protocol";
# docs/formats/bot.md): `qipai table GAME sim|duel --bots exec:COMMAND`
# through the table interface only. On Zhaotong a recording bot is told by
# `table zhaotong sim` exactly what `zhaotong sim` tells it, the new members
# aside; then each item of the protocol with a faulty program: ids carried
# back, stray lines dropped and counted, answers without an id, a program
# that cannot be started (exit 2), the fault line after its action, blank
# lines, left and time in requests, debug texts and faults as note lines of
# the log (which replays), duel --log, the start-up allowance, and one
# program for several seats. Run with QIPAI=build/qipai; each run is a game
# or a few with short limits.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"
PY=/usr/bin/python3
BOTS="$(cd "$(dirname "$0")/../../examples/bots" && pwd)"
GREEDY="$PY $BOTS/greedy_bot.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# json FILE EXPRESSION: a value of the JSON line in FILE, by a Python expression on j.
json() {
    $PY -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}
# faults FILE SEAT: "late illegal invalid gone decisions stray" of a sim's --json summary.
faults() {
    json "$1" '" ".join(str(j["seats"]['"$2"']["faults"][k]) for k in ("late", "illegal", "invalid", "gone", "decisions", "stray"))'
}

# One bot for every case: MODE says how it answers (python3 bot.py MODE [FILE]),
# FILE (optional) records every line it is told.
cat > "$tmp/bot.py" <<'EOF'
import json, sys, time
mode = sys.argv[1]
record = open(sys.argv[2], "w") if len(sys.argv) > 2 else None
n = 0
for line in sys.stdin:
    if record:
        record.write(line)
        record.flush()
    m = json.loads(line)
    if m["type"] != "request":
        continue
    n += 1
    i, acts = m["id"], m["actions"]
    if mode == "index":            # no id, as protocol 1 had it
        out = ["0"]
    elif mode == "id":             # the id carried back, by index
        out = [json.dumps({"id": i, "index": 0})]
    elif mode == "action_id":      # the action object with the id
        a = dict(acts[-1]); a["id"] = i
        out = [json.dumps(a)]
    elif mode == "twice":          # every answer twice: the second answers nothing
        out = [json.dumps({"id": i, "index": 0})] * 2
    elif mode == "wrong_id":       # an id no request has, then the right one
        out = [json.dumps({"id": i + 1000, "index": 0}), json.dumps({"id": i, "index": 0})]
    elif mode == "blank":          # a blank line before each answer
        out = ["", "   ", json.dumps({"id": i, "index": 0})]
    elif mode == "illegal":
        out = ["999"]
    elif mode == "debug":
        out = [json.dumps({"id": i, "index": 0, "debug": "request %d: %d choices" % (i, len(acts))})]
    elif mode == "sleepy":         # slow to start: its first answer takes 0.6 s
        if n == 1:
            time.sleep(0.6)
        out = [json.dumps({"id": i, "index": 0})]
    print("\n".join(out), flush=True)
EOF
bot() { echo "exec:$PY $tmp/bot.py $*"; }

# ---- Zhaotong: the same lines as `zhaotong sim` tells, the new members aside ----
for case in greedy illegal; do
    if [ $case = greedy ]; then
        z="tee $tmp/z_$case.jsonl | $GREEDY" t="tee $tmp/t_$case.jsonl | $GREEDY"
    else
        z="$PY $tmp/bot.py illegal $tmp/z_$case.jsonl" t="$PY $tmp/bot.py illegal $tmp/t_$case.jsonl"
    fi
    $Q zhaotong sim --games 3 --seed 7 --bots "strong,exec:$z,seed,strong" > /dev/null
    expect "zhaotong sim with a recording bot ($case)" 0 "$?"
    $Q table zhaotong sim --games 3 --seed 7 --bots "strong,exec:$t,seed,strong" \
        --log "$tmp/t_$case.log" > /dev/null
    expect "table zhaotong sim with a recording bot ($case)" 0 "$?"
    out=$($PY - "$tmp/z_$case.jsonl" "$tmp/t_$case.jsonl" <<'EOF'
# Line for line, once the members the table adds are taken out and its
# fault lines are put back where zhaotong sim writes them (before the
# action played, which the table's come after).
import json, sys
new = {"start": ["name", "startup", "seats"], "request": ["seat", "game", "left", "time"],
       "fault": ["seat"]}
def load(path):
    lines = []
    for text in open(path):
        m = json.loads(text)
        for k in new.get(m["type"], []):
            m.pop(k, None)
        lines.append(m)
    return lines
z, t = load(sys.argv[1]), load(sys.argv[2])
faults = 0
for i, m in enumerate(t):
    if m["type"] == "fault":
        faults += 1
        assert i > 0 and t[i - 1] == m["played"], "line %d: a fault not after its action" % i
        t[i - 1], t[i] = t[i], t[i - 1]
problems = [i for i, (a, b) in enumerate(zip(z, t)) if a != b]
if problems or len(z) != len(t):
    print("differ at line %s (%d and %d lines)" % (problems[:1], len(z), len(t)))
else:
    print("same %d lines, %d faults" % (len(z), faults))
EOF
)
    case "$out" in "same "*) ;; *) expect "$case: table sim tells what zhaotong sim tells" "same" "$out" ;; esac
    [ $case = illegal ] && case "$out" in *" 0 faults") expect "illegal: faults compared" "> 0" "0" ;; esac
done
# Every request says what is left to draw and the time left for it.
expect "requests carry left and time" True "$($PY - "$tmp/t_greedy.jsonl" <<'EOF'
import json, sys
reqs = [json.loads(l) for l in open(sys.argv[1]) if '"request"' in l]
start = json.loads(open(sys.argv[1]).readline())
print(len(reqs) > 20 and all(0 <= r["left"] <= 108 and 0 < r["time"] <= 15 and r["seat"] == 1
      for r in reqs) and start["name"] == "zhaotong" and start["startup"] == 10
      and reqs[0]["time"] > 5 >= reqs[-1]["time"])
EOF
)"
out=$($Q table zhaotong replay "$tmp/t_illegal.log")
contains "a log with fault notes replays" '"games":3,"valid":3,' "$out"
expect "the log notes every fault, each after its player's action" True "$($PY - "$tmp/t_illegal.log" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
notes = [i for i, m in enumerate(lines) if m["type"] == "note"]
print(len(notes) > 20 and all(lines[i]["fault"] == "illegal" and lines[i]["player"] == 1 and
      lines[i - 1]["type"] == "action" and lines[i - 1]["player"] == 1 for i in notes))
EOF
)"

# ---- answers: ids, no ids, strays, blanks --------------------------------------
run() { # run NAME BOT [OPTIONS]: one sim of 2 games, the program at seat 1
    name=$1 b=$2
    shift 2
    $Q table zhaotong sim --games 2 --seed 4 --bots "strong,$b,strong,seed" --json "$@" \
        > "$tmp/$name.json" 2> "$tmp/$name.err"
    expect "$name: the run completes" 0 "$?"
    set -- $(faults "$tmp/$name.json" 1)
    figures="$1 $2 $3 $4 $6"
    decisions=$5
    [ "$decisions" -ge 10 ] || expect "$name: decisions asked" ">= 10" "$decisions"
}
run index "$(bot index)"
expect "no id: every answer taken" "0 0 0 0 0" "$figures"
run id "$(bot id)"
expect "{id, index}: every answer taken" "0 0 0 0 0" "$figures"
run action_id "$(bot action_id)"
expect "the action object with its id: every answer taken" "0 0 0 0 0" "$figures"
run blank "$(bot blank)"
expect "blank lines skipped" "0 0 0 0 0" "$figures"
run twice "$(bot twice)"
# (the last request's second answer may come after the run has ended)
case "$figures" in "0 0 0 0 $decisions" | "0 0 0 0 $((decisions - 1))") ;;
*) expect "a second answer to a request: dropped and counted" "0 0 0 0 $decisions" "$figures" ;; esac
run wrong_id "$(bot wrong_id)"
expect "an id no request has: dropped and counted, the answer after it taken" \
    "0 0 0 0 $decisions" "$figures"
# A stray line at start-up no longer shifts later answers: at most the first
# request takes it (invalid), the bot's own answer to it is then stray.
run stray "exec:echo hello; exec $PY $tmp/bot.py id"
set -- $figures
expect "stray start-up line: one stray, nothing late, illegal or gone" "0 0 0 1" "$1 $2 $4 $5"
[ "$3" -le 1 ] || expect "stray start-up line: at most one invalid" "<= 1" "$3"
# The same with a bot that sends no id: each line answers the oldest request.
run illegal "$(bot illegal)"
expect "illegal: every decision" "0 $decisions 0 0 0" "$figures"
contains "text summary: faults with strays" "0 stray lines" "$($Q table zhaotong sim --games 1 --bots "strong,$(bot id),strong,seed")"

# ---- a program that cannot be started ----------------------------------------------
for missing in /nonexistent no-such-bot-here "exec $tmp/nothing-here --fast"; do
    err=$($Q table zhaotong sim --games 1 --bots "strong,exec:$missing,strong,seed" 2>&1 >/dev/null)
    expect "exec:$missing: exit 2" 2 "$?"
    contains "exec:$missing: says so" "cannot be started" "$err"
done
$Q table zhaotong duel --deals 1 --bots "strong,exec:/nonexistent" > /dev/null 2>&1
expect "duel: exec:/nonexistent exits 2" 2 "$?"
$Q table zhaotong sim --games 1 --bots "strong,exec:,strong,seed" > /dev/null 2>&1
expect "exec: without a command" 2 "$?"
$Q table zhaotong sim --games 1 --bot-timeout 0 > /dev/null 2>&1
expect "--bot-timeout 0" 2 "$?"
$Q table zhaotong sim --games 1 --bot-startup -1 > /dev/null 2>&1
expect "--bot-startup -1" 2 "$?"

# ---- debug texts: kept by the log as notes ---------------------------------------------
$Q table zhaotong sim --games 2 --seed 5 --bots "strong,$(bot debug),strong,seed" --json \
    --log "$tmp/debug.log" > "$tmp/debug.json"
expect "debug: the run completes" 0 "$?"
expect "debug: a note for each decision, after its action, in order" True "$($PY - "$tmp/debug.log" "$tmp/debug.json" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
decisions = json.load(open(sys.argv[2]))["seats"][1]["faults"]["decisions"]
notes = [i for i, m in enumerate(lines) if m["type"] == "note"]
ids = [int(lines[i]["debug"].split()[1].rstrip(":")) for i in notes]
print(len(notes) == decisions > 10 and ids == list(range(1, decisions + 1)) and
      all(lines[i - 1]["type"] == "action" and lines[i - 1]["player"] == 1 == lines[i]["player"]
          for i in notes))
EOF
)"
contains "debug: the log replays" '"games":2,"valid":2,' "$($Q table zhaotong replay "$tmp/debug.log")"

# ---- the start-up allowance ------------------------------------------------------------
run sleepy_allowed "$(bot sleepy)" --bot-timeout 0.3 --bot-startup 3
expect "slow start within --bot-startup: no fault" "0 0 0 0 0" "$figures"
run sleepy_late "$(bot sleepy)" --bot-timeout 0.3 --bot-startup 0
set -- $figures
[ "$1" -ge 1 ] || expect "slow start without an allowance: late" ">= 1" "$1"

# ---- duels: programs, --log with notes ----------------------------------------------------
$Q table zhaotong duel --bots "exec:$GREEDY,exec:$GREEDY" --deals 2 --json --log "$tmp/duel.log" \
    > "$tmp/duel.json"
expect "duel: greedy against itself" "0 [0, 0] 0 0" \
    "$(json "$tmp/duel.json" '"%g [%g, %g] %d %d" % (j["difference"], j["ci95"][0], j["ci95"][1], j["faults"][0]["total"], j["faults"][1]["total"])')"
contains "duel --log replays" '"games":4,"valid":4,' "$($Q table zhaotong replay "$tmp/duel.log")"
$Q table zhaotong duel --bots "strong,exec:cat > /dev/null" --deals 1 --bot-timeout 0.002 \
    --bot-startup 0 --json --log "$tmp/duel2.log" > "$tmp/duel2.json"
notes=$(grep -c '"type":"note","player":[0-9],"fault":"late"' "$tmp/duel2.log")
expect "duel: a silent side's faults, each a note of the log" "None $notes $notes" \
    "$(json "$tmp/duel2.json" '"%s %d %d" % (j["faults"][0], j["faults"][1]["late"], j["faults"][1]["decisions"])')"
[ "$notes" -ge 10 ] || expect "duel: notes" ">= 10" "$notes"
contains "duel: the log with notes replays" '"games":2,"valid":2,' "$($Q table zhaotong replay "$tmp/duel2.log")"

# ---- one program for several seats (--share-programs) -------------------------------------
$Q table zhaotong sim --games 2 --seed 6 --share-programs --json \
    --bots "$(bot id "$tmp/shared.jsonl"),strong,$(bot id "$tmp/shared.jsonl"),seed" > "$tmp/shared.json"
expect "shared: the run completes" 0 "$?"
expect "shared: one process for seats 0 and 2, each line saying its seat" True "$($PY - "$tmp/shared.jsonl" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
starts = [m for m in lines if m["type"] == "start"]
told = [m for m in lines if m["type"] in ("game", "deal", "draw", "action", "end")]
reqs = [m for m in lines if m["type"] == "request"]
print(len(starts) == 1 and starts[0]["seats"] == [0, 2] and
      all(m.get("to") in (0, 2) for m in told) and
      all(m["seat"] == m["to"] for m in told if m["type"] == "game") and
      sum(m["type"] == "game" for m in told) == 4 and
      {r["seat"] for r in reqs} == {0, 2} and {r["game"] for r in reqs} == {1, 2} and
      [r["id"] for r in reqs] == list(range(1, len(reqs) + 1)))
EOF
)"
expect "shared: no fault" "0 0 0 0 0" "$(faults "$tmp/shared.json" 0 | cut -d' ' -f1-4,6)"
$Q table zhaotong duel --bots "exec:$PY $tmp/bot.py id $tmp/dshared.jsonl,strong" --deals 2 \
    --share-programs --json > "$tmp/dshared.json"
expect "shared duel: no fault" 0 "$(json "$tmp/dshared.json" 'j["faults"][0]["total"]')"
expect "shared duel: one process, its seats changing between replays" "1 [0, 2] {1, 3}" \
    "$($PY -c '
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
s = [m for m in lines if m["type"] == "start"]
print(len(s), s[0]["seats"], {m["to"] for m in lines if m["type"] == "game" and m["game"] % 2 == 0})' "$tmp/dshared.jsonl")"
finish "table bots"
