#!/bin/sh
# `make demo`: the main job of every game — a short Zhaotong bot game, then
# the analysis of a few hands of each game.
set -eu
Q=${1:-build/qipai}
say() { printf '\n$ %s\n' "$*"; "$@" || true; }
section() { printf '\n== %s\n' "$*"; }

echo "qipai demo: the rules of Chinese card and tile games, exactly and fast"

section "Zhaotong (云南昭通麻将): four bots play one round"
say "$Q" zhaotong play --watch --seed 7 --bots strong,seed,strong,seed

section "Mahjong with wildcards (癞子): win, waits, decompositions, shanten, discards"
say "$Q" mahjong win 11123456789999m '1111m*' 19m19p19s1234567z1z
say "$Q" mahjong waits 1112345678999m
say "$Q" mahjong waits --rules laizi --wild 7z 1237m456p789s77z1z
say "$Q" mahjong decompose '11m*23m456p789s'
say "$Q" mahjong shanten 23466669999m111z 1111m111122233z
say "$Q" mahjong discards --wild 红中 '123m456p789s1223z中'

section "Zhaotong hands analysed (坨 = wildcard)"
say "$Q" zhaotong analyze --brief --tuo 5s '111m333m777m999m5s5s' '123m456m789m1p peng:5p'
say "$Q" zhaotong analyze --brief '5s5s5s 11m peng:2m peng:3m peng:4m tuo:5s' \
    '1122334455667m5s zimo tuo:5s'

section "Guobiao (国标) fans"
say "$Q" gb fan '[EEE,2][SSSS,1]WWWNN55pN|EE1000|8'
say "$Q" gb ting '[111s,1]2345678999s'

section "Zipai / paohuzi (字牌): decompositions, 胡息, hu, waits"
say "$Q" zipai decompose 二七十二七十贰柒拾
say "$Q" zipai hu '一二三四五六七八九 碰十十十 偎壹壹壹 摸十'
say "$Q" zipai waits '二七十二七贰柒拾 偎壹壹壹'

section "Poker minimum plays (最少手数) and Dou Di Zhu plays"
say "$Q" poker minplays --rules seed 3445566688
say "$Q" poker minplays --rules ddz --types 33344456XD
say "$Q" poker moves --rules ddz 3456789XD/34567

section "Zhaotong: 1000 bot games"
say "$Q" zhaotong sim --games 1000 --seed 1 --bots strong,strong,seed,seed
