"""Installs the qipai package: ``pip install --no-build-isolation ./python``.

The extension (qipai._native) is compiled with cffi in API mode and linked
with the project's static library, which this script builds first with
``make lib`` at the top of the source tree (make does nothing when it is
up to date), so the installed package needs no libqipai.so. Build
dependencies come from the system (Debian: python3-cffi, python3-numpy,
python3-setuptools), hence --no-build-isolation. QIPAI_BUILD names another
C build directory, QIPAI_ROOT the C source tree when python/ was copied
away from it.
"""

import os
import subprocess

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("QIPAI_ROOT", os.path.dirname(HERE))


class BuildWithLibrary(build_ext):
    """build_ext that makes build/libqipai.a before compiling the extension."""

    def run(self):
        command = ["make", "-C", ROOT, "-j2", "lib"]
        if os.environ.get("QIPAI_BUILD"):
            command.append("BUILD=" + os.environ["QIPAI_BUILD"])
        subprocess.check_call(command)
        super().run()


def long_description():
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        return f.read()


setup(
    name="qipai",
    version="1.0.0",
    description="The rules of Chinese card and tile games, exactly and fast: mahjong with "
                "wildcards, Zhaotong mahjong (with environments for learning agents), "
                "Guobiao fans, zipai, poker minimum plays",
    long_description=long_description(),
    long_description_content_type="text/markdown",
    license="MIT",
    packages=["qipai"],
    package_data={"qipai": ["py.typed"]},
    python_requires=">=3.9",
    setup_requires=["cffi>=1.15"],
    install_requires=["cffi>=1.15", "numpy"],
    cffi_modules=["qipai_build.py:ffibuilder"],
    cmdclass={"build_ext": BuildWithLibrary},
    zip_safe=False,
    classifiers=[
        "Programming Language :: Python :: 3",
        "Programming Language :: C",
        "License :: OSI Approved :: MIT License",
        "Topic :: Games/Entertainment :: Board Games",
        "Typing :: Typed",
    ],
)
