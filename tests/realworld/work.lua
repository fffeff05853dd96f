-- work.lua: a deterministic workload for the lua interpreter
local function fib(n) if n < 2 then return n end return fib(n-1) + fib(n-2) end
local t = {}
for i = 1, 200000 do t[i] = (i * 7919) % 100003 end
table.sort(t)
local s = {}
for i = 1, 60000 do s[#s+1] = string.format("%d:%s", i, string.rep("x", i % 7)) end
local joined = table.concat(s, ",")
local n = 0
for w in joined:gmatch("%d+") do n = n + #w end
local co = coroutine.wrap(function() for i = 1, 50000 do coroutine.yield(i) end end)
local c = 0
for i = 1, 50000 do c = c + co() end
local ok = pcall(function() error("boom") end)
print(fib(25), t[1], n, c, ok)
