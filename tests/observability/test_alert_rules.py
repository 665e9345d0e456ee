"""deploy/prometheus: the scrape config scrapes the API's /metrics and the workers' endpoints and loads
the rules; each alert rule is complete and every metric its expression names is one Papyrus exposes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from prometheus_client.parser import text_string_to_metric_families

from tests.observability.conftest import App

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "prometheus"
PROMETHEUS_OWN = {"up"}  # recorded by Prometheus for every target
PROMQL_WORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "bool"}
SUFFIXES = {
    "counter": ("_total",),
    "histogram": ("_bucket", "_sum", "_count"),
    "gauge": ("",),
}
REQUIRED_ALERTS = {"PapyrusCommandStalled", "PapyrusNoSweep", "PapyrusNoWorker", "PapyrusFailedJobsRising"}


def load(name: str) -> Any:
    return yaml.safe_load((DEPLOY / name).read_text())


def exposed_names(app: App) -> set[str]:
    text = app.client.get("/metrics").get_data(as_text=True)
    names = set()
    for family in text_string_to_metric_families(text):
        names |= {family.name + suffix for suffix in SUFFIXES.get(family.type, ("",))}
        names |= {sample.name for sample in family.samples}
    return names


def metric_names(expression: str) -> set[str]:
    """The metric names an expression reads: the identifiers that are not a function call, a keyword, a
    label matcher (inside braces), a range (inside brackets) or a grouping's labels (``by (rq)``)."""
    bare = re.sub(r"\{[^}]*\}|\[[^\]]*\]|\b(?:by|without|on|ignoring)\s*\([^)]*\)", " ", expression)
    names = set()
    for word in re.finditer(r"[A-Za-z_:][A-Za-z0-9_:]*", bare):
        calls = bare[word.end() :].lstrip().startswith("(")
        if not calls and word.group() not in PROMQL_WORDS:
            names.add(word.group())
    return names


def alert_rules() -> list[dict[str, Any]]:
    return [rule for group in load("alerts.yml")["groups"] for rule in group["rules"] if "alert" in rule]


def test_the_scrape_config_reads_the_api_and_the_workers_and_loads_the_rules() -> None:
    config = load("prometheus.yml")
    assert config["rule_files"] == ["alerts.yml"]
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    assert jobs["papyrus-api"]["metrics_path"] == "/metrics"
    assert jobs["papyrus-workers"]["dns_sd_configs"][0]["port"] == 9101


def test_every_alert_is_complete_and_reads_only_metrics_that_exist(app: App) -> None:
    exposed = exposed_names(app) | PROMETHEUS_OWN
    rules = alert_rules()
    assert {rule["alert"] for rule in rules} >= REQUIRED_ALERTS
    for rule in rules:
        assert {"alert", "expr", "for", "labels", "annotations"} <= rule.keys(), rule["alert"]
        assert rule["labels"]["severity"] in {"page", "ticket"}
        assert rule["annotations"]["summary"]
        named = metric_names(rule["expr"])
        assert named, rule["alert"]
        assert named <= exposed, (rule["alert"], named - exposed)


def test_a_stalled_command_is_one_older_than_two_sweep_intervals() -> None:
    (stalled,) = [rule for rule in alert_rules() if rule["alert"] == "PapyrusCommandStalled"]
    assert metric_names(stalled["expr"]) == {
        "papyrus_oldest_undecided_command_age_seconds",
        "papyrus_sweep_interval_seconds",
    }
    assert "> 2 * max(papyrus_sweep_interval_seconds)" in " ".join(stalled["expr"].split())


def test_the_name_check_catches_a_metric_that_does_not_exist(app: App) -> None:
    assert metric_names('sum(rate(papyrus_nothing_total{job="x"}[5m])) > 0') == {"papyrus_nothing_total"}
    assert metric_names("max by (rq) (papyrus_nothing) > 0") == {"papyrus_nothing"}
    assert "papyrus_nothing_total" not in exposed_names(app)
