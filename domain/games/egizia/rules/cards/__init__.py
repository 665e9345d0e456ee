"""The special effects of the Nile cards, split by when they act."""
