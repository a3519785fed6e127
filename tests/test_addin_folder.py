"""The classic add-in folder of each platform: its layout, its install script and INSTALL.txt read without
downloading anything, the one xlwings version (the VBA's and the installed one), and the install script run
for real on this machine from the folder alone (marked ``install``) and the wheels downloaded for Windows
and macOS (marked ``network``, run when ``SHEETPAIR_NETWORK_TESTS=1``)."""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import xlwings
from click.testing import CliRunner
from oletools.olevba import VBA_Parser
from packaging.requirements import Requirement

from sheetpair.cli import cli
from sheetpair.excel.catalogue import BUTTONS
from sheetpair.excel.installers import PYTHONS, WHEELS, XLAM_NAME, pip_install_arguments
from sheetpair.excel.package import MARKED_REQUIREMENTS, PLATFORMS, download_wheels, write_classic
from sheetpair.excel.pin import XLWINGS_VERSION, check_vba_version, vba_xlwings_version

from .conftest import REPO

STAND_IN = "sheetpair-0.1.0-py3-none-any.whl"
SCRIPT = {"windows": "install.cmd", "macos": "install.command"}
network = pytest.mark.skipif(os.environ.get("SHEETPAIR_NETWORK_TESTS") != "1",
                             reason="downloads from the package index: set SHEETPAIR_NETWORK_TESTS=1")


def make(folder: Path, platform: str, wheel: Path | None = None, fetch: object = None) -> list[Path]:
    if wheel is None:
        wheel = folder.parent / STAND_IN
        wheel.write_bytes(b"stand-in")
    return write_classic(folder, platform=platform, wheel=wheel, fetch=fetch or (lambda *args: None))  # type: ignore[arg-type]


@pytest.fixture(scope="module", params=sorted(PLATFORMS))
def folder(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(request.param) / "addin"
    make(out, request.param)
    return out


def platform_of(folder: Path) -> str:
    return "windows" if (folder / "install.cmd").exists() else "macos"


def test_each_folder_holds_the_add_in_its_wheels_one_script_and_the_instructions(folder: Path) -> None:
    script = SCRIPT[platform_of(folder)]
    assert sorted(p.name for p in folder.iterdir()) == sorted([XLAM_NAME, WHEELS, script, "INSTALL.txt"])
    assert [p.name for p in (folder / WHEELS).iterdir()] == [STAND_IN]
    assert (b"\r\n" in (folder / script).read_bytes()) == (script == "install.cmd")


def test_the_script_installs_from_the_wheels_folder_only_and_exactly_the_pinned_xlwings(folder: Path) -> None:
    text = (folder / SCRIPT[platform_of(folder)]).read_text(encoding="utf-8")
    install = [line for line in text.splitlines() if " -m pip install " in line]
    assert len(install) == 1
    assert '--no-index --find-links wheels "sheetpair[excel]" "xlwings==' + XLWINGS_VERSION + '"' in install[0]
    assert pip_install_arguments(WHEELS)[-1] == f"xlwings=={XLWINGS_VERSION}"
    assert " -m venv --clear " in text and "-m sheetpair addin --configure" in text
    assert re.search(r"-m sheetpair pair \S+club_championship\.xlsx\S* -o ", text)  # the test press


def test_every_step_is_announced_and_every_failure_is_a_sentence(folder: Path) -> None:
    text = (folder / SCRIPT[platform_of(folder)]).read_text(encoding="utf-8")
    assert re.findall(r"Step (\d) of 5", text) == ["1", "2", "3", "4", "5"]
    if platform_of(folder) == "windows":
        jumps = set(re.findall(r"goto (\w+)", text))
        assert jumps == {"failed", "press_failed"} and all(f"\n:{label}\n" in text.replace("\r\n", "\n")
                                                            for label in jumps)
        assert re.search(r"for %%v in \(3\.13 3\.12 3\.11\) do if not defined PY \(py -%%v ", text)
    else:
        assert subprocess.run(["bash", "-n", str(folder / "install.command")]).returncode == 0
        assert "python3}" not in text and "/usr/bin/python3" not in text  # never Apple's stub by default
        failures = re.findall(r'fail "([^"]+)"', text)
        assert len(failures) == 7 and all(f.endswith(".") or f == "$PRESS" for f in failures)


def test_install_txt_carries_every_tooltip_whole_and_wraps_long_lines(folder: Path) -> None:
    text = (folder / "INSTALL.txt").read_text(encoding="utf-8")
    flat = " ".join(text.split())
    for button in BUTTONS:
        assert f"{button.label}: {button.tip}" in flat
    long_lines = [line for line in text.splitlines() if len(line) > 115 and "Interpreter_Win" not in line]
    assert long_lines == []
    assert f"xlwings {XLWINGS_VERSION}" in flat and "Protected View" in flat


def test_the_vba_names_the_xlwings_the_script_installs(folder: Path) -> None:
    """One constant: the VBA's DLL and AppleScript names carry the version the script pins."""
    parser = VBA_Parser(str(folder / XLAM_NAME))
    try:
        source = next(code for _, _, name, code in parser.extract_macros() if name == "xlwings.bas")
    finally:
        parser.close()
    assert vba_xlwings_version(source) == XLWINGS_VERSION
    assert f'"xlwings64-{XLWINGS_VERSION}.dll"' in source
    assert xlwings.__version__ == XLWINGS_VERSION, "the add-in is made from the xlwings it installs"


def test_an_xlwings_of_another_version_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    source = 'Attribute VB_Name = "xlwings"\nPublic Const XLWINGS_VERSION As String = "0.38.0"\n'
    with pytest.raises(ValueError, match=rf"for xlwings 0\.38\.0, and the add-in installs xlwings {XLWINGS_VERSION}"):
        check_vba_version(source)
    xlwings_dir = tmp_path / "xlwings"
    shutil.copytree(Path(xlwings.__file__).parent / "addin", xlwings_dir / "addin")
    vba = (Path(xlwings.__file__).parent / "xlwings_custom_addin.bas").read_text(encoding="utf-8")
    (xlwings_dir / "xlwings_custom_addin.bas").write_text(vba.replace(XLWINGS_VERSION, "0.38.0"), encoding="utf-8")
    fake = type(sys)("xlwings")
    fake.__file__ = str(xlwings_dir / "__init__.py")
    fake.__version__ = "0.38.0"  # type: ignore[attr-defined]
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, "xlwings", fake)
        wheel = tmp_path / STAND_IN
        wheel.write_bytes(b"stand-in")
        result = CliRunner().invoke(cli, ["addin", "-o", str(tmp_path / "out"), "--platform", "windows",
                                          "--wheel", str(wheel)])
    assert result.exit_code == 4, result.output
    assert "its VBA is for xlwings 0.38.0" in result.output
    assert not (tmp_path / "out" / WHEELS).exists()


def test_the_excel_extra_allows_the_pinned_xlwings() -> None:
    with open(REPO / "pyproject.toml", "rb") as handle:
        extra = tomllib.load(handle)["project"]["optional-dependencies"]["excel"]
    (spec,) = [Requirement(r) for r in extra if r.startswith("xlwings")]
    assert spec.specifier.contains(XLWINGS_VERSION)


@pytest.mark.parametrize("platform, system", [("windows", "Windows"), ("macos", "Darwin")])
def test_the_platform_only_requirements_are_named(platform: str, system: str) -> None:
    """pip judges ``platform_system`` markers by the downloading machine: each one of a dependency's is named
    (a name more is harmless: a newer release of a dependency may have dropped one)."""
    named = {Requirement(r).name for r in MARKED_REQUIREMENTS[platform]}
    needed = set()
    for distribution in ("sheetpair", "xlwings", "click"):
        for line in importlib.metadata.requires(distribution) or ():
            requirement = Requirement(line)
            marker = requirement.marker
            if marker and "platform_system" in str(marker) and marker.evaluate({"platform_system": system,
                                                                                 "extra": ""}):
                needed.add(requirement.name)
    assert needed <= named


def test_the_command_makes_both_folders_and_their_zips(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sheetpair.excel.package.download_wheels", lambda *args: None)
    wheel = tmp_path / STAND_IN
    wheel.write_bytes(b"stand-in")
    result = CliRunner().invoke(cli, ["addin", "-o", str(tmp_path / "release"), "--platform", "windows",
                                      "--platform", "macos", "--zip", "--wheel", str(wheel)])
    assert result.exit_code == 0, result.output
    made = sorted(p.name for p in (tmp_path / "release").iterdir())
    assert made == ["sheetpair-addin-macos", "sheetpair-addin-macos.zip",
                    "sheetpair-addin-windows", "sheetpair-addin-windows.zip"]
    names = zipfile.ZipFile(tmp_path / "release" / "sheetpair-addin-macos.zip").namelist()
    assert "sheetpair-addin-macos/install.command" in names
    assert f"sheetpair-addin-macos/{WHEELS}/{STAND_IN}" in names


@pytest.mark.install
def test_the_install_script_installs_from_the_folder_alone(tmp_path: Path) -> None:
    """install.command run on this machine with no index reachable: a fresh environment from the folder's
    wheels only, the add-in configured and copied, the test press done. Its one macOS-only command (xlwings'
    AppleScript for Excel) is left out; Windows' script runs the same pip command (test above)."""
    from .wheelhouse import building, excel_host_wheels

    with building():
        built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "w"),
                                str(REPO)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "w").glob("sheetpair-*.whl")

    def fetch(wheels: Path, _wheel: Path, _platform: str) -> None:
        for found in excel_host_wheels().glob("*.whl"):
            shutil.copy(found, wheels)

    folder = tmp_path / "addin"
    make(folder, "macos", wheel=wheel, fetch=fetch)
    script = folder / "install.command"
    script.write_text(script.read_text().replace('"$VENV/bin/xlwings" runpython install', "true"))
    home = tmp_path / "home"
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "TMPDIR": str(tmp_path), "SHEETPAIR_PYTHON": sys.executable,
           "PIP_CONFIG_FILE": os.devnull, "https_proxy": "http://127.0.0.1:9", "http_proxy": "http://127.0.0.1:9"}
    done = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sheetpair is installed." in done.stdout
    venv = home / "Library" / "Application Support" / "sheetpair" / "venv"
    listed = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True).stdout
    assert f"xlwings=={XLWINGS_VERSION}" in listed and "sheetpair==" in listed
    assert (tmp_path / "sheetpair-test" / "paired.xlsx").is_file()
    startup = home / "Library/Group Containers/UBF8T346G9.Office/User Content.localized/Startup.localized/Excel"
    assert (startup / XLAM_NAME).is_file()


@network
@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_the_wheels_of_every_supported_python_are_downloaded(platform: str, tmp_path: Path) -> None:
    wheel = tmp_path / "w"
    wheel.mkdir()
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheel), str(REPO)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (made,) = wheel.glob("*.whl")
    target = tmp_path / "wheels"
    target.mkdir()
    shutil.copy(made, target)
    download_wheels(target, target / made.name, platform)
    names = [p.name for p in target.glob("*.whl")]
    for python in PYTHONS:
        tag = f"cp{python.replace('.', '')}"
        for arch in PLATFORMS[platform]:
            suffix = arch.rsplit("_", 1)[-1] if platform == "macos" else "win_amd64"
            assert any(n.startswith(f"xlwings-{XLWINGS_VERSION}-{tag}") and suffix in n for n in names), (tag, arch)
    expected = {"pywin32"} if platform == "windows" else {"psutil", "appscript"}
    assert all(any(n.lower().startswith(e) for n in names) for e in expected)


def test_lite_names_the_wheel_to_host_and_keeps_every_tooltip_whole(tmp_path: Path) -> None:
    wheel = tmp_path / STAND_IN
    wheel.write_bytes(b"stand-in")
    result = CliRunner().invoke(cli, ["addin", "--lite", "-o", str(tmp_path / "lite"), "--wheel", str(wheel)])
    assert result.exit_code == 0, result.output
    assert "Put sheetpair-0.1.0-py3-none-any.whl on a web site" in result.output
    assert (tmp_path / "lite" / "requirements.txt").read_text() == f"{STAND_IN}\n"
    main = (tmp_path / "lite" / "main.py").read_text(encoding="utf-8")
    flat = " ".join(main.split())
    assert all(f"{b.label}: {b.tip}" in flat for b in BUTTONS)
    assert max(len(line) for line in main.splitlines()) <= 120


def test_the_version_answers_from_a_checkout() -> None:
    from sheetpair import __version__

    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0 and result.output.strip().endswith(f"version {__version__}")
    assert re.fullmatch(r"\d+\.\d+(\.\d+)?\S*", __version__)
