"""The examples of docs/python.md run as written."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_every_python_example_of_the_docs_runs():
    text = (ROOT / "docs/python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), {"__name__": "docs_example"})
