#!/bin/sh
# `make demo`: the main job of each game, on a few hands.
set -eu
Q=${1:-build/qipai}
say() { printf '\n$ %s\n' "$*"; "$@" || true; }
echo "qipai demo"
say "$Q" mahjong win 11123456789999m 123m456p789s11z55z
say "$Q" mahjong waits 1112345678999m
say "$Q" mahjong waits --rules laizi --wild 7z 1237m456p789s77z
say "$Q" mahjong decompose 11m*234567m99p
say "$Q" zipai decompose 二七十二七十贰柒拾
say "$Q" zipai hu '一二三四五六七八九 碰十十十 偎壹壹壹 摸十'
say "$Q" zipai waits '二七十二七贰柒拾 偎壹壹壹'
say "$Q" poker minplays --rules seed 3445566688
say "$Q" poker minplays --rules ddz --types 33344456XD
say "$Q" poker moves --rules ddz 3456789XD/34567
echo
echo "== Zhaotong (云南昭通麻将): four bots play one round, then a few hands analysed"
say "$Q" zhaotong play --watch --seed 7 --bots strong,seed,strong,seed
say "$Q" zhaotong analyze --brief --tuo 5s '111m333m777m999m5s5s' '123m456m789m1p peng:5p'
say "$Q" zhaotong analyze --brief '5s5s5s 11m peng:2m peng:3m peng:4m tuo:5s' \
    '1122334455667m5s zimo tuo:5s'
say "$Q" zhaotong sim --games 1000 --seed 1 --bots strong,strong,seed,seed
