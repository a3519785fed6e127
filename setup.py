"""Build hook: ships the top-level ``templates/`` and ``sample_workbooks/`` folders inside the package.

All other packaging settings are in pyproject.toml. The report templates and the sample events live at
the repository's top level (the product layout); a checkout reads them there, an installed package reads
the copies made here: ``sheetpair/report/templates`` (found by ``sheetpair/report/render.py``) and
``sheetpair/samples`` (copied out by ``sheetpair samples``).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
COPIES = {
    HERE / "templates": (Path("sheetpair", "report", "templates"), ("README.md",)),
    HERE / "sample_workbooks": (Path("sheetpair", "samples"), ("*.py", "__pycache__")),
}
"""Source folder: (folder inside the built package, names left out)."""


class BuildWithData(build_py):  # type: ignore[misc]  # setuptools is untyped
    """``build_py`` that also copies the report templates and the sample workbooks into the built package."""

    def run(self) -> None:
        super().run()
        for source, (target, ignored) in COPIES.items():
            shutil.copytree(source, Path(self.build_lib) / target, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns(*ignored))


setup(cmdclass={"build_py": BuildWithData})
