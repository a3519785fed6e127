"""Build hook: ships the top-level ``templates/`` folder inside the package as ``sheetpair/report/templates``.

All other packaging settings are in pyproject.toml. The report templates live at the repository's top level
(the product layout); a checkout reads them there, an installed package reads this copy
(see ``sheetpair/report/render.py``).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

TEMPLATES = Path(__file__).resolve().parent / "templates"


class BuildWithTemplates(build_py):
    """``build_py`` that also copies the report templates into the built package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "sheetpair" / "report" / "templates"
        shutil.copytree(TEMPLATES, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("README.md"))


setup(cmdclass={"build_py": BuildWithTemplates})
