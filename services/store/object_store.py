"""Where archived games are kept: an object store, reached through the S3 API or as a local directory.

Both answer the same calls on keys that are relative paths (``games/<id>.jsonl.gz``): ``put`` a whole
object, ``get`` it back (None when absent), ``delete`` it and ``list`` the keys under a prefix.
``PAPYRUS_ARCHIVE_URL`` chooses: ``s3://<bucket>/<prefix>`` is any S3-compatible store (MinIO, AWS...:
docs/settings.md), a path or ``file://`` URL a directory. Nothing here knows what an object holds.
"""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlparse


class ObjectStoreError(Exception):
    """The object store refused or could not be reached; the message says which and why."""


class ObjectStore(Protocol):
    def put(self, key: str, body: bytes) -> None: ...

    def get(self, key: str) -> bytes | None: ...

    def delete(self, key: str) -> None: ...

    def list(self, prefix: str) -> Iterator[str]: ...

    def describe(self) -> str: ...


def _clean_key(key: str) -> str:
    parts = key.split("/")
    if not key or key.startswith("/") or any(part in ("", ".", "..") for part in parts):
        raise ObjectStoreError(f"bad object key {key!r}")
    return key


class DirectoryObjects:
    """Objects as files under ``root``: written to a temporary file, flushed to disk and renamed over the
    key's file (the directory flushed too), so an object is either absent or whole after a crash."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / _clean_key(key)

    def put(self, key: str, body: bytes) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".put-")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(body)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)

    def get(self, key: str) -> bytes | None:
        try:
            return self._path(key).read_bytes()
        except FileNotFoundError:
            return None

    def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    def list(self, prefix: str) -> Iterator[str]:
        if not self.root.exists():
            return
        for path in sorted(self.root.rglob("*")):
            key = path.relative_to(self.root).as_posix()
            if path.is_file() and not path.name.startswith(".put-") and key.startswith(prefix):
                yield key

    def describe(self) -> str:
        return f"the directory {self.root}"


class S3Objects:
    """Objects in ``bucket`` under ``prefix``, through boto3 (any S3-compatible ``endpoint``). Its client is
    made on first use in each process (a forked work-horse makes its own) and shared by its threads."""

    def __init__(self, bucket: str, prefix: str, endpoint: str | None, region: str) -> None:
        self.bucket = bucket
        self.prefix = prefix
        self.endpoint = endpoint
        self.region = region
        self._client: Any = None
        self._pid = 0
        self._lock = threading.Lock()

    def _s3(self) -> Any:
        with self._lock:
            if self._client is None or self._pid != os.getpid():
                import boto3
                from botocore.config import Config

                config = Config(
                    retries={"max_attempts": 5, "mode": "standard"}, s3={"addressing_style": "path"}
                )
                self._client = boto3.session.Session().client(
                    "s3", endpoint_url=self.endpoint, region_name=self.region, config=config
                )
                self._pid = os.getpid()
            return self._client

    def put(self, key: str, body: bytes) -> None:
        with _errors("put", key, self):
            self._s3().put_object(Bucket=self.bucket, Key=self.prefix + _clean_key(key), Body=body)

    def get(self, key: str) -> bytes | None:
        from botocore.exceptions import ClientError

        body: bytes | None = None
        with _errors("get", key, self):
            try:
                reply = self._s3().get_object(Bucket=self.bucket, Key=self.prefix + _clean_key(key))
                body = reply["Body"].read()
            except ClientError as error:
                if error.response.get("Error", {}).get("Code") not in ("NoSuchKey", "404"):
                    raise
        return body

    def delete(self, key: str) -> None:
        with _errors("delete", key, self):
            self._s3().delete_object(Bucket=self.bucket, Key=self.prefix + _clean_key(key))

    def list(self, prefix: str) -> Iterator[str]:
        with _errors("list", prefix, self):
            pages = (
                self._s3()
                .get_paginator("list_objects_v2")
                .paginate(Bucket=self.bucket, Prefix=self.prefix + prefix)
            )
            for page in pages:
                for found in page.get("Contents", []):
                    yield str(found["Key"])[len(self.prefix) :]

    def describe(self) -> str:
        where = f" at {self.endpoint}" if self.endpoint else ""
        return f"the bucket {self.bucket!r}{where}"


@contextmanager
def _errors(call: str, key: str, store: S3Objects) -> Iterator[None]:
    """Turns boto3's errors into :class:`ObjectStoreError` naming the call, the key and the store."""
    from botocore.exceptions import BotoCoreError, ClientError

    try:
        yield
    except (BotoCoreError, ClientError) as error:
        raise ObjectStoreError(f"could not {call} {key!r} in {store.describe()}: {error}") from error


def object_store(url: str, endpoint: str | None = None, region: str = "us-east-1") -> ObjectStore:
    """The store ``url`` names: ``s3://<bucket>/<prefix>`` or a directory (a path or ``file://`` URL)."""
    parsed = urlparse(url)
    if parsed.scheme == "s3":
        if not parsed.netloc:
            raise ValueError(f"PAPYRUS_ARCHIVE_URL {url!r} names no bucket (s3://<bucket>/<prefix>)")
        prefix = parsed.path.lstrip("/")
        if prefix and not prefix.endswith("/"):
            prefix += "/"
        return S3Objects(parsed.netloc, prefix, endpoint or None, region)
    if parsed.scheme in ("", "file"):
        path = Path(parsed.path if parsed.scheme == "file" else url)
        if not path.is_absolute():
            path = Path.cwd() / path
        return DirectoryObjects(path)
    raise ValueError(f"PAPYRUS_ARCHIVE_URL must be s3://<bucket>/<prefix> or a directory, got {url!r}")
