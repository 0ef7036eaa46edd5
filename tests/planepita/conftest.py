"""What Planepita's UI tests share: a headless App in a temporary home,
shut down after the test (tests/ui/driver.py builds it)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.driver import make_app


@pytest.fixture
def app(tmp_path: Any):
    a = make_app(tmp_path)
    try:
        yield a
    finally:
        a.shutdown()
