#!/bin/sh
# The gb command line: the exact JSON shapes of the issue, batch mode, bad
# lines, exit statuses, options, bench and corpus. Run by `make test` with
# QIPAI=build/qipai.
set -u
. "$(dirname "$0")/../support/cli_expect.sh"

expect "fan line" '{"hand":"[345m,1]22456p222567s","win":true,"fan":8,"flowers":0,"valid":true,"fans":[{"id":"sansesanbugao","name":"三色三步高","points":6,"count":1,"tiles":["345m","456p","567s"]},{"id":"duanyao","name":"断幺","points":2,"count":1,"tiles":["345m","456p","567s","222s","22p"]}]}' \
    "$($Q gb fan '[345m,1]22456p222567s')"
expect "not a win" '{"hand":"11123m456p789s11z2z","win":false}' "$($Q gb fan '11123m456p789s11z2z')"
expect "flowers and the minimum" '{"hand":"12345789p55678m6p|EE1000|c","win":true,"fan":24,"flowers":1,"valid":false,"fans":[{"id":"qinglong","name":"清龙","points":16,"count":1,"tiles":["123p","456p","789p"]},{"id":"buqiuren","name":"不求人","points":4,"count":1,"tiles":["678m","123p","456p","789p","55m"]},{"id":"pinghu","name":"平和","points":2,"count":1,"tiles":["678m","123p","456p","789p","55m"]},{"id":"queyimen","name":"缺一门","points":1,"count":1,"tiles":["678m","123p","456p","789p","55m"]},{"id":"huapai","name":"花牌","points":1,"count":1,"tiles":[]}]}' \
    "$($Q gb fan --min 24 '12345789p55678m6p|EE1000|c')"
expect "compact honors read like letters" "$($Q gb fan '[111z,2][2222z,1]33344z55p4z|EE1000' | sed 's/"hand":"[^"]*"//')" \
    "$($Q gb fan '[EEE,2][SSSS,1]WWWNN55pN|EE1000' | sed 's/"hand":"[^"]*"//')"
expect "Chinese tiles read like letters" "$($Q gb fan '[东东东,2][南南南南,1]西西西北北五五筒北|EE1000' | sed 's/"hand":"[^"]*"//')" \
    "$($Q gb fan '[EEE,2][SSSS,1]WWWNN55pN|EE1000' | sed 's/"hand":"[^"]*"//')"
expect "明暗杠 off" '"angang" "minggang"' "$($Q gb fan '[1111m][1111p,2]11134445s|EE1000' | grep -o '"angang"\|"minggang"\|"mingangang"' | paste -sd' ')"
expect "明暗杠 on" 1 "$($Q gb fan --mingangang '[1111m][1111p,2]11134445s|EE1000' | grep -c '"id":"mingangang","name":"明暗杠","points":5')"
expect "knitted waits off" 0 "$($Q gb fan '14m258p369s123s55s7m' | grep -c bianzhang)"
expect "knitted waits on" 1 "$($Q gb fan --knitted-waits '14m258p369s123s55s7m' | grep -c bianzhang)"
expect "blessings" 1 "$($Q gb fan --blessings '123m456p789s111m5m5m|EE10001' | grep -c '"id":"tianhe","name":"天和","points":8')"
expect "ting" '{"hand":"[111s,1]2345678999s","waits":["1s","2s","4s","5s","7s","8s"]}' \
    "$($Q gb ting '[111s,1]2345678999s')"
expect "ting of 十三幺" '{"hand":"19m19p19sESWNCFP","waits":["1m","9m","1p","9p","1s","9s","1z","2z","3z","4z","5z","6z","7z"]}' \
    "$($Q gb ting '19m19p19sESWNCFP')"
expect "shanten" '{"hand":"147m28p69sESWNPF3s","shanten":-1,"forms":{"standard":8,"seven_pairs":6,"thirteen_orphans":5,"honors_knitted":-1,"knitted_straight":3}}' \
    "$($Q gb shanten '147m28p69sESWNPF3s')"
expect "shanten with a meld" '{"hand":"[234p,1]258m369p1478s","shanten":0,"forms":{"standard":5,"seven_pairs":null,"thirteen_orphans":null,"honors_knitted":null,"knitted_straight":0}}' \
    "$($Q gb shanten '[234p,1]258m369p1478s')"

# Batch mode: one answer a line, bad lines answered with an error, the next
# lines still answered, and a non-zero status.
out=$(printf '556699m22334455p\n[EEEE]x\n1111m1m\n[EEE,2]12345678m11p9m|EE1001\n' | $Q gb fan)
status=$?
expect "batch answers" '{"hand":"556699m22334455p","win":true,"fan":26,"flowers":0,"valid":true,"fans":[{"id":"qidui","name":"七对","points":24,"count":1,"tiles":["55m","66m","99m","22p","33p","44p","55p"]},{"id":"queyimen","name":"缺一门","points":1,"count":1,"tiles":["55m","66m","99m","22p","33p","44p","55p"]},{"id":"wuzi","name":"无字","points":1,"count":1,"tiles":["55m","66m","99m","22p","33p","44p","55p"]}]}
{"hand":"[EEEE]x","error":"unexpected '"'"'x'"'"' at position 6 (tiles look like 123m, 5z, 一万 or 东)"}
{"hand":"1111m1m","error":"1m appears 5 times; there are 4 copies of each tile"}
{"hand":"[EEE,2]12345678m11p9m|EE1001","error":"杠上开花 (self-drawn after a kong) but the hand has no kong"}' "$out"
expect "batch status" 1 "$status"
$Q gb fan '556699m22334455p' > /dev/null
expect "good status" 0 $?
$Q gb nothing > /dev/null 2>&1
expect "unknown command" 2 $?
$Q gb fan --nope 11m > /dev/null 2>&1
expect "unknown option" 2 $?

# Corpus and bench: a seeded corpus, the bench line as the issue writes it.
dir=$(mktemp -d)
$Q gb corpus fan 200 --seed 5 > "$dir/fan.txt"
$Q gb corpus fan 200 --seed 5 > "$dir/again.txt"
expect "corpus is seeded" "" "$(cmp "$dir/fan.txt" "$dir/again.txt")"
expect "corpus lines win" 200 "$($Q gb fan < "$dir/fan.txt" | grep -c '"win":true')"
$Q gb corpus flush 50 --seed 6 > "$dir/flush.txt"
expect "flushes win concealed" 50 "$($Q gb fan < "$dir/flush.txt" | grep -c '"win":true')"
line=$($Q gb bench fan "$dir/fan.txt" --repeat 1)
expect "bench line" "ok" "$(echo "$line" | grep -Eq '^gb fan: 200 hands, [0-9.]+ ns/hand, [0-9]+ fan$' && echo ok || echo "$line")"
total=$($Q gb fan < "$dir/fan.txt" | grep -o '"fan":[0-9]*' | cut -d: -f2 | awk '{s += $1} END {print s}')
expect "bench total" "$total" "$(echo "$line" | sed 's/.*, \([0-9]*\) fan$/\1/')"
rm -rf "$dir"

finish "gb CLI"
