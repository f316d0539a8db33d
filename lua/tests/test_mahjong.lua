-- qipai.mahjong against the command line: every command on random hands
-- (as strings in several notations and as arrays of tile numbers) under
-- several rule sets, the per-call visible tiles, bad input, and misuse.
local dir = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = dir .. "/?.lua;" .. package.path
local t = require "support"
local qipai = require "qipai"
t.init(qipai)
local mj = qipai.mahjong
math.randomseed(15)

local HANDS = tonumber(os.getenv("QIPAI_LUA_HANDS") or "300")

---- random hands ----------------------------------------------------------------

-- A complete hand of 3n+2 tiles over `kinds` kinds, as tile numbers.
local function complete(kinds, melds)
    local tiles = {}
    for _ = 1, melds do
        local k = math.random(0, kinds - 1)
        if k < 27 and k % 9 <= 6 and math.random() < 0.6 then
            tiles[#tiles + 1], tiles[#tiles + 2], tiles[#tiles + 3] = k, k + 1, k + 2
        else
            tiles[#tiles + 1], tiles[#tiles + 2], tiles[#tiles + 3] = k, k, k
        end
    end
    local pair = math.random(0, kinds - 1)
    tiles[#tiles + 1], tiles[#tiles + 2] = pair, pair
    return tiles
end

local function shuffle(a)
    for i = #a, 2, -1 do
        local j = math.random(i)
        a[i], a[j] = a[j], a[i]
    end
    return a
end

-- A hand for a command that takes sizes (size % 3 in `rests`): mostly
-- near-complete hands of the right size, some random, some of any size,
-- with jokers (34) and now and then a tile outside the tile set.
local function random_hand(kinds, rests)
    local r = math.random()
    local tiles
    if r < 0.5 then
        tiles = complete(kinds, math.random(0, 4))
        if math.random() < 0.3 then tiles[math.random(#tiles)] = math.random(0, kinds - 1) end
    else
        tiles = {}
        local size = math.random(1, 14)
        for i = 1, size do tiles[i] = math.random(0, kinds - 1) end
    end
    for i = 1, #tiles do
        if math.random() < 0.08 then tiles[i] = 34 end
    end
    local rest = rests[math.random(#rests)]
    while #tiles % 3 ~= rest and math.random() < 0.95 do
        if #tiles % 3 > rest or #tiles >= 14 then
            table.remove(tiles, math.random(#tiles))
        else
            tiles[#tiles + 1] = math.random(0, kinds - 1)
        end
    end
    if math.random() < 0.02 then tiles[#tiles + 1] = math.random(0, 33) end
    if math.random() < 0.02 and #tiles > 0 then
        for _ = 1, 4 do tiles[#tiles + 1] = tiles[1] end
    end
    return shuffle(tiles)
end

-- The same tiles written another way: one suit letter per tile, in the
-- array's order, or in Chinese, or with blanks.
local function another_text(tiles)
    local parts = {}
    local chinese = math.random() < 0.3
    for _, k in ipairs(tiles) do
        parts[#parts + 1] = k == 34 and "*" or mj.tile_name(k, chinese)
    end
    return table.concat(parts, math.random() < 0.2 and " " or "")
end

---- the comparison -----------------------------------------------------------------

-- Compares each command of a rule set on hands against `qipai mahjong
-- COMMAND WORDS...`. win: the boolean; the others: the whole table.
local function compare(name, options, words, command, rests, kinds, count, visible)
    local r = mj.rules(options)
    local inputs, texts = {}, {}
    for i = 1, count do
        local tiles = random_hand(kinds, rests)
        local form = i % 3
        if form == 0 then
            inputs[i], texts[i] = tiles, mj.text(tiles)
        elseif form == 1 then
            inputs[i] = mj.text(tiles)
            texts[i] = inputs[i]
        else
            inputs[i] = another_text(tiles)
            texts[i] = inputs[i]
        end
        if texts[i] == "" then inputs[i], texts[i] = "1m", "1m" end
    end
    local oracle_words = { "mahjong", command }
    for _, w in ipairs(words) do oracle_words[#oracle_words + 1] = w end
    if visible then
        oracle_words[#oracle_words + 1] = "--visible"
        oracle_words[#oracle_words + 1] = type(visible) == "table" and mj.text(visible) or visible
    end
    local expected = t.oracle(oracle_words, texts)
    local answered, refused, wins = 0, 0, 0
    for i = 1, count do
        local got, message
        if visible then
            got, message = r[command](r, inputs[i], visible)
        else
            got, message = r[command](r, inputs[i])
        end
        local e = expected[i]
        local label = string.format("%s %s %s", name, command, t.show(inputs[i]))
        if e.error then
            refused = refused + 1
            t.check(got == nil and message == e.error, label, "expected error", e.error, "got",
                    t.show(got), message)
        elseif command == "win" then
            answered = answered + 1
            if e.win then wins = wins + 1 end
            t.check(got == e.win, label, "expected", e.win, "got", t.show(got), message)
        else
            answered = answered + 1
            t.check(t.same(got, e), label, "\n  expected " .. t.show(e) .. "\n  got      " ..
                    t.show(got), message)
        end
    end
    t.covered(string.format("%s %s%s (answered; refused %d)", name, command,
                            visible and " visible" or "", refused), answered, count // 2)
    if command == "win" then t.covered(name .. " win: winning hands", wins, count // 10) end
end

local rule_sets = {
    { "basic", nil, {}, 34 },
    { "laizi+7z", { preset = "laizi", wild = { "7z" } }, { "--rules", "laizi", "--wild", "7z" }, 34 },
    { "laizi+5m+33", { preset = "laizi", wild = { "5m", 33 } },
      { "--rules", "laizi", "--wild", "5m", "--wild", "7z" }, 34 },
    { "zhaotong", "zhaotong", { "--rules", "zhaotong" }, 27 },
    { "gb", { preset = "gb" }, { "--rules", "gb" }, 34 },
    { "distinct,chinese", { preset = "laizi", wild = 27, seven_pairs_distinct = true, chinese = true },
      { "--rules", "laizi", "--wild", "1z", "--seven-pairs-distinct", "--chinese" }, 34 },
}
local commands = {
    { "win", { 2 } }, { "waits", { 1 } }, { "decompose", { 2 } }, { "shanten", { 1, 2 } },
    { "effective", { 1 } }, { "discards", { 2 } },
}

print("qipai.mahjong against " .. t.qipai_program)
for _, set in ipairs(rule_sets) do
    for _, c in ipairs(commands) do
        compare(set[1], set[2], set[3], c[1], c[2], set[4], HANDS)
    end
end

-- The tiles seen on the table, given per call.
for _, visible in ipairs({ "1111m9p", { 0, 1, 2, 9, 9, 33 }, "55z" }) do
    compare("laizi+7z", { preset = "laizi", wild = "7z" }, { "--rules", "laizi", "--wild", "7z" },
            "effective", { 1 }, 34, HANDS // 3, visible)
    compare("laizi+7z", { preset = "laizi", wild = "7z" }, { "--rules", "laizi", "--wild", "7z" },
            "discards", { 2 }, 34, HANDS // 3, visible)
end

---- bad input -----------------------------------------------------------------------

local r = mj.rules { preset = "laizi", wild = { "7z" } }
local bad = 0
local function refuses(what, hand, pattern, ...)
    local got, message = r:win(hand, ...)
    bad = bad + 1
    t.check(got == nil and type(message) == "string" and message:find(pattern),
            "refuses " .. what, t.show(got), message)
end
refuses("a fifth copy", "11111m", "appears 5 times")
refuses("a fifth copy in an array", { 0, 0, 0, 0, 0 }, "appears 5 times")
refuses("15 tiles", "123456789m123456p", "at most 14")
refuses("15 tiles in an array", { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 }, "at most 14")
refuses("an unknown letter", "123x", "unexpected 'x'")
refuses("the wrong size", "123m", "takes a hand of 2, 5, 8, 11 or 14 tiles")
refuses("an empty hand", "", "")
refuses("a NUL byte", "11m\0junk", "NUL byte")
refuses("bad UTF-8", "11m\xff", "not valid UTF%-8")
refuses("a long line", string.rep(" ", 70000) .. "11m", "longer than 65536")
refuses("tile number 35", { 0, 35 }, "item 2 %(35%) is not a tile number")
refuses("tile number -1", { -1, 0 }, "item 1 %(%-1%) is not a tile number")
refuses("a string in an array", { 0, "1m" }, "item 2 %(1m%) is not a tile number")
refuses("a fraction in an array", { 0, 0.5 }, "item 2 %(0.5%) is not a tile number")
do
    local z = mj.rules "zhaotong"
    local got, message = z:win({ 27, 27 })
    bad = bad + 1
    t.check(got == nil and message:find("1z is not in the"), "zhaotong refuses 1z", message)
    got, message = z:effective("1237m456p789s123s", "1111m1m")
    bad = bad + 1
    t.check(got == nil and message:find("appears 5 times"), "a bad visible is refused", message)
end
-- what bad hands get when they are answered: blanks around, 3.0 as a number
t.check(r:win("  11123456789999m \t") == true, "blanks around a hand are ignored")
t.check(r:win({ 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8.0 }) == true, "8.0 is tile 8")
t.check(r:win({ 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33 }) == true, "7z is wild")
t.check(r:win({ 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 34 }) == true, "34 is a joker")

-- misuse is an error()
local function errs(what, f, pattern)
    local ok, message = pcall(f)
    bad = bad + 1
    t.check(not ok and tostring(message):find(pattern), "error() on " .. what, message)
end
errs("a number for a hand", function() return r:win(5) end, "a hand")
errs("nil for a hand", function() return r:waits(nil) end, "a hand")
errs("an unknown preset", function() return mj.rules "nope" end, "unknown rule set 'nope'")
errs("an unknown option", function() return mj.rules { nope = 1 } end, "unknown option '%-%-nope'")
errs("a bad wild kind", function() return mj.rules { wild = "9z" } end, "wild")
errs("a bad wild number", function() return mj.rules { wild = 40 } end, "not a tile number")
errs("a wrong self", function() return r.win({}, "11m") end, "qipai.mahjong.rules expected")
errs("an unknown command", function() return r:query("nope", "11m") end, "no command 'nope'")
errs("an unknown option for one call", function() return r:effective("1m", { nope = 1 }) end,
     "unknown option '%-%-nope'")
t.covered("bad input and misuse", bad, 25)

---- tiles ------------------------------------------------------------------------------

local tiles_checked = 0
for k = 0, 34 do
    local name = mj.tile_name(k)
    t.check(mj.tile_number(name) == k, "tile_number(tile_name(" .. k .. "))", name)
    t.check(mj.tile_number(mj.tile_name(k, true)) == k, "Chinese names read back", k)
    tiles_checked = tiles_checked + 1
end
t.check(mj.text({ 33, 0, 34, 9 }) == "1m1p7z*", "text sorts and puts jokers last", mj.text({ 33, 0, 34, 9 }))
t.check(t.same(mj.tiles("7z1m*1p"), { 0, 9, 33, 34 }), "tiles of a text", t.show(mj.tiles("7z1m*1p")))
t.check(mj.tile_number("12m") == nil, "tile_number of two tiles is nil")
t.check(mj.JOKER == 34, "JOKER is 34")
t.covered("tile numbers and names", tiles_checked, 35)

---- qipai.query: any line command ---------------------------------------------------------

local q = qipai.query { "mahjong", "waits", "--rules", "laizi", "--wild", "7z" }
local json, ok = q:json("1237m456p789s77z1z")
t.check(ok and json == t.run({ "mahjong", "waits", "--rules", "laizi", "--wild", "7z",
                               "1237m456p789s77z1z" })[1], "query:json is the program's line", json)
local answer = q:answer("1237m456p789s77z1z")
t.check(t.same(answer, t.decode(json)), "query:answer is the line as a table")
local none, message = q:answer("1x")
t.check(none == nil and message:find("unexpected"), "query:answer of a bad line", message)
t.check(not pcall(qipai.query, "mahjong", "nope"), "a bad command is an error()")
q:close()
t.check(not pcall(q.answer, q, "11m"), "a closed query is an error()")

---- docs/BINDINGS.md's Lua example, line by line (its "-->" values) ---------------------

do
    local r = mj.rules { preset = "laizi", wild = { "7z" } }
    t.check(r:win("1112345678999m7z") == true, "the doc's win")
    t.check(r:win({ 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 33 }) == true, "the doc's win by numbers")
    t.check(t.same(r:waits("1237m456p789s77z1z").waits, { "5m", "6m", "7m", "8m", "9m", "1z", "7z" }),
            "the doc's waits")
    local s = r:shanten("23466669999m111z")
    t.check(s.shanten == 0 and s.forms.standard == 0 and s.forms.seven_pairs == 1,
            "the doc's shanten (0: the doc once said 1)", t.show(s))
    local none, message = r:win("123m")
    t.check(none == nil and message == "3 tiles; mahjong win takes a hand of 2, 5, 8, 11 or 14 tiles",
            "the doc's error", message)
end

t.report("test_mahjong.lua")
