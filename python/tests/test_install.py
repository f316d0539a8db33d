"""``pip install --no-build-isolation ./python`` works offline into a fresh
environment, and the installed package imports from any directory without
libqipai.so (the extension carries the static library)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def test_pip_installs_a_package_that_imports_anywhere(tmp_path: Path) -> None:
    for module, package in (("ensurepip", "python3-venv"), ("setuptools", "python3-setuptools"),
                            ("wheel", "python3-wheel")):
        if subprocess.run([sys.executable, "-c", f"import {module}"]).returncode:
            pytest.fail(f"pip install needs {module}: tools/deps.sh ensure python (Debian {package})")
    source = tmp_path / "python"
    shutil.copytree(ROOT / "python", source,
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "tests"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    env = dict(os.environ, QIPAI_ROOT=str(ROOT),
               QIPAI_BUILD=os.environ.get("QIPAI_BUILD", str(ROOT / "build")))
    env.pop("PYTHONPATH", None)
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-index",
                          "--no-build-isolation", "--quiet", str(source)],
                         capture_output=True, text=True, env=env, check=False)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    check = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import qipai, qipai._native as n, qipai.mahjong as m; "
         "print(n.__file__); print(m.Rules('laizi', '7z').waits('1237m456p789s77z1z'))"],
        capture_output=True, text=True, cwd=elsewhere, env=env, check=False)
    assert check.returncode == 0, check.stderr
    native, waits = check.stdout.splitlines()
    assert native.startswith(str(venv)) and waits == str(["5m", "6m", "7m", "8m", "9m", "1z", "7z"])
    linked = subprocess.run(["ldd", native], capture_output=True, text=True).stdout
    assert "libqipai" not in linked
    assert (Path(native).parent / "py.typed").exists()
