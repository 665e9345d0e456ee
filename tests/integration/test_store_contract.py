"""The store contract on a real Redis (the same suite runs on fakeredis in tests/service)."""

import pytest

from tests.support.store_contract import StoreContract

pytestmark = pytest.mark.integration


class TestStoreOnRealRedis(StoreContract):
    pass
