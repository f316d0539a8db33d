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
say "$Q" gb fan '[EEE,2][SSSS,1]WWWNN55pN|EE1000|8'
say "$Q" gb ting '[111s,1]2345678999s'
