#!/usr/bin/python3
"""A simple greedy Zhaotong bot (docs/formats/bot.md).

    qipai zhaotong sim --games 100 --bots "exec:python3 examples/bots/greedy_bot.py,strong,seed,seed"

It keeps its hand from the lines it is sent (the deal, its own draws, its
own actions and melds) and plays by a few rules:

- hu whenever it can;
- a concealed or added kong (暗杠, 补杠) of real tiles whenever it can: the
  kong money comes at once;
- on another's discard, 碰 or 杠 only in its longest suit, else pass;
- otherwise discard a tile of the suit it drops (缺一门: the shortest suit),
  then the most isolated tile (no neighbour within two), never a 坨 while
  another tile will do.

It answers with the action object itself (the protocol also takes an
index). Python's standard library only.
"""
import json
import sys

SUITS = "mps"


def parse_tiles(text):
    """'1236m35p' -> ['1m', '2m', '3m', '6m', '3p', '5p']"""
    tiles, digits = [], ""
    for c in text:
        if c.isdigit():
            digits += c
        else:
            tiles += [d + c for d in digits]
            digits = ""
    return tiles


class Bot:
    def __init__(self):
        self.seat = None
        self.tuo = None
        self.hand = []

    def remove(self, tile, count=1):
        for _ in range(count):
            if tile in self.hand:
                self.hand.remove(tile)

    def see(self, m):
        kind = m.get("type")
        if kind == "start" or kind == "game":
            self.seat = m["seat"]
            if kind == "game":
                self.tuo = m["tuo"]
        elif kind == "deal":
            self.hand = parse_tiles(m["hands"][self.seat])
        elif m.get("player") != self.seat:
            return
        elif kind == "draw":
            self.hand.append(m["tile"])
        elif kind == "action" and m["action"] == "discard":
            self.remove(m["tile"])
        elif kind == "action" and m["action"] in ("an_gang", "bu_gang"):
            tuo = m["tuo"]
            real = (4 - tuo) if m["action"] == "an_gang" else (1 - tuo)
            self.remove(m["tile"], real)
            self.remove(self.tuo, tuo)
        elif kind == "peng" or (kind == "gang" and m["gang"] == "ming_gang"):
            # A claim resolved in its favour: the tiles it took from the hand.
            tuo = m["tuo"]
            self.remove(m["tile"], (2 if kind == "peng" else 3) - tuo)
            self.remove(self.tuo, tuo)

    def suit_counts(self):
        counts = {s: 0 for s in SUITS}
        for t in self.hand:
            if t != self.tuo:
                counts[t[1]] += 1
        return counts

    def isolation(self, tile):
        """Higher for a tile with fewer neighbours in the hand."""
        same = [t for t in self.hand if t[1] == tile[1] and t != self.tuo]
        near = sum(1 for t in same if abs(int(t[0]) - int(tile[0])) <= 2) - 1
        return -near

    def choose(self, actions):
        types = [a["action"] for a in actions]
        if "hu" in types:
            return actions[types.index("hu")]
        counts = self.suit_counts()
        longest = max(SUITS, key=lambda s: counts[s])
        if "pass" in types:
            for a in actions:
                if a["action"] in ("ming_gang", "peng") and a["tile"][1] == longest and a["tuo"] == 0:
                    return a
            return actions[types.index("pass")]
        for a in actions:
            if a["action"] in ("an_gang", "bu_gang") and a["tuo"] == 0:
                return a
        discards = [a for a in actions if a["action"] == "discard"]
        if not discards:
            return actions[0]
        present = [s for s in SUITS if counts[s] > 0]
        drop = min(present, key=lambda s: counts[s]) if len(present) == 3 else None

        def cost(a):
            tile = a["tile"]
            if tile == self.tuo:
                return (2, 0)  # a 坨 last
            if tile[1] == drop:
                return (0, -int(tile[0]))
            return (1, -self.isolation(tile))

        return min(discards, key=cost)


def main():
    bot = Bot()
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "request":
            print(json.dumps(bot.choose(message["actions"]), separators=(",", ":")), flush=True)
        else:
            bot.see(message)


if __name__ == "__main__":
    main()
