"""The browser UI. `pygame_rules` is imported first: on MicroPython it registers the
`__future__` stand-in every module here needs."""

import pygame_rules  # noqa: F401
