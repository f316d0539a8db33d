#!/bin/sh
# The independent Dou Di Zhu judge (tests/judge/ddz_judge.py, written from the docs alone)
# against logs of the built program: 3,000 games for each of several bot mixes and rule
# options of docs/FORMATS.md "Dou Di Zhu: the log", each required to keep the rules (0
# departures, every game scored, plays and bids counted); then one rule-breaking change per
# game of several logs (tests/judge/ddz_mutate.py), each of which the judge must flag, at the
# changed line or after it and in no other game. Fails when a log departs or a change passes.
# QIPAI names the program (default build/qipai); PY the Python (default /usr/bin/python3).
set -u
Q=${QIPAI:-build/qipai}
PY=${PY:-/usr/bin/python3}
here=$(cd "$(dirname "$0")" && pwd)
J="$PY $here/ddz_judge.py"
M="$PY $here/ddz_mutate.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
checks=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# field NAME SUMMARY: the number before NAME in the judge's summary line
field() { printf '%s\n' "$2" | sed -n "s/.* \([0-9][0-9]*\) $1[,\$ ].*/\1/p; s/.* \([0-9][0-9]*\) $1\$/\1/p" | head -n 1; }

# judge_log NAME SEED BOTS [--rule ...]: 3,000 games must keep the rules
GAMES=3000
judge_log() {
    name=$1 seed=$2 bots=$3
    shift 3
    if ! $Q ddz sim --games $GAMES --seed "$seed" --bots "$bots" "$@" --quiet --log "$tmp/$name.log" >/dev/null; then
        fail "$name: qipai ddz sim --seed $seed --bots $bots $* failed"
        return
    fi
    out=$($J "$tmp/$name.log"); status=$?
    summary=$(printf '%s\n' "$out" | grep '^ddz judge: [0-9]* games')
    echo "$name ($bots $*): $summary"
    [ "$status" -eq 0 ] || { fail "$name: the judge says (status $status):"; printf '%s\n' "$out" | head -n 5; }
    g=$(field games "$summary"); p=$(field plays "$summary"); pay=$(field "payments checked" "$summary")
    d=$(field departures "$summary"); b=$(field bids "$summary")
    [ "${g:-0}" -ge $GAMES ] || fail "$name: ${g:-no} games judged, want $GAMES"
    [ "${p:-0}" -gt 0 ] || fail "$name: no play judged"
    [ "${pay:-0}" -ge $GAMES ] || fail "$name: ${pay:-no} payments checked, want $GAMES"
    [ "${d:-1}" -eq 0 ] || fail "$name: ${d:-?} departures"
    case " $* " in
    *bidding=none*) ;;
    *) [ "${b:-0}" -gt 0 ] || fail "$name: no bid judged" ;;
    esac
    checks=$((checks + 1))
}

judge_log random 101 random,random,random
judge_log greedy 102 greedy,greedy,greedy
judge_log mixed 103 greedy,random,random --dealer rotate
judge_log grab 104 random,greedy,random --rule bidding=grab
judge_log grab_noregrab 105 greedy,random,greedy --rule bidding=grab --rule caller_regrab=0
judge_log grab_first 106 random,random,random --rule bidding=grab --rule all_pass=first
judge_log score_first 107 random,random,greedy --rule all_pass=first --rule first_bidder=dealer
judge_log none 108 greedy,random,random --rule bidding=none
judge_log spring_cap 109 random,greedy,greedy --rule spring=3 --rule cap=8 --rule base=5
judge_log seat_cap 110 random,random,random --rule first_bidder=2 --rule cap=16 --rule spring=1

# The coverage the clean logs must have reached between them (a rule never exercised is a
# rule never judged): redeals, 春天, 反春, a cap, all_pass=first, a regrab, bombs, rockets.
all=$($J "$tmp"/*.log)
echo "all: $(printf '%s\n' "$all" | tail -n 1)"
for what in redeals "春天" "反春" capped "all_pass=first landlords" "caller regrabs" bombs rockets "greedy choices"; do
    n=$(field "$what" "$(printf '%s\n' "$all" | tail -n 2 | tr '\n' ' ')")
    [ "${n:-0}" -gt 0 ] || fail "the clean logs never had $what (${n:-none})"
done

# Changed logs (the first MGAMES games of a clean log, one change in each): every changed game
# must be flagged. Random bots for the bidding changes so that the rules, not the greedy bot's
# documented bidding, catch them.
MGAMES=${MGAMES:-500}
mutate() {
    kind=$1 src=$2 seed=$3
    $M "$kind" "$tmp/$src.log" "$tmp/m_${kind}_$src.log" "$seed" $MGAMES >/dev/null || { fail "mutate $kind $src"; return; }
    $J "$tmp/m_${kind}_$src.log" >"$tmp/m.out" 2>&1; status=$?
    [ "$status" -eq 1 ] || fail "$kind on $src: the judge's status is $status, want 1"
    res=$($M check "$tmp/m_${kind}_$src.log" "$tmp/m.out") || { fail "$kind on $src: $res"; return; }
    echo "${res##*/}"
    checks=$((checks + 1))
}
for kind in play_card play_suit seat lead_pass drop_play score multiple spring bombs left deck rng \
            first_bidder hand bottom factor landlord; do
    mutate "$kind" random 1
    mutate "$kind" grab 2
done
mutate bid random 3
mutate bid score_first 4
mutate claim grab_first 5
mutate claim grab_noregrab 6
mutate rng_noseed random 7
mutate rng_noseed grab 8
mutate play_card none 9
mutate hand none 10
mutate score spring_cap 11
mutate multiple seat_cap 12

# Bad input: not JSON, a line before any header, no such file: status 2, a message.
printf 'not json\n' >"$tmp/bad.log"
$J "$tmp/bad.log" >/dev/null 2>&1; [ $? -eq 2 ] || fail "a line that is not JSON: status is not 2"
printf '{"type":"deal"}\n' >"$tmp/bad.log"
$J "$tmp/bad.log" >/dev/null 2>&1; [ $? -eq 2 ] || fail "a line before any header: status is not 2"
$J "$tmp/none-such.log" >/dev/null 2>&1; [ $? -eq 2 ] || fail "no such file: status is not 2"
# A log cut in the middle of a game departs.
head -n 20 "$tmp/random.log" >"$tmp/cut.log"
$J "$tmp/cut.log" >/dev/null 2>&1; [ $? -eq 1 ] || fail "a log cut mid-game: status is not 1"
checks=$((checks + 4))

if [ "$checks" -eq 0 ]; then fail "nothing checked"; fi
if [ "$fails" -ne 0 ]; then echo "test_ddz_judge: $fails failures in $checks checks"; exit 1; fi
echo "test_ddz_judge: ok, $checks checks"
