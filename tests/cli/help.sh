# Help everywhere (issue 16): `qipai --help`, `qipai GAME --help`, `qipai GAME
# COMMAND --help` and -h print usage on standard output and exit 0, for every
# game and command; the top-level help lists every command; the man page and
# the completion come from the same table.
. "$(dirname "$0")/../support/cli_expect.sh"

for h in --help -h help; do
    out=$($Q $h 2>/dev/null); status=$?
    expect "qipai $h exits 0" 0 "$status"
    contains "qipai $h lists analyze" "analyze" "$out"
done
top=$($Q --help)
for game_commands in "mahjong win waits decompose shanten effective discards bench corpus" \
                     "zhaotong sim duel replay play analyze bench corpus" \
                     "gb fan ting shanten bench corpus" "zipai decompose hu waits bench corpus" \
                     "poker minplays classify moves bench corpus" "ddz sim duel replay"; do
    set -- $game_commands
    game=$1; shift
    out=$($Q $game --help); status=$?
    expect "$game --help exits 0" 0 "$status"
    contains "$game --help names the game" "qipai $game" "$out"
    out=$($Q $game -h); expect "$game -h exits 0" 0 "$?"
    for command in "$@"; do
        contains "the top-level help lists $game $command" "  $command " "$top"
        for h in --help -h; do
            out=$($Q $game $command $h 2>&1); status=$?
            expect "$game $command $h exits 0" 0 "$status"
            contains "$game $command $h prints its usage" "usage: qipai $game $command" "$out"
        done
    done
done
# -h after options and inputs is still help, not a hand; after -- it is an input.
out=$($Q mahjong win 11m -h); expect "win 11m -h exits 0" 0 "$?"
contains "win 11m -h is help" "usage: qipai mahjong win" "$out"
out=$($Q zhaotong play --seed 3 --help); expect "play --seed 3 --help exits 0" 0 "$?"
$Q mahjong win -- -h > /dev/null 2>&1; expect "win -- -h answers -h as a hand (bad)" 1 "$?"
$Q nosuch --help > /dev/null 2>&1; expect "an unknown game's help is a usage error" 2 "$?"
$Q > /dev/null 2>&1; expect "no arguments: usage on stderr, status 2" 2 "$?"
out=$($Q 2>&1 >/dev/null); contains "no arguments prints the help on stderr" "usage: qipai" "$out"
man=$($Q help --man); contains "the man page has its header" ".TH QIPAI 1" "$man"
contains "the man page documents zhaotong analyze" "zhaotong analyze" "$man"
completion=$($Q help --completion)
contains "the completion completes games" "mahjong zhaotong gb zipai poker" "$completion"
contains "the completion knows sim's options" "--games" "$completion"
if command -v bash >/dev/null 2>&1; then
    words=$(bash -c "$completion"'
COMP_WORDS=(qipai zhaotong si); COMP_CWORD=2; _qipai; echo "${COMPREPLY[@]}"')
    expect "bash completes zhaotong si" "sim" "$words"
fi
finish "help"
