#!/bin/sh
# `make bench`: generate the corpora and time each core call.
set -eu
Q=${1:-build/qipai}
mkdir -p build/corpus
"$Q" mahjong corpus win 200000 --seed 1 > build/corpus/mj_win.txt
"$Q" mahjong corpus waits 100000 --seed 2 > build/corpus/mj_waits.txt
"$Q" mahjong bench win build/corpus/mj_win.txt
"$Q" mahjong bench waits build/corpus/mj_waits.txt
"$Q" zipai corpus decompose 200000 --seed 1 --size 21 > build/corpus/zp_d21.txt
"$Q" zipai corpus hu 200000 --seed 3 > build/corpus/zp_hu.txt
"$Q" zipai bench decompose build/corpus/zp_d21.txt
"$Q" zipai bench hu build/corpus/zp_hu.txt
"$Q" poker corpus minplays --rules ddz --size 20 --count 10000 --seed 1 > build/corpus/pk_ddz20.txt
"$Q" poker bench minplays build/corpus/pk_ddz20.txt --rules ddz
"$Q" zhaotong corpus score 20000 --seed 1 > build/corpus/zt_score.txt
"$Q" zhaotong corpus advice 20000 --seed 2 > build/corpus/zt_advice.txt
"$Q" zhaotong bench score build/corpus/zt_score.txt
"$Q" zhaotong bench advice build/corpus/zt_advice.txt
"$Q" zhaotong sim --games 20000 --seed 1 --bots seed,seed,seed,seed | tail -n 1
"$Q" zhaotong sim --games 2000 --seed 1 --bots strong,strong,strong,strong | tail -n 1
