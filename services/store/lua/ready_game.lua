-- On RQ's Redis: note a game waiting for a decision and say whether a decision job must be queued for it.
-- KEYS: 1 list of games waiting for a decision, 2 the leases of the decision jobs queued or running (a
--       sorted set: job id -> when its lease runs out, in ms of Redis's clock; a running job renews its
--       own at every take, take_ready_game.lua, so a job killed with its worker stops counting when its
--       lease runs out), 3 the game each job holds (a hash: job id -> the game it was queued for or took
--       last); 4 (only when RQ shares the store's Redis, never on a Cluster) the game's "process job
--       queued" flag, set just before in the same round trip: the game is noted only if the flag still
--       holds ARGV[5].
-- ARGV: 1 game id ("" = note none: only ask whether a job is needed, and first note again, marked "!" so
--       that they are decided whatever their flag says, the games held by jobs whose lease ran out),
--       2 most jobs queued at a time, 3 a lease's length (ms), 4 games waiting per job counted before one
--       more is queued, 5 the id of the job the caller queues if one is needed (the flag's job id).
-- Returns 1 when the caller must queue that job (leased here, holding the game), 0 when enough are queued
-- already, -1 when the game was not noted (the flag was set before, or a job took it since: that job
-- reads the game's commands). A job is needed when none counts and a game waits, or when more than
-- ARGV[4] games wait for each job counted (one job decides the games one by one while it keeps up; more
-- share them only when they pile up, up to ARGV[2]).
if KEYS[4] and redis.call('GET', KEYS[4]) ~= ARGV[5] then
  return -1
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if ARGV[1] ~= '' then
  redis.call('RPUSH', KEYS[1], ARGV[1])
else
  local held = redis.call('HGETALL', KEYS[3])
  for i = 1, #held, 2 do
    local lease = redis.call('ZSCORE', KEYS[2], held[i])
    if not lease or tonumber(lease) <= now then
      redis.call('LPUSH', KEYS[1], '!' .. held[i + 1])
      redis.call('HDEL', KEYS[3], held[i])
    end
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local queued = redis.call('ZCARD', KEYS[2])
if queued >= tonumber(ARGV[2]) then
  return 0
end
local waiting = redis.call('LLEN', KEYS[1])
if waiting == 0 or waiting <= queued * tonumber(ARGV[4]) then
  return 0
end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if ARGV[1] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[5], ARGV[1])
end
return 1
