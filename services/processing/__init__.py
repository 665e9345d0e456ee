"""The worker side: deciding queued commands, automatic steps, setup, stand-in moves for bots and timed-out
seats, what to schedule next, the RQ jobs, and the sweep."""
