"""What a question asks (facet cues) and which words are verbs: the word knowledge the duplicate
rules lean on."""

from __future__ import annotations

import pytest

from language.facets import facet_of
from language.text import is_finite_verb


@pytest.mark.parametrize(
    ("text", "facet"),
    [
        ("c'est quoi le poste de Bastien ?", "role"),
        # "which X" with no other cue asks which thing X is
        ("on a quelle mutuelle ?", "definition"),
        ("which CI do we use?", "definition"),
        ("Bastien habite dans quelle ville ?", "place"),
    ],
)
def test_facet_cues(text: str, facet: str) -> None:
    assert facet_of(text) == facet


def test_posted_is_a_verb_not_a_position() -> None:
    assert facet_of("Bastien a posté quoi dans #random ?") != "role"
    assert facet_of("Bastien a quel poste ?") == "role"


@pytest.mark.parametrize(
    ("word", "verb"),
    [
        ("ouvre", True),
        ("travaille", True),
        ("commence", True),
        ("invité", False),  # a participle qualifies a noun: "le wifi invité", "la machine réparée"
        ("réparée", False),
        ("cherchant", False),
        ("anniversaire", False),
        ("bureau", False),
    ],
)
def test_finite_verbs(word: str, verb: bool) -> None:
    assert is_finite_verb(word) is verb
