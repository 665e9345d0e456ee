-- Replace a finished game's stream by one compacted entry (field z, id = the last entry's id) holding every
-- entry compressed, unless the stream changed since it was read.
-- KEYS: 1 stream, 2 head hash, 3 command_ids hash.
-- ARGV: 1 id of the last entry read, 2 number of entries read, 3 compacted bytes, 4 "1" for the command
--       stream: only once every command is decided (head checkpoint = last entry), and the command-id
--       index is dropped with it (the outcomes answer resubmissions from then on).
-- Returns 1 when compacted, 0 when the stream (or the checkpoint) says not now.
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 or last[1][1] ~= ARGV[1] or redis.call('XLEN', KEYS[1]) ~= tonumber(ARGV[2]) then
  return 0
end
if ARGV[4] == '1' then
  if (redis.call('HGET', KEYS[2], 'checkpoint') or '0-0') ~= ARGV[1] then
    return 0
  end
  redis.call('DEL', KEYS[3])
end
redis.call('DEL', KEYS[1])
redis.call('XADD', KEYS[1], ARGV[1], 'z', ARGV[3])
-- A new stream node keeps spare room for more entries; a restored one is exactly its size.
redis.call('RESTORE', KEYS[1], 0, redis.call('DUMP', KEYS[1]), 'REPLACE')
return 1
