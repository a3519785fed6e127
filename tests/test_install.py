"""Release: the sdist and wheel build and pass ``twine check``, a tagged commit builds as its tag; the wheel
installs into a fresh virtual environment from local wheels only (no index) and works there without any
extra: the command line, a Dutch round with the pure-Python matcher, HTML reports from the packaged
templates, the packaged samples, and one plain sentence with exit code 2 where an extra is missing.

Marked ``install`` (about a minute): ``pytest -m "not install"`` leaves it out; CI runs it.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.optional import MissingExtraError, require

from .conftest import REPO
from .wheelhouse import building, host_wheels

pytestmark = pytest.mark.install


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    with building():
        subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(REPO)],
                       check=True, capture_output=True, timeout=300)
    return out


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the built wheel and the core dependencies, nothing else."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=True)
    (wheel,) = dist.glob("*.whl")
    subprocess.run([str(env / "bin" / "python"), "-m", "pip", "install", "-q", "--no-index", "--find-links",
                    str(host_wheels()), str(wheel)], check=True, capture_output=True, timeout=300)
    return env


def run(env: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(env / "bin" / args[0]), *args[1:]], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_sdist_and_wheel_pass_twine_check(dist: Path) -> None:
    assert sorted(p.suffix for p in dist.iterdir()) == [".gz", ".whl"]
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.iterdir())],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_tagged_commit_builds_as_its_tag_with_the_changelog(tmp_path: Path) -> None:
    """setuptools-scm: the tag vX.Y.Z is the version; the sdist carries CHANGELOG.md."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(REPO), str(clone)], check=True, timeout=300)
    subprocess.run(["git", "-C", str(clone), "-c", "user.name=t", "-c", "user.email=t@t", "tag", "-a", "v9.8.7",
                    "-m", "test"], check=True)
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "out"), str(clone)],
                   check=True, capture_output=True, timeout=300)
    (sdist,) = (tmp_path / "out").iterdir()
    assert sdist.name == "sheetpair-9.8.7.tar.gz"
    with tarfile.open(sdist) as archive:
        assert "sheetpair-9.8.7/CHANGELOG.md" in archive.getnames()


def test_the_wheel_carries_templates_samples_and_the_add_in_builder(dist: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"sheetpair/report/templates/layout.html", "sheetpair/report/templates/sections/standings.html",
            "sheetpair/report/templates/pdf/report.typ",
            "sheetpair/samples/club_championship.xlsx", "sheetpair/samples/dutch_open.xlsx",
            "sheetpair/excel/ovba.py", "sheetpair/py.typed"} <= names
    assert not any(n.startswith(("tests/", "templates/")) or n.endswith(".pyc") for n in names)


def test_the_core_installs_without_compiled_or_heavy_packages(installed: Path, tmp_path: Path) -> None:
    listed = run(installed, "python", "-m", "pip", "list", "--format=freeze", cwd=tmp_path).stdout.lower()
    for absent in ("typst", "xlwings", "py4swiss", "pandas", "dask", "numpy"):
        assert f"{absent}==" not in listed
    assert "networkx==" in listed


def test_the_command_line_pairs_and_reports(installed: Path, tmp_path: Path) -> None:
    assert run(installed, "sheetpair", "--help", cwd=tmp_path).returncode == 0
    copied = run(installed, "sheetpair", "samples", "-o", "samples", cwd=tmp_path)
    assert copied.returncode == 0, copied.stderr
    for sample in ("club_championship", "dutch_open"):  # dutch_open runs the pure-Python matcher
        paired = run(installed, "sheetpair", "pair", f"samples/{sample}.xlsx", "-o", f"{sample}.xlsx", cwd=tmp_path)
        assert paired.returncode == 0, paired.stderr
        assert run(installed, "sheetpair", "standings", f"{sample}.xlsx", cwd=tmp_path).returncode == 0
    html = run(installed, "sheetpair", "report", "club_championship.xlsx", "--html", "site", cwd=tmp_path)
    assert html.returncode == 0, html.stderr
    assert "<table" in sorted((tmp_path / "site").glob("standings-*.html"))[-1].read_text(encoding="utf-8")
    probe = "from sheetpair.pairing.matching import compiled_available; print(compiled_available())"
    matcher = run(installed, "python", "-c", probe, cwd=tmp_path)
    assert matcher.stdout.strip() == "False"


def test_a_missing_extra_is_one_sentence_exit_2_and_nothing_written(installed: Path, tmp_path: Path) -> None:
    assert run(installed, "sheetpair", "samples", "-o", ".", cwd=tmp_path).returncode == 0
    pdf = run(installed, "sheetpair", "report", "club_championship.xlsx", "--pdf", "out.pdf", cwd=tmp_path)
    assert (pdf.returncode, pdf.stderr) == (2, 'Error: PDF reports need Typst: pip install "sheetpair[typst]"\n')
    assert not (tmp_path / "out.pdf").exists()
    add_in = run(installed, "sheetpair", "addin", "-o", "addin", cwd=tmp_path)
    assert add_in.returncode == 2
    assert add_in.stderr == 'Error: The Excel add-in needs xlwings: pip install "sheetpair[excel]"\n'
    assert not (tmp_path / "addin").exists()


def test_the_installed_package_packs_its_own_wheel_again(installed: Path, dist: Path, tmp_path: Path) -> None:
    """What ``sheetpair addin`` puts beside the add-in when sheetpair came from pip: the same files."""
    made = run(installed, "python", "-c", "from pathlib import Path; from sheetpair.excel.package import write_wheel; "
               "print(write_wheel(Path('.')))", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (original,) = dist.glob("*.whl")
    ours = zipfile.ZipFile(tmp_path / made.stdout.strip()).namelist()
    assert sorted(ours) == sorted(zipfile.ZipFile(original).namelist())


def test_require_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "typst", None)
    with pytest.raises(MissingExtraError, match=r'^PDF reports need Typst: pip install "sheetpair\[typst\]"$'):
        require("typst", "typst")
    assert require("json", "typst").__name__ == "json"


def test_pdf_without_typst_here_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The same sentence from this checkout's command line (the render path, not the installed one)."""
    monkeypatch.setitem(sys.modules, "typst", None)
    result = CliRunner().invoke(cli, ["report", str(REPO / "sample_workbooks" / "club_championship.xlsx"),
                                      "--pdf", str(tmp_path / "out.pdf")])
    assert result.exit_code == 2
    assert result.output == 'Error: PDF reports need Typst: pip install "sheetpair[typst]"\n'
    assert not (tmp_path / "out.pdf").exists()


def test_samples_are_copied_and_never_overwritten(tmp_path: Path) -> None:
    first = CliRunner().invoke(cli, ["samples", "-o", str(tmp_path)])
    assert first.exit_code == 0 and (tmp_path / "club_championship.xlsx").is_file()
    (tmp_path / "dutch_open.xlsx").write_bytes(b"the arbiter's own file")
    again = CliRunner().invoke(cli, ["samples", "-o", str(tmp_path)])
    assert again.exit_code == 4 and "already has" in again.output
    assert (tmp_path / "dutch_open.xlsx").read_bytes() == b"the arbiter's own file"
