-- Delete a notification outbox stream (KEYS[1]) if it holds no entry: 1 if deleted, 0 if not empty.
if redis.call('XLEN', KEYS[1]) > 0 then return 0 end
redis.call('DEL', KEYS[1])
return 1
