#!/bin/sh
# `make bench`: generate the corpora and time each core call (docs/PERFORMANCE.md).
set -eu
Q=${1:-build/qipai}
mkdir -p build/corpus
c=build/corpus

"$Q" mahjong corpus win 200000 --seed 1 > $c/mj_win.txt
"$Q" mahjong corpus waits 100000 --seed 2 > $c/mj_waits.txt
"$Q" mahjong corpus shanten 100000 --seed 3 > $c/mj_shanten.txt
head -n 20000 $c/mj_shanten.txt > $c/mj_discards.txt
"$Q" mahjong win < $c/mj_win.txt | grep '"win":true' | head -n 20000 |
    sed 's/{"hand":"\([^"]*\)".*/\1/' > $c/mj_wins.txt
"$Q" mahjong bench win $c/mj_win.txt
"$Q" mahjong bench waits $c/mj_waits.txt
"$Q" mahjong bench shanten $c/mj_shanten.txt
"$Q" mahjong bench effective $c/mj_waits.txt
"$Q" mahjong bench discards $c/mj_discards.txt
"$Q" mahjong bench decompose $c/mj_wins.txt

"$Q" zhaotong corpus score 20000 --seed 1 > $c/zt_score.txt
"$Q" zhaotong corpus advice 20000 --seed 2 > $c/zt_advice.txt
"$Q" zhaotong bench score $c/zt_score.txt
"$Q" zhaotong bench advice $c/zt_advice.txt
"$Q" zhaotong sim --games 20000 --seed 1 --bots seed,seed,seed,seed | tail -n 1
"$Q" zhaotong sim --games 2000 --seed 1 --bots strong,strong,strong,strong | tail -n 1
"$Q" zhaotong bench table --bots seed --games 2000 --repeat 5
"$Q" zhaotong bench table --bots strong --games 1000 --repeat 3

"$Q" gb corpus fan 200000 --seed 1 > $c/gb_fan.txt
"$Q" gb corpus flush 100000 --seed 2 > $c/gb_flush.txt
"$Q" gb bench fan $c/gb_fan.txt
"$Q" gb bench fan $c/gb_flush.txt

"$Q" zipai corpus decompose 200000 --seed 1 --size 21 > $c/zp_d21.txt
"$Q" zipai corpus hu 200000 --seed 3 > $c/zp_hu.txt
"$Q" zipai bench decompose $c/zp_d21.txt
"$Q" zipai bench hu $c/zp_hu.txt

"$Q" poker corpus minplays --rules ddz --size 20 --count 10000 --seed 1 > $c/pk_ddz20.txt
"$Q" poker bench minplays $c/pk_ddz20.txt --rules ddz

# The command line end to end: a million hands through a pipe (issue 16).
${PYTHON:-/usr/bin/python3} bench/pipe.py "$Q" 1000000 5
