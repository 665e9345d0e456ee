"""The object store's two kinds answer alike: an S3-compatible server (moto, real HTTP on loopback) and a
directory; ``PAPYRUS_ARCHIVE_URL`` picks one, and a bad one is refused naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.runtime import archive_directory
from services.settings import Settings
from services.store.object_store import (
    DirectoryObjects,
    ObjectStore,
    ObjectStoreError,
    S3Objects,
    object_store,
)
from tests.support.s3_server import S3Server


def stores(tmp_path: Path, s3_server: S3Server, bucket: str) -> list[ObjectStore]:
    return [
        DirectoryObjects(tmp_path / "objects"),
        S3Objects(bucket, "deploy-a/", s3_server.endpoint, "us-east-1"),
    ]


def test_both_kinds_put_get_list_and_delete_alike(tmp_path: Path, s3_server: S3Server, bucket: str) -> None:
    for store in stores(tmp_path, s3_server, bucket):
        assert store.get("games/absent.jsonl.gz") is None
        store.put("games/a.jsonl.gz", b"first")
        store.put("games/a.jsonl.gz", b"second")  # a put replaces the whole object
        store.put("games/b.jsonl.gz", b"\x00\xff" * 1000)
        assert store.get("games/a.jsonl.gz") == b"second"
        assert store.get("games/b.jsonl.gz") == b"\x00\xff" * 1000
        assert list(store.list("games/")) == ["games/a.jsonl.gz", "games/b.jsonl.gz"]
        store.delete("games/a.jsonl.gz")
        store.delete("games/a.jsonl.gz")  # deleting what is gone is no error
        assert list(store.list("games/")) == ["games/b.jsonl.gz"], store.describe()


def test_keys_that_could_leave_the_store_are_refused(tmp_path: Path) -> None:
    store = DirectoryObjects(tmp_path)
    for key in ("../escape", "/absolute", "games//double", "games/./here", ""):
        with pytest.raises(ObjectStoreError, match="bad object key"):
            store.put(key, b"x")


def test_an_unreachable_s3_store_is_a_clear_error() -> None:
    unreachable = S3Objects("papyrus", "", "http://127.0.0.1:9", "us-east-1")
    with pytest.raises(ObjectStoreError, match=r"could not get 'games/x.jsonl.gz' in the bucket 'papyrus'"):
        unreachable.get("games/x.jsonl.gz")


def test_the_archive_url_names_the_store(tmp_path: Path) -> None:
    s3 = object_store("s3://archive-bucket/papyrus/prod", "http://minio:9000")
    assert isinstance(s3, S3Objects) and (s3.bucket, s3.prefix, s3.endpoint) == (
        "archive-bucket",
        "papyrus/prod/",
        "http://minio:9000",
    )
    directory = object_store(f"file://{tmp_path}")
    assert isinstance(directory, DirectoryObjects) and directory.root == tmp_path
    assert isinstance(object_store(str(tmp_path)), DirectoryObjects)
    for bad in ("s3:///no-bucket", "http://example.invalid/archive"):
        with pytest.raises(ValueError, match="PAPYRUS_ARCHIVE_URL"):
            object_store(bad)


def test_archive_settings_are_read_from_the_environment() -> None:
    settings = Settings.from_env(
        {
            "PAPYRUS_ARCHIVE_URL": "s3://b/p",
            "PAPYRUS_ARCHIVE_ENDPOINT": "http://minio:9000",
            "PAPYRUS_ARCHIVE_REGION": "eu-west-3",
            "PAPYRUS_ARCHIVE_AFTER": "3600",
        }
    )
    assert (settings.archive_url, settings.archive_endpoint, settings.archive_region) == (
        "s3://b/p",
        "http://minio:9000",
        "eu-west-3",
    )
    assert settings.archive_after == 3600.0 and Settings.from_env({}).archive_after == 86_400.0
    with pytest.raises(ValueError, match="PAPYRUS_ARCHIVE_AFTER must be at least 0"):
        Settings.from_env({"PAPYRUS_ARCHIVE_AFTER": "-1"})
    assert archive_directory(Path("/srv/papyrus/.papyrus-data")) == Path("/srv/papyrus/.papyrus-data.archive")
