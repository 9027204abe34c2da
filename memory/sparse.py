"""Sparse lexical vectors for hybrid search (Qdrant stores them beside the dense ones, with IDF).

A text becomes a bag of normalised terms: accents folded, lowercased, French and English stopwords
removed, words cut to a short prefix (a cheap stemmer that works for both languages: "travaille",
"travailler", "travail" share one term). Colloquial and bilingual words map to a shared concept term
through a small table (maman → mère, boulot → travail, mother → mère) so a question asked casually
still meets the fact written plainly. Terms are hashed into a 31-bit index space.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections import Counter
from dataclasses import dataclass

# Terms keep at most this many characters: long enough to tell words apart, short enough to join
# inflections ("travaille"/"travailler" → "travai").
PREFIX = 6

_WORD = re.compile(r"[a-z0-9]+")

_STOPWORDS_FR = """
a au aux avec ce ces c ca cela celle celui cet cette ci d dans de des du elle elles en et est etait
etre eu il ils j je l la le les leur leurs lui m ma mais me meme mes moi mon n ne ni nos notre nous on
ou par pas pour qu que quel quelle quelles quels qui quoi s sa sans se ses si son sont sur t ta te tes
toi ton tu un une vos votre vous y ont ai as avons avez sera serait suis es sommes etes fait faire
fais comme plus tres tout tous toute toutes aussi alors donc car or bien deja encore ici la-bas
chez vers quand comment pourquoi combien ou-est qu-est-ce estce cest c-est voila ben bah hein euh
genre truc trucs machin chose quelque quelqu peu beaucoup trop ete avait avaient etaient sait sais
savoir dit dire rappelle rappeler souviens sais-tu dis
"""

_STOPWORDS_EN = """
a an the and or but if of at by for with about against between into through during before after above
below to from up down in out on off over under again further then once here there when where why how
all any both each few more most other some such no nor not only own same so than too very s t can will
just don should now i me my myself we our ours you your yours he him his she her hers it its they them
their what which who whom this that these those am is are was were be been being have has had having
do does did doing would could ought also tell know remember again whats what's who's
"""

STOPWORDS: frozenset[str] = frozenset((_STOPWORDS_FR + _STOPWORDS_EN).split())

# Concept table: every surface form (colloquial French, plain French, English) → one concept term.
# General vocabulary only (family, work, places, money...), never names from a data set.
_CONCEPTS: dict[str, tuple[str, ...]] = {
    "mere": ("maman", "mere", "mother", "mom", "mum", "mommy", "moman", "daronne"),
    "pere": ("papa", "pere", "father", "dad", "daddy", "daron"),
    "parent": ("parents", "parent", "darons", "vieux"),
    "frere": ("frere", "frangin", "brother", "bro"),
    "soeur": ("soeur", "frangine", "sister", "sis"),
    "enfant": (
        "enfant",
        "enfants",
        "gosse",
        "gosses",
        "mome",
        "momes",
        "gamin",
        "gamins",
        "gamine",
        "child",
        "children",
        "kid",
        "kids",
        "fils",
        "fille",
        "son",
        "daughter",
        "bebe",
        "baby",
    ),
    "conjoint": (
        "femme",
        "mari",
        "epouse",
        "epoux",
        "copine",
        "copain",
        "wife",
        "husband",
        "girlfriend",
        "boyfriend",
        "partner",
        "conjoint",
        "conjointe",
        "compagne",
        "compagnon",
    ),
    "ami": ("ami", "amie", "amis", "pote", "potes", "friend", "friends", "buddy", "copains"),
    "travail": (
        "travail",
        "travaille",
        "travailler",
        "boulot",
        "taf",
        "taff",
        "bosse",
        "bosser",
        "bossait",
        "job",
        "work",
        "works",
        "working",
        "worked",
        "emploi",
        "metier",
        "poste",
        "employe",
        "employer",
        "employeur",
        "job",
        "taffe",
    ),
    "entreprise": ("boite", "entreprise", "societe", "company", "startup", "firm", "employer", "agence"),
    "ville": (
        "ville",
        "village",
        "bled",
        "patelin",
        "town",
        "city",
        "village",
        "hometown",
        "origine",
        "originaire",
        "vient",
        "venait",
        "natal",
        "natale",
        "ne",
        "nee",
        "born",
        "comes",
        "from",
    ),
    "habite": (
        "habite",
        "habiter",
        "vit",
        "vivre",
        "live",
        "lives",
        "living",
        "demeure",
        "loge",
        "appart",
        "appartement",
        "maison",
        "home",
        "house",
        "apartment",
    ),
    "argent": ("argent", "fric", "thune", "thunes", "pognon", "blé", "money", "cash", "sous"),
    "prix": (
        "prix",
        "coute",
        "coutent",
        "couter",
        "cout",
        "tarif",
        "cost",
        "costs",
        "price",
        "pricing",
        "combien",
        "dollars",
        "euros",
        "balles",
        "paye",
        "payer",
        "pay",
    ),
    "voiture": ("voiture", "bagnole", "caisse", "car", "auto", "vehicule"),
    "livre": ("livre", "bouquin", "bouquins", "book", "books", "roman", "novel"),
    "manger": (
        "manger",
        "bouffe",
        "bouffer",
        "mange",
        "eat",
        "eats",
        "food",
        "nourriture",
        "cuisine",
        "plat",
        "prefere",
        "favorite",
        "favourite",
        "dish",
    ),
    "chien": ("chien", "toutou", "clebs", "dog", "chiot", "puppy"),
    "chat": ("chat", "minou", "cat", "chaton", "kitten"),
    "animal": ("animal", "animaux", "pet", "pets", "bestiole"),
    "sport": (
        "sport",
        "sports",
        "foot",
        "football",
        "soccer",
        "courir",
        "course",
        "running",
        "run",
        "velo",
        "bike",
        "cycling",
        "escalade",
        "climbing",
    ),
    "musique": (
        "musique",
        "zik",
        "music",
        "chanson",
        "song",
        "songs",
        "groupe",
        "band",
        "joue",
        "plays",
        "guitare",
        "guitar",
        "piano",
        "batterie",
        "drums",
    ),
    "vacances": (
        "vacances",
        "vacs",
        "holiday",
        "holidays",
        "vacation",
        "conges",
        "voyage",
        "trip",
        "travel",
        "partir",
        "part",
    ),
    "anniversaire": ("anniversaire", "anniv", "birthday", "bday", "nait", "naissance"),
    "age": ("age", "ans", "old", "years", "vieux"),
    "etudes": (
        "etudes",
        "etudie",
        "etudier",
        "fac",
        "universite",
        "university",
        "ecole",
        "school",
        "diplome",
        "degree",
        "studied",
        "study",
        "studies",
        "master",
        "these",
        "phd",
    ),
    "chef": ("chef", "boss", "patron", "manager", "responsable", "lead", "dirige", "head", "cto", "ceo"),
    "collegue": ("collegue", "collegues", "colleague", "colleagues", "coworker", "equipe", "team"),
    "langue": ("langue", "langues", "parle", "parler", "speaks", "speak", "language", "languages"),
    "ordinateur": ("ordi", "ordinateur", "pc", "laptop", "computer", "mac", "macbook"),
    "telephone": ("telephone", "portable", "tel", "phone", "smartphone", "iphone", "mobile"),
    "demenage": ("demenage", "demenager", "demenagement", "move", "moved", "moving", "installe"),
    "malade": ("malade", "maladie", "sick", "ill", "illness", "sante", "health"),
    "projet": ("projet", "projets", "project", "projects", "side", "app", "application"),
    "debut": ("debut", "commence", "commencer", "start", "started", "depuis", "since", "began"),
    "deteste": ("deteste", "horreur", "hate", "hates", "dislike", "supporte"),
    "aime": (
        "aime",
        "adore",
        "kiffe",
        "kiffer",
        "likes",
        "like",
        "love",
        "loves",
        "enjoys",
        "fan",
        "passion",
        "passionne",
    ),
    "cafe": ("cafe", "caoua", "coffee", "expresso", "espresso"),
    "biere": ("biere", "mousse", "beer", "binouze"),
    "film": ("film", "films", "movie", "movies", "cine", "cinema", "serie", "series", "show"),
    "jeu": ("jeu", "jeux", "game", "games", "gaming", "joue", "jouer", "play"),
}

CONCEPTS: dict[str, str] = {form: concept for concept, forms in _CONCEPTS.items() for form in forms}


def fold(text: str) -> str:
    """Lowercase, strip accents, and turn apostrophes into spaces (``l'équipe`` → ``l equipe``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def terms(text: str) -> list[str]:
    """The lexical terms of ``text``, in order, repeated as often as they occur."""
    result: list[str] = []
    for word in _WORD.findall(fold(text)):
        if word in STOPWORDS:
            continue
        concept = CONCEPTS.get(word)
        if concept is not None:
            result.append("~" + concept)
        if len(word) > 1 or word.isdigit():
            result.append(word[:PREFIX])
    return result


def term_index(term: str) -> int:
    """A stable 31-bit index for ``term`` (same value in every process, unlike ``hash``)."""
    return zlib.crc32(term.encode("utf-8")) & 0x7FFFFFFF


@dataclass(frozen=True)
class SparseVector:
    indices: list[int]
    values: list[float]


def sparse_vector(text: str) -> SparseVector:
    """Term counts as a sparse vector; Qdrant applies IDF at query time (``Modifier.IDF``)."""
    counts: Counter[int] = Counter(term_index(term) for term in terms(text))
    indices = sorted(counts)
    return SparseVector(indices=indices, values=[float(counts[i]) for i in indices])
