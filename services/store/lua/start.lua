-- Flip an open game to running only if every seat is taken, in one step (a seat left meanwhile shows).
-- KEYS: 1 meta hash.  ARGV: 1 number of seats.
-- Returns 1 when started, 0 when the game is not open, -1 - <seat> for the first empty seat.
if redis.call('HGET', KEYS[1], 'status') ~= 'open' then
  return 0
end
for seat = 0, tonumber(ARGV[1]) - 1 do
  if redis.call('HEXISTS', KEYS[1], 'seat:' .. seat) == 0 then
    return -1 - seat
  end
end
redis.call('HSET', KEYS[1], 'status', 'running')
return 1
