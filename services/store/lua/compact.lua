-- Compact a running game's event stream: every entry but the last becomes one compacted entry (field z, id =
-- the last compacted entry's id), the last entry stays as it is, unless the stream changed since it was read.
-- KEYS: 1 event stream.
-- ARGV: 1 id of the last entry read, 2 number of entries read, 3 compacted bytes, 4 compacted entry id,
--       5 the last entry's record bytes.
-- Returns 1 when compacted, 0 when the stream changed meanwhile.
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 or last[1][1] ~= ARGV[1] or redis.call('XLEN', KEYS[1]) ~= tonumber(ARGV[2]) then
  return 0
end
redis.call('DEL', KEYS[1])
redis.call('XADD', KEYS[1], ARGV[4], 'z', ARGV[3])
redis.call('XADD', KEYS[1], ARGV[1], 'r', ARGV[5])
-- A new stream node keeps spare room for more entries; a restored one is exactly its size.
redis.call('RESTORE', KEYS[1], 0, redis.call('DUMP', KEYS[1]), 'REPLACE')
return 1
