-- The cost of calls from Lua (make bench-lua; docs/PERFORMANCE.md,
-- "Bindings"): CPU time per call, the median of several runs, over a fixed
-- set of hands cycled through, against an empty Lua loop of the same shape.
local qipai = require "qipai"
local mj = qipai.mahjong

local r = mj.rules { preset = "laizi", wild = "7z" }
local texts = { "11123456789999m", "1237m456p789s77z1z5m", "123456789m123p7z7z", "19m19p19s1234567z1z",
                "22334455667788p", "1112345678999s7z", "123m456p789s11222z", "147m258p369s12345z" }
local arrays = {}
for i, text in ipairs(texts) do arrays[i] = mj.tiles(text) end
local hands13 = { "1112345678999m", "1237m456p789s77z1z", "123456789m12p7z7z", "19m19p19s1234567z",
                  "2233445566778p", "112345678999s7z", "123m456p789s1122z", "147m258p369s1234z" }
for _, h in ipairs(hands13) do assert(r:waits(h), h) end
for _, h in ipairs(texts) do assert(r:win(h) ~= nil, h) end

local function median(xs)
    table.sort(xs)
    return xs[(#xs + 1) // 2]
end

-- ns per call of f(i) over n calls (median of 7 runs).
local function measure(n, f)
    local runs = {}
    for run = 1, 7 do
        local start = os.clock()
        for i = 1, n do f(i) end
        runs[run] = (os.clock() - start) * 1e9 / n
    end
    return median(runs)
end

local N = tonumber(os.getenv("QIPAI_BENCH_N") or "1000000")
local count = #texts
local sink = 0
local empty = measure(N, function(i) if texts[i % count + 1] then sink = sink + 1 end end)
local win_text = measure(N, function(i) if r:win(texts[i % count + 1]) then sink = sink + 1 end end)
local win_array = measure(N, function(i) if r:win(arrays[i % count + 1]) then sink = sink + 1 end end)
local waits = measure(N // 10, function(i) sink = sink + #r:waits(hands13[i % count + 1]).waits end)
local shanten = measure(N // 10, function(i) sink = sink + r:shanten(texts[i % count + 1]).shanten end)

print(string.format("lua %s, qipai %s, %d calls per run, median of 7 (CPU time)", _VERSION,
                    qipai.version(), N))
print(string.format("  empty loop (the call's surroundings)  %7.1f ns", empty))
print(string.format("  r:win(string)                         %7.1f ns  (%.1f ns over the loop)",
                    win_text, win_text - empty))
print(string.format("  r:win(array of 14 tile numbers)       %7.1f ns  (%.1f ns over the loop)",
                    win_array, win_array - empty))
print(string.format("  r:waits(string) -> table              %7.1f ns", waits))
print(string.format("  r:shanten(string) -> table            %7.1f ns", shanten))
assert(sink > 0)
