-- Append a command to the game's command stream unless its command_id was seen before.
-- KEYS: 1 command_ids hash, 2 commands stream, 3 outcomes hash (a finished game's command_ids index is
-- dropped: its outcomes know every command).  ARGV: 1 command_id, 2 encoded command record, 3 "1" to write
-- an already known command's index entry (or outcome) again, unchanged, so that a WAIT sent after this
-- script covers that command too, however long ago it was stored ("" = do not).
-- Returns {1, entry_id} for a new command, {0, entry_id or ""} for a resubmission.
local existing = redis.call('HGET', KEYS[1], ARGV[1])
if existing then
  if ARGV[3] == '1' then
    redis.call('HSET', KEYS[1], ARGV[1], existing)
  end
  return {0, existing}
end
local outcome = redis.call('HGET', KEYS[3], ARGV[1])
if outcome then
  if ARGV[3] == '1' then
    redis.call('HSET', KEYS[3], ARGV[1], outcome)
  end
  return {0, ''}
end
local entry_id = redis.call('XADD', KEYS[2], '*', 'r', ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], entry_id)
return {1, entry_id}
