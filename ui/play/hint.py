"""What would a bot do? A Normal bot thinks in the human's seat (in the bots' worker, or on
the page), and its move is marked on the table with its reason in the game's words."""

from __future__ import annotations

from ui.jsontext import canonical_json
from ui.runtime import page
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ui.screens.play import PlayScreen


class Hint:
    """The hint at the table: asked for by `hint`, shown until the next move."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.action: dict[str, Any] | None = None
        self.reason = ""

    def ask(self, _value: str = "") -> None:
        """Think about the human's move (nothing when it is not theirs)."""
        if self.play.session.human_legal():
            page.notice("Thinking about your move…")
            self.play.spawn(self.think())

    async def think(self) -> None:
        """Think as a Normal bot in the human's seat, then mark that move (if still current)."""
        play = self.play
        try:
            found = await play.bots.hint(play.session)
            if found is None:
                return
            self.action, self.reason = found
            play.picks = play.table.arrange(self.action, play.view()) or play.picks
            play.render()
        except Exception as exc:
            page.fail(exc)

    def clear(self) -> None:
        self.action = None
        self.reason = ""

    def decorate(self, tree: El) -> str:
        """Mark the hint on a drawn table (`mark_hint`); its words when they have no prompt
        to stand under ("" otherwise, and when there is no hint)."""
        if self.action is None:
            return ""
        return mark_hint(tree, self.action, self.reason)

    def after_drawing(self, elsewhere: str) -> None:
        """Once drawn: the words that had no prompt go to the notice (else the "Thinking…"
        notice is answered), and the hinted control takes the focus."""
        if self.action is None:
            return
        if elsewhere:
            page.notice(elsewhere)
        else:
            page.hide_notice()
        page.focus("#screen [data-action].hinted")

    CONTROLS = {"hint": ask}


def mark_hint(tree: El, hint: dict[str, Any], reason: str) -> str:
    """Show a hint in `tree`: class `hinted` on the first control of the hinted move, and
    the words, with the reason, in a `.hint-note` under the first `.prompt` (beside the
    controls: on a phone the page's top is out of sight). The words when there is no
    prompt to put them under, else ""."""
    wanted = canonical_json(hint)
    because = f" Why: {reason}." if reason else ""
    hinted = tree.first(lambda el: el.attrs.get("data-action") == wanted)
    if hinted is not None:
        hinted.attrs["class"] = f"{hinted.attrs.get('class', '')} hinted".strip()
        text = f"Hint: a Normal bot would play the highlighted move.{because}"
    else:
        text = f"Hint: a Normal bot would choose {describe_action(hint)}.{because}"
    prompt = tree.first(lambda el: el.has_class("prompt"))
    if prompt is None:
        return text
    prompt.children.append(h("p", {"class": "hint-note"}, text))
    return ""


def describe_action(action: dict[str, Any]) -> str:
    """Plain words for an action that has no control on screen (rare)."""
    parts = [str(action.get("type", "move"))]
    parts += [f"{k} {action[k]}" for k in sorted(action) if k != "type"]
    return ", ".join(parts)
