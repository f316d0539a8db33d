-- qipai.gb, qipai.poker, qipai.zipai and qipai.zhaotong's analyze against
-- the command line: every command on inputs from the program's own corpora
-- (a third of them damaged, so refusals are compared too), through both
-- the function form GAME.COMMAND(input, options) and a rule set's methods,
-- under several option sets.
local dir = arg[0]:match("^(.*)/[^/]*$") or "."
package.path = dir .. "/?.lua;" .. package.path
local t = require "support"
local qipai = require "qipai"
t.init(qipai)
math.randomseed(15)

local N = tonumber(os.getenv("QIPAI_LUA_HANDS") or "300")

-- Damages a third of the lines: a character dropped, doubled, or a
-- stranger put in (UTF-8 characters kept whole).
local function damage(lines)
    for i, line in ipairs(lines) do
        if i % 3 == 0 then
            local chars = {}
            for _, c in utf8.codes(line) do chars[#chars + 1] = utf8.char(c) end
            local at = math.random(#chars)
            local r = math.random(3)
            if r == 1 and #chars > 1 then
                table.remove(chars, at)
            elseif r == 2 then
                table.insert(chars, at, chars[at])
            else
                table.insert(chars, at, "Z")
            end
            local damaged = table.concat(chars)
            if damaged:find("[^ \t]") then lines[i] = damaged end
        end
    end
    return lines
end

local function corpus(words)
    local lines = t.run(words)
    assert(#lines > 0, "no corpus from " .. table.concat(words, " "))
    return lines
end

-- Compares game.command on lines under options (CLI words).
local function compare(game, command, options, words, lines, name)
    local ok, r = pcall(qipai[game].rules, options)
    if not ok then
        t.check(false, game .. " " .. command .. ": rules", r)
        return
    end
    local oracle_words = { game, command }
    for _, w in ipairs(words) do oracle_words[#oracle_words + 1] = w end
    local expected = t.oracle(oracle_words, lines)
    local answered, refused = 0, 0
    for i, line in ipairs(lines) do
        local got, message
        if i % 2 == 0 then
            got, message = r[command](r, line)
        else
            got, message = qipai[game][command](line, options)
        end
        local e = expected[i]
        local label = string.format("%s %s [%s] %q", game, command, name, line)
        if e.error then
            refused = refused + 1
            t.check(got == nil and message == e.error, label, "expected error", e.error, "got",
                    t.show(got), message)
        else
            answered = answered + 1
            t.check(t.same(got, e), label, "\n  expected " .. t.show(e) .. "\n  got      " ..
                    t.show(got), message)
        end
    end
    t.covered(string.format("%s %s [%s] (answered; refused %d)", game, command, name, refused),
              answered, #lines // 3)
end

print("qipai.gb, poker, zipai, zhaotong analyze against " .. t.qipai_program)

---- zipai ------------------------------------------------------------------------

do
    local option_sets = {
        { "default", nil, {} },
        { "10huxi ascii", { preset = "10huxi", ascii = true }, { "--rules", "10huxi", "--ascii" } },
        { "threshold 10, mult_hong 3", { threshold = 10, rule = { mult_hong = 3 } },
          { "--threshold", "10", "--rule", "mult_hong=3" } },
    }
    for s, set in ipairs(option_sets) do
        local hands = damage(corpus({ "zipai", "corpus", "decompose", tostring(N), "--seed", tostring(s) }))
        compare("zipai", "decompose", set[2], set[3], hands, set[1])
        local hu = corpus({ "zipai", "corpus", "hu", tostring(N), "--seed", tostring(10 + s) })
        local waits = {}
        for i, line in ipairs(hu) do
            -- the line without its target card: every source, or the one named
            local without = line:gsub("%s*[摸打]%S*$", "")
            if without == "" or not without:find("[^ ]") then without = "一二三" end
            waits[i] = i % 2 == 0 and without or without .. " " .. (i % 4 == 1 and "摸" or "打")
        end
        compare("zipai", "hu", set[2], set[3], damage(hu), set[1])
        compare("zipai", "waits", set[2], set[3], damage(waits), set[1])
    end
end

---- poker -------------------------------------------------------------------------

do
    local option_sets = {
        { "ddz", "ddz", { "--rules", "ddz" }, 14 },
        { "pdk last_short=0", { preset = "pdk", option = { last_short = 0 } },
          { "--rules", "pdk", "--option", "last_short=0" }, 12 },
        { "seed", { preset = "seed" }, { "--rules", "seed" }, 12 },
    }
    for s, set in ipairs(option_sets) do
        local preset = type(set[2]) == "string" and set[2] or set[2].preset
        local hands = corpus({ "poker", "corpus", "minplays", "--rules", preset, "--size",
                               tostring(set[4]), "--count", tostring(N), "--seed", tostring(s) })
        compare("poker", "minplays", set[2], set[3], damage({ table.unpack(hands) }), set[1])
        local cards, moves = {}, {}
        for i, hand in ipairs(hands) do
            local n = math.random(1, 6)
            local start = math.random(1, #hand - n + 1)
            cards[i] = hand:sub(start, start + n - 1)
            local last = hand:sub(1, math.random(1, 2))
            moves[i] = i % 3 == 0 and hand or hand .. "/" .. last
        end
        compare("poker", "classify", set[2], set[3], damage(cards), set[1])
        compare("poker", "moves", set[2], set[3], damage(moves), set[1])
    end
    local hands = corpus({ "poker", "corpus", "minplays", "--rules", "ddz", "--size", "12",
                           "--count", tostring(N // 3), "--seed", "9" })
    compare("poker", "minplays", { types = true, limit = 2 }, { "--types", "--limit", "2" }, hands,
            "ddz types limit 2")
end

---- gb ----------------------------------------------------------------------------

do
    local option_sets = {
        { "default", nil, {} },
        { "min 6, blessings", { min = 6, blessings = true, knitted_waits = true, mingangang = true },
          { "--min", "6", "--blessings", "--knitted-waits", "--mingangang" } },
        { "min_fan=0", { rule = { min_fan = 0 } }, { "--rule", "min_fan=0" } },
    }
    for s, set in ipairs(option_sets) do
        local hands = corpus({ "gb", "corpus", "fan", tostring(N), "--seed", tostring(s) })
        local ready = {}
        for i, hand in ipairs(hands) do
            -- 13 tiles: the concealed part less its last tile
            local concealed, rest = hand:match("^([^|]*)(.*)$")
            local less, removed = concealed:gsub("%d[mpsz]$", "")
            if removed == 0 then less = concealed:gsub("[ESWNPFC]$", "") end
            ready[i] = less .. rest
            if ready[i] == "" then ready[i] = "1m" end
        end
        compare("gb", "fan", set[2], set[3], damage({ table.unpack(hands) }), set[1])
        compare("gb", "ting", set[2], set[3], damage({ table.unpack(ready) }), set[1])
        local mixed = {}
        for i = 1, #hands do mixed[i] = i % 2 == 0 and hands[i] or ready[i] end
        compare("gb", "shanten", set[2], set[3], damage(mixed), set[1])
    end
end

---- zhaotong analyze -----------------------------------------------------------------

do
    local option_sets = {
        { "tuo 5s", { tuo = "5s" }, { "--tuo", "5s" } },
        { "tuo 24 (7s), brief, cap 6", { tuo = 24, brief = true, rule = { cap = 6 } },
          { "--tuo", "7s", "--brief", "--rule", "cap=6" } },
        { "visible", { tuo = "1m", visible = { 0, 1, 2, 3, 3 } }, { "--tuo", "1m", "--visible", "12344m" } },
    }
    for s, set in ipairs(option_sets) do
        for _, kind in ipairs({ "score", "waits", "advice", "shanten" }) do
            local lines = corpus({ "zhaotong", "corpus", kind, tostring(N // 4), "--seed", tostring(s) })
            compare("zhaotong", "analyze", set[2], set[3], damage(lines), set[1] .. ", " .. kind)
        end
    end
end

t.report("test_games.lua")
