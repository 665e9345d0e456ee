-- One login attempt of one (name, address) pair, counted and checked in one step, so concurrent attempts
-- can never all pass the check before any of them is counted.
-- KEYS: 1 the pair's hash {attempts, next_at}.
-- ARGV: 1 now (epoch s), 2 free attempts, 3 first delay (s), 4 longest delay (s), 5 forget the pair after (s).
-- Returns {1, 0} when the attempt may check its password (it is counted), {0, seconds to wait} otherwise.
-- From the free-th attempt on, each attempt pushes the next allowed one back: first delay, then twice that...
local now = tonumber(ARGV[1])
local next_at = tonumber(redis.call('HGET', KEYS[1], 'next_at') or '0')
if now < next_at then
  return {0, math.ceil(next_at - now)}
end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
local free = tonumber(ARGV[2])
if attempts >= free then
  local delay = math.min(tonumber(ARGV[3]) * 2 ^ (attempts - free), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'next_at', tostring(now + delay))
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
return {1, 0}
