#!/usr/bin/python3
"""An independent judge of qipai's Dou Di Zhu logs.

Written from docs/RULES.md "Dou Di Zhu", docs/FORMATS.md ("Tables: the log", "Dou Di Zhu: the
log", "Dou Di Zhu: actions and the observation"), /work/shared/rules/poker-games.md and
tests/data/ddz/card_type.json alone: it never looks at the engine. It replays every game of a
log from its header (the deck against the seed, the generator for redeals), checks every line the
docs describe, and reports each game's first departure with its line number.

usage: ddz_judge.py [--types card_type.json] [--quiet] LOG...
exit: 0 when every game keeps the rules, 1 on a departure, 2 on bad input (no such file,
a line that is not a JSON object, no game at all).
"""
import json
import os
import sys

MASK = (1 << 64) - 1
RANKS = "3456789TJQKA2"      # ranks 0..12; 13 = X (card 52), 14 = D (card 53)
SUITS = "shcd"               # suits 0..3: spade, heart, club, diamond
TYPE_RANK = "3456789TJQKA2BR"  # card_type.json's letters, rank order
RULE_KEYS = ("bidding", "all_pass", "first_bidder", "caller_regrab", "base", "spring", "cap")


class Departure(Exception):
    pass


class BadInput(Exception):
    pass


# ---------------------------------------------------------------- the generator (RULES "The deal")
def splitmix_words(seed):
    x = seed & MASK
    words = []
    for _ in range(4):
        x = (x + 0x9E3779B97F4A7C15) & MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        words.append(z ^ (z >> 31))
    return words


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Rng:
    """xoshiro256** as RULES.md names it."""

    def __init__(self, words):
        self.s = list(words)

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        threshold = ((1 << 32) - n) % n
        while True:
            m = (self.next() >> 32) * n
            if (m & 0xFFFFFFFF) >= threshold:
                return m >> 32

    def shuffle(self, deck):
        for i in range(len(deck), 1, -1):
            j = self.below(i)
            deck[i - 1], deck[j] = deck[j], deck[i - 1]

    def hex(self):
        return "".join("%016x" % w for w in self.s)


# ---------------------------------------------------------------- cards
def card_rank(c):
    return c // 4 if c < 52 else c - 52 + 13


def card_text(c):
    if c == 52:
        return "X"
    if c == 53:
        return "D"
    return RANKS[c // 4] + SUITS[c % 4]


def cards_text(cards):
    return "".join(card_text(c) for c in sorted(cards))


def parse_cards(text, what, ordered=True):
    """A string of suited cards; a set (ordered=True) must be in card-number order."""
    if not isinstance(text, str):
        raise Departure("%s is not a string of cards: %r" % (what, text))
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "X":
            out.append(52)
            i += 1
        elif ch == "D":
            out.append(53)
            i += 1
        elif ch in RANKS and i + 1 < len(text) and text[i + 1] in SUITS:
            out.append(RANKS.index(ch) * 4 + SUITS.index(text[i + 1]))
            i += 2
        else:
            raise Departure("%s: %r is not a card at offset %d of %r" % (what, text[i:i + 2], i, text))
    if len(set(out)) != len(out):
        raise Departure("%s names a card twice: %r" % (what, text))
    if ordered and out != sorted(out):
        raise Departure("%s is not in card-number order: %r" % (what, text))
    return out


def type_key(cards):
    return "".join(TYPE_RANK[card_rank(c)] for c in sorted(cards))


def load_types(path):
    try:
        with open(path) as f:
            table = json.load(f)
    except (OSError, ValueError) as e:
        raise BadInput("cannot read the play table %s: %s" % (path, e))
    types = {}
    for key, readings in table.items():
        if len(readings) != 1:
            raise BadInput("%s: %s has %d readings, the rules say one" % (path, key, len(readings)))
        types[key] = (readings[0][0], int(readings[0][1]))
    if len(types) != 27471:
        raise BadInput("%s holds %d plays, RULES.md says 27,471" % (path, len(types)))
    return types


def beats(new, old):
    """RULES.md "Play": same type (chain length and card count are in card_type.json's type
    name) with a higher order index; a bomb beats any non-bomb and a lower bomb; the rocket
    beats every play; nothing beats the rocket."""
    (nt, ni), (ot, oi) = new, old
    if ot == "rocket":
        return False
    if nt == "rocket":
        return True
    if nt == "bomb" and ot != "bomb":
        return True
    return nt == ot and ni > oi


# ---------------------------------------------------------------- line helpers
def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def want_keys(line, keys, what, optional=()):
    got = set(line)
    missing = [k for k in keys if k not in got]
    extra = sorted(got - set(keys) - set(optional))
    if missing or extra:
        raise Departure("%s: %s%s%s" % (what, "missing %s" % ",".join(missing) if missing else "",
                                         "; " if missing and extra else "",
                                         "unexpected %s" % ",".join(extra) if extra else ""))


def want_eq(line, key, expected, what):
    got = line.get(key)
    same = got == expected and type(got) is type(expected)
    if not same:
        raise Departure("%s: %s is %s, the rules give %s" % (what, key, json.dumps(got), json.dumps(expected)))


def want_type(line, kind):
    if line.get("type") != kind:
        raise Departure("a %s line is due here, the log has %s" % (kind, json.dumps(line.get("type"))))


# ---------------------------------------------------------------- greedy bot's bidding (RULES "Bots")
def greedy_count(hand):
    n = 0
    ranks = [card_rank(c) for c in hand]
    if 53 in hand:
        n += 4
    if 52 in hand:
        n += 3
    n += 2 * ranks.count(12) + ranks.count(11)
    n += 4 * sum(1 for r in range(13) if ranks.count(r) == 4)
    return n


# ---------------------------------------------------------------- one game
class Game:
    """Replays one game; feed() takes each line after the header, raises Departure."""

    def __init__(self, header, types, stats):
        self.types = types
        self.stats = stats
        self.check_header(header)
        self.phase = "deal"
        self.redeals = 0

    # -- header
    def check_header(self, h):
        what = "header"
        want_keys(h, ("type", "game", "name", "dealer", "rules", "deck", "rng", "first_bidder"), what,
                  optional=("seed", "bots"))
        if not is_int(h["game"]) or h["game"] < 0:
            raise Departure("header: game is %s, not a game number" % json.dumps(h["game"]))
        if h["name"] != "ddz":
            raise Departure("header: name is %s, not \"ddz\"" % json.dumps(h["name"]))
        if not is_int(h["dealer"]) or not 0 <= h["dealer"] <= 2:
            raise Departure("header: dealer is %s, not a seat 0-2" % json.dumps(h["dealer"]))
        if "bots" in h:
            b = h["bots"]
            if not (isinstance(b, list) and len(b) == 3 and all(isinstance(x, str) for x in b)):
                raise Departure("header: bots is %s, not three names" % json.dumps(b))
        self.bots = h.get("bots", [None] * 3)
        r = h["rules"]
        if not isinstance(r, dict):
            raise Departure("header: rules is not an object")
        want_keys(r, RULE_KEYS, "header rules")
        if r["bidding"] not in ("score", "grab", "none"):
            raise Departure("header rules: bidding %s is none of score, grab, none" % json.dumps(r["bidding"]))
        if r["all_pass"] not in ("redeal", "first"):
            raise Departure("header rules: all_pass %s is neither redeal nor first" % json.dumps(r["all_pass"]))
        fb = r["first_bidder"]
        if fb not in ("random", "dealer") and not (is_int(fb) and 0 <= fb <= 2):
            raise Departure("header rules: first_bidder %s is not random, dealer or a seat" % json.dumps(fb))
        if not isinstance(r["caller_regrab"], bool):
            raise Departure("header rules: caller_regrab %s is not true or false" % json.dumps(r["caller_regrab"]))
        if not is_int(r["base"]) or r["base"] < 1:
            raise Departure("header rules: base %s is not a positive integer" % json.dumps(r["base"]))
        if not is_int(r["spring"]) or not 1 <= r["spring"] <= 64:
            raise Departure("header rules: spring %s is not a factor 1-64" % json.dumps(r["spring"]))
        if not is_int(r["cap"]) or r["cap"] < 0:
            raise Departure("header rules: cap %s is not 0 or more" % json.dumps(r["cap"]))
        self.rules = r
        deck = parse_cards(h["deck"], "header deck", ordered=False)
        if len(deck) != 54:
            raise Departure("header deck has %d cards, not 54" % len(deck))
        rng = h["rng"]
        if not (isinstance(rng, str) and len(rng) == 64 and all(ch in "0123456789abcdef" for ch in rng)):
            raise Departure("header: rng %s is not 64 lower-case hex digits" % json.dumps(rng))
        drawn = None
        if "seed" in h:
            seed = h["seed"]
            if not is_int(seed) or not 0 <= seed <= MASK:
                raise Departure("header: seed %s is not a 64-bit number" % json.dumps(seed))
            g = Rng(splitmix_words(seed))
            expect = list(range(54))
            g.shuffle(expect)
            if expect != deck:
                first = next(i for i in range(54) if expect[i] != deck[i])
                raise Departure("header: the deck is not seed %d's shuffle (card %d is %s, the seed gives %s; "
                                "the seed's deck is %s)" % (seed, first, card_text(deck[first]),
                                                            card_text(expect[first]),
                                                            "".join(card_text(c) for c in expect)))
            drawn = g.below(3)
            self.stats["seeds"] += 1
            if g.hex() != rng:
                raise Departure("header: rng is %s, seed %d's generator after the deal and the first "
                                "bidder's draw is %s" % (rng, seed, g.hex()))
        self.rng = Rng([int(rng[16 * i:16 * i + 16], 16) for i in range(4)])
        self.deck = deck
        if r["bidding"] == "none":
            expect_fb = 0
        elif fb == "random":
            expect_fb = drawn
        elif fb == "dealer":
            expect_fb = h["dealer"]
        else:
            expect_fb = fb
        f = h["first_bidder"]
        if not is_int(f) or not 0 <= f <= 2:
            raise Departure("header: first_bidder %s is not a seat" % json.dumps(f))
        if expect_fb is not None and f != expect_fb:
            raise Departure("header: first_bidder is %d, the rules (first_bidder=%s, bidding=%s) give %d"
                            % (f, json.dumps(fb), r["bidding"], expect_fb))
        self.first_bidder = f

    # -- dealing
    def deal_hands(self):
        d = self.deck
        if self.rules["bidding"] == "none":
            return [sorted(d[0:20]), sorted(d[20:37]), sorted(d[37:54])], sorted(d[17:20])
        return [sorted(d[17 * s:17 * s + 17]) for s in range(3)], sorted(d[51:54])

    def check_deal(self, line, kind):
        hands, bottom = self.deal_hands()
        what = kind
        if kind == "deal":
            keys = ("type", "first_bidder", "hands", "bottom")
            if self.rules["bidding"] == "none":
                keys += ("landlord",)
        else:
            keys = ("type", "redeals", "first_bidder", "hands", "bottom")
        want_keys(line, keys, what)
        if kind == "redeal":
            want_eq(line, "redeals", self.redeals, what)
        want_eq(line, "first_bidder", self.first_bidder, what)
        hs = line["hands"]
        if not (isinstance(hs, list) and len(hs) == 3):
            raise Departure("%s: hands is not a list of three hands" % what)
        for s in range(3):
            got = parse_cards(hs[s], "%s hand %d" % (what, s))
            if got != hands[s]:
                raise Departure("%s: seat %d's hand is %s, the deck deals it %s"
                                % (what, s, hs[s], cards_text(hands[s])))
        got = parse_cards(line["bottom"], "%s bottom" % what)
        if got != bottom:
            raise Departure("%s: bottom is %s, the deck's 底牌 are %s" % (what, line["bottom"], cards_text(bottom)))
        self.hands = [set(h) for h in hands]
        self.bottom = bottom
        if self.rules["bidding"] == "none":
            want_eq(line, "landlord", 0, what)
            self.start_play(0, 1)
        else:
            self.start_bidding()

    def start_bidding(self):
        self.phase = "bidding"
        self.turn = self.first_bidder
        self.spoken = 0
        self.highest = 0
        self.highest_seat = None
        self.caller = None
        self.grabs = 0
        self.last_claimer = None
        self.regrab = False

    def bidding_over(self):
        """Sets what the bidding's last word makes due: the landlord line or a redeal."""
        if self.rules["bidding"] == "score":
            landlord, factor = self.highest_seat, self.highest
        else:
            landlord, factor = self.last_claimer, 2 ** self.grabs
        if landlord is None:
            if self.rules["all_pass"] == "redeal":
                self.phase = "redeal"
                return
            landlord, factor = self.first_bidder, 1
            self.stats["all_pass_first"] += 1
        self.phase = "landlord"
        self.landlord = landlord
        self.factor = factor

    def feed_bid(self, line):
        what = "bid"
        want_keys(line, ("type", "seat", "bid"), what)
        want_eq(line, "seat", self.turn, what + " (turn)")
        b = line["bid"]
        if not is_int(b) or b not in (0, 1, 2, 3):
            raise Departure("bid: %s is not 0-3" % json.dumps(b))
        if b and b <= self.highest:
            raise Departure("bid: seat %d bids %d, not higher than the highest bid so far, %d"
                            % (self.turn, b, self.highest))
        if self.bots[self.turn] == "greedy":
            self.stats["greedy_checks"] += 1
            n = greedy_count(self.hands[self.turn])
            want = 3 if n >= 10 else 2 if n >= 7 else 1 if n >= 4 else 0
            expect = want if want > self.highest else 0
            if b != expect:
                raise Departure("bid: greedy seat %d (count %d, highest %d) bids %d, RULES.md \"Bots\" gives %d"
                                % (self.turn, n, self.highest, b, expect))
        self.stats["bids"] += 1
        if b:
            self.highest, self.highest_seat = b, self.turn
        self.spoken += 1
        self.turn = (self.turn + 1) % 3
        if b == 3 or self.spoken == 3:
            self.bidding_over()

    def feed_claim(self, line):
        what = "claim"
        want_keys(line, ("type", "seat", "claim"), what)
        want_eq(line, "seat", self.turn, what + " (turn)")
        c = line["claim"]
        allowed = ("grab", "decline") if self.caller is not None else ("call", "decline")
        if c not in allowed:
            raise Departure("claim: seat %d says %s; %s it may only %s"
                            % (self.turn, json.dumps(c),
                               "after a call" if self.caller is not None else "before any call",
                               " or ".join(allowed)))
        if self.bots[self.turn] == "greedy":
            self.stats["greedy_checks"] += 1
            n = greedy_count(self.hands[self.turn])
            if self.caller is None:
                expect = "call" if n >= 4 else "decline"
            else:
                expect = "grab" if n >= 7 else "decline"
            if c != expect:
                raise Departure("claim: greedy seat %d (count %d) says %s, RULES.md \"Bots\" gives %s"
                                % (self.turn, n, c, expect))
        self.stats["bids"] += 1
        if c == "call":
            self.caller = self.turn
            self.last_claimer = self.turn
        elif c == "grab":
            self.grabs += 1
            self.last_claimer = self.turn
        if self.regrab:
            self.bidding_over()
            return
        self.spoken += 1
        self.turn = (self.turn + 1) % 3
        if self.spoken == 3:
            if self.caller is not None and self.grabs > 0 and self.rules["caller_regrab"]:
                self.regrab = True
                self.stats["regrabs"] += 1
                self.turn = self.caller
            else:
                self.bidding_over()

    def feed_landlord(self, line):
        what = "landlord"
        want_keys(line, ("type", "seat", "factor", "bottom"), what)
        want_eq(line, "seat", self.landlord, what)
        want_eq(line, "factor", self.factor, what)
        got = parse_cards(line["bottom"], "landlord bottom")
        if got != self.bottom:
            raise Departure("landlord: bottom is %s, the 底牌 dealt are %s" % (line["bottom"], cards_text(self.bottom)))
        self.hands[self.landlord] |= set(self.bottom)
        self.start_play(self.landlord, self.factor)

    def feed_redeal(self, line):
        self.redeals += 1
        self.rng.shuffle(self.deck)
        self.stats["redeals"] += 1
        self.check_deal(line, "redeal")

    # -- play
    def start_play(self, landlord, factor):
        self.phase = "play"
        self.landlord = landlord
        self.factor = factor
        self.turn = landlord
        self.standing = None      # (seat, (type, index)) of the play that stands
        self.passes = 0
        self.bombs = 0
        self.rockets = 0
        self.plays_by = [0, 0, 0]

    def feed_play(self, line):
        what = "play"
        want_keys(line, ("type", "seat", "cards"), what)
        want_eq(line, "seat", self.turn, what + " (turn)")
        s = self.turn
        cards = parse_cards(line["cards"], "play cards")
        if not cards:
            raise Departure("play: no cards")
        hand = self.hands[s]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise Departure("play: seat %d does not hold %s (hand %s)" % (s, cards_text(missing), cards_text(hand)))
        key = type_key(cards)
        kind = self.types.get(key)
        if kind is None:
            raise Departure("play: %s (ranks %s) is no play of card_type.json" % (line["cards"], key))
        # the cards taken: for each rank, the lowest suits held
        want = []
        for r in sorted(set(card_rank(c) for c in cards)):
            n = sum(1 for c in cards if card_rank(c) == r)
            want += sorted(c for c in hand if card_rank(c) == r)[:n]
        if sorted(want) != cards:
            raise Departure("play: seat %d plays %s, the lowest suits of those ranks it holds are %s"
                            % (s, line["cards"], cards_text(want)))
        if self.standing is not None and not beats(kind, self.standing[1]):
            raise Departure("play: %s (%s %d) does not beat the play that stands, %s (%s %d)"
                            % (line["cards"], kind[0], kind[1], self.standing[2], self.standing[1][0],
                               self.standing[1][1]))
        if self.bots[s] == "greedy":
            self.check_greedy_takes_out(s, kind, len(cards))
        self.stats["plays"] += 1
        hand.difference_update(cards)
        self.plays_by[s] += 1
        if kind[0] == "bomb":
            self.bombs += 1
        elif kind[0] == "rocket":
            self.rockets += 1
        self.standing = (s, kind, line["cards"])
        self.passes = 0
        if not hand:
            self.phase = "end"
            self.winner = s
            return
        self.turn = (s + 1) % 3

    def check_greedy_takes_out(self, s, kind, n):
        """RULES.md "Bots": a greedy play that empties the hand is always taken."""
        self.stats["greedy_checks"] += 1
        hand = self.hands[s]
        whole = self.types.get(type_key(hand))
        if whole is None or n == len(hand):
            return
        if self.standing is None or beats(whole, self.standing[1]):
            raise Departure("play: greedy seat %d could play its whole hand %s (%s) and end the game, "
                            "RULES.md \"Bots\" says it always does" % (s, cards_text(hand), whole[0]))

    def feed_pass(self, line):
        want_keys(line, ("type", "seat"), "pass")
        want_eq(line, "seat", self.turn, "pass (turn)")
        s = self.turn
        if self.standing is None:
            raise Departure("pass: seat %d leads and may not pass" % s)
        if self.bots[s] == "greedy":
            self.check_greedy_takes_out(s, None, 0)
        self.stats["passes"] += 1
        self.passes += 1
        if self.passes == 2:
            self.standing = None   # the trick is cleared; the next seat is the one whose play stood
            self.passes = 0
        self.turn = (s + 1) % 3

    def feed_end(self, line):
        what = "end"
        want_keys(line, ("type", "winner", "landlord", "factor", "bombs", "rockets", "spring",
                         "anti_spring", "multiple", "scores", "left"), what)
        r = self.rules
        L, W = self.landlord, self.winner
        landlord_won = W == L
        spring = landlord_won and self.plays_by[(L + 1) % 3] == 0 and self.plays_by[(L + 2) % 3] == 0
        anti = (not landlord_won) and self.plays_by[L] == 1
        m = self.factor * 2 ** (self.bombs + self.rockets)
        if spring or anti:
            m *= r["spring"]
        if r["cap"] > 0 and m > r["cap"]:
            m = r["cap"]
            self.stats["capped"] += 1
        S = r["base"] * m
        scores = [0, 0, 0]
        for seat in range(3):
            if seat == L:
                scores[seat] = 2 * S if landlord_won else -2 * S
            else:
                scores[seat] = -S if landlord_won else S
        assert sum(scores) == 0
        want_eq(line, "winner", W, what)
        want_eq(line, "landlord", L, what)
        want_eq(line, "factor", self.factor, what)
        want_eq(line, "bombs", self.bombs, what)
        want_eq(line, "rockets", self.rockets, what)
        want_eq(line, "spring", spring, what)
        want_eq(line, "anti_spring", anti, what)
        want_eq(line, "multiple", m, what)
        got = line["scores"]
        if not (isinstance(got, list) and len(got) == 3 and all(is_int(x) for x in got)):
            raise Departure("end: scores %s is not three integers" % json.dumps(got))
        if sum(got) != 0:
            raise Departure("end: scores %s do not sum to zero" % json.dumps(got))
        want_eq(line, "scores", scores, what)
        left = [cards_text(self.hands[s]) for s in range(3)]
        want_eq(line, "left", left, what)
        self.stats["payments"] += 1
        self.stats["bombs"] += self.bombs
        self.stats["rockets"] += self.rockets
        self.stats["springs"] += spring
        self.stats["anti_springs"] += anti
        self.phase = "over"

    def feed(self, line):
        p = self.phase
        kind = line.get("type")
        if p == "deal":
            want_type(line, "deal")
            self.check_deal(line, "deal")
        elif p == "bidding":
            want_type(line, "bid" if self.rules["bidding"] == "score" else "claim")
            if kind == "bid":
                self.feed_bid(line)
            else:
                self.feed_claim(line)
        elif p == "redeal":
            want_type(line, "redeal")
            self.feed_redeal(line)
        elif p == "landlord":
            want_type(line, "landlord")
            self.feed_landlord(line)
        elif p == "play":
            if kind == "play":
                self.feed_play(line)
            elif kind == "pass":
                self.feed_pass(line)
            else:
                raise Departure("a play or a pass by seat %d is due here, the log has %s"
                                % (self.turn, json.dumps(kind)))
        elif p == "end":
            want_type(line, "end")
            self.feed_end(line)
        else:
            raise Departure("a %s line after the game's end line" % json.dumps(kind))


# ---------------------------------------------------------------- the log
def judge(paths, types, quiet):
    stats = {"games": 0, "lines": 0, "bids": 0, "plays": 0, "passes": 0, "redeals": 0, "payments": 0,
             "bombs": 0, "rockets": 0, "springs": 0, "anti_springs": 0, "capped": 0, "all_pass_first": 0,
             "regrabs": 0, "greedy_checks": 0, "seeds": 0}
    departures = []
    for path in paths:
        try:
            f = open(path)
        except OSError as e:
            raise BadInput("cannot read %s: %s" % (path, e))
        game = None          # the Game being replayed, or None after a departure
        gname = None         # (line number, game number) of the current header
        no = 0
        with f:
            for no, text in enumerate(f, 1):
                if not text.strip():
                    raise BadInput("%s:%d: an empty line" % (path, no))
                try:
                    line = json.loads(text)
                except ValueError as e:
                    raise BadInput("%s:%d: not JSON (%s)" % (path, no, e))
                if not isinstance(line, dict):
                    raise BadInput("%s:%d: not a JSON object" % (path, no))
                stats["lines"] += 1
                if line.get("type") == "game":
                    if game is not None and game.phase != "over":
                        departures.append((path, no, gname[1], "the game ends before its end line "
                                           "(a new header while a %s line is due)" % game.phase))
                    stats["games"] += 1
                    gname = (no, line.get("game"))
                    try:
                        game = Game(line, types, stats)
                    except Departure as e:
                        departures.append((path, no, gname[1], str(e)))
                        game = None
                    continue
                if gname is None:
                    raise BadInput("%s:%d: a %s line before any game header" % (path, no, json.dumps(line.get("type"))))
                if game is None:
                    continue      # after this game's first departure
                try:
                    game.feed(line)
                except Departure as e:
                    departures.append((path, no, gname[1], str(e)))
                    game = None
        if game is not None and game.phase != "over":
            departures.append((path, no, gname[1], "the log ends while a %s line is due" % game.phase))
    if stats["games"] == 0:
        raise BadInput("no game in %s" % ", ".join(paths))
    for path, no, g, msg in departures:
        print("%s:%d: game %s departs: %s" % (path, no, json.dumps(g), msg))
    print("ddz judge: %d games, %d lines, %d bids, %d plays, %d passes, %d redeals, %d payments checked, "
          "%d departures" % (stats["games"], stats["lines"], stats["bids"], stats["plays"], stats["passes"],
                             stats["redeals"], stats["payments"], len(departures)))
    if not quiet:
        print("ddz judge: covered %d decks against their seeds, %d bombs, %d rockets, %d 春天, %d 反春, "
              "%d capped, %d all_pass=first landlords, %d caller regrabs, %d greedy choices"
              % (stats["seeds"], stats["bombs"], stats["rockets"], stats["springs"], stats["anti_springs"],
                 stats["capped"], stats["all_pass_first"], stats["regrabs"], stats["greedy_checks"]))
    return departures, stats


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    types_path = os.path.join(here, "..", "data", "ddz", "card_type.json")
    quiet = False
    paths = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--types" and args:
            types_path = args.pop(0)
        elif a == "--quiet":
            quiet = True
        elif a.startswith("-") and a != "-":
            print("ddz_judge: unknown option %s\n%s" % (a, __doc__.strip().splitlines()[-4]), file=sys.stderr)
            return 2
        else:
            paths.append(a)
    if not paths:
        print("usage: ddz_judge.py [--types card_type.json] [--quiet] LOG...", file=sys.stderr)
        return 2
    try:
        types = load_types(types_path)
        departures, _ = judge(paths, types, quiet)
    except BadInput as e:
        print("ddz_judge: bad input: %s" % e, file=sys.stderr)
        return 2
    return 1 if departures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
