-- Reserve one seat of a game for an anonymous client, in one step (services/limits/client_seats.py).
-- KEYS: 1 the game's client-seats hash.  ARGV: 1 the client's digest, 2 the most seats it may hold.
-- Returns 1 when reserved (always for the game's creator), 0 when the client already holds its share.
if redis.call('HGET', KEYS[1], 'creator') == ARGV[1] then
  return 1
end
local held = redis.call('HINCRBY', KEYS[1], 'client:' .. ARGV[1], 1)
if held > tonumber(ARGV[2]) then
  redis.call('HINCRBY', KEYS[1], 'client:' .. ARGV[1], -1)
  return 0
end
return 1
