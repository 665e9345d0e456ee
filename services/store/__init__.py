"""The write side's storage: the streams, records and hash chain, their Redis layout, the Lua scripts, meta,
snapshots, state loading, deadlines, archiving and the embedded data file."""
