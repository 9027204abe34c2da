"""Pure rules: quiet hours, local day, the rate-limit decision, the adaptive cooldown, window helpers."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from llm.templates import PromptTemplates
from memory.records import Record
from reflection.engine import TEMPLATES
from reflection.judging import Pair
from reflection.phrasing import question_form
from reflection.ratelimit import (
    QuietHours,
    RateLimitState,
    blocked_by,
    current_cooldown,
    local_day,
    next_local_midnight,
    settle_cooldown,
)
from reflection.window import open_questions, select_window, top_topics

PARIS = ZoneInfo("Europe/Paris")
BASE = timedelta(minutes=30)
MAX = timedelta(hours=24)
T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


def test_quiet_hours_wrap_midnight() -> None:
    quiet = QuietHours.parse("20:00-08:00")
    assert quiet is not None
    assert quiet.contains(time(20, 0)) and quiet.contains(time(23, 59)) and quiet.contains(time(7, 59))
    assert not quiet.contains(time(8, 0)) and not quiet.contains(time(19, 59))
    assert str(quiet) == "20:00-08:00"


def test_quiet_hours_same_day_window_and_disabled() -> None:
    quiet = QuietHours.parse("12:00-14:00")
    assert quiet is not None and quiet.contains(time(13, 0)) and not quiet.contains(time(14, 0))
    assert QuietHours.parse("") is None
    assert QuietHours.parse("   ") is None
    for bad in ("8h-20h", "25:00-08:00", "20:00"):
        with pytest.raises(ValueError):
            QuietHours.parse(bad)


def test_local_day_follows_the_configured_timezone() -> None:
    # 23:30 UTC on the 23rd is already the 24th in Paris (UTC+1 in November).
    late = datetime(2026, 11, 23, 23, 30, tzinfo=UTC)
    assert local_day(late, PARIS) == "2026-11-24"
    assert local_day(late, ZoneInfo("UTC")) == "2026-11-23"
    assert next_local_midnight(datetime(2026, 11, 23, 12, 0, tzinfo=UTC), PARIS) == datetime(
        2026, 11, 23, 23, 0, tzinfo=UTC
    )


def test_blocked_by_cooldown_then_daily_max() -> None:
    state = RateLimitState(day="2026-11-23", count=2, next_allowed_at=T0 + BASE)
    assert blocked_by(state, T0, "2026-11-23", 5) == "cooldown"
    assert blocked_by(state, T0 + BASE, "2026-11-23", 5) is None
    full = RateLimitState(day="2026-11-23", count=5, next_allowed_at=T0)
    assert blocked_by(full, T0 + BASE, "2026-11-23", 5) == "daily_max"
    assert blocked_by(full, T0 + BASE, "2026-11-24", 5) is None  # a new day
    assert blocked_by(RateLimitState(), T0, "2026-11-23", 0) == "daily_max"


def asked(doublings: int = 0, answered: bool = False) -> RateLimitState:
    return RateLimitState(
        day="2026-11-23",
        count=1,
        last_message_at=T0,
        next_allowed_at=T0 + min(BASE * (1 << doublings), MAX),
        doublings=doublings,
        last_goal_id="g1",
        last_answered=answered,
        settled=False,
    )


def settle(state: RateLimitState, now: datetime, answered: bool = False) -> tuple[int, datetime] | None:
    return settle_cooldown(
        state, now, answered=answered, base=BASE, maximum=MAX, unanswered_after=timedelta(hours=2)
    )


def test_ignored_question_doubles_the_cooldown_after_two_hours() -> None:
    assert settle(asked(), T0 + timedelta(hours=1)) is None  # too early to say
    assert settle(asked(), T0 + timedelta(hours=2)) == (1, T0 + 2 * BASE)
    four_hours = asked(doublings=3)  # 30 min doubled three times
    assert settle(four_hours, T0 + timedelta(hours=2)) == (4, T0 + timedelta(hours=8))


def test_adaptive_cooldown_is_capped_and_reset_by_an_answer() -> None:
    sixteen_hours = asked(doublings=5)
    assert settle(sixteen_hours, T0 + timedelta(hours=3)) == (6, T0 + MAX)  # 32 h, capped at 24 h
    at_cap = asked(doublings=6)
    assert settle(at_cap, T0 + timedelta(hours=3)) == (6, T0 + MAX)  # stops counting at the cap
    assert current_cooldown(at_cap.doublings, BASE, MAX) == MAX
    doublings, _ = settle(asked(doublings=4), T0 + timedelta(minutes=5), answered=True) or (None, None)
    assert doublings == 0
    doublings, _ = settle(asked(doublings=4, answered=True), T0 + timedelta(hours=5)) or (None, None)
    assert doublings == 0
    assert settle(RateLimitState(), T0) is None  # nothing asked yet


def test_the_cooldown_follows_the_settings_not_a_stored_value() -> None:
    # The store keeps how many times the cooldown doubled, not seconds: a new EKO_COOLDOWN or
    # EKO_MAX_COOLDOWN applies to an existing Eko at its next start.
    doublings = asked(doublings=2).doublings
    assert current_cooldown(doublings, BASE, MAX) == 4 * BASE
    assert current_cooldown(doublings, timedelta(minutes=5), MAX) == timedelta(minutes=20)
    assert current_cooldown(doublings, BASE, timedelta(hours=1)) == timedelta(hours=1)
    assert current_cooldown(RateLimitState().doublings, timedelta(seconds=1), MAX) == timedelta(seconds=1)


def test_window_after_the_cursor() -> None:
    messages = [
        {"id": f"m{i}", "ts": f"2026-11-23T10:0{i}:00.000Z", "author": "A", "text": "x"} for i in range(5)
    ]
    assert [m["id"] for m in select_window(messages, "m2", None)] == ["m3", "m4"]
    assert [m["id"] for m in select_window(messages, "gone", "2026-11-23T10:03:00.000Z")] == ["m4"]
    assert len(select_window(messages, None, None)) == 5
    assert select_window(messages, "m4", None) == []


def test_open_questions_skip_mentions_and_questions_the_bot_followed() -> None:
    window = [
        {"author": "David", "text": "Eko, tu connais Kraken ?"},
        {"author": "Mickael", "text": "ça va ?"},
        {"author": "Eko", "text": "Oui !"},
        {"author": "David", "text": "c'était quoi le nom du village de maman ?"},
        {"author": "Mickael", "text": "aucune idée"},
    ]
    assert [m["text"] for m in open_questions(window, "Eko")] == ["c'était quoi le nom du village de maman ?"]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_prompt_exists_in_both_languages(language: str) -> None:
    templates = PromptTemplates("reflection", language)
    templates.check(TEMPLATES)
    for key in ("last_message_is_bot", "quiet_hours", "cooldown", "daily_max", "busy", "no_goal", "error"):
        reason = templates.render("reasons", key=key, detail="x")
        assert reason and reason != key  # every skip reason has a sentence


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_prompt_renders_with_the_variables_the_flows_give(language: str) -> None:
    templates = PromptTemplates("reflection", language)
    fact = Record(id="f1", kind="fact", text="Kraken FM est une webradio", author="David")
    goal = Record(id="g1", kind="goal", text="C'est quoi Kraken FM ?")
    lines = [{"id": "m1", "author": "David", "text": "je bosse sur Kraken"}]
    assert "Eko" in templates.render("reflect_system", bot_name="Eko")
    user = templates.render("reflect", goal=goal.text, facts=[fact], self_facts=[], messages=lines)
    assert "Kraken FM ?" in user and "David" in user
    assert "Eko" in templates.render("window_system", bot_name="Eko")
    window = templates.render("window", messages=lines, facts=[fact], goals=[goal], asked=[])
    assert "[g1]" in window and "webradio" in window and "[m1] David" in window
    asked = Record(id="g2", kind="goal", text="Quelle est la couleur préférée de Bob ?", about="Bob")
    assert "[g2]" in templates.render("window", messages=lines, facts=[], goals=[], asked=[asked])
    assert "Eko" in templates.render("duplicates_system", bot_name="Eko")
    pairs = [Pair("goal", newer=goal, older=asked)]
    duplicates = templates.render("duplicates", pairs=pairs)
    assert "0" in duplicates and "Kraken FM ?" in duplicates and "Bob" in duplicates
    summary = templates.render("summary", count=2, participants=["David", "Mickael"], topics=["Kraken"])
    assert "David, Mickael" in summary and "Kraken" in summary
    answer = templates.render("answer_from_fact", answer="Besançon", author="MickTest2", fact="...")
    assert answer.startswith("Besançon") and "MickTest2" in answer


def test_the_end_of_a_quiet_window() -> None:
    paris = ZoneInfo("Europe/Paris")  # UTC+1 in November
    quiet = QuietHours.parse("20:00-08:00")
    assert quiet is not None
    evening = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)  # 21:00 in Paris
    assert quiet.end_after(evening, paris) == datetime(2026, 11, 24, 7, 0, tzinfo=UTC)
    night = datetime(2026, 11, 24, 2, 0, tzinfo=UTC)  # 03:00 in Paris, after midnight
    assert quiet.end_after(night, paris) == datetime(2026, 11, 24, 7, 0, tzinfo=UTC)
    day = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    assert quiet.end_after(day, paris) == day
    lunch = QuietHours.parse("12:00-14:00")
    assert lunch is not None
    assert lunch.end_after(day, paris) == datetime(2026, 11, 24, 13, 0, tzinfo=UTC)  # 13:00 local → 14:00


def test_topics_are_the_frequent_capitalised_words() -> None:
    window = [
        {"author": "David", "text": "je vais bosser sur Kraken"},
        {"author": "Mickael", "text": "ah oui Kraken avance ? Et WebRTC avec David"},
    ]
    assert top_topics(window, exclude={"David", "Mickael"}) == ["Kraken", "WebRTC"]


def test_question_form() -> None:
    assert question_form("Qui est Corentin ?") == ("qui est Corentin ?", True)
    assert question_form("Kraken FM, c'est quoi ?") == ("Kraken FM, c'est quoi ?", True)
    # a first word that is never a name loses the capital the goal's sentence gave it
    assert (
        question_form("Quand est-ce qu'on part en séminaire ?")[0] == "quand est-ce qu'on part en séminaire ?"
    )
    assert question_form("On utilise quoi pour la compta ?")[0] == "on utilise quoi pour la compta ?"
    assert question_form("Quentin il bosse où ?")[0] == "Quentin il bosse où ?"
    # a preposition before the interrogative (probe conversation of 2026-11-28: "Au fait, Pour qui
    # travaille Yvan ?")
    assert question_form("Pour qui travaille Yvan ?")[0] == "pour qui travaille Yvan ?"
    assert question_form("Pour Noël on fait quoi ?")[0] == "Pour Noël on fait quoi ?"
    assert question_form("I wonder who Sacha is")[0] == "I wonder who Sacha is"
    # a pronoun asking the room ("By the way, Anyone know…": probe conversation of 2026-11-28, noon)
    assert (
        question_form("Anyone know where we keep the spare keys?")[0]
        == "anyone know where we keep the spare keys?"
    )
    assert question_form("Personne sait où est le carton ?")[0] == "personne sait où est le carton ?"
    # a conjunction or preposition opening it (probe conversations of 2026-11-28, evening: "By the
    # way, Until which date is pollen.dev paid?", "By the way, Any idea where…")
    assert question_form("Until which date is pollen.dev paid?")[0] == "until which date is pollen.dev paid?"
    assert question_form("Any idea where the boxes ended up?")[0] == "any idea where the boxes ended up?"
    assert question_form("Whats Paul's extension?")[0] == "whats Paul's extension?"
    assert question_form("Je veux mieux comprendre le vibe coding.") == (
        "je veux mieux comprendre le vibe coding",
        False,
    )
