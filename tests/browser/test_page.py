"""The Lobby page as people use it, in headless Debian Chromium: two people, a phone, both languages,
a lost connection, keyboard only, and axe-core (zero serious or critical violations)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import expect

from lobby.catalogue import Catalogue
from store import LobbyMessage
from tests.browser.axe import serious
from tests.browser.conftest import CHROMIUM, CHROMIUM_INSTALLED
from tests.lobby.conftest import BOT_TOKEN, Client, LobbyServer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM_INSTALLED, reason=f"{CHROMIUM} is not installed"),
]

WAIT_MS = 5000
XSS = '<img src=x onerror="window.pwned=1">'
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1100, "height": 760}}


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


@pytest.fixture
async def lobby_factory(tmp_path: Path, free_port: int) -> AsyncIterator[Callable[..., Any]]:
    """``await start(language="fr", **options)``: a real Lobby with its page, on loopback."""
    started: list[LobbyServer] = []

    async def start(language: str = "fr", **options: Any) -> LobbyServer:
        server = LobbyServer(tmp_path, free_port, utc_now, language=language, **options)
        await server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        await server.stop()


@pytest.fixture
async def clients() -> AsyncIterator[Callable[..., Any]]:
    """``await join(url, name, token=None)``: python Socket.IO clients (Bob, Eko) beside the pages."""
    opened: list[Client] = []

    async def join(url: str, name: str, token: str | None = None) -> Client:
        client = Client(url)
        opened.append(client)
        await client.connect({"name": name} if token is None else {"name": name, "token": token})
        await client.next("history")
        return client

    yield join
    for client in opened:
        await client.close()


async def new_page(browser: Any, **options: Any) -> Any:
    context = await browser.new_context(**(options or DESKTOP))
    page = await context.new_page()
    page.errors = []
    page.not_found = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("dialog", lambda dialog: page.errors.append(f"dialog: {dialog.message}"))
    page.on("response", lambda r: page.not_found.append(r.url) if r.status == 404 else None)
    return page


async def enter(page: Any, url: str, name: str) -> None:
    """Open the Lobby and join as ``name`` with the keyboard only."""
    await page.goto(url + "/")
    await page.locator("#name-dialog[open]").wait_for(timeout=WAIT_MS)
    await page.keyboard.type(name)  # the name box has the focus
    await page.keyboard.press("Enter")
    await joined(page)


async def joined(page: Any, within_ms: int = WAIT_MS) -> None:
    await page.locator("body[data-connection=online]").wait_for(timeout=within_ms)
    await page.locator("#empty:not([hidden]), #messages li").first.wait_for(timeout=WAIT_MS)


async def say(page: Any, text: str) -> None:
    await page.locator("#text").fill(text)
    await page.locator("#text").press("Enter")


SET_VISIBILITY = """(state) => {
  Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def message(page: Any, text: str) -> Any:
    return page.locator("#messages li.msg", has=page.locator(".msg-text", has_text=text))


async def focused_id(page: Any) -> str:
    return str(await page.evaluate("() => document.activeElement && document.activeElement.id"))


async def test_two_people_chat_with_eko_replies_groups_days_and_escaping(
    browser: Any, lobby_factory: Callable[..., Any], clients: Callable[..., Any]
) -> None:
    server = await lobby_factory()
    assert server.database is not None
    yesterday = utc_now() - timedelta(days=1)
    await server.database.messages.append_many(
        [LobbyMessage(id="old1", room="lobby", author="Bob", text="Bonne soirée !", ts=iso(yesterday))]
    )
    alice, bob = await new_page(browser), await new_page(browser)
    try:
        await enter(alice, server.url, "Alice")
        assert await focused_id(alice) == "text"  # the message box, right after naming
        await enter(bob, server.url, "Bob")

        await say(alice, "Salut Bob")
        await say(alice, XSS)
        mine = message(alice, "Salut Bob")
        await mine.wait_for(timeout=WAIT_MS)
        await message(bob, XSS).wait_for(timeout=WAIT_MS)
        # Own messages: on the right, "Vous" (not colour alone); for Bob the same message is Alice's.
        assert await mine.get_attribute("class") == "msg msg-me"
        assert await mine.locator(".author").inner_text() == "Vous"
        box = await mine.locator(".bubble").bounding_box()
        assert box is not None and box["x"] + box["width"] > 1100 - 220 - 60
        theirs = message(bob, "Salut Bob")
        assert await theirs.get_attribute("class") == "msg msg-other"
        assert await theirs.locator(".author").inner_text() == "Alice"
        # Grouped: the second message continues the first (no name shown again), each has its time.
        assert "msg-cont" in (await message(bob, XSS).get_attribute("class") or "")
        times = await bob.locator("#messages li.msg time").all_inner_texts()
        assert len(times) == 3 and all(":" in t for t in times)
        # Days: yesterday's message and today's under their own separators.
        assert await bob.locator("#messages .day-label").all_inner_texts() == ["Hier", "Aujourd'hui"]
        # Text is text.
        assert await bob.locator("#messages img").count() == 0
        assert await bob.evaluate("window.pwned") is None

        # Eko answers Bob's question while Alice talks in between: its reply quotes the question.
        eko = await clients(server.url, "Eko", token=BOT_TOKEN)
        await say(bob, "Eko, c'est quoi Kraken FM ?")
        question = message(bob, "c'est quoi Kraken FM")
        await question.wait_for(timeout=WAIT_MS)
        question_id = await question.get_attribute("data-id")
        await say(alice, "Je reviens dans 5 min")
        await message(bob, "Je reviens").wait_for(timeout=WAIT_MS)
        await eko.send({"text": "La radio de l'équipe, d'après David.", "replyTo": question_id})
        for page in (alice, bob):
            answer = message(page, "La radio de l'équipe")
            await answer.wait_for(timeout=WAIT_MS)
            assert "msg-bot" in (await answer.get_attribute("class") or "")
            quote = answer.locator(".quote")
            assert "Eko, c'est quoi Kraken FM ?" in await quote.inner_text()
        assert "En réponse à Vous" in await message(bob, "La radio").locator(".quote").inner_text()
        # The live region read it out, with what it answers.
        await expect(alice.locator("#announcer")).to_have_text(
            "Eko, en réponse à Bob : La radio de l'équipe, d'après David."
        )
        # Who is online: Eko marked as the bot, each person once, "vous" on oneself.
        people = alice.locator("#people li")
        await expect(people).to_have_count(3)
        assert await people.all_text_contents() == ["Ekobot", "Alicevous", "Bob"]
        await expect(alice.locator("#presence-title")).to_have_text("En ligne (3)")

        # Alice replies to Bob's question from the page, with the keyboard.
        await message(alice, "c'est quoi Kraken FM").locator(".reply-button").focus()
        await alice.keyboard.press("Enter")
        await expect(alice.locator("#replying")).to_contain_text("Réponse à Bob")
        assert await focused_id(alice) == "text"
        await alice.keyboard.type("Une webradio, je crois")
        await alice.keyboard.press("Enter")
        reply = message(bob, "Une webradio")
        await reply.wait_for(timeout=WAIT_MS)
        assert "En réponse à Vous" in await reply.locator(".quote").inner_text()
        assert await alice.locator("#replying").is_hidden()
        # The quote leads to the original message.
        await reply.locator(".quote").click()
        await expect(message(bob, "c'est quoi Kraken FM")).to_be_focused()

        await alice.screenshot(path="/tmp/lobby-chat.png")
        for page in (alice, bob):
            assert page.errors == []
            assert [url for url in page.not_found if "/reflection/status" not in url] == []  # favicon too
    finally:
        await alice.context.close()
        await bob.context.close()


async def test_an_author_name_is_shown_as_text_never_as_markup(
    browser: Any, lobby_factory: Callable[..., Any], clients: Callable[..., Any]
) -> None:
    """The author's name (chosen by the sender) is text in the page, like the message itself."""
    server = await lobby_factory()
    page = await new_page(browser)
    await enter(page, server.url, "Alice")
    name = '<b id="x">M</b><img src=x>'  # 26 characters: a valid display name
    mallory = await clients(server.url, name)
    await mallory.send({"text": "coucou"})
    await message(page, "coucou").wait_for(timeout=WAIT_MS)
    assert await page.locator("#messages img, #messages b#x").count() == 0
    assert name in (await page.text_content("#messages") or "")
    assert page.errors == []


async def test_unread_divider_jump_button_and_tab_title(
    browser: Any, lobby_factory: Callable[..., Any], clients: Callable[..., Any]
) -> None:
    server = await lobby_factory()
    assert server.database is not None
    start = utc_now() - timedelta(hours=1)
    await server.database.messages.append_many(
        [
            LobbyMessage(id=f"h{i}", room="lobby", author="Bob", text=f"historique {i}", ts=iso(start))
            for i in range(40)
        ]
    )
    page = await new_page(browser)
    try:
        await enter(page, server.url, "Alice")
        bob = await clients(server.url, "Bob")
        jump = page.locator("#jump")
        assert await jump.is_hidden()  # at the bottom
        # At the bottom, a new message scrolls into view and counts as read.
        await bob.send({"text": "tu es là ?"})
        await message(page, "tu es là ?").wait_for(timeout=WAIT_MS)
        assert await message(page, "tu es là ?").is_visible()
        assert await page.title() == "Lobby"

        await page.locator("#feed").evaluate("feed => { feed.scrollTop = 0; }")
        await expect(jump).to_have_text("↓Aller aux derniers messages")
        for i in range(3):
            await bob.send({"text": f"nouveau {i}"})
        await message(page, "nouveau 2").wait_for(state="attached", timeout=WAIT_MS)
        assert await page.locator("#feed").evaluate("feed => feed.scrollTop") == 0  # not pulled down
        await expect(page).to_have_title("(3) Lobby")
        await expect(jump).to_have_text("↓3 nouveaux messages")
        divider = page.locator("#messages .unread-divider")
        await expect(divider).to_have_text("Nouveaux messages")
        following = divider.locator("xpath=following-sibling::li[1]")
        assert "nouveau 0" in await following.inner_text()
        await page.screenshot(path="/tmp/lobby-unread.png")

        await jump.click()
        await expect(page).to_have_title("Lobby")
        await expect(jump).to_be_hidden()
        assert await message(page, "nouveau 2").is_visible()
        assert await focused_id(page) == "text"

        # In another tab: at the bottom, but unread all the same until the tab is seen again.
        await page.evaluate(SET_VISIBILITY, "hidden")
        await bob.send({"text": "tu as vu ?"})
        await expect(page).to_have_title("(1) Lobby")
        await page.evaluate(SET_VISIBILITY, "visible")
        await expect(page).to_have_title("Lobby")
        assert page.errors == []
    finally:
        await page.context.close()


async def test_a_name_belongs_to_one_browser_at_a_time(
    browser: Any, lobby_factory: Callable[..., Any]
) -> None:
    server = await lobby_factory()
    alice = await new_page(browser)
    mallory = await new_page(browser)
    try:
        await enter(alice, server.url, "Alice")
        # Her second tab (same browser, same key) is Alice too, without being asked.
        tab = await alice.context.new_page()
        await tab.goto(server.url + "/")
        await joined(tab)
        await expect(tab.locator("#me")).to_have_text("Vous : Alice")

        # Someone else asking for it (any case, a look-alike letter) is refused and can pick another.
        await mallory.goto(server.url + "/")
        await mallory.locator("#name").fill("ALİCE")  # dotted capital I
        await mallory.locator("#name").press("Enter")
        error = mallory.locator("#name-error")
        await expect(error).to_have_text(
            "Le nom « Alice » est déjà pris par quelqu'un d'autre : choisissez-en un autre."
        )
        assert await mallory.locator("#name-dialog").evaluate("d => d.open")
        assert await focused_id(mallory) == "name"
        # The dialog keeps the keyboard: Tab never leaves it.
        for _ in range(6):
            await mallory.keyboard.press("Tab")
            assert await mallory.evaluate(
                "() => document.getElementById('name-dialog').contains(document.activeElement)"
            )
        # Escape does not close it before a first name (there is nothing behind to go back to).
        await mallory.keyboard.press("Escape")
        assert await mallory.locator("#name-dialog").evaluate("d => d.open")
        await mallory.locator("#name").fill("Mallory")
        await mallory.locator("#name").press("Enter")
        await joined(mallory)
        assert await focused_id(mallory) == "text"
        await expect(mallory.locator("#me")).to_have_text("Vous : Mallory")

        # Changing name: Escape closes the dialog and keeps the current name.
        await mallory.get_by_role("button", name="Changer de nom").click()
        assert await focused_id(mallory) == "name"
        await mallory.keyboard.press("Escape")
        assert not await mallory.locator("#name-dialog").evaluate("d => d.open")
        await expect(mallory.locator("#me")).to_have_text("Vous : Mallory")

        # After a reload Alice is still Alice.
        await alice.reload()
        await joined(alice)
        await expect(alice.locator("#me")).to_have_text("Vous : Alice")
        await expect(alice.locator("#people li")).to_have_count(2)
        for page in (alice, mallory):
            assert page.errors == []
    finally:
        await alice.context.close()
        await mallory.context.close()


async def test_a_lost_connection_keeps_the_draft_and_sends_it_once_back(
    browser: Any, lobby_factory: Callable[..., Any]
) -> None:
    server = await lobby_factory(flood_limit=(3, 600.0))  # 3 messages per connection, then refused
    page = await new_page(browser)
    try:
        await enter(page, server.url, "Alice")
        await say(page, "avant la coupure")
        await message(page, "avant la coupure").wait_for(timeout=WAIT_MS)

        await server.stop()
        banner = page.locator("#banner")
        await expect(banner).to_contain_text("Connexion perdue")
        assert await page.locator("body[data-connection=offline]").count() == 1
        await page.screenshot(path="/tmp/lobby-offline.png")
        # The box stays editable; what is sent waits in the outbox, said so.
        await say(page, "écrit pendant la coupure")
        pending = page.locator("#outbox .msg-pending")
        await expect(pending).to_contain_text("En attente de connexion")
        await page.locator("#text").fill("un brouillon")

        await server.start()
        await joined(page, within_ms=15000)  # socket.io's own back-off: up to 5 s (±50%) between tries
        await expect(banner).to_have_text("Connexion rétablie.")
        await message(page, "écrit pendant la coupure").wait_for(timeout=WAIT_MS)
        await expect(pending).to_have_count(0)
        assert await page.locator("#text").input_value() == "un brouillon"
        texts = await page.locator("#messages .msg-text").all_inner_texts()
        assert texts == ["avant la coupure", "écrit pendant la coupure"]  # each once, in order

        # A refused message comes back to the box, with the reason (this connection sent 1 already).
        for i in range(2):
            await say(page, f"rafale {i}")
            await message(page, f"rafale {i}").wait_for(timeout=WAIT_MS)
        await say(page, "une de trop")
        await expect(page.locator("#send-error")).to_contain_text("Trop de messages d'un coup")
        assert await page.locator("#text").input_value() == "une de trop"
        assert page.errors == []
    finally:
        await page.context.close()


async def test_english_on_a_phone_with_axe_and_the_character_counter(
    browser: Any, lobby_factory: Callable[..., Any], clients: Callable[..., Any]
) -> None:
    server = await lobby_factory(language="en")
    page = await new_page(browser, **PHONE)
    try:
        await page.goto(server.url + "/")
        await page.locator("#name-dialog[open]").wait_for(timeout=WAIT_MS)
        assert await page.evaluate("() => document.documentElement.lang") == "en"
        await expect(page.get_by_role("dialog", name="Welcome to the Lobby")).to_be_visible()
        assert await serious(page) == []  # the name dialog

        await page.keyboard.type("Camille")
        await page.keyboard.press("Enter")
        await joined(page)
        eko = await clients(server.url, "Eko", token=BOT_TOKEN)
        question = await eko.send({"text": "What is Kraken FM, by the way?"})
        await page.locator("#text").fill("Our team's web radio, run by David.")
        await message(page, "What is Kraken FM").locator(".reply-button").click()
        await page.locator("#text").press("Enter")
        answer = message(page, "Our team's web radio")
        await answer.wait_for(timeout=WAIT_MS)
        assert "Replying to Eko" in await answer.locator(".quote").inner_text()
        assert (await eko.next("message"))["id"] == question["message"]["id"]
        assert (await eko.next("message"))["replyTo"] == question["message"]["id"]

        # Nothing French on the English page.
        visible = await page.locator("body").inner_text()
        french = Catalogue.load("fr").entries["page"]
        english = Catalogue.load("en").entries["page"]
        for key, text in french.items():
            if isinstance(text, str) and text != english[key] and "{" not in text and len(text) > 3:
                assert text not in visible, key
        assert "Today" in visible and "You" in visible and "Online (2)" in visible

        overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0  # no sideways scrolling at 390 px
        assert await page.locator("#send").is_visible()
        assert await page.locator("#people").is_visible()

        # Near the 4,000 limit a counter appears.
        counter = page.locator("#counter")
        await page.locator("#text").fill("x" * 3000)
        assert await counter.is_hidden()
        await page.locator("#text").fill("x" * 3950)
        await expect(counter).to_have_text("3,950 / 4,000 characters")
        assert "counter-warn" in (await counter.get_attribute("class") or "")
        await page.locator("#text").fill("")
        assert await serious(page) == []  # the chat
        await page.screenshot(path="/tmp/lobby-phone-en.png")
        assert page.errors == []
    finally:
        await page.context.close()


async def test_french_chat_passes_axe_on_desktop_and_phone(
    browser: Any, lobby_factory: Callable[..., Any], clients: Callable[..., Any]
) -> None:
    server = await lobby_factory()
    for options, name in ((DESKTOP, "Zoé"), (PHONE, "Yann")):  # each browser its own name
        page = await new_page(browser, **options)
        try:
            await page.goto(server.url + "/")
            await page.locator("#name-dialog[open]").wait_for(timeout=WAIT_MS)
            assert await serious(page) == []
            await page.keyboard.type(name)
            await page.keyboard.press("Enter")
            await joined(page)
            other = await clients(server.url, f"Ami de {name}")
            await other.send({"text": f"Salut {name} !"})
            await say(page, f"Bonjour, ici {name}")
            await message(page, f"Bonjour, ici {name}").wait_for(timeout=WAIT_MS)
            await message(page, f"Salut {name} !").locator(".reply-button").click()
            assert await serious(page) == []
            assert page.errors == []
        finally:
            await page.context.close()


def test_the_catalogue_embedded_in_the_page_is_data_not_script() -> None:
    # "</script>" in a text cannot close the data block (the page would then run the rest).
    hostile = {"page": {"x": "</script><script>alert(1)</script>"}, "statusbar": {}, "refusal": {}}
    texts = Catalogue("fr", hostile)
    embedded = texts.page_json()
    assert "<" not in embedded and json.loads(embedded)["page"]["x"].startswith("</script>")
