-- qipai.table against the command line: for every game with a table,
-- games driven from Lua by the built-in bots as `qipai table GAME sim`
-- drives them (the lowest seat to act chooses; its default bots, dealer
-- rotating) give the log `sim --log` writes, line for line (the header, the
-- deal and every event); each action's text reads back to it; an illegal
-- action changes nothing and says why; misuse is an error naming it.
local dir = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = dir .. "/?.lua;" .. package.path
local t = require "support"
local qipai = require "qipai"
t.init(qipai)
local tb = qipai.table

local GAMES = 3
local games_played, lines_checked, actions_read = 0, 0, 0

local function sim_log(name, seed, bots)
    local path = os.tmpname()
    t.run({ "table", name, "sim", "--games", tostring(GAMES), "--seed", tostring(seed),
            "--bots", table.concat(bots, ","), "--log", path })
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

for _, name in ipairs(tb.games()) do
    local info = tb.game(name):info()
    local bots = {}
    for s = 1, info.seats do bots[s] = info.bots[(s - 1) % #info.bots + 1] end
    local log = sim_log(name, 31, bots)
    t.check(#log == GAMES, name .. ": sim wrote the games", #log)
    for i = 0, #log - 1 do
        local g = tb.game(name, { seed = tb.game_seed(31, i), dealer = i % info.seats })
        local logged, label = log[i + 1], name .. " game " .. i
        local header = g:header(i + 1)
        header.bots = logged.header.bots
        t.check(t.same(header, logged.header), label .. ": the header", t.show(header))
        t.check(t.same(g:deal(), logged.lines[1]), label .. ": the deal")
        local at = 2
        while not g:over() do
            local seat = g:to_act()[1]
            local action = assert(g:bot(seat, bots[seat + 1]))
            for _, a in ipairs(g:legal(seat)) do
                if t.check(g:parse(g:text(a, seat), seat) == a, label .. ": text reads back",
                           g:text(a, seat)) then
                    actions_read = actions_read + 1
                end
            end
            local events = assert(g:step(action, seat))
            for _, e in ipairs(events) do
                t.check(t.same(e, logged.lines[at]), label .. " line " .. at,
                        "\n  expected " .. t.show(logged.lines[at]) .. "\n  got      " .. t.show(e))
                at = at + 1
                lines_checked = lines_checked + 1
            end
            t.check(g:check(), label .. ": the invariants hold", select(2, g:check()))
        end
        t.check(at == #logged.lines + 1, label .. ": every line came", at, #logged.lines)
        local sum = 0
        for _, v in ipairs(g:scores()) do sum = sum + v end
        t.check(sum == 0, label .. ": zero-sum")
        games_played = games_played + 1
    end
end
t.covered("games played as sim played them", games_played, GAMES)
t.covered("event lines equal to the log's", lines_checked, GAMES * 20)
t.covered("actions whose text reads back", actions_read, GAMES * 20)

-- an illegal action: nil and why, nothing changed; misuse raises
local bad = 0
local g = tb.game("zhaotong", { seed = 4, rules = { base = 2 } })
local seat = g:to_act()[1]
local legal = {}
for _, a in ipairs(g:legal(seat)) do legal[a] = true end
local illegal = 0
while legal[illegal] do illegal = illegal + 1 end
local before = g:copy()
local events, why = g:step(illegal, seat)
if t.check(events == nil and type(why) == "string" and #why > 0, "illegal: nil and why", why) then
    bad = bad + 1
end
t.check(t.same(g:observe(seat), before:observe(seat)), "illegal: nothing changed")
local function errs(what, f, pattern)
    local ok, message = pcall(f)
    if t.check(not ok and tostring(message):find(pattern), what, message) then bad = bad + 1 end
end
errs("an unknown game", function() return tb.game("chess") end, "no game is named")
errs("an unknown rule", function() return tb.game("zhaotong", { rules = { nope = 1 } }) end, "nope")
errs("a bad dealer", function() return tb.game("zhaotong", { dealer = 7 }) end, "dealer")
errs("a seat out of range", function() return g:legal(9) end, "not a seat")
errs("an action out of range", function() return g:step(100000) end, "not an action")
errs("an unknown bot", function() return g:bot(seat, "nope") end, "bot")
local parsed, reason = g:parse("nonsense", seat)
if t.check(parsed == nil and reason, "unreadable text: nil and why", reason) then bad = bad + 1 end
t.covered("illegal actions and misuse", bad, 8)

t.report("test_table.lua")
