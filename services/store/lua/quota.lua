-- Count one use of a quota in one step: the window starts with the first use and lasts ARGV[1] ms.
-- KEYS: 1 the counter.  ARGV: 1 window in milliseconds.
-- Returns {uses in this window (this one included), milliseconds until the window ends}.
local used = redis.call('INCR', KEYS[1])
if used == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return {used, redis.call('PTTL', KEYS[1])}
