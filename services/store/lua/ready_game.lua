-- On RQ's Redis: note a game waiting for a decision and say whether a decision job must be queued for it.
-- KEYS: 1 list of games waiting for a decision, 2 number of decision jobs queued or running (a running job
--       counts until it finds the list empty: take_ready_game.lua); 3 (only when RQ shares the store's
--       Redis, never on a Cluster) the game's "process job queued" flag, set just before in the same round
--       trip: the game is noted only if the flag still holds ARGV[5], the job id that SET NX wrote.
-- ARGV: 1 game id ("" = note none: only ask whether a job is needed), 2 most jobs queued at a time,
--       3 seconds the count lives (a job lost before it started stops counting then), 4 games waiting per
--       job counted before one more is queued, 5 the flag's job id.
-- Returns 1 when the caller must queue a decision job (counted here), 0 when enough are queued already,
-- -1 when the game was not noted (the flag was set before, or a job took it since: that job reads the
-- game's commands). A job is needed when none counts and a game waits, or when more than ARGV[4] games
-- wait for each job counted (one job decides the games one by one while it keeps up; more share them
-- only when they pile up, up to ARGV[2]).
if KEYS[3] and redis.call('GET', KEYS[3]) ~= ARGV[5] then
  return -1
end
if ARGV[1] ~= '' then
  redis.call('RPUSH', KEYS[1], ARGV[1])
end
local queued = math.max(tonumber(redis.call('GET', KEYS[2]) or '0'), 0)
if queued >= tonumber(ARGV[2]) then
  return 0
end
local waiting = redis.call('LLEN', KEYS[1])
if waiting == 0 or waiting <= queued * tonumber(ARGV[4]) then
  return 0
end
redis.call('SET', KEYS[2], queued + 1, 'EX', ARGV[3])
return 1
