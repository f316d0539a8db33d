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
"$Q" gb corpus fan 200000 --seed 1 > build/corpus/gb_fan.txt
"$Q" gb corpus flush 100000 --seed 2 > build/corpus/gb_flush.txt
"$Q" gb bench fan build/corpus/gb_fan.txt
"$Q" gb bench fan build/corpus/gb_flush.txt
