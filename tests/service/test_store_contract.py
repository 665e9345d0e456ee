"""The store contract on fakeredis (the same suite runs on a real Redis in tests/integration)."""

from tests.support.store_contract import StoreContract


class TestStoreOnFakeRedis(StoreContract):
    pass
