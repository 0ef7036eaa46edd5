"""Packages for setuptools: everything under tabletop/, plus assets/ shipped as
``tabletop.assets`` so a non-editable install finds fonts through
importlib.resources. The rest of the metadata is in pyproject.toml.

Every folder under assets/ (fonts/) is listed as a package of its own, a
namespace package with no ``__init__.py``: setuptools ships a folder's files as
package data only for a package it was given, and warns of any data folder it
was not (their files are named in pyproject.toml's package-data)."""

from setuptools import find_namespace_packages, find_packages, setup

ASSET_PACKAGES = ["tabletop.assets"] + [
    f"tabletop.assets.{name}" for name in find_namespace_packages(where="assets")
]

setup(
    packages=find_packages(include=["tabletop", "tabletop.*"]) + ASSET_PACKAGES,
    package_dir={"tabletop.assets": "assets"},
)
