"""Folding and tokenising: the one way Eko compares words (case- and accent-insensitive)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Literal

from language import frequencies

Language = Literal["fr", "en"]
LANGUAGES: tuple[Language, ...] = ("fr", "en")

# Words: letters and digits, with inner apostrophes or hyphens ("aujourd'hui", "Jean-Marc").
WORDS = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
# Letters only (no digits, no joiners): what name and content rules look at.
LETTERS = re.compile(r"[^\W\d_]+")


# Ligatures Unicode does not decompose: "sœur" is written "soeur" as often, and the word lists
# (language/concepts.py) hold the latter.
_LIGATURES = {"œ": "oe", "æ": "ae"}
_LIGATURE_TABLE = str.maketrans(_LIGATURES)


def fold_with_map(text: str) -> tuple[str, list[int]]:
    """Case- and accent-folded ``text`` and, per folded character, the index of its original one."""
    if text.isascii():  # one character stays one character: skip the per-character pass
        return text.casefold(), list(range(len(text)))
    out: list[str] = []
    index: list[int] = []
    for position, char in enumerate(text):
        decomposed = unicodedata.normalize("NFKD", char)
        for folded_char in "".join(c for c in decomposed if not unicodedata.combining(c)).casefold():
            for letter in _LIGATURES.get(folded_char, folded_char):
                out.append(letter)
                index.append(position)
    return "".join(out), index


def fold(text: str) -> str:
    """Case- and accent-folded text (``"Éko"`` → ``"eko"``), for comparisons only."""
    if text.isascii():  # most chat text: nothing to decompose
        return text.casefold()
    # fold_with_map's result without its map, in one pass: decomposing the whole text equals
    # decomposing each character (then reordering combining marks, which are dropped), and
    # casefolding is per character. Ten times faster on accented text (a bulk import folds each).
    decomposed = unicodedata.normalize("NFKD", text)
    return (
        "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().translate(_LIGATURE_TABLE)
    )


def normalise_quotes(text: str) -> str:
    """Typographic apostrophes as ASCII ones (``’`` → ``'``), so one pattern reads both."""
    return text.replace("’", "'")


def normalise(text: str) -> str:
    """NFKC, ASCII apostrophes and numbers written one way: the text rules read.

    French groups thousands with a space ("1 500 €" is 1500) and writes "80k" for 80000; a date
    "14/03" is the 14th of March, written out so it meets "14 mars".
    """
    text = normalise_quotes(unicodedata.normalize("NFKC", text))
    text = _THOUSANDS.sub("", text)
    text = _KILO.sub(r"\g<1>000", text)
    return _DAY_MONTH.sub(lambda m: f"{int(m.group(1))} {MONTHS[int(m.group(2)) - 1][0]}", text)


_THOUSANDS = re.compile(r"(?<=\d)[ \u202f\u00a0](?=\d{3}(?!\d))")
_KILO = re.compile(r"\b(\d+)\s?k(?=\W|€|$)", re.IGNORECASE)
# … not a fraction of a measure ("la 1/2 journée de monte-meubles": probe conversation of a removal
# company, read as the 1st of February; "3/4 d'heure")
_DAY_MONTH = re.compile(
    r"\b(0?[1-9]|[12]\d|3[01])/(0?[1-9]|1[0-2])\b(?!/)"
    r"(?!\s*(?:d['’]\s*)?(?:journ|jour|heure|h\b|litre|kg|kilo|part|portion|pension|tarif|temps|page|"
    r"douzaine|semaine|mois|an\b|ann[ée]e|day|hour|dozen|pint|cup|week|month|year))"
)


def folded_words(words: str) -> frozenset[str]:
    """A whitespace-separated word list, folded (how the modules write their small word lists)."""
    return frozenset(fold(word) for word in words.split())


@lru_cache(maxsize=65536)
def name_key(name: str | None) -> str:
    """A name compared case-, accent- and spacing-insensitively (``"Zoé "`` is ``"zoe"``).

    Cached: a bulk import's duplicate check asks it of the same few hundred names millions of times
    (40 % of a 20k-fact import's time without the cache)."""
    return " ".join(fold(unicodedata.normalize("NFKC", name or "")).split())


# Capitalised words that are not names (sentence starters, greetings, days, pronouns...).
COMMON_WORDS: dict[Language, frozenset[str]] = {
    "fr": folded_words(
        """je tu il elle on nous vous ils elles ce ça ca cela c ceci qui que quoi quand où ou comment
        pourquoi combien quel quelle quels quelles le la les l un une des du de d au aux et mais donc or
        ni car si oui non ok okay merci salut bonjour bonsoir coucou hello hey hé bravo super cool top
        génial bon bien alors ah oh bah ben euh voilà voila enfin sinon puis bref après avant mon ma
        mes ton ta tes son sa ses notre votre leur leurs moi toi lui eux est sont a ai as ont fait
        lundi mardi mercredi jeudi vendredi samedi dimanche janvier février fevrier mars avril mai juin
        juillet août aout septembre octobre novembre décembre decembre demain hier aujourd aujourd'hui
        ce soir matin midi dis dites regarde attends bienvenue désolé desole pardon rien tout tous
        toute toutes aussi encore déjà deja peut-être peut sûr sur vraiment trop très tres"""
    ),
    "en": folded_words(
        """i you he she it we they me him her us them my your his its our their the a an and but or so
        if yes no ok okay thanks thank hi hello hey cool great nice good well oh ah what who when where
        why how which this that these those is are was were am be been do does did have has had will
        would can could should monday tuesday wednesday thursday friday saturday sunday january february
        march april may june july august september october november december today tomorrow yesterday
        tonight morning please sorry welcome look wait maybe sure really very too also already just
        let lets let's there here then now"""
    ),
}


def is_common_word(word: str) -> bool:
    """True for a common French or English word (pronouns, greetings, days...), never a name."""
    folded = fold(word)
    return folded in COMMON_WORDS["fr"] or folded in COMMON_WORDS["en"]


# --- word knowledge from maintained libraries (lemmas, stems, frequencies) --------------------------

# Chat spellings of interrogatives and copulas ("c koi", "c ki"): a general category of SMS French;
# and of the second person in English chat ("u there?", "can u…", "ur") and dialects ("ye"), which
# no word of either language spells so.
_CHAT_SPELLINGS = {
    "koi": "quoi",
    "ki": "qui",
    "kel": "quel",  # "kel jour nou fé le traiteur…" (probe conversation of a food truck)
    "kelle": "quelle",
    "pk": "pourquoi",
    "pq": "pourquoi",
    "pkoi": "pourquoi",
    "qd": "quand",
    # "ça fait cb l'inscription ?" (probe conversation of a football club: read as no question and
    # stored as an answer)
    "cb": "combien",
    "cmb": "combien",
    "cbien": "combien",  # "on facture cbien le balayage ?" (probe conversation of a hair salon)
    "tjrs": "toujours",  # "tjrs pas d'info sur qui fait la pose d'implants ?" (a dental practice)
    "tjs": "toujours",
    # the interrogatives of Spanish, which a team borrows as it borrows thanks ("Eko, quién es le
    # responsable du groupe espagnol ?" was about "quién": probe conversation of a hotel)
    "quien": "qui",
    "donde": "ou",
    "cuando": "quand",
    "cuanto": "combien",
    "cual": "quel",  # "cual es el code du local matos ?" (probe conversation of a swimming pool)
    # the interrogatives of Réunion's créole, with French ("Eko, ousa le camion i stationne le
    # dimanche midi ?" was about "ousa le camion": probe conversation of a food truck); not "kisa",
    # "who" in Réunion but "what" in the Antilles and Haiti
    "ousa": "ou",
    "kosa": "quoi",
    "koman": "comment",
    "konbien": "combien",
    "konmien": "combien",
    # … and of the Antilles' ("Eko, ki moun ki ka fè visite guidée en anglais samedi ?" was about "ka
    # fè": probe conversation of a rum distillery in Martinique)
    "kile": "quand",
    "konbyen": "combien",
    "kijan": "comment",
    "kote": "ou",
    # the interrogatives of Maghrebi Arabic as French chat writes it, digits for the letters
    # Latin lacks ("Eko, chkoun el PO côté client ?", "9addech el TJM ?": probe conversations of a
    # software company in Tunis, read as no question, then answered by the first words said to Eko)
    "chkoun": "qui",
    "chkon": "qui",
    "chkun": "qui",
    "chnowa": "quoi",
    "chnoua": "quoi",
    "chnouwa": "quoi",
    "chniya": "quoi",
    "chnia": "quoi",
    "achno": "quoi",
    "chno": "quoi",
    "qaddech": "combien",
    "gaddech": "combien",
    "chhal": "combien",
    "waqtech": "quand",
    "waktech": "quand",
    "imta": "quand",
    "kifech": "comment",
    "kifeh": "comment",
    "kifach": "comment",
    # greetings and "ça va" as chat writes them ("slt eko sa va" was no greeting: probe
    # conversation of a fishing co-op); "sa" before "va" can be no possessive
    "slt": "salut",
    "bjr": "bonjour",
    "sa va": "ca va",
    "u": "you",
    "ur": "your",
    # the second person of Scots, Irish and northern English ("ye there?", "what d'ye reckon?")
    "ye": "you",
    "d'ye": "do you",
    "d'you": "do you",
    # "you" addressing a group is the team, not the one addressed: "Eko, where do you guys store
    # the insulin pens?" asks where the team stores them (probe conversation of a hospital pharmacy)
    "you guys": "we",
    "you all": "we",
    "you lot": "we",
    "y'all": "we",
}
# (either case: a goal's text opens with a capital, "C quoi la fleur préférée de Charlotte ?")
_CHAT_C = re.compile(
    r"(?<![\w'])[cC](?= +(?:qui|quoi|koi|ki|quand|ou|où|combien|comment|pas|le|la|les|l'|un|une)\b)"
)
# Maghrebi Arabic's "where" before its article or its "in" ("win el bureau ?", "win l'adresse ?",
# "win fi Lyon ?"): the English verb never stands before them ("did we win the deal?", "win rate").
_CHAT_WHERE = re.compile(r"(?<![\w'’])win(?= (?:el|fi|fel) |[ ]?l['’])")
# Chat spellings read before the text is cut into words, which would cut them apart (the words of
# the written text and of the folded one must stay as many): Maghrebi Arabic's words spelled with
# digits for the letters Latin lacks ("9addech el TJM ?" read as "9", "addech"), its interrogatives
# and its thanks, as the spellings above ("Eko ya3tik esse77a 🙏" was stored as the answer to a
# question of the room: probe conversations of a software company in Tunis); phrases of several
# words (the Antilles' "ki moun", who: probe conversation of a rum distillery in Martinique).
_READ_WHOLE = {
    "ki moun": "qui",
    "yaatik saha": "merci",
    "9addech": "combien",
    "9adech": "combien",
    "ch7al": "combien",
    "wa9tech": "quand",
    "3lech": "pourquoi",
    "3lach": "pourquoi",
    "ya3tik esse77a": "merci",
    "ya3tik essa7a": "merci",
    "ya3tik sa7a": "merci",
    "ya3tik saha": "merci",
    "y3aychek": "merci",
    "ya3aychek": "merci",
}
_READ_WHOLE_WORD = re.compile(
    r"(?<![\w'’])(" + "|".join(sorted(_READ_WHOLE, key=len, reverse=True)) + r")(?![\w'’])", re.IGNORECASE
)


def _read_whole(text: str) -> str:
    """``text`` with what must be read before it is cut into words read: the spellings of
    _READ_WHOLE, Picard's "ch'est" (_PICARD_C) and Québec's question "-tu" (_QUEBEC_TU), as
    written or folded (both readers use it: :func:`chat_folded`, :func:`words_as_written`)."""
    text = _QUEBEC_TU.sub(_without_question_tu, text)
    return _PICARD_C.sub(
        r"\1", _READ_WHOLE_WORD.sub(lambda found: _READ_WHOLE[found.group(1).casefold()], text)
    )


# Québec French asks a yes/no question with "-tu" after the verb, whatever its subject ("on a-tu
# un chiffre pour les keys ?", "le build est-tu stable ?", "t'as-tu vu ça ?": probe conversation of
# a game studio in Montreal, read as an opinion asked of Eko): a particle, no "you". It is the
# inverted "tu" of standard French after a second-person form ("as-tu", "sais-tu", "peux-tu"),
# and after "peut" or "veut", which chat writes for "peux" and "veux" ("peut-tu m'aider ?").
_QUEBEC_TU = re.compile(r"(?:\b(tu |t['’]))?\b([^\W\d_]+)-tu\b(?![-'’])", re.IGNORECASE)


def _without_question_tu(found: re.Match[str]) -> str:
    subject, verb = found.group(1) or "", found.group(2)
    second_person = verb.casefold().endswith(("s", "x")) or verb.casefold() in ("peut", "veut")
    return found.group() if second_person and not subject else subject + verb


# Chat's "pr" for "pour" before what follows a preposition (a determiner, a pronoun: "qui s'occupe
# des visas pr le Mali ?", probe conversation of an NGO); not the "PR" of a pull request, which no
# determiner follows.
_CHAT_FOR = re.compile(
    r"(?<![\w'’])pr(?= (?:le|la|les|l'|un|une|des|du|ce|cet|cette|ces|mon|ma|mes|ton|ta|tes|son|sa|ses|"
    r"notre|nos|votre|vos|leur|leurs|moi|toi|lui|elle|nous|vous|eux|elles|demain|ce soir) )"
)
# The "c'est" of Picard and ch'ti, "ch'est" ("ch'est combien un balayage ?" was about "ch": probe
# conversation of a hair salon in Lille), as written or folded.
_PICARD_C = re.compile(r"(?<![\w'])([cC])h(?=['’](?:est|etait|était)\b)")
# "cest" for "c'est" (the apostrophe left out): no French word is spelled so.
_CHAT_CEST = re.compile(r"(?<![\w'])cest(?!\w)")
TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+")


# What a chat spelling must not touch to stand alone: a letter, a digit, an apostrophe ("U13",
# "c'koi" are not "you", "quoi").
_JOINED = r"[\w'’]"
_CHAT_WORD = re.compile(
    rf"(?<!{_JOINED})(" + "|".join(sorted(_CHAT_SPELLINGS, key=len, reverse=True)) + rf")(?!{_JOINED})"
)


def with_chat_spellings(folded: str) -> str:
    """A folded text with its chat spellings read as the words ("do u know" → "do you know"),
    everything else kept as it is (apostrophes, punctuation)."""
    return _CHAT_WORD.sub(lambda found: _CHAT_SPELLINGS[found.group(1)], folded)


def tokens(text: str) -> list[str]:
    """Folded word tokens of ``text``: ``"C'est quoi l'âge de Léna ?"`` → ``c est quoi l age de lena``.

    Chat spellings of interrogatives are read as the words ("c koi" → "c'est quoi").
    """
    return TOKEN.findall(chat_folded(text))


def chat_folded(text: str) -> str:
    """``text`` folded, its chat spellings read as the words ("c koi" → "c'est quoi", "cest" →
    "c'est", "do u know" → "do you know": as words only, the "u" of "U13" is no "you"),
    punctuation kept."""
    folded = _CHAT_CEST.sub("c'est", _read_whole(fold(normalise(text))))
    folded = _CHAT_FOR.sub("pour", _CHAT_WHERE.sub("ou", folded))
    return with_chat_spellings(_CHAT_C.sub("c'est", folded))


def accented_forms(text: str) -> dict[str, str]:
    """Folded token → the lowercase word as written (accents kept), for frequency look-ups."""
    return {fold(word): word for word in TOKEN.findall(normalise(text).casefold())}


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """The dictionary form of a folded word, French first then English (simplemma)."""
    import simplemma  # a few MB of tables: loaded on first use, not at import

    found = simplemma.lemmatize(word, lang=("fr", "en"), low_memory=True)
    return fold(found) if found else word


# Past and present participles often qualify a noun ("le wifi invité", "la réunion suivante"):
# only other inflected forms of a verb count as a verb.
_PARTICIPLE = re.compile(r"(?:é|ée|és|ées|ant|ants|ante|antes)$")
# A French past participle of the first group as written, accent and all ("noté", "guidée"): folding
# would read it as a present ("note", "guide").
WRITTEN_PAST_PARTICIPLE = re.compile(r"ée?s?$", re.IGNORECASE)


@lru_cache(maxsize=65536)
def is_finite_verb(written: str) -> bool:
    """Whether a lowercase word as written (accents kept) is an inflected French verb that is not a
    participle ("ouvre", "travaille", "utilise"; not "invité", "anniversaire", "ouvrir")."""
    return not _PARTICIPLE.search(written) and is_verb_form(written)


# Words that put what a sentence says in a former time, whatever its tense: "l'ancien CTO", "ex-CTO",
# "Léa bossait où avant ?", "where did Léa work before?", "Tom used to live in Lyon". A closed
# category of time adverbs and adjectives; "avant" and "before" only closing the sentence (otherwise
# they are prepositions: "avant 9h").
_FORMER_WORDS = folded_words(
    "auparavant anciennement précédemment ancien ancienne anciens anciennes ex previously formerly former"
)
_FORMER_CLOSING = folded_words("avant before")
# The imperfect of the two auxiliaries (their other forms are too short for the ending rule below).
_FORMER_AUXILIARIES = folded_words("était étaient avait avaient")


@lru_cache(maxsize=16384)
def former_state(text: str) -> bool:
    """Whether ``text`` speaks of a former state: a French imperfect ("travaillait", "habitaient"),
    or a word of former time (``_FORMER_WORDS``, "used to", a closing "avant"/"before"). "Léa
    travaillait chez Criteo" is not "Léa travaille chez Criteo"; the passé composé is left alone,
    since a past event and its present-tense telling are one ("Léa est arrivée quand ?")."""
    written = TOKEN.findall(normalise(text).casefold())
    folded = [fold(word) for word in written]
    if any(word in _FORMER_WORDS or word in _FORMER_AUXILIARIES for word in folded):
        return True
    joined = f" {' '.join(folded)} "
    if (folded and folded[-1] in _FORMER_CLOSING) or " used to " in joined:
        return True
    if _perfect_of_a_state(written):
        return True
    if _POLITE_IMPERFECT.search(joined):
        return False  # "je me demandais où habitait Soraya": the tenses follow the polite "demandais"
    return any(_imperfect(word) for word in written)


# The perfect of a verb of state tells a state that is over, unlike an event's ("Léa a travaillé
# chez Criteo", "Tom lived in Lyon", "Léa a été CTO"; "Léa est arrivée", "Lynx a été créé" are
# events): working, living somewhere, being something. A closed class of stative predicates, the
# ones facts state; "toujours"/"always" keeps the state going ("Léa a toujours habité à Lyon").
_PERFECT_AUXILIARIES = folded_words("a ai as avons avez ont")
_STATE_PARTICIPLES = folded_words("travaillé bossé taffé habité vécu résidé été")
_ENGLISH_STATE_PASTS = folded_words("worked lived")
_ENGLISH_STATE_VERBS = folded_words("work live")
_ENGLISH_BE_HAVE_PASTS = folded_words("was were had")
# After "was": a question's subject ("where was Léa born?"), birth, or "to" of an intention.
_NOT_A_STATE_AFTER = folded_words("born to going supposed")
_STILL = folded_words("toujours always")
_PRESENT_PERFECT = folded_words("has have ve")
# How French past participles end ("codé", "créée", "arrêtés", "fini", "écrit", "reçu"): simplemma
# reads many as nouns or adjectives ("arrêté", "codé"), so their ending decides.
_PARTICIPLE_ENDING = re.compile(r"(?:é|ée|és|ées|i|ie|is|ies|u|ue|us|ues|it|ite|its|ites)$")


def _perfect_of_a_state(written: list[str]) -> bool:
    folded = [fold(word) for word in written]
    for i, word in enumerate(folded):
        if word in _ENGLISH_STATE_PASTS and i >= 1 and folded[i - 1] not in _STILL | _PRESENT_PERFECT:
            return True  # "has lived in Lyon for years" still does
        if word in _ENGLISH_STATE_VERBS and "did" in folded[max(0, i - 3) : i]:
            return True  # "where did Odile work?": do-support in the past
        # "was CTO", "had 500 users", "was in June": English simple past of being and having, as the
        # French imperfect; not a passive or a pluperfect ("was created", "had left", "was born")
        if word in _ENGLISH_BE_HAVE_PASTS and i >= 1 and i + 1 < len(folded):
            following = folded[i + 1 : i + 3]  # "was created", "where was Léa born?"
            passive = is_english_verb_form(following[0]) or (
                len(following) > 1 and following[1].endswith("ed")  # "when was Lynx released?"
            )
            if not passive and not set(following) & _NOT_A_STATE_AFTER:
                return True
        if word not in _STATE_PARTICIPLES:
            continue
        # the auxiliary right before, or one adverb between ("a longtemps habité"), not "toujours"
        before = folded[max(0, i - 2) : i]
        if not before or before[-1] in _STILL or not set(before) & _PERFECT_AUXILIARIES:
            continue
        # "a été CTO" is being something; "a été créé", "a été embauchée" are passive events
        if word == "ete" and i + 1 < len(written) and _PARTICIPLE_ENDING.search(written[i + 1]):
            continue
        return True
    return False


# Verbs saying something stopped (folded forms, French and English): "a quitté Mirakl", "left".
CESSATION_VERBS = frozenset(
    ["quitte", "quittee", "quitter", "arrete", "arretee", "arreter", "abandonne", "abandonnee", "lache",
     "stoppe", "left", "quit", "stopped", "dropped"]
)  # fmt: skip
_CESSATION = re.compile(r"\b(?:" + "|".join(sorted(CESSATION_VERBS)) + r"|no longer|not anymore)\b")
# "ne … plus", "no longer", "not anymore": a negation that says something stopped, like a cessation
# verb ("Thibaut ne travaille plus chez Mirakl" / "Thibaut a quitté Mirakl").
_NO_LONGER = re.compile(r"\b(?:n|ne)\b(?:\W+\w+){1,3}?\W+plus\b|\bno longer\b|\banymore\b|\bany more\b")
# Verbs of wanting, hoping and aiming (a closed class, French and English): what follows is wished,
# not held ("Marmotte vise 12 000 utilisateurs" / "Marmotte a 12 000 utilisateurs", "Léa veut deux
# chats" / "Léa a deux chats"). Not "prévoir" ("la sortie est prévue le 15 avril" says when it is).
_WISH = re.compile(
    r"\b(?:veu[tx]|veulent|voudrai(?:s|t|ent)|aimerai(?:s|t|ent)|souhaite(?:nt|rait)?|vise(?:nt)?|"
    r"esp[eè]re(?:nt)?|r[eê]ve(?:nt)? d|envisage(?:nt)?|wants?|would like|wishes|hopes?|aims?|"
    r"plans? to|dreams? of)\b",
    re.IGNORECASE,
)
# The near future of "aller" + an infinitive, and "going to" / "will": what is about to be, not what
# is ("Paul va habiter à Nantes", "Paul is going to move").
_NEAR_FUTURE = re.compile(r"\b(?:vais|vas|va|allons|allez|vont)\s+(\w+)|\b(?:going to|will)\b", re.IGNORECASE)


def ceased(text: str) -> bool:
    """``text`` says something stopped with a verb of stopping ("a quitté", "left", "no longer")."""
    return _CESSATION.search(fold(text)) is not None


def no_longer(text: str) -> bool:
    """``text`` has a negation saying something stopped ("ne … plus", "no longer", "anymore")."""
    return _NO_LONGER.search(fold(text)) is not None


def wishes(text: str) -> bool:
    """``text`` says what someone wants, hopes or aims at (``_WISH``)."""
    return _WISH.search(text) is not None


def near_future(text: str) -> bool:
    """``text`` says what is about to be: "aller" and an infinitive, "going to", "will"."""
    for found in _NEAR_FUTURE.finditer(text):
        verb = found.group(1)
        if verb is None or fold(verb).endswith(("er", "ir", "re")):
            return True
    return False


# A first-person imperfect ("je me demandais", "je voulais savoir", "j'aimerais" is a conditional):
# the imperfect of politeness, whose subordinate clause takes the imperfect by sequence of tenses.
_POLITE_IMPERFECT = re.compile(r" (?:je|j|me|m) \w+ais ")


def _imperfect(written: str) -> bool:
    """A third-person French imperfect: "-ait"/"-aient" on a verb whose lemma is no -aître, -aire
    verb ("fait", "sait", "connaît", "plaît" are present tenses)."""
    if len(written) < 6 or not written.endswith(("ait", "aient")) or not is_verb_form(written):
        return False
    infinitive = lemma(fold(written))
    return not infinitive.endswith(("aitre", "aire"))


@lru_cache(maxsize=65536)
def is_verb_form(written: str) -> bool:
    """Whether a lowercase word as written is an inflected French verb, participles included
    ("arrivé", "codé", "ouvre"): its simplemma lemma is another word, an infinitive."""
    import simplemma

    if any(char.isdigit() for char in written):
        return False  # a code: simplemma reads "7730-a" as "7730-avoir"
    found = fold(simplemma.lemmatize(written, lang="fr", low_memory=True))
    return found != fold(written) and found.endswith(("er", "ir", "re"))


# The second person of Réunion's and the Antilles' créoles: "ou" and the verb's marker, "lé" (you
# are), "té" (you were), "la" and a participle (you have): "Eko, bonjour ! ou lé en forme ?", "Eko
# ou la vu le match hier soir ?" were kept as curiosities and one asked to the room (probe
# conversation of a food truck in Saint-Pierre). The accents tell "lé" from the "le" of "il est ou
# le camion ?"; a participle tells "la" from the article of "ou la clé ?".
# The Antilles' "ou ka" (the progressive: "Eko ou ka kouri vit kon an kann ki an dife 😂" was kept as
# a curiosity, asked to the room and answered "50": probe conversation of a rum distillery in
# Martinique) and "ou ké" (the future) are "tu" and "tu vas".
_CREOLE_YOU = re.compile(r"(?<![\w'’])([oO]u) (lé|té|la|ka|ké) ([^\W\d_]+)")
_CREOLE_MARKERS = {"lé": "es", "té": "étais", "la": "as", "ka": "", "ké": "vas"}


def in_french_second_person(text: str) -> str:
    """``text`` with the créoles' "ou lé", "ou té", "ou la" + participle, "ou ka", "ou ké" read as "tu
    es", "tu étais", "tu as", "tu", "tu vas"; everything else as it is."""

    def reading(found: re.Match[str]) -> str:
        marker, word = found.group(2), found.group(3)
        if marker == "la" and not _written_participle(word):
            return found.group(0)
        you = "Tu" if found.group(1)[0] == "O" else "tu"
        return " ".join(part for part in (you, _CREOLE_MARKERS[marker], word) if part)

    return _CREOLE_YOU.sub(reading, text)


def _written_participle(word: str) -> bool:
    """A French past participle as written: "gagné", or a verb's form ending as participles do
    ("vu", "pris", "fait", "fini")."""
    lowered = word.lower()
    ending = WRITTEN_PAST_PARTICIPLE.search(lowered) or lowered.endswith(("u", "i", "is", "it", "t"))
    return bool(ending) and is_verb_form(lowered)  # not the nouns "clé", "café"


@lru_cache(maxsize=65536)
def english_lemma(word: str) -> str:
    """The folded English lemma of a folded word (simplemma: "written" → "write")."""
    import simplemma

    return fold(simplemma.lemmatize(word, lang="en", low_memory=True))


# The endings of an English verb's participles ("joined", "leaving").
ENGLISH_VERB_ENDINGS = ("ing", "ed")


def third_person_english(verb: str) -> str:
    """An English verb's third person singular present ("live" → "lives", "go" → "goes", "fly" →
    "flies"), spelling rules only."""
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


@lru_cache(maxsize=65536)
def is_english_verb_form(word: str) -> bool:
    """Whether a folded English word is an inflected verb ("works", "joined", "leaving"): simplemma
    reads another word as its lemma, or it has a verb ending."""
    return english_lemma(word) != word or word.endswith(ENGLISH_VERB_ENDINGS)


# Subject and reflexive clitics: the word right after one is a verb ("on part où ?", "ça se passe
# comment ?"), even a form the dictionary reads as a noun first (part, passe, marche, tombe).
# The elided "s'" and "j'" are read from the text (ELIDED_CLITIC): a lone "s" token may be the
# English possessive ("Gravillon's HQ").
SUBJECT_CLITICS = folded_words("je tu il elle on ils elles ça ca se nous vous")
ELIDED_CLITIC = re.compile(r"(?<![^\W\d_])[sjSJ]['’]([^\W\d_]+)")
# French modal and periphrastic verbs: the word after one is an infinitive ("on peut venir").
MODALS = folded_words(
    "peux peut peuvent pouvait pourrait dois doit doivent devait faut va vas vont allait veux veut veulent"
)


# Not after the full stop of an initial or a title before a name ("M. Guérin", "Dr. Weber"), nor of
# a word cut short as French trades write them ("la dem. Dupont", "le cam. de 30 m³", "env. 70
# cartons": probe conversation of a removal company, "Dupont ?" was kept as a curiosity; "€540
# excl. VAT per year": an answers set's dev half, stored as "€540 excl"): a
# lookbehind for the patterns that find where a sentence ends (language/questions.py,
# language/answers.py). A closed class of written abbreviations, by length (a lookbehind is of one
# width).
NOT_AFTER_AN_ABBREVIATION = (
    r"(?<!\b[A-Z]\.)(?<!\b(?:Dr|Mr|Ms|St)\.)(?<!\b(?:Mme|Mrs)\.)"
    # "v." and "vs." between two parties ("Garonne Négoce v. Vitilog": probe conversation of a law
    # firm, the question read as "Vitilog hearing is scheduled?")
    r"(?<!\b[vV]\.)(?<!\b(?i:cf|ex|nb|av|bd|ch|vs)\.)"
    r"(?<!\b(?i:dem|dém|env|cam|asc|tel|tél|etc|ref|réf|qté|qte|dép|dep|dpt|bât|bat|sté|ste|cie|apt|max|min)\.)"
    r"(?<!\b(?i:appt|dept|fact|resp|excl|incl)\.)(?<!\b(?i:approx)\.)"
)


# Conjunctions opening a clause of time or of condition, both languages: such a clause situates
# what is said ("quand je suis malade, je demande à qui ?", "where do we keep them when they
# arrive?"), it is not what is asked or answered.
TIME_SUBORDINATORS = folded_words("quand lorsque lorsqu when whenever while")
CONDITION_SUBORDINATORS = folded_words("si if unless")


# Forms of the French auxiliaries (être, avoir, and "été" of the passive): a participle after one
# is the verb of a compound tense ("est arrivé", "a été codé"), not an adjective.
AUXILIARIES = folded_words(
    """suis es est sommes êtes sont étais était étions étiez étaient serai sera seront été
    ai as a avons avez ont avais avait avions aviez avaient aurai aura auront"""
)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball stem of a folded word (French stemmer: English words mostly keep their stem too)."""
    return str(_stemmer().stemWord(word))


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import Stemmer  # PyStemmer: the Snowball algorithms in C

    return Stemmer.Stemmer("french")


def word_key(word: str) -> str:
    """What two inflections of one word share: the stem of its lemma (``habitait`` → ``habit``)."""
    if word[:1].isdigit():
        return word.replace(",", ".")
    if len(word) > 5 and word.endswith(("ee", "ees")):
        # a French feminine participle, folded ("téléchargée" → "telechargee"): the stemmer reads
        # the accented "-ée" only, so the masculine's "e" goes first ("telecharge" → telecharg)
        word = word[: -1 if word.endswith("ee") else -2]
    return stem(lemma(word))


@lru_cache(maxsize=65536)
def _zipf(word: str) -> tuple[float, float]:
    """How common a word is in French and in English text (Zipf scale, 0 = unknown; wordfreq's lists,
    language/frequencies.py)."""
    return frequencies.zipf(word, "fr"), frequencies.zipf(word, "en")


def frequency(word: str) -> float:
    """How common a folded word is in French or English text (Zipf scale, 0 = unknown; wordfreq)."""
    return max(_zipf(word))


# How much more common (Zipf) a word must be in one language to be read as that language's.
_LANGUAGE_MARGIN = 1.0


def sentence_language(words: tuple[str, ...] | list[str]) -> Language | None:
    """The language most of ``words`` (folded) clearly belong to (:func:`language_of`), or None on
    a tie: "Everest room capacity?" is English, "Soraya part où ?" French."""
    votes = [found for found in map(language_of, words) if found is not None]
    french, english = votes.count("fr"), votes.count("en")
    return "fr" if french > english else "en" if english > french else None


@lru_cache(maxsize=65536)
def language_of(word: str) -> Language | None:
    """The language a folded word belongs to, when it is clearly more common in one (wordfreq):
    "groupe" French, "band" English, "jazz" neither."""
    french, english = _zipf(word)
    if french >= english + _LANGUAGE_MARGIN:
        return "fr"
    if english >= french + _LANGUAGE_MARGIN:
        return "en"
    return None


# Function words of French and English, folded: determiners, pronouns and locative pro-adverbs
# (ici, dedans, like here, there), prepositions, conjunctions,
# copulas and auxiliaries, interrogative determiners, negation particles. A closed linguistic
# category: they carry no content of their own.
FRENCH_FUNCTION_WORDS = folded_words(
    """le la les l un une des du de d au aux a à et ou ni mais or car donc en dans sur sous pour par
    avec sans comme chez vers entre depuis pendant jusqu jusque durant apres après avant
    ce cet cette ces c ça ca cela ceci se s son sa ses mon ma mes ton ta tes
    notre nos votre vos leur leurs il elle ils elles on je j me m moi tu te t toi nous vous lui eux y
    ici dedans dehors dessus dessous
    que qu qui quoi dont quel quelle quels quelles lequel laquelle lesquels est sont être etre suis es
    sommes êtes était étaient été ai as avons avez ont avait avaient eu ne n pas"""
)
ENGLISH_FUNCTION_WORDS = folded_words(
    """the a an of to in on at for by with from into and or but is are was were be been being am do does
    did done has have had it its this that these those i me my you your he she him his her we us our
    they them their s which whose whom there here than then so as since during until after before
    not isn aren wasn weren doesn didn hasn haven hadn"""
)
# … and the article Spanish and Maghrebi Arabic lend to a French team's chat ("9addech el TJM ?",
# "el jefe"): "NordPay yhostiw el prod fi ama pays ?" shared "NordPay" and "el" with the day rate
# of NordPay and was answered by it (probe conversation of a software company in Tunis).
BORROWED_ARTICLES = folded_words("el")
FUNCTION_WORDS = FRENCH_FUNCTION_WORDS | ENGLISH_FUNCTION_WORDS | BORROWED_ARTICLES


def english_homograph(folded: str, written: str, french: bool = False) -> bool:
    """A French word whose folding spells an English function word only: "thé" is no "the" (English
    writes no accents, so an accent the folding removed says the word is not the English one), and
    in a French sentence neither is "an" ("20 € par an")."""
    return (
        (written != folded or french)
        and folded in ENGLISH_FUNCTION_WORDS
        and folded not in FRENCH_FUNCTION_WORDS
    )


# The interrogative pronouns asking for a person (a closed class): "qui pilote Toucan ?".
WHO_WORDS = folded_words("qui who whom")

# Interrogative words of both languages (a closed class), folded.
INTERROGATIVES = folded_words(
    "qui quoi ou quand combien comment pourquoi quel quelle quels quelles lequel laquelle "
    "who what where when how why which whose whom"
)
# Prepositions that govern an interrogative or a name ("avec qui", "pour quelle boîte", "chez
# Mirakl"), both languages: a closed class.
PREPOSITIONS = folded_words("chez pour de d avec a en dans sur par depuis jusqu for with at from to by")
# Determiners (articles, possessives, demonstratives): the word after one is a noun ("la sœur",
# "son vélo", "the desk"), whatever else simplemma reads it as. A closed linguistic category, less
# the English "a", which is also the French "a" (has) of "Léna a quitté Ledger".
DETERMINERS = folded_words(
    """le la les l un une des du au aux ce cet cette ces son sa ses mon ma mes ton ta tes notre nos
    votre vos leur leurs the an this that these those my your his her its our their"""
)
# English auxiliaries of do-support and modals: the name after one is the subject of the verb that
# follows ("how did Tom meet Zoé?"), not the first word of a compound.
ENGLISH_AUXILIARIES = folded_words(
    "do does did will would can could should shall may might must is are was were has have had"
)


def words_as_written(text: str) -> list[tuple[str, str]]:
    """``(folded, as written)`` for each word of ``text`` (the written form keeps case and accents).

    Chat spellings are folded like :func:`tokens` reads them ("koi" → "quoi").
    """
    written = _CHAT_C.sub("c'est", _read_whole(normalise(text)))
    return [(_chat_word(written, found), found.group(0)) for found in TOKEN.finditer(written)]


def _chat_word(text: str, found: re.Match[str]) -> str:
    """A token folded, read as the word its chat spelling stands for when it stands alone (the "u"
    of "U13" is no "you")."""
    folded = fold(found.group(0))
    before = text[found.start() - 1 : found.start()] if found.start() else ""
    after = text[found.end() : found.end() + 1]
    if re.match(_JOINED, before) or re.match(_JOINED, after):
        return folded
    return _CHAT_SPELLINGS.get(folded, folded)


# Light verbs and modals: they carry the grammar of a sentence, not what it is about.
LIGHT_VERBS = folded_words(
    """faire fait fais font faisait aller va vont vas allait pouvoir peux peut peuvent pouvait savoir sais
    sait devoir dois doit do does did doing make made can could will would shall should may might must"""
) | folded_words(
    # participles of scheduling: "quand est prévue la maintenance ?" asks when the maintenance is
    # (probe conversation of a dental practice: "prévue" had to be said again by the answer)
    "prevu prevue prevus prevues planifie planifiee planifies planifiees scheduled planned"
)
# Support verbs ("verbes supports") besides the light ones: with a noun as object they mean doing
# what the noun names, the noun carrying the meaning ("passer la commande", "prendre les rendez-vous",
# "donner le cours", "mettre la table"). A closed class of French grammar, and its English match.
SUPPORT_VERBS = LIGHT_VERBS | folded_words(
    """passe passes passent passait prend prends prennent prenait donne donnes donnent donnait met mets
    mettent mettait take takes took give gives gave"""
)
# Discourse fillers, degree adverbs and quantifiers: they make a sentence vaguer, politer or
# more emphatic without changing what it says.
FILLERS = folded_words(
    """tout tous toute toutes chaque tres si trop assez plutot surtout aussi deja encore juste justement vrai
    vraiment exactement precisement finalement donc alors bien mieux bref enfin ben bah hein euh genre
    voila du coup quand meme concretement franchement honnetement serieusement globalement clairement
    just also very too quite rather really actually exactly some any each every per about much many well
    honestly seriously basically clearly concretely
    maintenant actuellement now nowadays currently rn"""
)


@lru_cache(maxsize=65536)
def in_dictionary(word: str) -> bool:
    """Whether simplemma's French or English dictionary knows the word (names mostly are not)."""
    import simplemma

    return bool(simplemma.is_known(word, lang=("fr", "en"), low_memory=True))


INFINITIVE_ENDING = re.compile(r"(?:er|ir|re|oir)$")


def is_infinitive(written: str) -> bool:
    """Whether a word as written is a French infinitive: lowercase, a dictionary word in its own
    dictionary form, with a verb's ending ("manger", "arriver"; a town is written with a capital:
    "Angers")."""
    folded = fold(written)
    return (
        written.islower()
        and INFINITIVE_ENDING.search(folded) is not None
        and lemma(folded) == folded
        and in_dictionary(folded)
    )


def load_word_data() -> None:
    """Load now the word data the rules read lazily: simplemma's French and English dictionaries
    (about a second, holding the interpreter) and wordfreq's lists. A caller serving others (the
    bot) runs this at start, so the first message that needs a dictionary does not stall everyone."""
    import simplemma

    for language in ("fr", "en"):
        simplemma.is_known("maison", lang=language, low_memory=True)
        frequencies.load(language)


# Above this Zipf frequency (about once per 60,000 words of French or English), a word is common.
COMMON_FREQUENCY = 4.2


def is_ordinary_word(word: str, written: str | None = None) -> bool:
    """Whether a folded word is ordinary vocabulary rather than a name: a function word or a common
    word (wordfreq, looked up as ``written``, accents kept, when given). A capitalised word starting
    a sentence is a name only when it is not ordinary: "Comment…", "Salle…" are ordinary words,
    "Marmotte…", "Pollen…" (in the dictionary, but rare) name something."""
    return word in FUNCTION_WORDS or frequency(written or word) >= COMMON_FREQUENCY


# Months and weekdays are values like numbers: "en septembre 2019" is not "en novembre 2019".
# With the abbreviations chat writes that are no other word ("le 13 déc.", "back tues morning";
# not "sept", seven, "mar", "sat", "sun", "mon", nor "jan", a first name).
MONTHS = (
    ("janvier", "january", "janv"), ("fevrier", "february", "fevr", "feb"), ("mars", "march"),
    ("avril", "april", "avr", "apr"), ("mai",), ("juin", "june"), ("juillet", "july", "juil"),
    ("aout", "august", "aug"), ("septembre", "september"), ("octobre", "october", "oct"),
    ("novembre", "november", "nov"), ("decembre", "december", "dec"),
)  # fmt: skip
WEEKDAYS = (
    ("lundi", "monday"), ("mardi", "tuesday", "tue", "tues"), ("mercredi", "wednesday", "wed", "weds"),
    ("jeudi", "thursday", "thu", "thur", "thurs"), ("vendredi", "friday", "fri"), ("samedi", "saturday"),
    ("dimanche", "sunday"),
)  # fmt: skip
# Days and times of day, as folded words ("aujourd'hui" reads "aujourd", "hui"): what situates a
# question or an answer in time (language/curiosity.py, language/fact_wording.py).
DAYS_AND_TIMES = frozenset(name for names in WEEKDAYS for name in names) | frozenset(
    [
        "demain",
        "aujourd",
        "hui",
        "hier",
        "matin",
        "midi",
        "soir",
        "aprem",
        "nuit",
        "week-end",
        "weekend",
        "tonight",
        "tomorrow",
        "today",
        "yesterday",
        "morning",
        "evening",
    ]
)
CALENDAR: dict[str, str] = {
    **{name: f"month:{number}" for number, names in enumerate(MONTHS, 1) for name in names},
    **{name: f"day:{number}" for number, names in enumerate(WEEKDAYS, 1) for name in names},
}


def common_prefix(a: str, b: str) -> int:
    """How many first characters ``a`` and ``b`` share."""
    length = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        length += 1
    return length


# Number words (articles such as "un"/"one" are left out on purpose: "un stand-up" is not a count).
CARDINAL_WORDS: dict[str, str] = {
    "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7", "huit": "8",
    "neuf": "9", "dix": "10", "onze": "11", "douze": "12", "vingt": "20", "trente": "30",
    "quarante": "40", "cinquante": "50", "cent": "100", "mille": "1000",
    "two": "2", "three": "3", "four": "4", "five": "5", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20", "thirty": "30",
    "forty": "40", "fifty": "50", "hundred": "100", "thousand": "1000",
}  # fmt: skip
# Ordinals are the same values ("au troisième" / "au 3e étage"), but they count nothing: "son
# deuxième enfant" is not "deux enfants".
ORDINAL_WORDS: dict[str, str] = {
    "deuxieme": "2", "troisieme": "3", "quatrieme": "4", "cinquieme": "5", "sixieme": "6",
    "septieme": "7", "huitieme": "8", "neuvieme": "9", "dixieme": "10",
    "third": "3", "fourth": "4", "fifth": "5", "sixth": "6", "seventh": "7", "eighth": "8",
    "ninth": "9", "tenth": "10",
}  # fmt: skip
NUMBER_WORDS: dict[str, str] = {**CARDINAL_WORDS, **ORDINAL_WORDS}
# Names of currencies: "80 000 euros", "80k€" and "80 000 balles" give one amount ("€" is no word).
CURRENCIES = frozenset(["euro", "euros", "eur", "balles", "dollar", "dollars", "usd"])
# Ordinal endings written after a digit ("3e", "3ème", "2nd", "4th"): the digit alone is the value.
ORDINAL_SUFFIXES = frozenset(["e", "eme", "er", "ere", "nd", "rd", "th", "st"])
# The hour mark of a French time ("11h30", "10h"): notation, as the colon of "11:30" is.
HOUR_MARK = "h"


# The speaker saying they look for a definite thing ("je cherche le numéro de Farid", "j'ai besoin
# de l'adresse du bureau", "I'm looking for the wifi password"): asking for that thing, as "dis-moi…"
# does. The verb, who says it (the speaker: "je", "on", "I"), the words linking it to the thing, and
# a definite determiner: "je cherche un appart" looks for an object, not for information.
_SEEKING_VERBS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # verb: (what may come just before it, the linking words it may take)
    "cherche": (folded_words("je j on"), frozenset()),
    "recherche": (folded_words("je j on"), frozenset()),
    "cherchais": (folded_words("je j"), frozenset()),
    "cherchons": (folded_words("nous"), frozenset()),
    "besoin": (folded_words("ai a avons aurais"), folded_words("de d")),
    "looking": (folded_words("m am re are"), folded_words("for")),
    "need": (folded_words("i we"), frozenset()),
}
_SOUGHT_DETERMINERS = folded_words("le la les l du des son sa ses leur leurs the his her their")


def seeking_frame(words: tuple[str, ...] | list[str]) -> set[int]:
    """Positions of the verb and linking words of a seeking frame in folded ``words`` (see above)."""
    found: set[int] = set()
    for index, word in enumerate(words):
        allowed = _SEEKING_VERBS.get(word)
        if allowed is None or not index or words[index - 1] not in allowed[0]:
            continue
        end = index + 1
        while end < len(words) and words[end] in allowed[1]:
            end += 1
        if end < len(words) and words[end] in _SOUGHT_DETERMINERS:
            found.update(range(index, end))
    return found


# Nouns of a time frame that, after a demonstrative, put a question in the present ("cette année",
# "en ce moment", "cette semaine", "ces temps-ci", "these days", "this week"): a present question
# asks it now anyway ("qui est d'astreinte cette semaine ?" = "qui est d'astreinte ?").
_PRESENT_FRAMES = folded_words("annee moment temps jours semaine mois year days week month")
_DEMONSTRATIVES = folded_words("ce cet cette ces this these")


def present_frame(words: tuple[str, ...] | list[str]) -> set[int]:
    """Positions of the demonstrative and the noun of a present time frame in folded ``words``."""
    return {
        position
        for index, word in enumerate(words)
        if word in _PRESENT_FRAMES and index and words[index - 1] in _DEMONSTRATIVES
        for position in (index - 1, index)
    }
