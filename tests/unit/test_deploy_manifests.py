"""deploy/ works as written: the Kubernetes manifests validate against a pinned Kubernetes version and hang
together (commands ``papyrus`` parses, probes on the API's health endpoints, Services over the pods they mean,
the gateway sending live pages to the front's tier and the rest to the requests tier, budgets, autoscalers,
workers scaled on RQ's lists, Redis with AOF and a replica, the archive on MinIO), and the compose file is
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

from api.context import ApiConfig
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


GATEWAY_API = "gateway.networking.k8s.io/v1"
ENVOY_GATEWAY = "gateway.envoyproxy.io/v1alpha1"
LIVE_TIER, REQUESTS_TIER = "papyrus-api", "papyrus-api-requests"


def _closed(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}


def _list(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


def _strings(**extra: Any) -> dict[str, Any]:
    return {"type": "string", **extra}


# The parts of Gateway API v1 (standard channel) and of Envoy Gateway's policies these manifests use, after
# their API references: their CRDs are not in kubernetes-validate's schemas. Unknown fields are refused.
_DURATION = _strings(pattern=r"^([0-9]{1,5}(h|m|s|ms)){1,4}$")
_PARENT = _closed(["name"], name=_strings(), sectionName=_strings(), namespace=_strings())
_TARGET = _closed(["group", "kind", "name"], group=_strings(), kind=_strings(), name=_strings())
_CUSTOM = {
    (GATEWAY_API, "Gateway"): _closed(
        ["gatewayClassName", "listeners"],
        gatewayClassName=_strings(),
        listeners={
            "type": "array",
            "minItems": 1,
            "items": _closed(
                ["name", "port", "protocol"],
                name=_strings(),
                hostname=_strings(),
                port={"type": "integer", "minimum": 1, "maximum": 65535},
                protocol={"enum": ["HTTP", "HTTPS"]},
                tls=_closed(
                    ["mode", "certificateRefs"],
                    mode={"enum": ["Terminate"]},
                    certificateRefs=_list(_closed(["name"], kind=_strings(), name=_strings())),
                ),
            ),
        },
    ),
    (GATEWAY_API, "HTTPRoute"): _closed(
        ["parentRefs", "rules"],
        parentRefs={"type": "array", "minItems": 1, "items": _PARENT},
        hostnames={"type": "array", "items": _strings()},
        rules={
            "type": "array",
            "minItems": 1,
            "maxItems": 16,
            "items": _closed(
                [],
                matches={
                    "type": "array",
                    "items": _closed(
                        ["path"],
                        path=_closed(
                            ["type", "value"],
                            type={"enum": ["Exact", "PathPrefix", "RegularExpression"]},
                            value=_strings(minLength=1),
                        ),
                    ),
                },
                filters={
                    "type": "array",
                    "items": _closed(
                        ["type"],
                        type={"enum": ["RequestRedirect"]},
                        requestRedirect=_closed(
                            [], scheme={"enum": ["http", "https"]}, statusCode={"enum": [301, 302]}
                        ),
                    ),
                },
                backendRefs={
                    "type": "array",
                    "items": _closed(["name", "port"], name=_strings(), port={"type": "integer"}),
                },
                timeouts=_closed([], request=_DURATION, backendRequest=_DURATION),
            ),
        },
    ),
    (ENVOY_GATEWAY, "BackendTrafficPolicy"): _closed(
        ["targetRefs"],
        targetRefs={"type": "array", "minItems": 1, "items": _TARGET},
        requestBuffer=_closed(["limit"], limit=_strings(pattern=r"^[0-9]+(Ki|Mi)?$")),
    ),
    (ENVOY_GATEWAY, "ClientTrafficPolicy"): _closed(
        ["targetRefs"],
        targetRefs={"type": "array", "minItems": 1, "items": _TARGET},
        timeout=_closed([], http=_closed([], requestReceivedTimeout=_DURATION, idleTimeout=_DURATION)),
    ),
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


def pods(workload: dict[str, Any]) -> dict[str, str]:
    labels: dict[str, str] = workload["spec"]["template"]["metadata"]["labels"]
    return labels


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
        elif doc["apiVersion"] in (GATEWAY_API, ENVOY_GATEWAY):
            assert set(doc) == {"apiVersion", "kind", "metadata", "spec"}, doc["metadata"]["name"]
            jsonschema.validate(doc["spec"], _CUSTOM[doc["apiVersion"], doc["kind"]])
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


SYSTEMD_START = r"^ExecStart=(.+)$"


def test_every_deploy_file_starts_the_api_with_arguments_papyrus_api_accepts() -> None:
    """The front's processes wherever the API runs, and the tier of plain requests beside them in compose
    and Kubernetes."""
    services = _compose()["services"]
    commands = {
        "k8s front": (container(one("Deployment", LIVE_TIER))["command"], False),
        "k8s requests": (container(one("Deployment", REQUESTS_TIER))["command"], True),
        "compose front": (services["api"]["command"], False),
        "compose requests": (services["api-requests"]["command"], True),
        "Dockerfile": (json.loads(_line(DEPLOY / "Dockerfile", r"^CMD (.+)$")), False),
        "systemd": (shlex.split(_line(DEPLOY / "systemd" / "papyrus-api.service", SYSTEMD_START)), False),
    }
    for where, (command, requests_only) in commands.items():
        assert Path(command[0]).name == "papyrus" and command[1] == "api", where
        served = build_parser(only="api").parse_args(command[1:])
        assert served.port == 8000 and served.workers >= 1 and served.threads > RESERVED_THREADS, where
        assert served.requests_only is requests_only, where


def test_every_kubernetes_container_runs_a_papyrus_command_its_parser_accepts() -> None:
    """A misspelt subcommand or flag would only show as a pod crash-looping: argparse exits on it here."""
    ran = set()
    for doc in every_manifest():
        if doc["kind"] not in ("Deployment", "StatefulSet", "Job"):
            continue
        for box in doc["spec"]["template"]["spec"]["containers"]:
            command = [*box.get("command", []), *box.get("args", [])]
            if box["image"].startswith("papyrus:"):
                assert command[:1] == ["papyrus"], doc["metadata"]["name"]
                parsed = build_parser().parse_args(command[1:])
                ran.add((parsed.command, getattr(parsed, "requests_only", None)))
    assert ran == {("api", False), ("api", True), ("worker", None)}


@pytest.mark.parametrize("name", [LIVE_TIER, REQUESTS_TIER])
def test_the_api_is_ready_on_health_and_alive_on_live_both_of_which_it_serves(name: str) -> None:
    api = container(one("Deployment", name))
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


@pytest.mark.parametrize("name", [LIVE_TIER, REQUESTS_TIER, "papyrus-worker"])
def test_a_disruption_budget_keeps_one_pod_of_each_stateless_part(name: str) -> None:
    deployment, budget = one("Deployment", name), one("PodDisruptionBudget", name)
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert budget["spec"]["selector"]["matchLabels"].items() <= labels.items()
    others = [d for d in every_manifest() if d["kind"] == "Deployment" and d["metadata"]["name"] != name]
    assert not any(budget["spec"]["selector"]["matchLabels"].items() <= pods(d).items() for d in others)
    fewest = deployment["spec"].get("replicas") or one("HorizontalPodAutoscaler", name)["spec"]["minReplicas"]
    assert 1 <= budget["spec"]["minAvailable"] < fewest


def test_every_redis_url_names_a_service_that_reaches_the_primary() -> None:
    primary = one("StatefulSet", "papyrus-redis")
    reaching = services_selecting(primary["spec"]["template"]["metadata"]["labels"])
    for name in (LIVE_TIER, REQUESTS_TIER, "papyrus-worker"):
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


def test_each_api_tier_has_a_service_over_its_own_pods_on_the_port_they_serve() -> None:
    for name in (LIVE_TIER, REQUESTS_TIER):
        deployment, service = one("Deployment", name), one("Service", name)
        assert deployment["spec"]["selector"]["matchLabels"].items() <= pods(deployment).items()
        assert services_selecting(pods(deployment)) == [name], "one Service, and only this tier's pods"
        served = {p["name"]: p["containerPort"] for p in container(deployment)["ports"]}
        for port in service["spec"]["ports"]:
            target = port["targetPort"]
            assert served.get(target, target) in served.values(), f"{name}: {target} is no container port"
        front = one("Deployment", LIVE_TIER)
        shared = {k: v for k, v in env_of(deployment).items() if not k.startswith("PAPYRUS_LIVE")}
        assert shared == {k: v for k, v in env_of(front).items() if not k.startswith("PAPYRUS_LIVE")}
        assert container(deployment)["envFrom"] == container(front)["envFrom"]


def _routes(listener: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(match type, value, rule) of every HTTPRoute rule attached to ``listener`` of the Gateway."""
    found = []
    for route in every_manifest():
        if route["kind"] != "HTTPRoute":
            continue
        if not any(parent["sectionName"] == listener for parent in route["spec"]["parentRefs"]):
            continue
        for rule in route["spec"]["rules"]:
            for match in rule.get("matches", [{"path": {"type": "PathPrefix", "value": "/"}}]):
                found.append((match["path"]["type"], match["path"]["value"], rule))
    return found


def routed(path: str, listener: str = "https") -> dict[str, Any]:
    """The rule a request for ``path`` takes, in the order Envoy Gateway gives the matches (Exact, then
    RegularExpression, then PathPrefix, longest first; a prefix matches whole path segments)."""
    order = {"Exact": 0, "RegularExpression": 1, "PathPrefix": 2}
    for kind, value, rule in sorted(_routes(listener), key=lambda m: (order[m[0]], -len(m[1]))):
        if kind == "Exact" and path == value:
            return rule
        if kind == "RegularExpression" and re.fullmatch(value, path):
            return rule
        segments = value.rstrip("/") + "/"
        if kind == "PathPrefix" and (value == "/" or path == value or path.startswith(segments)):
            return rule
    raise AssertionError(f"no route for {path}")


def backend(path: str) -> str:
    (only,) = routed(path)["backendRefs"]
    service = one("Service", only["name"])
    assert only["port"] in [p["port"] for p in service["spec"]["ports"]], f"{path}: no such Service port"
    return str(only["name"])


def test_the_gateway_sends_the_live_pages_to_the_front_and_every_other_route_to_the_requests_tier() -> None:
    """Every route the app serves, its placeholders filled in: the live view's to papyrus-api (whose
    processes run the front), all others to papyrus-api-requests; near misses go to the requests tier."""
    from api.app import create_app
    from api.runtime import runtime_from_env

    runtime = runtime_from_env({})
    try:
        app = create_app(runtime.service, redis=runtime.redis)
        rules = [(rule.rule, app.view_functions[rule.endpoint]) for rule in app.url_map.iter_rules()]
    finally:
        runtime.close()
    live = {path for path, view in rules if view.__module__ == "api.web.live"}
    assert live == {"/api/games/<game_id>/live"}
    for path, _view in rules:
        for filled in (re.sub(r"<[^>]+>", "g-7Hx2", path), re.sub(r"<[^>]+>", "a.b~c%20d", path)):
            assert backend(filled) == (LIVE_TIER if path in live else REQUESTS_TIER), filled
    for near in ("/api/games//live", "/api/games/g1/live/", "/api/games/g1/lives", "/api/games/g1/x/live"):
        assert backend(near) == REQUESTS_TIER, near
    assert backend("/api/live") == REQUESTS_TIER, "the liveness check is a plain request"


def test_compose_and_kubernetes_tell_the_live_pages_by_the_same_pattern() -> None:
    caddy = _line(DEPLOY / "Caddyfile", r"^\s*@live path_regexp (\S+)$")
    (pattern,) = [value for kind, value, _rule in _routes("https") if kind == "RegularExpression"]
    assert pattern == caddy
    services = _compose()["services"]
    for matcher, requests_only in (("@live ", False), ("", True)):
        upstream = _line(DEPLOY / "Caddyfile", rf"^\s*reverse_proxy {matcher}(\w[\w-]*):8000 \{{$")
        served = build_parser(only="api").parse_args(services[upstream]["command"][1:])
        assert served.requests_only is requests_only, upstream


def test_the_live_route_streams_without_a_deadline_and_the_rest_read_whole_and_bounded() -> None:
    live, rest = routed("/api/games/g1/live"), routed("/api/games/g1/commands")
    assert live["timeouts"]["request"] == "0s", "Envoy's 15 s default would cut every stream"
    seconds = int(rest["timeouts"]["request"].removesuffix("s"))
    assert seconds > ApiConfig().submit_wait_seconds
    (policy,) = [d for d in every_manifest() if d["kind"] == "BackendTrafficPolicy"]
    (target,) = policy["spec"]["targetRefs"]
    assert (target["kind"], target["name"]) == ("HTTPRoute", _route_of(rest))
    assert policy["spec"]["requestBuffer"]["limit"] == f"{ApiConfig().max_body_bytes // 1024}Ki"
    (client,) = [d for d in every_manifest() if d["kind"] == "ClientTrafficPolicy"]
    assert client["spec"]["timeout"]["http"]["requestReceivedTimeout"] == "10s", "the Caddyfile's read_body"


def _route_of(rule: dict[str, Any]) -> str:
    routes = [d for d in every_manifest() if d["kind"] == "HTTPRoute"]
    (name,) = [d["metadata"]["name"] for d in routes if rule in d["spec"]["rules"]]
    return name


def test_the_gateway_listens_for_https_and_plain_http_only_redirects() -> None:
    gateway = one("Gateway", "papyrus")
    listeners = {listener["name"]: listener for listener in gateway["spec"]["listeners"]}
    assert listeners["https"]["protocol"] == "HTTPS" and listeners["http"]["protocol"] == "HTTP"
    for route in [d for d in every_manifest() if d["kind"] == "HTTPRoute"]:
        assert {p["name"] for p in route["spec"]["parentRefs"]} == {"papyrus"}
        assert route["spec"]["hostnames"] == [listeners["https"]["hostname"]]
    (redirect,) = [filt["requestRedirect"] for filt in routed("/api/games", "http")["filters"]]
    assert redirect["scheme"] == "https" and "backendRefs" not in routed("/", "http")


@pytest.mark.parametrize("name", [LIVE_TIER, REQUESTS_TIER])
def test_each_api_tier_is_autoscaled_on_what_its_pods_request(name: str) -> None:
    hpa, deployment = one("HorizontalPodAutoscaler", name), one("Deployment", name)
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": name}
    assert "replicas" not in deployment["spec"], "the autoscaler owns it: an apply would reset it"
    assert 2 <= hpa["spec"]["minReplicas"] < hpa["spec"]["maxReplicas"]
    requests = container(deployment)["resources"]["requests"]
    for metric in hpa["spec"]["metrics"]:
        assert metric["type"] == "Resource", "metrics-server's figures: no adapter needed"
        assert metric["resource"]["name"] in requests, "utilisation is a share of the request"
    assert "cpu" in [m["resource"]["name"] for m in hpa["spec"]["metrics"]]


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
    for name in (LIVE_TIER, REQUESTS_TIER, "papyrus-worker"):
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
