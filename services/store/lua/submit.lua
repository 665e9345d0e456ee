-- Append a command to the game's command stream unless its command_id was seen before.
-- KEYS: 1 command_ids hash, 2 commands stream, 3 outcomes hash (a finished game's command_ids index is
-- dropped: its outcomes know every command), 4 command fingerprints hash.  ARGV: 1 command_id, 2 encoded
-- command record, 3 "1" to write an already known command's index entry (or outcome) again, unchanged, so
-- that a WAIT sent after this script covers that command too, however long ago it was stored ("" = do
-- not), 4 the body's fingerprint ("" = not checked), 5 its hex form (the start of the whole SHA-256 in hex
-- that older games stored).
-- Returns {1, entry_id} for a new command, {0, entry_id or ""} for a resubmission, {-1, ""} (nothing
-- written) when the command_id was first sent with another body.
if ARGV[4] ~= '' then
  local first = redis.call('HGET', KEYS[4], ARGV[1])
  if not first then
    redis.call('HSET', KEYS[4], ARGV[1], ARGV[4])
  elseif first ~= ARGV[4] and not (#first == 64 and string.sub(first, 1, #ARGV[5]) == ARGV[5]) then
    return {-1, ''}
  end
end
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
