"""axe-core (npm, lobby/web devDependencies) injected into a page by the tests only: never served."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).parents[2] / "lobby" / "web" / "node_modules" / "axe-core" / "axe.min.js"

# WCAG 2.x A and AA rules plus axe's best practices (landmarks, regions, headings).
_RUN = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '')),
  }));
}"""


@cache
def _source() -> str:
    return AXE.read_text(encoding="utf-8")


async def violations(page: Any) -> list[dict[str, Any]]:
    """Every axe-core violation on the page as it is now."""
    if not AXE.is_file():
        pytest.skip(f"{AXE} is missing: run scripts/install.sh (npm ci installs axe-core)")
    if not await page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') allows.
        await page.evaluate(_source())
    found: list[dict[str, Any]] = await page.evaluate(_RUN)
    return found


async def serious(page: Any) -> list[dict[str, Any]]:
    """The serious and critical violations (what must be zero)."""
    return [v for v in await violations(page) if v["impact"] in ("serious", "critical")]
