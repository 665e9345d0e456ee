-- A game's meta hash and head hash read in one step: an append writes both in one step, so a reader sees it
-- whole or not at all (on a cluster too: a game's keys share its slot). Read only.
-- KEYS: 1 meta hash, 2 head hash.
-- Returns {meta fields and values, head fields and values}, each as HGETALL answers it.
return {redis.call('HGETALL', KEYS[1]), redis.call('HGETALL', KEYS[2])}
