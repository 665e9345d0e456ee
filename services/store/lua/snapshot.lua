-- Read every key matching a pattern in one atomic step, for the embedded store's data file.
-- ARGV: 1 key pattern, 2 journal position probe ("" = none): an ECHO of it answers the position of the
--       embedded store's journal at this very step (services/journal), so the snapshot knows which journal
--       records it already holds.
-- Returns {position or "", {{name, type, pttl, contents}, ...}}: a string's value, a hash's or a sorted
-- set's flat field/value (member/score) list, a stream's entries, a set's or a list's members.
local position = ''
if ARGV[2] ~= '' then
  position = redis.call('ECHO', ARGV[2])
end
local readers = {
  string = function(name) return redis.call('GET', name) end,
  hash = function(name) return redis.call('HGETALL', name) end,
  stream = function(name) return redis.call('XRANGE', name, '-', '+') end,
  set = function(name) return redis.call('SMEMBERS', name) end,
  zset = function(name) return redis.call('ZRANGE', name, 0, -1, 'WITHSCORES') end,
  list = function(name) return redis.call('LRANGE', name, 0, -1) end,
}
local saved = {}
for _, name in ipairs(redis.call('KEYS', ARGV[1])) do
  local kind = redis.call('TYPE', name)['ok']
  local reader = readers[kind]
  if reader == nil then
    return redis.error_reply('key ' .. name .. ' has type ' .. kind .. ', which the data file cannot hold')
  end
  saved[#saved + 1] = {name, kind, redis.call('PTTL', name), reader(name)}
end
return {position, saved}
