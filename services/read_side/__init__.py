"""The read side: projections (the views players read), history, the audit export, rebuilding projections."""
