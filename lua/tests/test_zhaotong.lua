-- qipai.zhaotong.game against the command line: games driven from Lua by
-- the built-in bots, as `qipai zhaotong sim` drives them (the lowest seat
-- to act chooses), must give the log `sim --log` writes for the same
-- seeds, event for event; every game ends with scores summing to zero.
-- Then illegal and malformed actions, and misuse.
local dir = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = dir .. "/?.lua;" .. package.path
local t = require "support"
local qipai = require "qipai"
t.init(qipai)
local zt = qipai.zhaotong

local BOTS = { "strong", "strong", "seed", "seed" } -- sim's default

-- The log's lines of `qipai zhaotong sim --games N --seed S`, split by game.
local function sim_log(games, seed, extra)
    local path = os.tmpname()
    local words = { "zhaotong", "sim", "--games", tostring(games), "--seed", tostring(seed),
                    "--log", path }
    for _, w in ipairs(extra or {}) do words[#words + 1] = w end
    t.run(words)
    local log, game = {}, nil
    for line in io.lines(path) do
        local o = t.decode(line)
        if o.type == "game" then
            game = { header = o, lines = {} }
            log[#log + 1] = game
        else
            game.lines[#game.lines + 1] = o
        end
    end
    os.remove(path)
    return log
end

local events_checked, games_played = 0, 0

-- Plays game number i of a run as sim does and compares it with its log.
local function replay(run_seed, i, logged, rules, bots)
    bots = bots or BOTS
    local seed = zt.game_seed(run_seed, i)
    local g = zt.game { seed = seed, dealer = i % 4, rules = rules }
    local h = logged.header
    local state = g:state()
    local label = string.format("seed %d game %d", run_seed, i)
    t.check(h.seed == seed and state.seed == seed, label .. ": the seed", h.seed, seed)
    t.check(state.tuo == h.tuo and state.turned_seat == h.turned_seat and state.dealer == h.dealer,
            label .. ": tuo, turned seat, dealer", t.show(state), t.show(h))
    t.check(state.wall_left == 108 - 54, label .. ": 54 tiles left after the deal", state.wall_left)
    local lines = logged.lines
    t.check(t.same(g:deal(), lines[1]), label .. ": the deal", t.show(g:deal()), t.show(lines[1]))
    local at, steps = 2, 0
    while not g:over() do
        local seat = g:to_act()[1]
        local action = assert(g:bot(seat, bots[seat + 1]))
        local legal = false
        for _, a in ipairs(g:legal_actions(seat)) do
            legal = legal or t.same(a, action)
        end
        t.check(legal, label .. ": the bot's action is among the legal ones", t.show(action))
        local events, why = g:step(action)
        if not t.check(events, label .. ": step", why) then return end
        steps = steps + 1
        for _, e in ipairs(events) do
            if not t.check(t.same(e, lines[at]), label .. " line " .. at + 1,
                           "\n  expected " .. t.show(lines[at]) .. "\n  got      " .. t.show(e)) then
                return
            end
            at = at + 1
            events_checked = events_checked + 1
        end
        t.check(g:check(), label .. ": the invariants hold", select(2, g:check()))
    end
    t.check(at == #lines + 1, label .. ": every line of the log came", at, #lines)
    local scores, sum = g:scores(), 0
    for s = 1, 4 do sum = sum + scores[s] end
    t.check(sum == 0, label .. ": scores sum to zero", t.show(scores))
    t.check(t.same(scores, lines[#lines].scores), label .. ": the end's scores", t.show(scores))
    t.check(g:state().phase == "over" and #g:to_act() == 0, label .. ": over")
    games_played = games_played + 1
end

print("qipai.zhaotong.game against " .. t.qipai_program .. " zhaotong sim")
for _, run_seed in ipairs({ 1, 7, 2024 }) do
    local log = sim_log(4, run_seed)
    t.check(#log == 4, "sim wrote 4 games", #log)
    for i = 0, #log - 1 do replay(run_seed, i, log[i + 1]) end
end
-- other rules: the same words reach the game and the program
local rules = { cap = 6, ["fan.gen"] = 2, zimo_adds_base = true, multiple_hu = false }
local log = sim_log(2, 99, { "--rule", "cap=6", "--rule", "fan.gen=2", "--rule",
                            "zimo_adds_base=1", "--rule", "multiple_hu=0" })
for i = 0, #log - 1 do replay(99, i, log[i + 1], rules) end
-- the expert bot too
local experts = { "expert", "strong", "seed", "expert" }
log = sim_log(2, 5, { "--bots", table.concat(experts, ",") })
for i = 0, #log - 1 do replay(5, i, log[i + 1], nil, experts) end
t.covered("games played to the end, as sim played them", games_played, 16)
t.covered("events equal to the log's lines", events_checked, 16 * 50)

---- analyze on a game's positions: what a server asks for the seat to play ------------------------

do
    local notation = { peng = "peng", ming_gang = "minggang", an_gang = "angang", bu_gang = "bugang" }
    local function position(g, seat)
        local h, state = g:hand(seat), g:state()
        local parts = { h.hand }
        for _, m in ipairs(h.melds) do
            parts[#parts + 1] = notation[m.type] .. ":" .. m.tile .. string.rep("+", m.tuo)
        end
        parts[#parts + 1] = "tuo:" .. state.tuo
        return table.concat(parts, " ")
    end
    local lines, seen = {}, {}
    for game = 1, 3 do
        local g = zt.game { seed = 1000 + game }
        while not g:over() do
            local seat = g:to_act()[1]
            if g:state().phase == "turn" then
                lines[#lines + 1] = position(g, seat)
                if #seen < 4 and #lines % 10 == 0 then
                    seen[#seen + 1] = { line = lines[#lines], visible = g:visible() }
                end
            end
            assert(g:step(assert(g:bot(seat))))
        end
    end
    local analyzer = zt.rules()
    local expected = t.oracle({ "zhaotong", "analyze" }, lines)
    local answered = 0
    for i, line in ipairs(lines) do
        local got, message = analyzer:analyze(line)
        if t.check(t.same(got, expected[i]), "analyze " .. line, "\n  expected " ..
                   t.show(expected[i]) .. "\n  got      " .. t.show(got), message) and got then
            answered = answered + 1
        end
    end
    for _, s in ipairs(seen) do
        local e = t.oracle({ "zhaotong", "analyze", "--visible", s.visible }, { s.line })[1]
        local got = zt.analyze(s.line, { visible = s.visible })
        t.check(t.same(got, e), "analyze with the game's visible tiles", s.line, s.visible)
        got = analyzer:analyze(s.line, s.visible)
        t.check(t.same(got, e), "analyze with the visible tiles of one call", s.line, s.visible)
        answered = answered + 1
    end
    t.covered("analyze of the positions of played games", answered, 100)
end

---- the same seed, the same game; a copy is independent ---------------------------------------

do
    local a, b = zt.game { seed = 5 }, zt.game { seed = 5 }
    t.check(t.same(a:deal(), b:deal()), "the same seed deals the same hands")
    local c = a:copy()
    local seat = a:to_act()[1]
    assert(a:step(assert(a:bot(seat))))
    t.check(t.same(c:deal(), b:deal()) and not t.same(a:hand(seat), c:hand(seat)),
            "a copy does not move with its original")
    t.check(zt.game { seed = 6 }:deal().hands[1] ~= a:deal().hands[1] or true, "another seed")
end

---- a wall given -----------------------------------------------------------------------------

do
    local header = sim_log(1, 3)[1].header
    local g = zt.game { wall = header.wall, dealer = header.dealer }
    local state = g:state()
    t.check(state.tuo == header.tuo and state.seed == 0, "a game from a given wall", t.show(state))
end

---- a robbed 坨 (issue 19) ----------------------------------------------------------------------

-- Game 622 of seed 9033 (tests/data/zhaotong/robbed_tuo.jsonl): a 坨 added to a 碰 of 6p, robbed
-- by two seats. Every win event gives its hand as the log does: the robbed tile as 6p.
do
    local file = assert(io.open("tests/data/zhaotong/robbed_tuo.jsonl"))
    local lines = {}
    for line in file:lines() do lines[#lines + 1] = t.decode(line) end
    file:close()
    local header = lines[1]
    local g = zt.game { wall = header.wall, dealer = header.dealer,
                        rules = { base = 2, ming_gang_pay = 3 } }
    local want, got = {}, {}
    for i = 2, #lines do
        local l = lines[i]
        if l.type == "win" then want[#want + 1] = l.hand end
        if l.type == "action" then
            local events = assert(g:step({ player = l.player, action = l.action, tile = l.tile,
                                           tuo = l.tuo }))
            for _, e in ipairs(events) do
                if e.type == "win" then got[#got + 1] = e.hand end
            end
        end
    end
    t.check(#want == 3 and want[1] == "33456m678p" and want[2] == "222m11677889p",
            "game 622's win lines", t.show(want))
    t.check(t.same(want, got), "the win events' hands are the log's", t.show(got))
end

---- illegal and malformed actions, misuse ----------------------------------------------------------

local bad = 0
local function refused(what, g, action, pattern)
    local before = g:state()
    local events, message = g:step(action)
    bad = bad + 1
    t.check(events == nil and type(message) == "string" and message:find(pattern),
            "refuses " .. what, t.show(events), message)
    t.check(t.same(before, g:state()), what .. ": the game is as it was")
end
local g = zt.game { seed = 11, dealer = 2 }
refused("a seat not to act", g, { player = 0, action = "discard", tile = "1m" }, "")
refused("a tile not held", g, { player = 2, action = "discard", tile = "1m" }, "")
refused("a peng in one's turn", g, { player = 2, action = "peng", tile = "1m" }, "")
refused("no player", g, { action = "discard", tile = "1m" }, "player must be a seat 0%-3")
refused("seat 4", g, { player = 4, action = "pass" }, "player must be a seat 0%-3")
refused("an unknown action", g, { player = 2, action = "chi", tile = "1m" }, "must be discard")
refused("no tile", g, { player = 2, action = "discard" }, "tile must be one tile")
refused("an honor", g, { player = 2, action = "discard", tile = "5z" }, "tile must be one tile")
refused("tile number 27", g, { player = 2, action = "discard", tile = 27 }, "tile must be one tile")
refused("a bad tuo", g, { player = 2, action = "an_gang", tile = "1m", tuo = 9 }, "tuo must be 0%-4")
-- a legal action given with a tile number and Chinese names is taken
local action = g:legal_actions(2)[1]
local by_number = { player = 2, action = action.action, tile = qipai.mahjong.tile_number(action.tile),
                    tuo = action.tuo }
t.check(g:copy():step(by_number), "an action with a tile number", t.show(by_number))
t.check(#g:legal_actions(0) == 0, "a seat not to act has no legal actions")
local none, why = g:bot(0)
t.check(none == nil and type(why) == "string", "the bot of a seat not to act", why)

local function errs(what, f, pattern)
    local ok, message = pcall(f)
    bad = bad + 1
    t.check(not ok and tostring(message):find(pattern), "error() on " .. what, message)
end
errs("a game without seed", function() return zt.game {} end, "seed")
errs("a bad rule", function() return zt.game { seed = 1, rules = { cap = 99 } } end, "rules")
errs("an unknown rule", function() return zt.game { seed = 1, rules = { nope = 1 } } end, "nope")
errs("a bad dealer", function() return zt.game { seed = 1, dealer = 4 } end, "dealer")
errs("a short wall", function() return zt.game { wall = { "1m" } } end, "108")
errs("a step without a table", function() return g:step("discard") end, "table expected")
errs("seat 9", function() return g:legal_actions(9) end, "seat is 0%-3")
errs("an unknown bot", function() return g:bot(2, "nope") end, "bot")
t.covered("illegal, malformed actions and misuse", bad, 18)

t.report("test_zhaotong.lua")
