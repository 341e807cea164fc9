# The bots' worker's main script (ui/play/bot_worker.py is the module; py.json unpacks it).
from ui.play.bot_worker import cancel, coach_json, decide_json, ready

__export__ = ["cancel", "coach_json", "decide_json", "ready"]  # what PyScript lets the page call
__all__ = ["cancel", "coach_json", "decide_json", "ready"]
