-- What the Lua tests share: a JSON reader written here in Lua (so the
-- module's own C converter is checked against something independent of
-- it), deep comparison, running the qipai program as the oracle, and the
-- counting of checks (a comparison that checked nothing fails).
local M = {}

M.qipai_program = os.getenv("QIPAI") or "build/qipai"
M.failures = 0
M.checks = 0

local null -- set by M.init: the module's qipai.null

function M.init(qipai)
    null = qipai.null
end

---- JSON -------------------------------------------------------------------

local escapes = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n",
                  r = "\r", t = "\t" }

local function utf8_of(code)
    return utf8.char(code)
end

local function decode_at(s, i)
    i = s:find("[^ \t\r\n]", i) or #s + 1
    local c = s:sub(i, i)
    if c == "{" then
        local object = {}
        i = s:find("[^ \t\r\n]", i + 1)
        if s:sub(i, i) == "}" then return object, i + 1 end
        while true do
            local key
            key, i = decode_at(s, i)
            assert(type(key) == "string", "JSON: a key must be a string at " .. i)
            i = s:find("[^ \t\r\n]", i)
            assert(s:sub(i, i) == ":", "JSON: ':' expected at " .. i)
            object[key], i = decode_at(s, i + 1)
            i = s:find("[^ \t\r\n]", i)
            local d = s:sub(i, i)
            if d == "}" then return object, i + 1 end
            assert(d == ",", "JSON: ',' or '}' expected at " .. i)
            i = i + 1
        end
    elseif c == "[" then
        local array = {}
        i = s:find("[^ \t\r\n]", i + 1)
        if s:sub(i, i) == "]" then return array, i + 1 end
        while true do
            array[#array + 1], i = decode_at(s, i)
            i = s:find("[^ \t\r\n]", i)
            local d = s:sub(i, i)
            if d == "]" then return array, i + 1 end
            assert(d == ",", "JSON: ',' or ']' expected at " .. i)
            i = i + 1
        end
    elseif c == '"' then
        local parts, j = {}, i + 1
        while true do
            local k = s:find('["\\]', j)
            assert(k, "JSON: unterminated string")
            parts[#parts + 1] = s:sub(j, k - 1)
            if s:sub(k, k) == '"' then return table.concat(parts), k + 1 end
            local e = s:sub(k + 1, k + 1)
            if e == "u" then
                local code = tonumber(s:sub(k + 2, k + 5), 16)
                j = k + 6
                if code >= 0xD800 and code <= 0xDBFF and s:sub(j, j + 1) == "\\u" then
                    local low = tonumber(s:sub(j + 2, j + 5), 16)
                    code = 0x10000 + (code - 0xD800) * 0x400 + (low - 0xDC00)
                    j = j + 6
                end
                parts[#parts + 1] = utf8_of(code)
            else
                parts[#parts + 1] = assert(escapes[e], "JSON: bad escape")
                j = k + 2
            end
        end
    elseif s:sub(i, i + 3) == "true" then
        return true, i + 4
    elseif s:sub(i, i + 4) == "false" then
        return false, i + 5
    elseif s:sub(i, i + 3) == "null" then
        return null, i + 4
    else
        local number = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", i)
        assert(number and #number > 0, "JSON: unexpected '" .. c .. "' at " .. i)
        local value = number:find("[.eE]") and tonumber(number) or math.tointeger(tonumber(number))
        return value, i + #number
    end
end

function M.decode(s)
    local value, i = decode_at(s, 1)
    assert(not s:find("[^ \t\r\n]", i), "JSON: text after the value")
    return value
end

---- comparison ---------------------------------------------------------------

-- Whether a and b are the same tree (integers and floats kept apart).
function M.same(a, b)
    if type(a) ~= type(b) then return false end
    if type(a) == "number" then return math.type(a) == math.type(b) and a == b end
    if type(a) ~= "table" then return a == b end
    for k, v in pairs(a) do
        if not M.same(v, b[k]) then return false end
    end
    for k in pairs(b) do
        if a[k] == nil then return false end
    end
    return true
end

-- A compact text of a value, for failure messages.
function M.show(v)
    if type(v) == "table" then
        local parts, n = {}, #v
        for i = 1, n do parts[#parts + 1] = M.show(v[i]) end
        local keys = {}
        for k in pairs(v) do
            if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
        end
        table.sort(keys, function(x, y) return tostring(x) < tostring(y) end)
        for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. M.show(v[k]) end
        return "{" .. table.concat(parts, ",") .. "}"
    elseif type(v) == "string" then
        return string.format("%q", v)
    elseif v == null then
        return "null"
    end
    return tostring(v)
end

---- checks -------------------------------------------------------------------

function M.check(ok, what, ...)
    M.checks = M.checks + 1
    if not ok then
        M.failures = M.failures + 1
        if M.failures <= 20 then
            print("FAIL " .. what, ...)
        end
    end
    return ok
end

-- Fails unless at least `least` cases were covered.
function M.covered(name, count, least)
    print(string.format("  %-52s %6d cases", name, count))
    M.check(count >= least, name .. ": covered " .. count .. " cases, fewer than " .. least)
end

function M.report(name)
    print(string.format("%s: %d checks, %d failed", name, M.checks, M.failures))
    if M.checks == 0 then
        print("FAIL: no checks ran")
        os.exit(1)
    end
    os.exit(M.failures == 0 and 0 or 1)
end

---- the oracle -----------------------------------------------------------------

local function quote(word)
    return "'" .. word:gsub("'", "'\\''") .. "'"
end

-- Runs `qipai WORDS...` with lines as its standard input and returns its
-- output lines, decoded.
function M.oracle(words, lines)
    local input = os.tmpname()
    local f = assert(io.open(input, "w"))
    for _, line in ipairs(lines) do
        assert(not line:find("[\r\n]") and line:find("[^ \t]"), "not one line: " .. line)
        f:write(line, "\n")
    end
    f:close()
    local command = { quote(M.qipai_program) }
    for _, w in ipairs(words) do command[#command + 1] = quote(w) end
    local p = assert(io.popen(table.concat(command, " ") .. " < " .. input))
    local answers = {}
    for line in p:lines() do answers[#answers + 1] = M.decode(line) end
    p:close()
    os.remove(input)
    assert(#answers == #lines, string.format("%s: %d answers to %d lines",
                                             table.concat(words, " "), #answers, #lines))
    return answers
end

-- The output lines of `qipai WORDS...` (no input), raw.
function M.run(words)
    local command = { quote(M.qipai_program) }
    for _, w in ipairs(words) do command[#command + 1] = quote(w) end
    local p = assert(io.popen(table.concat(command, " ")))
    local lines = {}
    for line in p:lines() do lines[#lines + 1] = line end
    p:close()
    return lines
end

return M
