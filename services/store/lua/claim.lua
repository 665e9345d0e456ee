-- Take a seat of an open game in one step: the status check, the one-seat-per-account rule and the seat.
-- KEYS: 1 meta hash.  ARGV: 1 seat value (JSON), 2 account field ("" = no account), 3.. seats to try in order.
-- Returns {1, seat} when taken, {0, -1} when every seat tried is taken, {-1, -1} when the game is not open,
-- {-2, seat} when the account already holds that seat.
if redis.call('HGET', KEYS[1], 'status') ~= 'open' then
  return {-1, -1}
end
if ARGV[2] ~= '' then
  local held = redis.call('HGET', KEYS[1], ARGV[2])
  if held then
    return {-2, tonumber(held)}
  end
end
for i = 3, #ARGV do
  if redis.call('HSETNX', KEYS[1], 'seat:' .. ARGV[i], ARGV[1]) == 1 then
    if ARGV[2] ~= '' then
      redis.call('HSET', KEYS[1], ARGV[2], ARGV[i])
    end
    return {1, tonumber(ARGV[i])}
  end
end
return {0, -1}
