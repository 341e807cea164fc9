"""The browser smoke in Firefox and WebKit (README: the test command; docs/engines.md)."""
