-- Give a successful login's attempt back to a ceiling's counter, if the counter still exists (a counter
-- that expired meanwhile is not brought back without its expiry).
-- KEYS: 1 the counter.  Returns the count left, or -1 when there was none.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('DECR', KEYS[1])
end
return -1
