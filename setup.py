"""Packages for setuptools: everything under tabletop/, plus assets/ shipped as
``tabletop.assets`` so a non-editable install finds fonts through
importlib.resources. The rest of the metadata is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["tabletop", "tabletop.*"]) + ["tabletop.assets"],
    package_dir={"tabletop.assets": "assets"},
)
