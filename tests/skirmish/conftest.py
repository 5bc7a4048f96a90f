import pytest

from tests.skirmish.helpers import get_spec


@pytest.fixture(scope="session")
def spec():
    return get_spec()
