-- A finished game's fingerprint, or its keys deleted once it is archived, if that fingerprint still holds.
-- KEYS: 1 head, 2 meta, 3 command stream, 4 outcomes, 5 chat, 6..5+n each seat's chat mutes, then every other
--       key of the game (deleted with these).
-- ARGV: 1 "peek" or "delete", 2 n (the seats), 3 the fingerprint "peek" gave (for "delete").
-- The fingerprint covers everything the archived object holds: the head (the hash chain covers the events),
-- the meta, the last command, how many outcomes, every chat message, every seat's mutes. "peek" returns it;
-- "delete" returns 1 when it deleted the keys, 0 when the game changed or is not over.
local seats = tonumber(ARGV[2])
-- fakeredis (the embedded store) has no redis.sha1hex: there the fingerprint is the contents themselves.
local digest = redis.sha1hex or function(text) return text end

local function sorted_hash(index)
  local flat = redis.call('HGETALL', KEYS[index])
  local pairs_ = {}
  for i = 1, #flat, 2 do
    pairs_[#pairs_ + 1] = flat[i] .. '\0' .. flat[i + 1]
  end
  table.sort(pairs_)
  return table.concat(pairs_, '\1')
end

local function fingerprint()
  local parts = {sorted_hash(1), sorted_hash(2)}
  local last = redis.call('XREVRANGE', KEYS[3], '+', '-', 'COUNT', 1)
  parts[#parts + 1] = (#last > 0) and last[1][1] or '-'
  parts[#parts + 1] = tostring(redis.call('HLEN', KEYS[4]))
  for _, entry in ipairs(redis.call('XRANGE', KEYS[5], '-', '+')) do
    parts[#parts + 1] = entry[1] .. '\0' .. table.concat(entry[2], '\0')
  end
  for seat = 1, seats do
    local muted = redis.call('SMEMBERS', KEYS[5 + seat])
    table.sort(muted)
    parts[#parts + 1] = table.concat(muted, '\0')
  end
  return digest(table.concat(parts, '\2'))
end

local now = fingerprint()
if ARGV[1] == 'peek' then
  return now
end
if now ~= ARGV[3] or redis.call('HGET', KEYS[2], 'status') ~= 'over' then
  return 0
end
for index = 1, #KEYS do
  redis.call('DEL', KEYS[index])
end
return 1
