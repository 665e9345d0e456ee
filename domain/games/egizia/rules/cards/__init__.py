"""The special effects of the Nile cards (spec §7, §10), split by when they act."""
