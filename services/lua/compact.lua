-- Shrink a finished game's keys to their content: rewrite the event and command streams without the
-- spare room Redis keeps at a stream's tail (DUMP + RESTORE, same entries and ids), and drop the
-- command-id index once every command is decided (the outcomes answer resubmissions from then on).
-- KEYS: 1 events stream, 2 commands stream, 3 command_ids hash, 4 head hash.
-- Returns 1 if the command-id index was dropped, else 0.
for i = 1, 2 do
  local dumped = redis.call('DUMP', KEYS[i])
  if dumped then
    redis.call('RESTORE', KEYS[i], 0, dumped, 'REPLACE')
  end
end
local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
local checkpoint = redis.call('HGET', KEYS[4], 'checkpoint') or '0-0'
if #last == 0 or last[1][1] == checkpoint then
  redis.call('DEL', KEYS[3])
  return 1
end
return 0
