-- One login attempt against a ceiling (per name, per address): counted, then checked, in one step.
-- KEYS: 1 the counter.  ARGV: 1 the ceiling, 2 the window (s), counted from the window's first attempt.
-- Returns {1, 0} when under the ceiling (the attempt is counted), {0, seconds left in the window} otherwise.
local count = redis.call('INCR', KEYS[1])
local left = redis.call('TTL', KEYS[1])
if left < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
if count > tonumber(ARGV[1]) then
  return {0, left}
end
return {1, 0}
