-- On RQ's Redis: take the game that has waited longest for a decision; when none is left, the calling
-- decision job stops counting (it was counted from when it was queued until it finds the list empty),
-- unless it is about to wait for one (ARGV[1] = "1") and no other job counts: one job waits for the next
-- game, the others end as soon as they have nothing to take.
-- KEYS: 1 list of games waiting for a decision, 2 number of decision jobs queued or running.
-- Returns the game id; false when the list is empty and the job still counts (it waits); 0 when the list
-- is empty and the job no longer counts (it ends).
local game = redis.call('LPOP', KEYS[1])
if game then
  return game
end
local jobs = tonumber(redis.call('GET', KEYS[2]) or '0')
if ARGV[1] == '1' and jobs <= 1 then
  return false
end
if jobs > 0 then
  redis.call('DECR', KEYS[2])
end
return 0
