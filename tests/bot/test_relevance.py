"""Offline answers quote a fact only when it answers the question: calibrated on real examples
with the packaged embedding model and memory's real hybrid search."""

from __future__ import annotations

from language.relevance import answers, question_names, shared_words
from memory import Memory, NewRecord

FACTS = [
    "La mère de David vient de Besançon.",
    "Mickael est CTO chez lemapp depuis 2024.",
    "David est développeur freelance, il travaille surtout pour des agences web.",
    "Corentin est le stagiaire de l'équipe mobile, il est arrivé en septembre.",
    "Simon joue de la batterie dans un groupe de rock le week-end.",
    "Le plan Max de Claude coûte 100 dollars par mois.",
    "Le plan Pro de Claude coûte 20 dollars par mois.",
    "Kraken FM est la webradio que David a lancée avec des amis.",
    "L'anniversaire de Sarah est le 14 mars.",
    "Sarah a deux enfants, Léa et Hugo.",
    "David a un chien qui s'appelle Filou.",
    "Le vibe coding, c'est coder en laissant une IA écrire l'essentiel du code.",
    "Sarah ne mange pas de viande, elle est végétarienne.",
    "Mickael boit au moins cinq cafés par jour.",
]

CASES = [
    # colloquial questions whose answer is stored
    ("c'était quoi le nom du village de maman ?", "La mère de David vient de Besançon."),
    ("ça coûte combien le plan Max ?", "Le plan Max de Claude coûte 100 dollars par mois."),
    ("le forfait Pro il est à combien ?", "Le plan Pro de Claude coûte 20 dollars par mois."),
    ("Kraken FM c'est quoi au juste ?", "Kraken FM est la webradio que David a lancée avec des amis."),
    ("c'est quand l'anniv de Sarah ?", "L'anniversaire de Sarah est le 14 mars."),
    ("comment il s'appelle le toutou de David ?", "David a un chien qui s'appelle Filou."),
    ("Sarah elle mange de la viande ?", "Sarah ne mange pas de viande, elle est végétarienne."),
    ("c'est qui le petit nouveau de l'équipe mobile ?", FACTS[3]),
    ("how much is the Max plan?", "Le plan Max de Claude coûte 100 dollars par mois."),
    # nothing stored answers these: Eko must say it does not know
    ("c'est quand l'anniversaire de Simon ?", None),
    ("Mickael a des enfants ?", None),
    ("qui a gagné le tournoi de pétanque de Corentin ?", None),
    ("tu sais coder en rust ?", None),
    ("on mange où ce midi ?", None),
    ("quel est le mot de passe du wifi ?", None),
    ("c'est quoi la capitale de la Mongolie ?", None),
    ("qui est Paul ?", None),
]


async def test_offline_quote_decisions(memory: Memory) -> None:
    await memory.add_many([NewRecord("fact", text) for text in FACTS])
    wrong = []
    for question, expected in CASES:
        hits = await memory.search("fact", question, limit=5)
        quoted = next(
            (
                hit.record.text
                for hit in hits
                if answers(question, hit.record.text, hit.score, about=hit.record.about)
            ),
            None,
        )
        if quoted != expected:
            wrong.append((question, quoted, expected))
    assert wrong == []


def test_names_and_shared_words() -> None:
    assert question_names("Eko, Simon il joue avec Kraken FM ?") == ["Simon", "Kraken", "FM"]
    assert question_names("Bonjour, tu vas bien ?") == []
    assert shared_words("c'était quoi le village de maman ?", "La mère de David vient de Besançon.") == [
        "maman",
        "village",
    ]
