"""What an operator (and the health check, metrics and ``papyrus doctor``) reads about the service itself:
its health, its backlog, and what is stuck, failed, dead or orphaned."""
