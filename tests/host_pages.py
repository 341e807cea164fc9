"""A blog post on another site that embeds frames, for both browser suites (tests/browser/,
tests/engines/): what the frames may not disturb before the reader uses them."""

from __future__ import annotations

# The reader is typing a comment (focused), the page scrolled to it; `frames` below it,
# with the README's host script (`script`) or none, and a listener that counts the frames'
# requests to scroll (it answers none).
BLOG_POST = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A blog post</title><link rel="icon" href="data:,"></head><body>
<h1>A blog post</h1><p style="height:400px">Some text.</p>
<label>Comment <input id="comment"></label>
{frames}
<p style="height:2000px">The rest of the post.</p>
{script}
<script>
  window.scrollAsks = 0;
  addEventListener("message", (event) => {{
    if (event.data && event.data.type === "trick-table:scroll") window.scrollAsks += 1;
    if (event.data && event.data.type === "probe") window.probed = true;
  }});
  history.scrollRestoration = "manual";
  scrollTo(0, 300);
  document.getElementById("comment").focus();
</script></body></html>"""

# One game's frame, sized by `frame_style`.
UNTOUCHED_HOST = BLOG_POST.replace(
    "{frames}",
    '<iframe id="game" src="{src}" title="Card game"\n'
    '  style="{frame_style};border:0;display:block"></iframe>',
)

# An embedded hand or puzzle, as its pasted code sizes it (a fixed height, no script).
VIEW_FRAME = (
    '<iframe id="{id}" src="{src}" title="{id}" '
    'style="width:{width}px;height:{height}px;border:0;display:block"></iframe>'
)

# The page as the reader left it: where it is scrolled, what has the focus, and whether
# the frame asked it to scroll.
HOST_STATE = "() => [scrollY, document.activeElement.id, window.scrollAsks]"
