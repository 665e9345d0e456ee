-- Atomically append events, move the command checkpoint and record a command's outcome.
-- KEYS: 1 head hash, 2 events stream, 3 outcomes hash, 4 decided stream (a wake-up signal for waiters: only
--       its last entry is kept, with the command id, its outcome and the entries this step appends (the
--       head's version "v" and hash "h" before them, then n1 e1 n2 e2 ...: the submitter's answer needs no
--       read of the log), and the stream expires ARGV[11] milliseconds after its last entry: an idle game
--       does not keep it), 5 meta hash, 6 seed,
--       7 notification outbox stream, 8 the game's live channel (sharded pub/sub: the head version is
--       published there when events are appended, with the command's decision when one is recorded (its
--       submitter's answer needs no read), so open pages and waiting submitters wait on a notice)
-- ARGV: 1 expected version, 2 expected head hash, 3 expected checkpoint ("" = do not check),
--       4 new checkpoint ("" = keep), 5 command_id ("" = none), 6 outcome bytes, 7 new head hash,
--       8 final status ("" = unchanged), 9 the table's state as JSON ("" = unchanged; written to the meta
--       hash's "table" field with the table's facts, services/table/), 10 the notifications these events
--       cause ("" = none; one outbox entry, written in this same step), 11 the decided stream's time to
--       live in milliseconds, 12.. pairs (number of records, encoded entry) continuing the log: each entry
--       gets the id 0-<seq of its last record>
-- Returns {1, version} on success, {0, version} when the expected version or hash is stale,
-- {-1, version} when the checkpoint moved, {-2, version} when the command already has an outcome.
local NOTICE_ENTRIES_BYTES = 2048  -- the most entry bytes a decision's notice carries
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
local head_hash = redis.call('HGET', KEYS[1], 'hash') or string.rep('0', 64)
if version ~= tonumber(ARGV[1]) or head_hash ~= ARGV[2] then
  return {0, version}
end
if ARGV[3] ~= '' then
  local checkpoint = redis.call('HGET', KEYS[1], 'checkpoint') or '0-0'
  if checkpoint ~= ARGV[3] then
    return {-1, version}
  end
end
if ARGV[5] ~= '' and redis.call('HEXISTS', KEYS[3], ARGV[5]) == 1 then
  return {-2, version}
end
for i = 12, #ARGV, 2 do
  version = version + tonumber(ARGV[i])
  redis.call('XADD', KEYS[2], '0-' .. version, 'r', ARGV[i + 1])
end
if #ARGV >= 12 then
  redis.call('HSET', KEYS[1], 'version', version, 'hash', ARGV[7])
end
if ARGV[5] ~= '' then
  -- the notice carries the decision: "<version> <#command id> <#outcome>[ <version before> <#hash before>
  -- <n1> <#e1> ...]" then a newline, the command id, the outcome[, the hash before, e1 e2 ...]; the
  -- entries only while they are small (else the waiter reads them)
  local head = {version, #ARGV[5], #ARGV[6]}
  local body = {ARGV[5], ARGV[6]}
  local size = 0
  for i = 13, #ARGV, 2 do
    size = size + #ARGV[i]
  end
  if size <= NOTICE_ENTRIES_BYTES then
    table.insert(head, ARGV[1])
    table.insert(head, #ARGV[2])
    table.insert(body, ARGV[2])
    for i = 12, #ARGV, 2 do
      table.insert(head, ARGV[i])
      table.insert(head, #ARGV[i + 1])
      table.insert(body, ARGV[i + 1])
    end
  end
  redis.call('SPUBLISH', KEYS[8], table.concat(head, ' ') .. '\n' .. table.concat(body))
elseif #ARGV >= 12 then
  redis.call('SPUBLISH', KEYS[8], version)
end
if ARGV[10] ~= '' then
  redis.call('XADD', KEYS[7], '*', 'n', ARGV[10])
end
if ARGV[4] ~= '' then
  redis.call('HSET', KEYS[1], 'checkpoint', ARGV[4])
end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[5], ARGV[6])
  local fields = {'c', ARGV[5], 'o', ARGV[6], 'v', ARGV[1], 'h', ARGV[2]}
  for i = 12, #ARGV, 2 do
    local n = (i - 10) / 2
    table.insert(fields, 'n' .. n)
    table.insert(fields, ARGV[i])
    table.insert(fields, 'e' .. n)
    table.insert(fields, ARGV[i + 1])
  end
  redis.call('XADD', KEYS[4], 'MAXLEN', '1', '*', unpack(fields))
  redis.call('PEXPIRE', KEYS[4], ARGV[11])
end
if ARGV[9] ~= '' then
  redis.call('HSET', KEYS[5], 'table', ARGV[9])
end
if ARGV[8] ~= '' then
  redis.call('HSET', KEYS[5], 'status', ARGV[8])
  if ARGV[8] == 'over' then
    redis.call('DEL', KEYS[6])
  end
end
return {1, version}
