"""Screenshots of the Lobby page for docs/screenshots/: the chat, the open panel, the unread state and
a phone, in French and in English.

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots]

A real Lobby (the page, Socket.IO, the embedded store in a temporary directory) with Eko and two
people connected as Socket.IO clients, shot in Debian's chromium (/usr/bin/chromium) through
Playwright. Eko's reflection engine is not started: GET /reflection/status answers a fixed sample
with the route's real shape (docs/statusbar.md), so the panel shows a plausible day.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import socketio
from aiohttp import web

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lobby import Lobby  # noqa: E402
from store import LobbyMessage, open_database  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
TOKEN = "screenshots-bot-token"
DESKTOP = {"viewport": {"width": 1100, "height": 820}, "timezone_id": "Europe/Paris"}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "timezone_id": "Europe/Paris",
}

# The conversation shown: (minutes before now, author, text, index of the message answered).
CONVERSATIONS: dict[str, list[tuple[int, str, str, int | None]]] = {
    "fr": [
        (24 * 60 + 30, "David", "Je file, bonne soirée à tous !", None),
        (24 * 60 + 28, "Camille", "Bonne soirée David", None),
        (95, "Camille", "Bonjour ! Quelqu'un a vu la démo de lemapp hier ?", None),
        (93, "David", "Oui, Mickael l'a montrée au client, ça s'est bien passé", None),
        (92, "David", "Ils veulent une version mobile pour janvier", None),
        (60, "Camille", "Eko, c'est quoi Kraken FM déjà ?", None),
        (59, "David", "Je reviens après le café", None),
        (59, "Eko", "Kraken FM, c'est la webradio de l'équipe, d'après David.", 5),
        (20, "Eko", "Au fait, qui s'occupe de la version mobile de lemapp ?", None),
        (18, "Camille", "Corentin, je crois", 8),
    ],
    "en": [
        (24 * 60 + 30, "David", "Off I go, have a nice evening!", None),
        (24 * 60 + 28, "Camille", "Good night David", None),
        (95, "Camille", "Morning! Did anyone see the lemapp demo yesterday?", None),
        (93, "David", "Yes, Mickael showed it to the client, it went well", None),
        (92, "David", "They want a mobile version by January", None),
        (60, "Camille", "Eko, what is Kraken FM again?", None),
        (59, "David", "Back after coffee", None),
        (59, "Eko", "Kraken FM is the team's web radio, according to David.", 5),
        (20, "Eko", "By the way, who is working on lemapp's mobile version?", None),
        (18, "Camille", "Corentin, I think", 8),
    ],
}
UNREAD = {
    "fr": ["Quelqu'un pour un déjeuner à 12 h 30 ?", "Chez Paulette ?", "Je réserve pour 4"],
    "en": ["Anyone for lunch at 12:30?", "Chez Paulette?", "I'll book for 4"],
}


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _status(language: str, now: datetime) -> dict[str, Any]:
    """A sample GET /reflection/status body: three reflections this morning."""
    reasons = {
        "fr": ["Cette curiosité attend depuis hier", "Conversation animée : pas le moment", "Heures calmes"],
        "en": ["This curiosity waited since yesterday", "Busy conversation: not the moment", "Quiet hours"],
    }[language]
    question = CONVERSATIONS[language][8][2]
    history = [
        {
            "timestamp": _iso(now - timedelta(minutes=20)),
            "trigger": "cron",
            "action": "message",
            "reason": reasons[0],
            "message": question,
            "durationMs": 1840,
            "llmTokens": 1260,
            "rateLimited": False,
        },
        {
            "timestamp": _iso(now - timedelta(minutes=70)),
            "trigger": "opportunity",
            "action": "pass",
            "reason": reasons[1],
            "durationMs": 960,
            "llmTokens": 880,
            "rateLimited": False,
        },
        {
            "timestamp": _iso(now - timedelta(hours=9)),
            "trigger": "cron",
            "action": "pass",
            "reason": reasons[2],
            "durationMs": 4,
            "llmTokens": 0,
            "rateLimited": False,
        },
    ]
    return {
        "stats": {
            "totalReflections": 3,
            "messageCount": 1,
            "passCount": 2,
            "rateLimitedCount": 0,
            "totalTokens": 2140,
        },
        "latest": history[0],
        "history": history,
        "rateLimit": {
            "cooldownRemainingS": 600,
            "todayCount": 1,
            "dailyMax": 5,
            "nextAllowedAt": _iso(now + timedelta(minutes=10)),
            "cooldownS": 1800,
            "quietHours": "20:00-08:00",
        },
        "llmMode": "anthropic",
        "running": False,
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _client(url: str, auth: dict[str, str]) -> socketio.AsyncClient:
    client = socketio.AsyncClient(reconnection=False)
    await client.connect(url, auth=auth, transports=["websocket"])
    return client


async def _open(browser: Any, url: str, name: str, options: dict[str, Any]) -> Any:
    context = await browser.new_context(**options)
    await context.add_init_script(f"window.localStorage.setItem('eko.lobby.name', {name!r})")
    page = await context.new_page()
    await page.goto(url + "/")
    await page.locator("body[data-connection=online]").wait_for()
    await page.locator("#messages li").first.wait_for()
    await page.locator("#statusbar .sb-chip--online").wait_for()
    return page


async def shoot(language: str, out: Path, browser: Any) -> None:
    now = datetime.now(UTC)
    with tempfile.TemporaryDirectory() as tmp:
        database = await open_database(None, Path(tmp), "eko")
        messages: list[LobbyMessage] = []
        for number, (minutes, author, text, answers) in enumerate(CONVERSATIONS[language]):
            ts = _iso(now - timedelta(minutes=minutes))
            message = LobbyMessage(id=f"m{number}", room="lobby", author=author, text=text, ts=ts)
            if answers is not None:
                message["replyTo"] = f"m{answers}"
            messages.append(message)
        await database.messages.append_many(messages)
        lobby = Lobby(database.messages, bot_token=TOKEN, language=language)
        app = web.Application()
        lobby.attach(app)

        async def status(request: web.Request) -> web.Response:
            return web.json_response(_status(language, now))

        app.router.add_get("/reflection/status", status)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        await web.TCPSite(runner, "127.0.0.1", port).start()
        eko = await _client(url, {"name": "Eko", "token": TOKEN})
        david = await _client(url, {"name": "David"})
        try:
            page = await _open(browser, url, "Camille", DESKTOP)
            await page.screenshot(path=out / f"chat-{language}.png")

            await page.locator("#statusbar .sb-chip").click()
            await page.locator(".sb-panel .sb-row").first.wait_for()
            await page.screenshot(path=out / f"panel-{language}.png")
            await page.keyboard.press("Escape")
            await page.evaluate("() => document.activeElement && document.activeElement.blur()")

            await page.locator("#feed").evaluate("feed => { feed.scrollTop = 120; }")
            for text in UNREAD[language]:
                await david.call("message", {"text": text})
            await page.locator("#jump.jump-unread").wait_for()
            # The "new messages" line in view, the new messages below it (still unread).
            await page.locator("#messages .unread-divider").evaluate("d => d.scrollIntoView({block: 'end'})")
            await page.locator("#feed").evaluate("feed => { feed.scrollTop += 70; }")
            await page.screenshot(path=out / f"unread-{language}.png")
            await page.context.close()

            phone = await _open(browser, url, "Julie", PHONE)
            await phone.screenshot(path=out / f"phone-{language}.png")
            await phone.context.close()
        finally:
            await eko.disconnect()
            await david.disconnect()
            await lobby.close()
            await runner.cleanup()
            await database.close()


async def main(out: Path) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--headless", "--disable-gpu"]
        )
        try:
            for language in ("fr", "en"):
                await shoot(language, out, browser)
        finally:
            await browser.close()
    print(f"screenshots written to {out}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    asyncio.run(main(out))
