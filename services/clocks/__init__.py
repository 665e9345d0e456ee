"""Per-game clocks: presets and the custom form (``config``), the time each seat has left (``bank``, pure),
the per-seat clock store (services/clocks/deadlines.py), and the reminder when a quarter of a seat's time is
left (``reminders``)."""
