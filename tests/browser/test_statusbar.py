"""The StatusBar in the real Lobby page, in headless Chromium, against the whole stack in-process."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from playwright.async_api import expect

from tests.browser.axe import serious
from tests.browser.conftest import CHROMIUM, CHROMIUM_INSTALLED, Stack
from tests.fakes.anthropic_server import tool_reply

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM_INSTALLED, reason=f"{CHROMIUM} is not installed"),
]

VIOLET = "rgb(124, 58, 237)"
RED = "rgb(185, 28, 28)"
INK = "rgb(15, 23, 42)"
MIN_PHASE_MS = 900  # statusbar.js: each phase stays on screen at least this long
WAIT_MS = 5000

# Records every value the live display's data-phase takes, and when (the page's clock).
RECORD_PHASES = """() => {
  const live = document.querySelector('#statusbar .sb-live');
  window.__phaseLog = [];
  window.__phaseTimes = [];
  new MutationObserver((records) => {
    for (const r of records) {
      window.__phaseLog.push(r.oldValue);
      window.__phaseTimes.push([live.getAttribute('data-phase'), Date.now()]);
    }
  }).observe(live, {attributes: true, attributeFilter: ['data-phase'], attributeOldValue: true});
}"""
READ_PHASES = """() => [
  ...window.__phaseLog, document.querySelector('#statusbar .sb-live').getAttribute('data-phase')
]"""


async def until_phase_done(page: Any) -> None:
    """Run the page's clock until the live display reaches 'done' (phases are shown one by one)."""
    done = page.locator("#statusbar .sb-live[data-phase=done]")
    for _ in range(50):
        if await done.count():
            return
        await page.clock.run_for(300)
        await asyncio.sleep(0.05)
    raise AssertionError("the live display never reached 'done'")


def distinct(values: list[str | None]) -> list[str]:
    out: list[str] = []
    for value in values:
        if value is not None and (not out or out[-1] != value):
            out.append(value)
    return out


async def open_lobby(browser: Any, stack: Stack, **context_options: Any) -> Any:
    """A page of the Lobby, joined as Mickael, with the room's history shown and a fake page clock."""
    context = await browser.new_context(**context_options)
    await context.add_init_script("window.localStorage.setItem('eko.lobby.name', 'Mickael')")
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    await page.clock.install()
    await page.goto(stack.url + "/")
    # Joined once the room's history is shown (the empty notice or messages). Locators, not
    # wait_for_function: the page's CSP forbids the eval that a string predicate needs.
    await page.locator("#empty:not([hidden]), #messages li").first.wait_for(timeout=WAIT_MS)
    await page.locator("body[data-connection=online]").wait_for(timeout=WAIT_MS)
    await expect(page.locator("#me")).to_contain_text("Mickael")
    return page


@pytest.fixture
async def page(browser: Any, stack: Stack) -> AsyncIterator[Any]:
    page = await open_lobby(browser, stack, viewport={"width": 1280, "height": 800})
    try:
        yield page
        assert page.errors == []
    finally:
        await page.context.close()


async def trigger_over_http(stack: Stack) -> dict[str, Any]:
    async with aiohttp.ClientSession() as http, http.post(stack.url + "/reflection/trigger") as response:
        assert response.status == 200
        return dict(await response.json())


async def test_phases_appear_in_order_then_fade_out(page: Any, stack: Stack) -> None:
    await page.evaluate(RECORD_PHASES)
    # The page's clock stands still from here and moves only when the test runs it, so each recorded
    # Date.now() is the exact time a timer fired, however loaded the machine (a flowing clock can
    # report a tick late, by as much as the machine is slow). Paused 5 s ahead: the clock still flows
    # until the call lands, and cannot be paused in its past. Python's pause_at takes seconds.
    await page.clock.pause_at((await page.evaluate("() => Date.now()") + 5000) / 1000)
    record = await trigger_over_http(stack)
    await until_phase_done(page)
    assert distinct(await page.evaluate(READ_PHASES)) == ["gathering", "context", "thinking", "done"]
    # Each phase stayed on screen long enough to read, though they arrived within milliseconds (a
    # phase shown with no minimum would last 0 ms on the still clock).
    times = [at for _, at in await page.evaluate("() => window.__phaseTimes")]
    assert all(later - earlier >= MIN_PHASE_MS for earlier, later in itertools.pairwise(times)), times

    result = page.locator("#statusbar .sb-result")
    assert "Message posté" in await result.inner_text()
    assert await result.evaluate("e => getComputedStyle(e).color") == VIOLET
    # Eko's question is in the Lobby, under Eko's name.
    bot_line = page.locator("#messages li", has=page.locator(".author-bot"))
    await bot_line.last.wait_for(timeout=WAIT_MS)
    assert record["message"] in await bot_line.last.inner_text()

    # Still shown just before 5 s, gone after (the page's clock is driven, no real waiting). 'done'
    # was reached partway through a driven step: count the 5 s from when 'done' was shown.
    shown_for = await page.evaluate("() => Date.now() - window.__phaseTimes.at(-1)[1]")
    await page.clock.run_for(max(0, 4800 - shown_for))
    assert await page.locator("#statusbar .sb-live").is_visible()
    await page.clock.run_for(700)
    assert not await page.locator("#statusbar .sb-live").is_visible()


NEXT_SOCKET_HISTORY = """() => new Promise((resolve) => window.addEventListener(
  'eko:socket', (event) => event.detail.once('history', () => resolve(true)), {once: true}))"""


async def test_after_a_name_change_a_pass_is_shown_in_red_with_its_reason(page: Any, stack: Stack) -> None:
    # Changing name makes the page create a new socket: the StatusBar must follow it.
    joined = asyncio.create_task(page.evaluate(NEXT_SOCKET_HISTORY))
    await page.get_by_role("button", name="Changer de nom").click()
    await page.locator("#name").fill("David")
    await page.locator("#name").press("Enter")
    assert await asyncio.wait_for(joined, timeout=WAIT_MS / 1000)
    await expect(page.locator("#me")).to_have_text("Vous : David")

    for goal in await stack.memory.list("goal", status="pending"):
        await stack.memory.drop_goal(goal.id)
    await page.evaluate(RECORD_PHASES)
    record = await trigger_over_http(stack)
    assert record["action"] == "pass"
    await until_phase_done(page)
    phases = distinct(await page.evaluate(READ_PHASES))
    assert phases == ["gathering", "done"]  # no curiosity found while gathering: done at once
    result = page.locator("#statusbar .sb-result")
    assert await result.evaluate("e => getComputedStyle(e).color") == RED
    assert record["reason"] and record["reason"] in await result.inner_text()
    assert stack.fake.calls == 0  # no curiosity, no model call


async def test_panel_counters_history_and_the_reflect_now_button(page: Any, stack: Stack) -> None:
    chip = page.locator("#statusbar .sb-chip")
    await chip.click(button="right")
    panel = page.get_by_role("dialog", name="Réflexions d'Eko")
    await panel.wait_for(timeout=WAIT_MS)
    counter = panel.locator("[data-counter=total] .sb-counter-value")
    await expect(panel.locator(".sb-mode")).to_have_text("En ligne")
    assert await counter.inner_text() == "0"
    assert "Aucune réflexion" in await panel.inner_text()
    pass_value = panel.locator("[data-counter=pass] .sb-counter-value")
    assert await pass_value.evaluate("e => getComputedStyle(e).color") == INK  # neutral at 0
    # The counters and the button say what they count and do.
    text = await panel.inner_text()
    assert "Seuls les messages spontanés" in text and "plafond de 5 par jour" in text
    assert "Réfléchir maintenant" in text and "une fois par minute" in text
    assert await serious(page) == []

    await panel.get_by_role("button", name="Réfléchir maintenant").click()
    # The click reached Eko through the Lobby: the model was asked, the question is posted...
    bot_line = page.locator("#messages li", has=page.locator(".author-bot"))
    await bot_line.last.wait_for(timeout=WAIT_MS)
    assert "Kraken FM" in await bot_line.last.inner_text()
    assert stack.fake.calls == 1
    # ...and the panel's counters and history moved.
    await expect(panel.locator("[data-counter=messages] .sb-counter-value")).to_have_text("1")
    assert await counter.inner_text() == "1"
    assert await pass_value.inner_text() == "0"
    assert (
        int(
            (await panel.locator("[data-counter=tokens] .sb-counter-value").inner_text()).replace(
                "\u202f", ""
            )
        )
        > 0
    )
    rows = panel.locator(".sb-row")
    assert await rows.count() == 1
    row = await rows.first.inner_text()
    assert "Manuelle" in row and "message" in row and "tok" in row
    limits = await panel.locator(".sb-limits").inner_text()
    assert "Messages spontanés aujourd'hui" in limits and "/ 5" in limits
    await page.screenshot(path="/tmp/statusbar.png")

    # A second press within 60 s is refused, and the page says why.
    await panel.get_by_role("button", name="Réfléchir maintenant").click()
    feedback = panel.locator(".sb-feedback--error")
    await feedback.wait_for(timeout=WAIT_MS)
    assert "vient d'avoir lieu : réessayez dans" in await feedback.inner_text()  # the Lobby's words
    assert stack.fake.calls == 1

    await page.keyboard.press("Escape")
    await panel.wait_for(state="hidden", timeout=WAIT_MS)
    # Right-click on Eko's name in the conversation opens it too.
    await bot_line.last.locator(".author-bot").click(button="right")
    await panel.wait_for(timeout=WAIT_MS)
    # A click elsewhere in the page closes it.
    await page.locator(".title").click()
    await panel.wait_for(state="hidden", timeout=WAIT_MS)


async def test_long_press_on_a_phone_and_text_is_never_html(browser: Any, stack: Stack) -> None:
    stack.fake.responder = lambda body: tool_reply(
        {
            "action": "message",
            "message": '<img src=x onerror="window.pwned=1"> c\'est quoi Kraken FM ?',
            "reason": "<b>gras</b> & <script>window.pwned=2</script>",
            "tone": "playful",
        }
    )
    await trigger_over_http(stack)
    page = await open_lobby(
        browser, stack, viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True
    )
    try:
        name = page.locator("#messages .author-bot").last
        await name.wait_for(timeout=WAIT_MS)
        touch = """(el, end) => {
          const r = el.getBoundingClientRect();
          const t = new Touch({identifier: 1, target: el, clientX: r.x + 2, clientY: r.y + 2});
          const init = {bubbles: true, cancelable: true, touches: end ? [] : [t], changedTouches: [t]};
          el.dispatchEvent(new TouchEvent(end ? 'touchend' : 'touchstart', init));
        }"""
        panel = page.get_by_role("dialog", name="Réflexions d'Eko")
        # A short tap is not a long press.
        await name.evaluate(touch, False)
        await page.clock.run_for(200)
        await name.evaluate(touch, True)
        await page.clock.run_for(600)
        assert not await panel.is_visible()
        # A long press is.
        await name.evaluate(touch, False)
        await page.clock.run_for(600)
        await panel.wait_for(timeout=WAIT_MS)
        await page.locator(".sb-row").first.wait_for(timeout=WAIT_MS)

        box = await panel.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
        history = await panel.locator(".sb-history").inner_text()
        assert "<b>gras</b> & <script>window.pwned=2</script>" in history
        assert '<img src=x onerror="window.pwned=1">' in history
        assert await panel.locator("img, b, script").count() == 0
        assert await page.evaluate("window.pwned") is None
        await page.screenshot(path="/tmp/statusbar-375.png")
        assert page.errors == []
    finally:
        await page.context.close()


@pytest.mark.parametrize("stack", ["en"], indirect=True)
async def test_the_panel_in_english_on_a_phone_passes_axe(browser: Any, stack: Stack) -> None:
    page = await open_lobby(browser, stack, viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        await page.locator("#statusbar .sb-chip").click()
        panel = page.get_by_role("dialog", name="Eko's reflections")
        await panel.wait_for(timeout=WAIT_MS)
        await expect(panel.locator(".sb-mode")).to_have_text("Online")
        text = await panel.inner_text()
        assert "Reflect now" in text and "Spontaneous messages today" in text
        assert "count toward the cap of 5 a day" in text
        assert "Réflexions" not in text and "Réfléchir" not in text
        assert await serious(page) == []
        await page.keyboard.press("Escape")
        await panel.wait_for(state="hidden", timeout=WAIT_MS)
        assert page.errors == []
    finally:
        await page.context.close()
