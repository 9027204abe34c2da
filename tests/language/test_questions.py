"""Questions and tones."""

from __future__ import annotations

from language.questions import curiosity_tone


def test_curiosity_tone() -> None:
    assert curiosity_tone("C'est quoi WebRTC exactement, côté serveur ?") == "technical"
    assert curiosity_tone("Qui est Corentin ?") == "helpful"
    assert curiosity_tone("Je veux mieux comprendre le vibe coding") == "technical"
    assert curiosity_tone("Le week-end à Lyon, c'était bien ?") == "playful"
