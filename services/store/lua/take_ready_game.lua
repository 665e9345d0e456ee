-- On RQ's Redis: take the game that has waited longest for a decision; when none is left, the calling
-- decision job stops counting (it was counted from when it was queued until it finds the list empty),
-- unless it is about to wait for one (ARGV[1] = "1").
-- KEYS: 1 list of games waiting for a decision, 2 number of decision jobs queued or running.
-- Returns the game id, or false when the list is empty.
local game = redis.call('LPOP', KEYS[1])
if not game and ARGV[1] ~= '1' then
  local jobs = tonumber(redis.call('GET', KEYS[2]) or '0')
  if jobs > 0 then
    redis.call('DECR', KEYS[2])
  end
end
return game
