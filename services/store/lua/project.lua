-- Write a game's projections together with the version they reflect, unless a newer one is stored.
-- KEYS: projection hashes (the first one's version decides: to_act, written at every version).  ARGV: 1 version, 2.. one body per key.
-- Returns 1 when written, 0 when the stored projections are as new or newer.
local stored = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
local version = tonumber(ARGV[1])
if stored >= version then
  return 0
end
for i = 1, #KEYS do
  redis.call('DEL', KEYS[i])
  redis.call('HSET', KEYS[i], 'version', version, 'body', ARGV[i + 1])
end
return 1
