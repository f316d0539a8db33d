#!/bin/sh
# `make bench`: generate the corpora and time each core call.
set -eu
Q=${1:-build/qipai}
mkdir -p build/corpus
"$Q" mahjong corpus win 200000 --seed 1 > build/corpus/mj_win.txt
"$Q" mahjong corpus waits 100000 --seed 2 > build/corpus/mj_waits.txt
"$Q" mahjong bench win build/corpus/mj_win.txt
"$Q" mahjong bench waits build/corpus/mj_waits.txt
"$Q" poker corpus minplays --rules ddz --size 20 --count 10000 --seed 1 > build/corpus/pk_ddz20.txt
"$Q" poker bench minplays build/corpus/pk_ddz20.txt --rules ddz
