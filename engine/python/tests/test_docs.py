"""The examples of docs/python.md run."""

import re

import pytest

from conftest import REPO

BLOCKS = re.findall(r"```python\n(.*?)```", (REPO / "docs" / "python.md").read_text(), re.S)


def test_the_guide_has_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_example_runs(i, capsys):
    exec(compile(BLOCKS[i], f"docs/python.md block {i}", "exec"), {})
