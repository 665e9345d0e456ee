-- On RQ's Redis: the decision job ARGV[2] takes the game that has waited longest for a decision, and its
-- lease is renewed; when none is left, the job stops counting (its lease goes), unless it is about to wait
-- for one (ARGV[1] = "1") and no other job counts: one job waits for the next game, the others end as soon
-- as they have nothing to take. The game taken is the one the job holds (KEYS[3]); finding none, it holds
-- none.
-- KEYS: 1 list of games waiting for a decision, 2 the leases of the decision jobs, 3 the game each holds
--       (see ready_game.lua).
-- ARGV: 1 "1" if the job may wait, 2 the job's id, 3 a lease's length (ms).
-- Returns the game id; false when the list is empty and the job still counts (it waits); 0 when the list
-- is empty and the job no longer counts (it ends).
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local game = redis.call('LPOP', KEYS[1])
if game then
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  redis.call('HSET', KEYS[3], ARGV[2], game)
  return game
end
redis.call('HDEL', KEYS[3], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local others = redis.call('ZCARD', KEYS[2])
if redis.call('ZSCORE', KEYS[2], ARGV[2]) then
  others = others - 1
end
if ARGV[1] == '1' and others == 0 then
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  return false
end
redis.call('ZREM', KEYS[2], ARGV[2])
return 0
