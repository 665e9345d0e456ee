-- Append a command to the game's command stream unless its command_id was seen before.
-- KEYS: 1 command_ids hash, 2 commands stream.  ARGV: 1 command_id, 2 encoded command record.
-- Returns {1, entry_id} for a new command, {0, entry_id} for a resubmission.
local existing = redis.call('HGET', KEYS[1], ARGV[1])
if existing then
  return {0, existing}
end
local entry_id = redis.call('XADD', KEYS[2], '*', 'r', ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], entry_id)
return {1, entry_id}
