"""Words the tables and screens share: a sentence that is right for "You" and for "Bot 2",
numbers with a true minus sign, lists and counts in words."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass


def upper_first(text: str) -> str:
    """The text with a capital first letter (MicroPython's str has no capitalize)."""
    return text[:1].upper() + text[1:]


def is_are(name: str) -> str:
    return "are" if name == "You" else "is"


def possessive(name: str) -> str:
    """'your' for the human, else "Bot 1's"."""
    return "your" if name == "You" else f"{name}'s"


def their(name: str) -> str:
    return "your" if name == "You" else "their"


def object_name(name: str) -> str:
    """'you' in the middle of a sentence for the human."""
    return "you" if name == "You" else name


MINUS = "\u2212"  # a true minus sign, not a hyphen


def number(n: int | float) -> str:
    """A score with a true minus sign."""
    return str(n).replace("-", MINUS)


def minus_signs(text: str) -> str:
    """Text with a true minus sign before each negative number ('-2 each' from the engine):
    a hyphen before a digit, not after a letter, digit, underscore or hyphen."""
    out = []
    for i, char in enumerate(text):
        before = text[i - 1] if i else " "
        word_before = before.isalpha() or before.isdigit() or before in "_-"
        if char == "-" and text[i + 1 : i + 2].isdigit() and not word_before:
            char = MINUS
        out.append(char)
    return "".join(out)


def signed(n: int) -> str:
    """Points with their sign: '+3', '0', and a true minus sign for losses."""
    return ("+" if n > 0 else "") + number(n) if n else "0"


NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def number_word(n: int) -> str:
    """'two' for 2: a count the engine gives, in a sentence (digits from ten on)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def verb(name: str, third_person: str) -> str:
    """'Bot 2 leads' but 'You lead': drop the -s (or -es) for the human."""
    if name != "You":
        return third_person
    if third_person == "has":
        return "have"
    es = any(third_person.endswith(end) for end in ("shes", "ches", "sses", "xes", "zes"))
    return third_person[:-2] if es else third_person[:-1]


def and_list(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
