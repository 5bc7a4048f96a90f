import pytest

from tests.tobago.helpers import get_spec


@pytest.fixture(scope="session")
def spec():
    return get_spec()
