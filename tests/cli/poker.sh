#!/bin/sh
# The poker command line: the exact JSON shapes (docs/formats/poker.md),
# batch mode, bad lines, options, exit statuses. Run by `make test` with
# QIPAI=build/qipai.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"

# minplays: the seed's example, the issue's shape.
expect "seed example" \
    '{"hand":"3445566688","min":4,"solutions":[["3","445566","6","88"],["345","456","66","88"],["3456","456","6","88"]],"count":3}' \
    "$($Q poker minplays --rules seed 3445566688)"
expect "ddz kickers" \
    '{"hand":"3445566688","min":4,"solutions":[["3","44","55","66688"],["3","44","55666","88"],["3","445566","6","88"],["3","44666","55","88"],["3666","44","55","88"]],"count":5}' \
    "$($Q poker minplays --rules ddz 3445566688)"
expect "groups in rank order, 2 X D last" \
    '{"hand":"D2X3","min":3,"solutions":[["3","2","XD"]],"count":1}' \
    "$($Q poker minplays --rules ddz D2X3)"
expect "types" \
    '{"hand":"33344456","min":1,"solutions":[["33344456"]],"count":1,"types":[[["trio_solo_chain_2@3"]]]}' \
    "$($Q poker minplays --rules ddz --types 33344456)"
expect "limit" \
    '{"hand":"3445566688","min":4,"solutions":[["3","445566","6","88"]],"count":3}' \
    "$($Q poker minplays --rules seed --limit 1 3445566688)"
expect "empty hand" '{"hand":"","min":0,"solutions":[[]],"count":1}' \
    "$($Q poker minplays --rules ddz '')"
expect "10 and lowercase" \
    '{"hand":"10jqka","min":1,"solutions":[["TJQKA"]],"count":1}' \
    "$($Q poker minplays --rules ddz 10jqka)"
expect "Chinese card names" \
    '{"hand":"大王小王三","min":2,"solutions":[["3","XD"]],"count":1}' \
    "$($Q poker minplays 大王小王三)"
expect "Chinese ranks and full-width" \
    '{"cards":"十勾圈凯尖","plays":[{"type":"solo_chain_5","length":5,"rank":"T","short":false}]}' \
    "$($Q poker classify 十勾圈凯尖)"
expect "a lone 王" '{"hand":"王","error":"'"'"'王'"'"' at position 0 names no joker: write 大王 or 小王"}' \
    "$($Q poker minplays 王)"
expect "--rule is --option" '{"hand":"333","min":2,"solutions":[["3","33"]],"count":1}' \
    "$($Q poker minplays --rule last_short=0 --rules pdk 333)"
expect "pdk short last play" '{"hand":"333","min":1,"solutions":[["333"]],"count":1}' \
    "$($Q poker minplays --rules pdk 333)"
expect "pdk last_short=0" '{"hand":"333","min":2,"solutions":[["3","33"]],"count":1}' \
    "$($Q poker minplays --rules pdk --option last_short=0 333)"
expect "pdk bomb_unsplittable" '{"hand":"33334445","min":2,"solutions":[["3333","4445"]],"count":1}' \
    "$($Q poker minplays --rules pdk --option bomb_unsplittable=1 33334445)"
expect "pdk four_with_three" '{"hand":"3333456","min":1,"solutions":[["3333456"]],"count":1}' \
    "$($Q poker minplays --rules pdk --option four_with_three=1 3333456)"

# Batch: one answer a line, bad lines answered with an error, the next
# lines still answered, a non-zero status.
out=$(printf '3445566688\n3Z\n33333\nXD\n34567\n' | $Q poker minplays --rules seed)
status=$?
expect "batch answers" '{"hand":"3445566688","min":4,"solutions":[["3","445566","6","88"],["345","456","66","88"],["3456","456","6","88"]],"count":3}
{"hand":"3Z","error":"'"'"'Z'"'"' at position 1 is not a card (3-9, T or 10, J Q K A 2, X/B, D/R)"}
{"hand":"33333","error":"3 appears 5 times; at most 4"}
{"hand":"XD","error":"seed plays without jokers"}
{"hand":"34567","min":1,"solutions":[["34567"]],"count":1}' "$out"
expect "batch status" 1 "$status"
out=$(printf '3\n\n  \n4\n' | $Q poker minplays --rules seed)
status=$?
expect "blank lines get no answer" '{"hand":"3","min":1,"solutions":[["3"]],"count":1}
{"hand":"4","min":1,"solutions":[["4"]],"count":1}' "$out"
expect "blank lines are no error" 0 "$status"
printf '34567\r\n' | $Q poker minplays --rules seed > /dev/null
expect "CRLF lines" 0 "$?"
expect "pdk deck limits" '{"hand":"22","error":"2 appears 2 times; pdk has a single 2"}' \
    "$($Q poker minplays --rules pdk 22)"

# classify
expect "classify" \
    '{"cards":"333444555","plays":[{"type":"trio_short_chain_2","length":2,"rank":"3","short":true},{"type":"trio_short_chain_2","length":2,"rank":"4","short":true},{"type":"trio_short_chain_3","length":3,"rank":"3","short":true}]}' \
    "$($Q poker classify --rules pdk 333444555)"
expect "classify rejects" '{"cards":"3456789TJQKA2","plays":[]}' \
    "$($Q poker classify --rules ddz 3456789TJQKA2)"
expect "classify rocket" '{"cards":"XD","plays":[{"type":"rocket","length":1,"rank":"X","short":false}]}' \
    "$($Q poker classify --rules ddz XD)"

# moves
expect "moves beating a chain" \
    '{"hand":"3456789/34567","last":{"cards":"34567","type":"solo_chain_5","length":5,"rank":"3"},"count":2,"moves":[{"cards":"45678","type":"solo_chain_5","length":5,"rank":"4"},{"cards":"56789","type":"solo_chain_5","length":5,"rank":"5"}]}' \
    "$($Q poker moves --rules ddz 3456789/34567)"
expect "moves: rocket and bombs" \
    '{"hand":"4444XD/2","last":{"cards":"2","type":"solo","length":1,"rank":"2"},"count":4,"moves":[{"cards":"X","type":"solo","length":1,"rank":"X"},{"cards":"D","type":"solo","length":1,"rank":"D"},{"cards":"4444","type":"bomb","length":1,"rank":"4"},{"cards":"XD","type":"rocket","length":1,"rank":"X"}]}' \
    "$($Q poker moves --rules ddz 4444XD/2)"
expect "leads" \
    '{"hand":"3334","count":4,"moves":[{"cards":"3","type":"solo","length":1,"rank":"3"},{"cards":"4","type":"solo","length":1,"rank":"4"},{"cards":"33","type":"pair","length":1,"rank":"3"},{"cards":"3334","type":"trio_one","length":1,"rank":"3"}]}' \
    "$($Q poker moves --rules pdk 3334)"
expect "pdk short answer" \
    '{"hand":"666/33345","last":{"cards":"33345","type":"trio_two","length":1,"rank":"3"},"count":1,"moves":[{"cards":"666","type":"trio","length":1,"rank":"6"}]}' \
    "$($Q poker moves --rules pdk 666/33345)"
expect "ambiguous last play" \
    '{"hand":"4445556667/3334445556:trio_two_chain_2","error":"last play 3334445556 reads 2 ways; add @RANK"}' \
    "$($Q poker moves --rules pdk 4445556667/3334445556:trio_two_chain_2)"
expect "last play with rank" \
    '{"hand":"4445556667/3334445556:trio_two_chain_2@4","last":{"cards":"3334445556","type":"trio_two_chain_2","length":2,"rank":"4"},"count":1,"moves":[{"cards":"4445556667","type":"trio_two_chain_2","length":2,"rank":"5"}]}' \
    "$($Q poker moves --rules pdk 4445556667/3334445556:trio_two_chain_2@4)"
expect "last play not a play" '{"hand":"3/3456","error":"last play 3456 is not a ddz play"}' \
    "$($Q poker moves --rules ddz 3/3456)"

# Usage errors: status 2.
$Q poker minplays --rules nosuch 3 > /dev/null 2>&1
expect "unknown rules" 2 "$?"
$Q poker minplays --rules ddz --option last_short=0 3 > /dev/null 2>&1
expect "pdk option on ddz" 2 "$?"
$Q poker minplays --rules pdk --option nosuch=1 3 > /dev/null 2>&1
expect "unknown option" 2 "$?"
$Q poker minplays --rules pdk --option last_short=2 3 > /dev/null 2>&1
expect "option value" 2 "$?"
$Q poker nosuch > /dev/null 2>&1
expect "unknown command" 2 "$?"
$Q poker minplays --nosuch 3 > /dev/null 2>&1
expect "unknown flag" 2 "$?"

# corpus is seeded; bench runs on it.
a=$($Q poker corpus minplays --rules ddz --size 17 --count 3 --seed 5)
b=$($Q poker corpus minplays --rules ddz --size 17 --count 3 --seed 5)
expect "corpus is reproducible" "$a" "$b"
expect "corpus size" 17 "$(printf '%s\n' "$a" | head -1 | tr -d '\n' | wc -c | tr -d ' ')"
tmp=${TMPDIR:-/tmp}/qipai_poker_cli.$$
printf '%s\n' "$a" > "$tmp"
$Q poker bench minplays "$tmp" --rules ddz --repeat 1 > "$tmp.out"
expect "bench runs" 0 "$?"
expect "bench reports three timings" 3 "$(grep -c median_ns "$tmp.out")"
rm -f "$tmp" "$tmp.out"

finish "poker CLI"
