"""What an operator sees of the service: Prometheus metrics (metrics.py, exposition.py, service_probe.py,
redis_errors.py) and structured logs (structured_logs.py)."""
