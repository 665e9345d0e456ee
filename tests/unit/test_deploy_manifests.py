"""deploy/ works as written: the Kubernetes manifests validate against a pinned Kubernetes version and hang
together (probes on the API's health endpoints, disruption budgets over the pods they mean, workers scaled on
the very list RQ queues jobs on, Redis with AOF and a replica, the archive on MinIO), and the compose file is
sound (``docker compose config`` where Docker Compose exists, else parsed and checked here)."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import fakeredis
import jsonschema
import kubernetes_validate
import pytest
import yaml
from rq import Queue

from papyrus.cli import build_parser
from papyrus.commands.api import RESERVED_THREADS
from services import keys
from services.observability.service_probe import ServiceCollector
from services.operations.rq_figures import RqFigures
from services.settings import Settings
from services.store.object_store import S3Objects, object_store

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
KUBERNETES_VERSION = "1.34.0"
KEDA = "keda.sh/v1alpha1"
# The part of KEDA's ScaledObject (keda.sh/v1alpha1) these manifests use, after KEDA's documentation: its CRD
# is not in kubernetes-validate's schemas. Unknown fields are refused, so a misspelt one shows.
SCALED_OBJECT = {
    "type": "object",
    "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {
        "spec": {
            "type": "object",
            "additionalProperties": False,
            "required": ["scaleTargetRef", "triggers"],
            "properties": {
                "scaleTargetRef": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["name"],
                    "properties": {"name": {"type": "string"}, "kind": {"type": "string"}},
                },
                **{
                    name: {"type": "integer", "minimum": 0}
                    for name in ("minReplicaCount", "maxReplicaCount", "pollingInterval", "cooldownPeriod")
                },
                "fallback": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["failureThreshold", "replicas"],
                    "properties": {"failureThreshold": {"type": "integer"}, "replicas": {"type": "integer"}},
                },
                "advanced": {"type": "object"},
                "triggers": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["type", "metadata"],
                        "properties": {
                            "type": {"enum": ["redis", "cpu", "memory"]},
                            "metricType": {"enum": ["Utilization", "AverageValue", "Value"]},
                            "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
                        },
                    },
                },
            },
        }
    },
}


def documents(*paths: Path) -> list[dict[str, Any]]:
    return [doc for path in paths for doc in yaml.safe_load_all(path.read_text()) if doc]


def every_manifest() -> list[dict[str, Any]]:
    return documents(*sorted((DEPLOY / "k8s").rglob("*.yaml")))


def one(kind: str, name: str, docs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    found = [d for d in docs or every_manifest() if d["kind"] == kind and d["metadata"]["name"] == name]
    assert len(found) == 1, f"{kind}/{name}: {len(found)} found"
    return found[0]


def container(workload: dict[str, Any]) -> dict[str, Any]:
    (only,) = workload["spec"]["template"]["spec"]["containers"]
    return only


def env_of(workload: dict[str, Any]) -> dict[str, str]:
    return {item["name"]: item["value"] for item in container(workload).get("env", [])}


def services_selecting(labels: dict[str, str]) -> list[str]:
    return [
        d["metadata"]["name"]
        for d in every_manifest()
        if d["kind"] == "Service" and d["spec"]["selector"].items() <= labels.items()
    ]


def test_every_kubernetes_manifest_validates_strictly_against_the_pinned_version() -> None:
    docs = every_manifest()
    assert {d["kind"] for d in docs} >= {"Deployment", "StatefulSet", "Service", "PodDisruptionBudget"}
    for doc in docs:
        if doc["apiVersion"] == KEDA:
            jsonschema.validate(doc, SCALED_OBJECT)
        else:
            kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)


def test_a_misspelt_field_is_refused_by_the_validation() -> None:
    api = one("Deployment", "papyrus-api")
    broken = {**api, "spec": {**api["spec"], "replica": 2}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def _line(path: Path, pattern: str) -> str:
    found = re.search(pattern, path.read_text(), re.MULTILINE)
    assert found is not None, f"{path.name}: no line matches {pattern}"
    return found.group(1)


def test_every_deploy_file_starts_the_api_with_arguments_papyrus_api_accepts() -> None:
    commands = [
        container(one("Deployment", "papyrus-api"))["command"],
        _compose()["services"]["api"]["command"],
        json.loads(_line(DEPLOY / "Dockerfile", r"^CMD (.+)$")),
        shlex.split(_line(DEPLOY / "systemd" / "papyrus-api.service", r"^ExecStart=(.+)$")),
    ]
    for command in commands:
        assert Path(command[0]).name == "papyrus" and command[1] == "api", command
        served = build_parser(only="api").parse_args(command[1:])
        assert served.port == 8000 and served.workers >= 1 and served.threads > RESERVED_THREADS


def test_the_api_is_ready_on_health_and_alive_on_live_both_of_which_it_serves() -> None:
    api = container(one("Deployment", "papyrus-api"))
    port = api["ports"][0]["containerPort"]
    assert api["readinessProbe"]["httpGet"] == {"path": "/api/health", "port": port}
    assert api["livenessProbe"]["httpGet"] == {"path": "/api/live", "port": port}
    assert api["command"][:2] == ["papyrus", "api"]
    served = build_parser(only="api").parse_args(api["command"][1:])
    assert (served.host, served.port) == ("0.0.0.0", port)
    from api.app import create_app
    from api.runtime import runtime_from_env

    runtime = runtime_from_env({})
    try:
        client = create_app(runtime.service, redis=runtime.redis).test_client()
        assert client.get("/api/live").status_code == 200
        assert client.get("/api/health").status_code in (200, 503)
    finally:
        runtime.close()


@pytest.mark.parametrize("name", ["papyrus-api", "papyrus-worker"])
def test_a_disruption_budget_keeps_one_pod_of_each_stateless_part(name: str) -> None:
    deployment, budget = one("Deployment", name), one("PodDisruptionBudget", name)
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert budget["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert 1 <= budget["spec"]["minAvailable"] < deployment["spec"]["replicas"]


def test_every_redis_url_names_a_service_that_reaches_the_primary() -> None:
    primary = one("StatefulSet", "papyrus-redis")
    reaching = services_selecting(primary["spec"]["template"]["metadata"]["labels"])
    for name in ("papyrus-api", "papyrus-worker"):
        host = urlparse(env_of(one("Deployment", name))["REDIS_URL"]).hostname
        assert host in reaching, f"{name} points at {host}, not at the Redis primary ({reaching})"


def test_redis_keeps_an_aof_and_a_replica_of_the_primary_on_another_node() -> None:
    primary, replica = one("StatefulSet", "papyrus-redis"), one("StatefulSet", "papyrus-redis-replica")
    for redis in (primary, replica):
        args = container(redis)["args"]
        assert args[args.index("--appendonly") + 1] == "yes"
        assert args[args.index("--maxmemory-policy") + 1] == "noeviction"
        assert redis["spec"]["volumeClaimTemplates"], "AOF on a persistent volume"
    args = container(replica)["args"]
    upstream = args[args.index("--replicaof") + 1]
    assert upstream in services_selecting(primary["spec"]["template"]["metadata"]["labels"])
    assert "--replicaof" not in container(primary)["args"]
    (rule,) = replica["spec"]["template"]["spec"]["affinity"]["podAntiAffinity"][
        "requiredDuringSchedulingIgnoredDuringExecution"
    ]
    assert rule["labelSelector"]["matchLabels"] == primary["spec"]["template"]["metadata"]["labels"]


def test_keda_scales_the_workers_on_the_list_rq_queues_their_jobs_on() -> None:
    scaled = one("ScaledObject", "papyrus-worker")
    worker = one("Deployment", "papyrus-worker")
    assert scaled["spec"]["scaleTargetRef"]["name"] == worker["metadata"]["name"]
    triggers = [t for t in scaled["spec"]["triggers"] if t["type"] == "redis"]
    queue = Settings.from_env(env_of(worker)).queue_name
    rq_list = Queue(queue, connection=fakeredis.FakeRedis()).key
    waiting_games = keys.ready_games()  # one decision job serves every game on it: RQ's queue stays short
    assert sorted(t["metadata"]["listName"] for t in triggers) == sorted([rq_list, waiting_games])
    for redis in triggers:
        host = redis["metadata"]["address"].split(":")[0]
        assert host == urlparse(env_of(worker)["REDIS_URL"]).hostname, "the Redis RQ runs on"
        assert int(redis["metadata"]["listLength"]) > 0
    spec = scaled["spec"]
    assert spec["minReplicaCount"] <= spec["fallback"]["replicas"] <= spec["maxReplicaCount"]


def test_each_rq_redis_has_workers_of_its_own_scaled_on_its_own_lists() -> None:
    """RQ_REDIS_URLS is the same for the API and every worker; instance n has a Deployment running
    ``papyrus worker --rq n``, and its ScaledObject reads that instance's lists."""
    api = env_of(one("Deployment", "papyrus-api"))["RQ_REDIS_URLS"].split(",")
    assert len(api) == 2
    workers = [d for d in every_manifest() if d["kind"] == "Deployment" and "worker" in d["metadata"]["name"]]
    served = {}
    for worker in workers:
        assert env_of(worker)["RQ_REDIS_URLS"].split(",") == api
        command = container(worker)["command"]
        served[int(command[command.index("--rq") + 1])] = worker["metadata"]["name"]
    assert sorted(served) == list(range(len(api)))
    for number, name in served.items():
        scaled = one("ScaledObject", name)
        hosts = {
            t["metadata"]["address"].split(":")[0] for t in scaled["spec"]["triggers"] if t["type"] == "redis"
        }
        assert hosts == {urlparse(api[number]).hostname}
        assert urlparse(api[number]).hostname in services_selecting({"app": urlparse(api[number]).hostname})


def test_the_hpa_fallback_scales_the_workers_on_cpu_and_the_queue_depth_papyrus_exposes() -> None:
    hpa, worker = one("HorizontalPodAutoscaler", "papyrus-worker"), one("Deployment", "papyrus-worker")
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "papyrus-worker",
    }
    metrics = {m["type"]: m for m in hpa["spec"]["metrics"]}
    assert container(worker)["resources"]["requests"]["cpu"], "CPU utilisation is a share of the request"
    exposed = {family.name for family in ServiceCollector(_Probe()).collect()}
    assert metrics["External"]["external"]["metric"]["name"] in exposed
    keda_dir, hpa_dir = DEPLOY / "k8s" / "keda", DEPLOY / "k8s" / "hpa"
    assert {d["kind"] for d in documents(*keda_dir.glob("*.yaml"))} == {"ScaledObject"}
    assert {d["kind"] for d in documents(*hpa_dir.glob("*.yaml"))} == {"HorizontalPodAutoscaler", "ConfigMap"}


def test_the_adapter_serves_the_hpa_the_queue_depth_as_the_max_over_the_api_instances() -> None:
    hpa = one("HorizontalPodAutoscaler", "papyrus-worker")
    wanted = {m["type"]: m for m in hpa["spec"]["metrics"]}["External"]["external"]["metric"]["name"]
    rules = yaml.safe_load(one("ConfigMap", "papyrus-adapter-rules")["data"]["config.yaml"])
    (rule,) = [r for r in rules["externalRules"] if r["name"]["as"] == wanted]
    exposed = {family.name for family in ServiceCollector(_Probe()).collect()}
    series = rule["seriesQuery"].split("{")[0].strip("'")
    assert series in exposed, "the adapter reads a series the API exports"
    assert rule["metricsQuery"].startswith("max("), "each API instance reports the same store-wide figure"
    assert re.fullmatch(rule["name"]["matches"], series)


class _Probe:
    """A probe reading zeros, for the names of the metrics (services/observability/service_probe.py)."""

    def queue_depth(self) -> int:
        return 0

    def failed_jobs(self) -> int:
        return 0

    def live_workers(self) -> int:
        return 0

    def oldest_undecided_at(self) -> float | None:
        return None

    def last_sweep_at(self) -> float | None:
        return None

    def sweep_interval(self) -> float:
        return 60.0

    def rq_instances(self) -> list[RqFigures]:
        return [RqFigures(0, True)]


def _compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    return loaded


def _docker_compose() -> bool:
    if shutil.which("docker") is None:
        return False
    probe = subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30)
    return probe.returncode == 0


def test_the_compose_file_is_what_docker_compose_accepts() -> None:
    if _docker_compose():
        checked = subprocess.run(
            ["docker", "compose", "-f", str(DEPLOY / "compose.yaml"), "config", "--quiet"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert checked.returncode == 0, checked.stderr
    compose = _compose()
    services, volumes = compose["services"], set(compose.get("volumes", {}))
    allowed = {
        "image",
        "build",
        "command",
        "environment",
        "volumes",
        "ports",
        "depends_on",
        "deploy",
        "networks",
    }
    networks = {"default", *compose.get("networks", {})}
    for name, service in services.items():
        assert set(service) <= allowed | {"healthcheck", "profiles"}, f"{name}: {set(service) - allowed}"
        assert ("image" in service) != ("build" in service), f"{name}: an image or a build"
        if "build" in service:
            context = (DEPLOY / service["build"]["context"]).resolve()
            assert (context / service["build"]["dockerfile"]).is_file(), f"{name}: no Dockerfile"
        for dependency in service.get("depends_on", []):
            assert dependency in services, f"{name} depends on unknown {dependency}"
        for mount in service.get("volumes", []):
            source = mount.split(":")[0]
            if source.startswith("."):
                assert (DEPLOY / source).exists(), f"{name} mounts missing {source}"
            else:
                assert source in volumes, f"{name} mounts undeclared volume {source}"
        for network in service.get("networks", {}):
            assert network in networks, f"{name} joins undeclared network {network}"
        url = service.get("environment", {}).get("REDIS_URL")
        if url is not None:
            assert urlparse(url).hostname in services, f"{name}: REDIS_URL names no service"


def test_compose_runs_redis_with_aof_and_a_replica_and_checks_the_api_is_alive() -> None:
    services = _compose()["services"]
    config = (DEPLOY / "redis.conf").read_text().splitlines()
    assert "appendonly yes" in config and "maxmemory-policy noeviction" in config
    replica = services["redis-replica"]["command"]
    assert replica[replica.index("--replicaof") + 1] == "redis"
    assert "/api/live" in " ".join(services["api"]["healthcheck"]["test"])


def test_the_proxy_reads_request_bodies_whole_and_within_a_deadline() -> None:
    """Caddy passes bodies through as they come unless told: then a slow body holds an API request."""
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    lines = [line.split("#")[0].strip() for line in caddyfile.splitlines()]
    assert "request_buffers 64KB" in lines
    assert "read_body 10s" in lines and "read_header 10s" in lines
    assert "max_size 64KB" in lines


def test_the_api_and_the_workers_archive_to_the_minio_the_kubernetes_manifests_run() -> None:
    minio = one("StatefulSet", "papyrus-minio")
    reaching = services_selecting(minio["spec"]["template"]["metadata"]["labels"])
    secret = one("Secret", "papyrus-archive-credentials")
    assert set(secret["stringData"]) == {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"}
    assert minio["spec"]["volumeClaimTemplates"], "the archive on a persistent volume"
    bucket_job = " ".join(container(one("Job", "papyrus-archive-bucket"))["args"])
    for name in ("papyrus-api", "papyrus-worker"):
        workload = one("Deployment", name)
        settings = Settings.from_env(env_of(workload))
        assert settings.archive_url and settings.archive_endpoint, f"{name} archives nowhere"
        store = object_store(settings.archive_url, settings.archive_endpoint)
        assert isinstance(store, S3Objects) and f"archive/{store.bucket}" in bucket_job
        assert urlparse(settings.archive_endpoint).hostname in reaching, f"{name}: not MinIO's service"
        assert container(workload)["envFrom"] == [{"secretRef": {"name": "papyrus-archive-credentials"}}]


def test_the_compose_file_archives_to_its_minio_with_the_bucket_it_creates() -> None:
    services = _compose()["services"]
    bucket_command = " ".join(services["minio-bucket"]["command"])
    for name in ("api", "worker"):
        env = services[name]["environment"]
        settings = Settings.from_env(env)
        assert settings.archive_url and settings.archive_endpoint, f"{name} archives nowhere"
        store = object_store(settings.archive_url, settings.archive_endpoint)
        assert isinstance(store, S3Objects) and f"archive/{store.bucket}" in bucket_command
        assert (
            urlparse(settings.archive_endpoint).hostname == "minio"
            and "minio" in services[name]["depends_on"]
        )
        assert env["AWS_ACCESS_KEY_ID"] == services["minio"]["environment"]["MINIO_ROOT_USER"]
        assert env["AWS_SECRET_ACCESS_KEY"] == services["minio"]["environment"]["MINIO_ROOT_PASSWORD"]


def test_compose_serves_each_rq_redis_with_workers_of_its_own() -> None:
    services = _compose()["services"]
    urls = Settings.from_env(services["api"]["environment"]).rq_urls()
    assert len(urls) == 2 and all(urlparse(url).hostname in services for url in urls)
    served: dict[int, int] = {}
    for service in services.values():
        command = service.get("command", [])
        if command[:2] == ["papyrus", "worker"]:
            assert Settings.from_env(service["environment"]).rq_urls() == urls
            index = int(command[command.index("--rq") + 1])
            served[index] = served.get(index, 0) + service["deploy"]["replicas"]
    assert sorted(served) == list(range(len(urls))) and min(served.values()) >= 2, served
