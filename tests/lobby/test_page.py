"""The Lobby page in headless Debian Chromium (Playwright, no browser download)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.lobby.conftest import BOT_TOKEN, Client, LobbyServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
XSS = "<img src=x onerror=alert(1)>"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def enter(page: Any, url: str, name: str) -> None:
    await page.goto(url + "/")
    await page.wait_for_selector("#name-dialog:not([hidden])")
    await page.fill("#name", name)
    await page.press("#name", "Enter")
    await page.wait_for_selector("#connection:has-text('Connecté en tant que')")


async def say(page: Any, text: str) -> None:
    await page.fill("#text", text)
    await page.press("#text", "Enter")


async def test_chat_in_the_page_escapes_text_and_survives_a_restart(
    server: LobbyServer, browser: Any, tmp_path: Path
) -> None:
    context = await browser.new_context(viewport={"width": 900, "height": 700})
    page = await context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    await enter(page, server.url, "Alice")

    await say(page, "Bonjour tout le monde")
    await page.wait_for_selector(".msg-text >> text=Bonjour tout le monde")
    assert await page.input_value("#text") == ""  # cleared once acknowledged

    await say(page, XSS)
    await page.wait_for_selector(f".msg-text >> text={XSS}")
    assert await page.locator("#messages img").count() == 0
    assert dialogs == []

    bob = Client(server.url)
    eko = Client(server.url)
    try:
        await bob.connect({"name": "Bob"})
        await eko.connect({"name": "Eko", "token": BOT_TOKEN})
        await bob.send({"text": "Salut Alice ! Eko, tu te souviens du village de maman ?"})
        await eko.send({"text": "Besançon, non ? C'est ce que MickTest2 avait dit."})
        bot_author = page.locator('.author-bot[data-author="Eko"]')
        await bot_author.wait_for()
        color = await bot_author.evaluate("el => getComputedStyle(el).color")
        assert color == "rgb(124, 58, 237)"  # Eko's name in violet

        await page.screenshot(path="/tmp/lobby.png", full_page=True)

        # The server goes away and comes back: the page reconnects and shows each message once.
        await server.stop()
        await page.wait_for_selector("#connection.offline")
        await server.start()
        await page.wait_for_selector("#connection:has-text('Connecté en tant que')")
        await say(page, "De retour")
        await page.wait_for_selector(".msg-text >> text=De retour")
        ids = await page.eval_on_selector_all("#messages li", "items => items.map(i => i.dataset.id)")
        assert len(ids) == len(set(ids)) == 5

        # Too many at once: the server's refusal is shown, nothing is lost from the input.
        for i in range(6):
            await say(page, f"rafale {i}")
            await page.wait_for_selector("#send:not([disabled])")
        await page.wait_for_selector("#send-error:not([hidden])")
        assert "Trop de messages" in await page.text_content("#send-error")
        assert await page.input_value("#text") == "rafale 5"
    finally:
        await bob.close()
        await eko.close()

    # The name is remembered: a reload goes straight in, with the history.
    await page.reload()
    await page.wait_for_selector("#connection:has-text('Connecté en tant que Alice')")
    await page.wait_for_selector(".msg-text >> text=De retour")
    assert await page.locator("#name-dialog").is_hidden()
    assert dialogs == []
    await context.close()


async def test_reserved_name_is_refused_with_the_reason(server: LobbyServer, browser: Any) -> None:
    page = await browser.new_page()
    await page.goto(server.url + "/")
    await page.fill("#name", "eko")
    await page.press("#name", "Enter")
    await page.wait_for_selector("#name-error:not([hidden])")
    assert "réservé" in await page.text_content("#name-error")
    assert await page.locator("#name-dialog").is_visible()
    await page.close()


async def test_phone_width(server: LobbyServer, browser: Any) -> None:
    context = await browser.new_context(viewport={"width": 375, "height": 720}, is_mobile=True)
    page = await context.new_page()
    await enter(page, server.url, "Camille")
    await say(page, "Un message assez long pour voir comment il passe à la ligne sur un téléphone étroit.")
    await page.wait_for_selector(".msg-text >> text=passe à la ligne")
    overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0  # no sideways scrolling
    assert await page.locator("#send").is_visible()
    await page.screenshot(path="/tmp/lobby-375.png")
    await context.close()


async def test_an_author_name_is_shown_as_text_never_as_markup(server: LobbyServer, browser: Any) -> None:
    page = await browser.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    await enter(page, server.url, "Alice")
    mallory = Client(server.url)
    try:
        name = '<b id="x">M</b><img src=x>'  # 26 characters: a valid display name
        await mallory.connect({"name": name})
        await mallory.send({"text": "coucou"})
        await page.wait_for_selector("#messages >> text=coucou")
        assert await page.locator("#messages img, #messages b#x").count() == 0
        assert name in await page.text_content("#messages")
        assert dialogs == []
    finally:
        await mallory.close()
        await page.close()
