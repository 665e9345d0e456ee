-- Take a seat of an open game in one step: the status check, the one-seat-per-account rule, the rule that
-- no two players of a game share a name (compared case-insensitively: the caller passes the folded form) and
-- the seat.
-- KEYS: 1 meta hash.  ARGV: 1 seat value (JSON), 2 account field ("" = no account), 3 name field
-- ("name:<folded name>"), 4.. seats to try in order.
-- Returns {1, seat} when taken, {0, -1} when every seat tried is taken, {-1, -1} when the game is not open,
-- {-2, seat} when the account already holds that seat, {-3, seat} when another seat holds that name.
if redis.call('HGET', KEYS[1], 'status') ~= 'open' then
  return {-1, -1}
end
if ARGV[2] ~= '' then
  local held = redis.call('HGET', KEYS[1], ARGV[2])
  if held then
    return {-2, tonumber(held)}
  end
end
for i = 4, #ARGV do
  if redis.call('HEXISTS', KEYS[1], 'seat:' .. ARGV[i]) == 0 then
    local named = redis.call('HGET', KEYS[1], ARGV[3])
    if named then
      return {-3, tonumber(named)}
    end
    redis.call('HSET', KEYS[1], 'seat:' .. ARGV[i], ARGV[1], ARGV[3], ARGV[i])
    if ARGV[2] ~= '' then
      redis.call('HSET', KEYS[1], ARGV[2], ARGV[i])
    end
    return {1, tonumber(ARGV[i])}
  end
end
return {0, -1}
