"""Names in messages: capitalised words, the short answer a fact gives."""

from __future__ import annotations

from language.names import capitalised_words, short_answer


def test_short_answer_is_the_name_the_question_lacks() -> None:
    question = "c'était quoi le nom du village de maman ?"
    assert short_answer("La mère de David vient de Besançon", question, {"David"}) == "Besançon"
    two_names = "Corentin et Simon codent lemapp"
    assert short_answer(two_names, "qui code sur lemapp ?", set()) == two_names
    assert short_answer("Mickael est CTO", "qui est le CTO ?", set()) == "Mickael"


def test_capitalised_words() -> None:
    assert capitalised_words("Je bosse sur Kraken FM avec David. Demain Ralph") == [
        "Kraken",
        "FM",
        "David",
        "Ralph",
    ]
