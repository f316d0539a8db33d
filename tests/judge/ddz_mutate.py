#!/usr/bin/python3
"""Changes one line of each game of a Dou Di Zhu log in a way the rules must refuse, for
tests/judge/test_ddz_judge.sh: the judge has to flag every changed game, at the changed line or
after it, and no other game.

usage: ddz_mutate.py KIND IN OUT SEED [GAMES]   (GAMES: only the first GAMES games, default all)
       ddz_mutate.py check OUT JUDGE_STDOUT   (every changed game flagged once, in its range, no other)
writes OUT (the changed log) and OUT.expect: one line "HEADER_LINE MUTATED_LINE NEXT_HEADER_LINE"
per changed game (line numbers of OUT, 1-based; NEXT_HEADER_LINE is one past the game's end).
KINDS lists the kinds. A game with no line of the kind is left as it is.
"""
import bisect
import json
import random
import sys

RANKS = "3456789TJQKA2"
SUITS = "shcd"


def parse(text):
    out, i = [], 0
    while i < len(text):
        if text[i] in "XD":
            out.append(52 if text[i] == "X" else 53)
            i += 1
        else:
            out.append(RANKS.index(text[i]) * 4 + SUITS.index(text[i + 1]))
            i += 2
    return out


def show(cards):
    return "".join("X" if c == 52 else "D" if c == 53 else RANKS[c // 4] + SUITS[c % 4] for c in sorted(cards))


def dump(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


# Each kind: (does this line qualify?, change it) over the game's parsed lines; change returns
# the new list of lines (JSON objects) for the game and the index of the changed one.
def lead_indices(game):
    """Indices of play lines that lead (after the landlord line or the deal of bidding=none,
    or after two passes)."""
    out, passes, leading = [], 0, False
    for i, l in enumerate(game):
        t = l.get("type")
        if t == "landlord" or (t == "deal" and "landlord" in l):
            leading, passes = True, 0
        elif t == "play":
            if leading:
                out.append(i)
            leading, passes = False, 0
        elif t == "pass":
            passes += 1
            if passes == 2:
                leading, passes = True, 0
    return out


def m_play_card(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") == "play"]
    if not c:
        return None
    i = rnd.choice(c)
    cards = parse(game[i]["cards"])
    k = rnd.randrange(len(cards))
    new = rnd.choice([x for x in range(54) if x not in cards])
    cards[k] = new
    game[i]["cards"] = show(cards)
    return i


def m_play_suit(game, rnd):
    c = []
    for i, l in enumerate(game):
        if l.get("type") == "play":
            cards = parse(l["cards"])
            for k, x in enumerate(cards):
                others = [x // 4 * 4 + s for s in range(4) if x < 52 and x // 4 * 4 + s not in cards]
                if others:
                    c.append((i, k, others))
    if not c:
        return None
    i, k, others = rnd.choice(c)
    cards = parse(game[i]["cards"])
    cards[k] = rnd.choice(others)
    game[i]["cards"] = show(cards)
    return i


def m_bid(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") == "bid"]
    if not c:
        return None
    i = rnd.choice(c)
    # the highest bid so far in this round (a redeal starts afresh)
    highest = 0
    for l in game[:i]:
        if l.get("type") == "redeal":
            highest = 0
        elif l.get("type") == "bid":
            highest = max(highest, l["bid"])
    b = game[i]["bid"]
    if b == 0:
        game[i]["bid"] = highest if highest else 3   # not higher, or an early end
    elif b < 3:
        game[i]["bid"] = 3
    else:
        game[i]["bid"] = 0
    return i


def m_claim(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") == "claim"]
    rules = game[0]["rules"]
    if rules["all_pass"] == "first":
        # when every other seat declined, the first bidder's call and its decline give the same
        # landlord and factor under all_pass=first: a legal game either way, not a change the
        # judge can refuse
        fb = game[0]["first_bidder"]
        others = [game[i]["claim"] for i in c if game[i]["seat"] != fb]
        if all(w == "decline" for w in others):
            c = [i for i in c if game[i]["seat"] != fb]
    if not c:
        return None
    i = rnd.choice(c)
    called = False
    for l in game[:i]:
        if l.get("type") == "redeal":
            called = False
        elif l.get("type") == "claim" and l["claim"] == "call":
            called = True
    w = game[i]["claim"]
    if w == "decline":
        game[i]["claim"] = "grab" if called else "call"
    else:
        game[i]["claim"] = "decline"
    return i


def m_seat(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") in ("bid", "claim", "play", "pass")]
    if not c:
        return None
    i = rnd.choice(c)
    game[i]["seat"] = (game[i]["seat"] + rnd.choice((1, 2))) % 3
    return i


def m_lead_pass(game, rnd):
    c = lead_indices(game)
    if not c:
        return None
    i = rnd.choice(c)
    game[i] = {"type": "pass", "seat": game[i]["seat"]}
    return i


def m_drop_play(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") in ("play", "pass")]
    if not c:
        return None
    i = rnd.choice(c)
    del game[i]
    return i


def end_index(game):
    c = [i for i, l in enumerate(game) if l.get("type") == "end"]
    return c[0] if c else None


def m_score(game, rnd):
    i = end_index(game)
    if i is None:
        return None
    a, b = rnd.sample(range(3), 2)
    game[i]["scores"][a] += 1
    game[i]["scores"][b] -= 1   # still sums to zero: only the rules can tell
    return i


def m_multiple(game, rnd):
    i = end_index(game)
    if i is None:
        return None
    game[i]["multiple"] *= 2
    return i


def m_spring(game, rnd):
    i = end_index(game)
    if i is None:
        return None
    key = rnd.choice(("spring", "anti_spring"))
    game[i][key] = not game[i][key]
    return i


def m_bombs(game, rnd):
    i = end_index(game)
    if i is None:
        return None
    key = rnd.choice(("bombs", "rockets"))
    game[i][key] += 1
    return i


def m_left(game, rnd):
    i = end_index(game)
    if i is None:
        return None
    seats = [s for s in range(3) if game[i]["left"][s]]
    s = rnd.choice(seats)
    cards = parse(game[i]["left"][s])
    del cards[rnd.randrange(len(cards))]
    game[i]["left"][s] = show(cards)
    return i


def m_deck(game, rnd):
    h = game[0]
    d = parse_deck(h["deck"])
    a, b = rnd.sample(range(54), 2)
    d[a], d[b] = d[b], d[a]
    h["deck"] = "".join(show([x]) for x in d)
    return 0


def parse_deck(text):
    return parse(text)


def m_rng(game, rnd):
    h = game[0]
    # a changed state only shows through a redeal, or through the seed: keep games that have one
    if "seed" not in h and not any(l.get("type") == "redeal" for l in game):
        return None
    k = rnd.randrange(64)
    digit = h["rng"][k]
    h["rng"] = h["rng"][:k] + rnd.choice([x for x in "0123456789abcdef" if x != digit]) + h["rng"][k + 1:]
    return 0


def m_rng_noseed(game, rnd):
    """A game made from a given deal (no seed): its rng only shows through a redeal."""
    h = game[0]
    h.pop("seed", None)
    if not any(l.get("type") == "redeal" for l in game):
        return None
    return m_rng(game, rnd)


def m_first_bidder(game, rnd):
    h = game[0]
    if h["rules"]["bidding"] == "none":
        return None
    h["first_bidder"] = (h["first_bidder"] + rnd.choice((1, 2))) % 3
    return 0


def swap_hands(line, rnd):
    hands = [parse(x) for x in line["hands"]]
    a, b = rnd.sample(range(3), 2)
    i, j = rnd.randrange(len(hands[a])), rnd.randrange(len(hands[b]))
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    line["hands"] = [show(x) for x in hands]


def m_hand(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") in ("deal", "redeal")]
    i = rnd.choice(c)
    swap_hands(game[i], rnd)
    return i


def m_bottom(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") == "landlord"]
    if not c:
        return None
    i = c[0]
    cards = parse(game[i]["bottom"])
    cards[rnd.randrange(3)] = rnd.choice([x for x in range(54) if x not in cards])
    game[i]["bottom"] = show(cards)
    return i


def m_factor(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") == "landlord"]
    if not c:
        return None
    i = c[0]
    game[i]["factor"] += 1
    return i


def m_landlord(game, rnd):
    c = [i for i, l in enumerate(game) if l.get("type") == "landlord"]
    if not c:
        return None
    i = c[0]
    game[i]["seat"] = (game[i]["seat"] + rnd.choice((1, 2))) % 3
    return i


KINDS = {
    "play_card": m_play_card, "play_suit": m_play_suit, "bid": m_bid, "claim": m_claim,
    "seat": m_seat, "lead_pass": m_lead_pass, "drop_play": m_drop_play, "score": m_score,
    "multiple": m_multiple, "spring": m_spring, "bombs": m_bombs, "left": m_left, "deck": m_deck,
    "rng": m_rng, "rng_noseed": m_rng_noseed, "first_bidder": m_first_bidder, "hand": m_hand, "bottom": m_bottom,
    "factor": m_factor, "landlord": m_landlord,
}


def check(dst, judged):
    """The judge's departures against OUT.expect: exit 0 when they match exactly."""
    ranges = []
    with open(dst + ".expect") as f:
        for text in f:
            ranges.append(tuple(int(x) for x in text.split()))
    flagged = {}
    with open(judged) as f:
        for text in f:
            head = text.split(": game ", 1)[0]
            if " departs: " in text and head.startswith(dst + ":"):
                flagged[int(head[len(dst) + 1:])] = text.strip()
    lines = sorted(flagged)
    bad = 0
    inside = 0
    for start, at, stop in ranges:
        lo, hi = bisect.bisect_left(lines, start), bisect.bisect_left(lines, stop)
        hits = [flagged[n] for n in lines[lo:hi]]
        inside += len(hits)
        good = [n for n in lines[lo:hi] if n >= at]
        if len(hits) != 1 or len(good) != 1:
            print("ddz_mutate check: %s: the game of lines %d-%d changed at line %d: judge says %s"
                  % (dst, start, stop - 1, at, hits or "nothing"))
            bad += 1
    if inside != len(flagged):
        print("ddz_mutate check: %s: %d departures in games that were not changed" % (dst, len(flagged) - inside))
        bad += 1
    if not ranges:
        print("ddz_mutate check: %s: no game was changed" % dst)
        bad += 1
    print("ddz_mutate check: %s: %d changed games, %d flagged where expected, %s"
          % (dst, len(ranges), len(ranges) - bad if bad <= len(ranges) else 0, "FAIL" if bad else "ok"))
    return 1 if bad else 0


def main(argv):
    if len(argv) == 3 and argv[0] == "check":
        return check(argv[1], argv[2])
    if len(argv) not in (4, 5) or argv[0] not in KINDS:
        print("usage: ddz_mutate.py KIND IN OUT SEED [GAMES]; kinds: %s" % " ".join(KINDS), file=sys.stderr)
        return 2
    kind, src, dst, seed = argv[0], argv[1], argv[2], int(argv[3])
    most = int(argv[4]) if len(argv) == 5 else None
    rnd = random.Random(seed)
    games = []
    with open(src) as f:
        for text in f:
            line = json.loads(text)
            if line.get("type") == "game":
                if most is not None and len(games) == most:
                    break
                games.append([])
            games[-1].append(line)
    out, expect = [], []
    for game in games:
        start = len(out) + 1
        i = KINDS[kind](game, rnd)
        out += [dump(l) for l in game]
        if i is not None:
            expect.append("%d %d %d" % (start, start + i, len(out) + 1))
    with open(dst, "w") as f:
        f.write("".join(l + "\n" for l in out))
    with open(dst + ".expect", "w") as f:
        f.write("".join(e + "\n" for e in expect))
    print("ddz_mutate: %s: %d of %d games changed" % (kind, len(expect), len(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
