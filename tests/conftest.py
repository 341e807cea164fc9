"""The whole run's: the summary of the browser engines' smoke (tests/engines/summary.py)."""

from engines.summary import pytest_runtest_logreport, pytest_terminal_summary

__all__ = ["pytest_runtest_logreport", "pytest_terminal_summary"]
