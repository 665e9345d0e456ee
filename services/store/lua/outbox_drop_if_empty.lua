-- Delete a notification outbox stream (KEYS[1]) once it is empty, so no empty key per game is left; an
-- entry added meanwhile keeps it. Returns 1 when the outbox is (now) gone, 0 when it holds entries.
if redis.call('XLEN', KEYS[1]) > 0 then return 0 end
redis.call('DEL', KEYS[1])
return 1
