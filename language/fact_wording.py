"""Writing an answer as a fact a later question finds: the fragment that answers (:func:`fragment`),
told in the third person (:func:`as_told`), with who does what for a question asking who
(:func:`said_of_who`), or the subject's own words turned about them (:func:`said_by_the_subject`,
:func:`said_with_their_pronoun`). The flows that store the fact (bot/curiosity.py) phrase it with
their own templates. Pure functions.
"""

from __future__ import annotations

import re

from language.questions import sentence_around
from language.readings import words_match
from language.replies import (
    ASKED_AFTER_PREPOSITION,
    BORROWED_I_AM_FROM,
    BOTH,
    CLAUSE_END,
    CLEFT,
    CLOSING,
    COMPLEMENT_OF_DOING,
    COPULA,
    COPULA_WORDS,
    FIRST_PERSON_VERB,
    I_AM,
    LATER_COMPLEMENT,
    LOCATIVE,
    MY_TO_THEIR,
    OPENING,
    AskedQuestion,
    asked_channel_value,
    asked_preposition,
    asks_a_description,
    asks_base,
    favourite_named,
    first_clause,
    first_person_description,
    french_third_person,
    is_about,
    only_a_noun_phrase,
    said_again,
    topic_terms,
    what_it_is_not,
    who_clause_in_third_person,
    without_trailing_symbols,
)
from language.terms import terms
from language.text import (
    AUXILIARIES,
    CONDITION_SUBORDINATORS,
    DAYS_AND_TIMES,
    FUNCTION_WORDS,
    TIME_SUBORDINATORS,
    WHO_WORDS,
    Language,
    english_lemma,
    fold,
    fold_with_map,
    folded_words,
    is_finite_verb,
    is_verb_form,
    language_of,
    lemma,
    normalise_quotes,
    third_person_english,
    tokens,
    words_as_written,
)
from language.value_shapes import SHAPES, fits_facet, only_a_name

# The same with a third-person pronoun standing for the subject ("il habite à Rezé" to "où habite
# Gaspard ?", "she lives in Leeds").
_PRONOUN_VERB = {
    "fr": re.compile(r"^(?:il|elle|ils|elles|on)\s+(\w+)\s+(?!(?:pas|plus|jamais)\b)"),
    "en": re.compile(r"^(?:he|she|they|it)\s+(\w+)\s+(?!(?:not|never)\b)"),
}


def _names_asked(words: str, question: AskedQuestion) -> bool:
    """A content word of ``words`` is one of the question's up to a clipping or a typo ("mon
    anniv" for "l'anniversaire de Manon")."""
    return any(_asked_words_said(words, question))


def _only_restates(words: str, question: AskedQuestion) -> bool:
    """Every content word of ``words`` is one of the question's: it says again what was asked ("Mon
    conte préféré, c'est la légende de la ville d'Ys" to "c'est quoi le conte préféré de Yann ?"
    gave the fact "Conte préféré de Yann : Son conte préféré": probe conversation of a library)."""
    said = _asked_words_said(words, question)
    return bool(said) and all(said)


def _asked_words_said(words: str, question: AskedQuestion) -> list[bool]:
    """For each content word of ``words``, whether it is one of the question's up to a clipping or a
    typo."""
    asked = [word for word in tokens(question.text) if word not in FUNCTION_WORDS]
    return [
        any(words_match(word, other, synonyms=False) for other in asked)
        for word in tokens(words)
        if word not in FUNCTION_WORDS
    ]


_BE = frozenset({"etre", "be"})


# Degree adverbs right after a verb ("j'aime bien", "je fais surtout", "I really like"): a closed class.
_LEADING_FILLERS = re.compile(
    r"(?:(?:bien|beaucoup|trop|vraiment|surtout|plutot|tellement|really|mostly)\s+)+"
)


def _repeats_verb(verb: str, question: AskedQuestion, topic: set[str]) -> bool:
    """The first person's verb is the question's, in its words or its lemma ("j'ai 27 ans" to
    "quel âge a Ilan ?", "je fais du judo" to "Léo fait quel sport ?")."""
    if fold(lemma(verb)) in _BE:
        return False  # "je suis …" is a description or a state: I_AM decides
    # "je pars" to "où part Joachim ?": lemmas partir / part (the noun), one stem
    return bool(topic & set(terms(verb))) or said_again(fold(verb), tokens(question.text))


def asked_verb_opening(text: str, question: AskedQuestion, language: Language = "fr") -> str | None:
    """The question's own verb (folded) when the reply opens with it in the first person ("joue" of
    "je joue dans l'orchestre depuis 2016" to "depuis combien de temps Stefan joue dans l'orchestre
    ?"), else None."""
    folded = fold(text)
    for lang in BOTH[language]:
        opening = FIRST_PERSON_VERB[lang].match(folded)
        if opening is not None and _repeats_verb(opening.group(1), question, topic_terms(question)):
            return opening.group(1)
    return None


_ADDRESSING = re.compile(r"\s*,\s*(?:tu|vous|you)\s+(?:peux|pouvez|peut|can|could|dois|devez|should)\b")


def fragment(text: str, question: AskedQuestion, language: Language = "fr") -> str:
    """The answer inside a reply that is not a statement on its own.

    "c'est le bleu" → "le bleu"; "Ma couleur préférée c'est le bleu" → "le bleu" (what comes
    after a copula preceded by what was asked); "j'habite à Villeurbanne" → "à Villeurbanne" (what
    comes after a first-person verb of the question: the topic says it, "Malik habite"); otherwise
    the reply itself.
    """
    text = without_trailing_symbols(text)
    # a clause after a comma telling someone in the room what to do is no part of the answer ("le
    # 214, tu peux transférer", "Lamballe, you can ship it there")
    text = _ADDRESSING.split(text, maxsplit=1)[0]
    folded, index = fold_with_map(text)
    opened = OPENING.match(folded)  # "coucou c'est moi 👋 je suis juriste" → "je suis juriste"
    if opened and opened.end() < len(folded):
        text = text[index[opened.end()] :]
        folded, index = fold_with_map(text)
    stressed = _STRESSED_BEFORE_COPULA.match(text)
    if stressed is None and question.facet not in ("identity", "name"):
        # a name after it too, when no one is asked for ("moi c'est Dynamic Black pour mes noirs" to
        # "quelle marque d'encre Thiago utilise ?": probe conversation of a tattoo studio); "moi
        # c'est Paul" introduces the speaker
        stressed = _STRESSED_BEFORE_ANY.match(text)
    if stressed:  # "moi c'est du 44" → "c'est du 44"
        text = text[stressed.end() :]
        folded, index = fold_with_map(text)
    copula = "(?:" + "|".join(COPULA[lang] for lang in BOTH[language]) + ")"  # "it's Héloïse" too
    topic = topic_terms(question)
    contact = asked_channel_value(text, question)
    if contact is not None:
        return contact  # "mon num c'est le 06 11 22 33 44" → "06 11 22 33 44"
    governed = asked_preposition(folded, question)
    if governed is not None:  # "je suis à fond sur la migration de Pingouin" → "sur la migration…"
        return text[index[governed.start(2)] :].strip(CLOSING)
    cleft = CLEFT.match(folded)
    if cleft and question.facet == "reason":  # "c'est le certificat qui a expiré": what did it
        done_by = text[index[cleft.start(1)] : index[cleft.end(1)]]
        return f"{done_by} {text[index[cleft.start(2)] :]}".strip(CLOSING)
    if cleft:  # "c'est Capucine qui gère la paie" → "Capucine"
        named = text[index[cleft.start(1)] : index[cleft.end(1)]].strip(CLOSING)
        # … and since when or with whom, said after the doing ("c'est Bastien qui gère ça, depuis
        # la rentrée" → "Bastien, depuis la rentrée")
        after = LATER_COMPLEMENT.search(folded, cleft.end(2))
        return f"{named}, {text[index[after.start(1)] :].strip(CLOSING)}" if after else named
    for lang in BOTH[language]:
        for opening in (FIRST_PERSON_VERB[lang], _PRONOUN_VERB[lang]):
            said = opening.match(folded)
            if said and said.end() < len(folded) and _repeats_verb(said.group(1), question, topic):
                # a degree adverb after the verb is no part of what it says ("j'aime bien les sushis")
                degree = _LEADING_FILLERS.match(folded, said.end())
                return text[index[degree.end() if degree else said.end()] :].strip(CLOSING)
    staying = I_AM.match(folded) if asks_base(question) else None
    if staying and re.match(rf"(?:{LOCATIVE['place']})\s", folded[staying.end() :]):
        return text[index[staying.end()] :].strip(CLOSING)  # "je suis à Vincennes" → "à Vincennes"
    borrowed = BORROWED_I_AM_FROM.match(text) if question.facet == "origin" else None
    if borrowed is not None:  # "Sóc de Berga !" → "de Berga !", as "je suis de Berga" reads
        preposition = "de" if language == "fr" else "from"  # "Sono di Bergamo" → "de Bergamo"
        return re.sub(r"^\w+", preposition, text[borrowed.end() :].strip(CLOSING), count=1)
    described = I_AM.match(folded) if asks_a_description(question) or question.facet == "origin" else None
    if described and described.end() < len(folded) and first_person_description(text, language):
        value = text[index[described.end()] :].strip(CLOSING)  # "la nouvelle designer", "de Mulhouse"
        if question.facet == "origin":
            # where one comes from, in the fact's language ("I'm from Manchester" to "il vient d'où
            # Tom ?" was written "Tom vient from Manchester": probe conversation of a ski area)
            value = _FROM.sub("de" if language == "fr" else "from", value, count=1)
        return value
    named = favourite_named(text) if question.facet == "preference" else text.strip()
    if named != text.strip():
        text = named  # "moi c'est le vert" → "le vert"
        folded, index = fold_with_map(text)
    labelled = _LABEL.match(text)
    if labelled and _names_asked(labelled.group(1), question):
        # what was asked, then a colon: the value follows ("my talk: WebGPU rendering in the
        # editor": probe conversation of a software team)
        return labelled.group(2).strip(CLOSING)
    if (
        only_a_noun_phrase(text, titles=question.facet == "preference")
        and not _only_restates(first_clause(text), question)
        and not _asked_then_stated(text, question, copula)
    ):
        # a favourite before a comment is the noun phrase ("les lasagnes de ma grand-mère, sans
        # hésiter", "Dune, sans hésiter"); any other answer keeps what it adds ("le 12 décembre, au
        # bar du coin": nothing told is lost)
        return first_clause(text) if question.facet == "preference" else text.strip(CLOSING)
    taken_up = _TAKEN_UP_BY_A_CLITIC.match(text)
    if taken_up and _only_restates(taken_up.group(1), question):
        # what was asked, then taken up by a pronoun and its verb: what follows the verb ("Mes
        # pivoines je les prends chez Vert Tige" wrote "Fournisseur de pivoines de Lou : Ses
        # pivoines je les prends…": probe conversation of a wedding planner)
        return taken_up.group(2).strip(CLOSING)
    _, corrected = what_it_is_not(folded)
    if corrected is not None:  # "c'est pas Marc, c'est Julie" → "Julie"
        return text[index[corrected.end() - 1] :].strip(CLOSING)
    # the copula of the first sentence: a later one says more ("my talk is on 9 October, room B.
    # slides are 60% done" gave "60% done")
    first_sentence = len(sentence_around(folded, 0, 1))
    # not one in brackets, an aside ("German (my mum is from Köln) and…" gave "from Köln) and…":
    # probe conversation of a campsite)
    asides = [found.span() for found in re.finditer(r"\([^()]*\)", folded)]
    copulas = [
        found
        for found in re.finditer(rf"(?<![\w']){copula}\s+", folded)
        if not any(start <= found.start() < end for start, end in asides)
    ]
    for at, match in reversed(list(enumerate(copulas))):
        if match.end() >= len(folded) or match.start() >= first_sentence:
            continue
        start, end = index[match.start()], index[match.end()]
        # what this copula says it of is what stands since the copula before it ("Mon légume
        # préféré c'est le chou-fleur, rôti au four 😋 c'est gentil Ciarán": the last copula is
        # said of nothing asked; probe conversation of a farm co-op)
        since = index[copulas[at - 1].end()] if at else 0
        if (question.facet or "") in SHAPES and not fits_facet(text[end:], question.facet, language):
            # "le samedi je termine à 14h, après c'est l'astreinte…", "la clé est dans le coffre de
            # l'accueil, c'est Sophie qui a le code": the value asked is before it
            continue
        # in the clause right before it ("dans la boîte à clés à gauche de l'entrée, le code est
        # envoyé par SMS" says the code is sent, not where the keys are: probe conversation of a
        # hotel), or the one before that when nothing stands between ("ma couleur préférée, c'est…")
        before = _last_clause_said(text[since:start])
        said_before = set(terms(before))
        # what was asked, or its subject said again ("les accréds c'est Samir cette année" to "c'est
        # qui le responsable des accréditations ?": probe conversation of a festival crew)
        restated = topic | set(terms(question.subject or ""))
        if start == 0 or restated & said_before or _names_asked(before, question):
            return _without_restated_topic(text[end:].strip(CLOSING), question)
    return text.strip(CLOSING)


def _asked_then_stated(text: str, question: AskedQuestion, copula: str) -> bool:
    """After the first clause, what was asked is said again before a copula: the answer follows
    the copula, and the first clause is no title ("Mwin, mon plat préféré c'est le cari ti-jacques
    boucané" wrote "Plat préféré de Josiane : Mwin": probe conversation of a food truck; "Moi, mon
    plat préféré…" the same)."""
    rest = fold(text[len(first_clause(text)) :])
    found = re.search(rf"(?<![\w']){copula}\s+", rest)
    return found is not None and bool(set(terms(rest[: found.start()])) & topic_terms(question))


# A noun phrase, then a subject and an object clitic taking it up, and their verb ("les clés je les
# laisse", "le décor on le stocke", "the keys I leave them"): French dislocation.
_TAKEN_UP_BY_A_CLITIC = re.compile(
    r"^([^,]{1,60}?),?\s+(?:je|j['’]|on|nous|il|elle|ils|elles)\s+(?:(?:les|le|la)\s+|l['’]\s*)[^\W\d_]+\s+(\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# A short label, a colon, then what it labels.
_LABEL = re.compile(r"^([^:]{1,40}?)\s*:\s+(\S.*)$", re.DOTALL)


def _last_clause_said(text: str) -> str:
    """The last clause of ``text`` holding a word of content."""
    clauses = [clause for clause in re.split(r"[,;:]", text) if terms(clause)]
    return clauses[-1] if clauses else text


def _without_restated_topic(value: str, question: AskedQuestion) -> str:
    """``value`` without a last clause that only says again what was asked ("le vert, ma couleur
    préférée" → "le vert")."""
    head, _, last = value.rpartition(", ")
    said = set(terms(last))
    return head if head and said and said <= set(terms(question.text)) else value


# A first-person possessive determiner, which the third person's replaces (replies.MY_TO_THEIR).
_MY = re.compile(rf"(?<![\w'’])({'|'.join(MY_TO_THEIR)})(?=\s)", re.IGNORECASE)


def as_told(value: str, question: AskedQuestion, author: str) -> str:
    """An answer's value as a fact says it of the question's subject: from the subject, their own
    possessives become the third person's ("les lasagnes de ma grand-mère" from Lilou → "les
    lasagnes de sa grand-mère", the fact reading "Plat préféré de Lilou : …")."""
    value = _before_an_apology(_before_words_to_someone(value))
    value = _CLOSING_TAG.sub("", _SELF_APPOSITION.sub("", _me_named(value, author)))
    if not is_about(question, author):
        # a later sentence where the speaker speaks of themself says nothing of the subject ("Eko,
        # verte. je viens de checker sur le pare-brise": probe conversation of a removal company)
        later = _LATER_I.search(value)
        return value[: later.start()].rstrip(CLOSING) if later is not None else value
    value = _without_self_introduction(value, author)
    value = _STRESSED_BEFORE_IT.sub("", value, count=1)
    value = _without_the_asked_complement(value, question)
    value = _when_then_i(value, author)
    value = _before_first_person(value, author)
    return _MY.sub(lambda found: _matching_case(found.group(1), MY_TO_THEIR[found.group(1).lower()]), value)


def _me_named(value: str, author: str) -> str:
    """``value`` with the speaker's stressed "moi" or "me", coordinated with another person, named
    ("c'est Karim et moi qui fermons samedi" from Bastien was written "Fermeture samedi soir :
    Karim et moi": probe conversation of a restaurant's kitchen); alone it is the subject's own
    first person, which as_told reads."""
    if not author.strip():
        return value

    def named(found: re.Match[str]) -> str:
        me = found.group("me") or found.group("before")
        return found.group(0).replace(me, author.strip(), 1)

    return _COORDINATED_ME.sub(named, value)


# "X et moi", "moi et X", "X and me", "me and X" (the stressed pronoun beside "et", "and").
_COORDINATED_ME = re.compile(
    r"(?<![\w'’])(?:(?:et|and)\s+(?P<me>moi(?:[- ]m[êe]me)?|me|myself)(?![\w'’-])"
    r"|(?P<before>moi|me)\s+(?:et|and)(?![\w'’]))",
    re.IGNORECASE,
)


# The speaker stressing that the name just given is theirs, closing the value ("c'est Léa,
# moi-même 🙋‍♀️" from Léa: probe conversation of a test lab, stored as "… : Léa, moi-même").
_SELF_APPOSITION = re.compile(r"\s*,?\s*\b(?:moi[- ]m[êe]me|myself|en personne|in person)\W*$", re.IGNORECASE)


# A tag closing what was said, asking agreement or only insisting ("4 cartons, hein", "né là-bas en
# 61, gell" in Alsatian: probe conversation of a removal company): a closed class of chat's tags.
_CLOSING_TAG = re.compile(
    r"[\s,]+(?:hein|quoi|gell|gelle|hé|eh|innit|right|n['’]est-ce pas|tu vois|you know)[\s!?.…]*$",
    re.IGNORECASE,
)
# The speaker's stressed "moi" before "ça" only insists ("moi ça fait 6 ans, je suis arrivé en
# septembre 2019" from Mehdi was stored as "Mehdi : moi ça fait 6 ans…": replayed, a warehouse).
_STRESSED_BEFORE_IT = re.compile(r"^(?:moi|perso),?\s+(?=(?:ça|ca)\s)", re.IGNORECASE)
_LATER_I = re.compile(r"(?<=[.!?…])\s+(?:je|j['’]|i|i['’]m)\b", re.IGNORECASE)


_FROM = re.compile(r"^(?:from|de)\b", re.IGNORECASE)


def _without_the_asked_complement(value: str, question: AskedQuestion) -> str:
    """``value`` without a complement the question already said, opening it before the speaker's
    "je", else with it after the speaker's clause ("depuis le déménagement je suis au bureau 214"
    from Marco to "dans quel bureau est Marco depuis le déménagement ?" was written "Bureau de Marco
    depuis le déménagement : depuis le déménagement je suis…": found while probing an NGO's
    conversation)."""
    opened = _COMPLEMENT_THEN_I.match(value)
    if opened is None:
        return value
    complement, rest = opened.group(1), value[opened.end() :]
    if (question.facet or "") in SHAPES and fits_facet(complement, question.facet, "fr"):
        return value  # the value asked ("Depuis 2019, j'ai repris les comptes" to "depuis quand ?")
    said = set(terms(complement))
    if said and said <= set(terms(question.text)):
        return rest
    # … and one it did not say closes the speaker's first clause ("depuis mon mariage j'habite à
    # Nantes" → "j'habite à Nantes depuis mon mariage"), where it says when that holds
    first, comma, after = rest.partition(",")
    return f"{first.rstrip()} {complement}{comma}{after}"


# A preposition of time, cause or purpose and a few words, before the speaker's "je" or "I".
_COMPLEMENT_THEN_I = re.compile(
    r"^((?:depuis|pendant|apres|après|avant|pour|since|after|before|during|for)(?:\s+[^\s,]+){1,4}?)"
    r"\s*,?\s+(?=(?:je|j['’]|i|i['’]m)\b)",
    re.IGNORECASE,
)


def _when_then_i(value: str, author: str) -> str:
    """A day or a time of day opening the value, then the speaker's "je" and verb: said of them ("Le
    mardi je fais la tournée du plateau" from Fernanda → "Le mardi Fernanda fait la tournée du
    plateau": probe conversation of a nursing practice)."""
    opened = _WHEN_THEN_I.match(value)
    if opened is None or not author.strip():
        return value
    return f"{opened.group(1)}{author.strip()} {french_third_person(opened.group(2))}{value[opened.end() :]}"


_WHEN_WORDS = "|".join(sorted(DAYS_AND_TIMES))
_WHEN_THEN_I = re.compile(
    # (a day and its part too: "jeudi matin je fais la visite Sculptures" from Julien, probe
    # conversation of a museum)
    rf"^((?:(?:le|les|ce|cet|cette|tous les)\s+)?(?:{_WHEN_WORDS})s?(?:\s+(?:{_WHEN_WORDS})s?)?\s*,?\s+)"
    r"(?:je\s+|j['’]\s*)"
    r"(?!(?:l|m|t|s|y|n|en|le|la|les|lui|leur|me|te|se|ne)\b)([^\W\d_]+)",
    re.IGNORECASE,
)


def _before_words_to_someone(value: str) -> str:
    """``value`` up to a last clause the speaker says of themself to someone they name last ("Je
    parle turc, allemand et alsacien, j'arrive au 9 Kevin" was stored with "arrive au 9 Kevin":
    probe conversation of an emergency department): the name closes the clause with no
    preposition before it, so it calls that person ("je partage avec Kevin" names a partner)."""
    found = _TO_SOMEONE.search(value)
    if (
        found is None
        or found.start() == 0
        or fold(found.group(1)) in FUNCTION_WORDS
        or found.group(1).istitle()
    ):
        return value  # … nor after a capital: one name of two words ("avec Bureau Veritas")
    return value[: found.start()].rstrip(CLOSING)


_TO_SOMEONE = re.compile(
    r",\s*(?:je\s|j['’]\s*)[^,;.!?]*?\b(\w+)\s+[A-ZÀ-Þ][a-zà-ÿ]+(?:-[A-ZÀ-Þ][a-zà-ÿ]+)?\W*$"
)


def _before_an_apology(value: str) -> str:
    """``value`` up to a later clause or sentence opening with an apology, in any language the team
    borrows: it excuses the speaker, it adds nothing to the value ("… Allanche et Marcenat.
    desculpa pelo atraso" stored with the apology: probe conversation of a nursing practice)."""
    found = _APOLOGY_CLAUSE.search(value)
    return value[: found.start()].rstrip(CLOSING) if found and found.start() > 0 else value


_APOLOGY_CLAUSE = re.compile(
    r"[,;.!…]\s*(?:d[ée]sol[ée]e?s?|dsl|pardon|sorry|desculpa|desculpe|perd[oó]n|scusa(?:te)?|"
    r"entschuldigung)\b",
    re.IGNORECASE,
)


def _without_self_introduction(value: str, author: str) -> str:
    """``value`` without the speaker introducing themself by name ("moi c'est Ferdinand, je suis le
    nouveau PO" → "je suis le nouveau PO"), and "(c'est) moi la data analyst" said as "je suis la
    data analyst": what follows says who they are, in the first person the fact then states of them."""
    named = re.match(
        rf"^(?:(?:moi,?\s+c'?est|c'?est moi|je m'appelle|my name is|i'm|i am)\s+)?{re.escape(author.strip())}"
        r"\s*[,.!:;–-]+\s*(?=\w)",
        normalise_quotes(value),
        re.IGNORECASE,
    )
    if named is not None:
        value = value[named.end() :]
    value = _SHOWING_UP.sub("", normalise_quotes(value), count=1)
    value = re.sub(r"^(?:chez|pour) moi\s*:\s*", "", value, flags=re.IGNORECASE)  # "chez moi : allemand A…"
    return re.sub(
        r"^(?:c'?est\s+)?moi(?=\s+(?:le|la|l'|les|un|une)\b)", "je suis", normalise_quotes(value), flags=re.I
    )


# The subject showing up before the answer, with at most an interjection before it and a few words
# after ("Ach, c'est moi la question 😄 Je joue dans l'orchestre depuis 2016" was stored as "Ach":
# probe conversation of an orchestra); not "c'est moi qui gère la paie", which answers.
_SHOWING_UP = re.compile(
    r"^(?:[^\W\d_]+\s*,\s*)?(?:c'?est moi|it'?s me|that'?s me)(?!\s+qui\b)(?:\s+[^\W\d_]+){0,2}\s*"
    r"(?:[.!]+|[\U0001F300-\U0001FAFF\u2600-\u27BF]+)\s*(?=\w)",
    re.IGNORECASE,
)


def _before_first_person(value: str, author: str = "") -> str:
    """``value`` with its later clauses in the third person: "je" and its verb become the verb
    agreed ("juriste, je viens d'arriver" → "juriste, vient d'arriver", as a note says it), and,
    inside a clause, the ``author`` named with it ("mercredi j'ai exam" → "mercredi Inès a exam",
    "sauf les semaines où je suis de garde" → "… où Julien est de garde": probe conversations of a
    market farm and a nursing practice, written "mercredi a exam"); from a clause where the speaker
    still speaks as themself ("moi", "je l'ai vu", English "I"), it stops there."""
    first, later = _clauses(value)
    named = " ".join(author.split())

    def third(said: re.Match[str]) -> str:
        verb = french_third_person(said.group(1))
        opens = not said.string[: said.start()].strip()
        return verb if opens or not named else f"{named} {verb}"

    if named:
        first = _INNER_I_VERB.sub(
            lambda said: f"{said.group(1)}{named} {french_third_person(said.group(2))}", first
        )
    kept = [first]
    for separator, clause in later:
        clause = _I_VERB.sub(third, clause)
        if set(tokens(clause)) & _SPEAKER and "".join(kept).strip(CLOSING):
            return "".join(kept).strip(CLOSING)
        kept += [separator, clause]
    return "".join(kept)


# "je" or "j'" and the verb right after it (French; "je l'ai vu" has an object first: left alone).
_I_VERB = re.compile(r"(?<![\w'’])(?:je\s+|j['’]\s*)(?!(?:l|m|t|s|y|n|en|le|la|les|lui|leur|me|te|se|ne)\b)"
                     r"([^\W\d_]+)", re.IGNORECASE)  # fmt: skip
_I_REFLEXIVE = re.compile(r"(?<![\w'’])je\s+(m['’]\s*|me\s+)([^\W\d_]+)", re.IGNORECASE)
# … after a relative or a conjunction inside the first clause ("le mercredi, sauf les semaines où je
# suis de garde"): the clause's own subject, which naming the author keeps.
_INNER_I_VERB = re.compile(
    r"(\b(?:où|ou|quand|que|si|car|lorsque)\s+)" + _I_VERB.pattern.removeprefix(r"(?<![\w'’])"),
    re.IGNORECASE,
)
_SPEAKER = folded_words("je j moi me m i")


def _matching_case(written: str, word: str) -> str:
    return word.capitalize() if written[:1].isupper() else word


# "Qui s'occupe de la paie ?", "c'est qui qui gère X ?", "who maintains Lynx?": what is said of the
# person asked for, once named.
_WHO_DOES = re.compile(
    r"^\s*(?:(?:c'est|c est)\s+qui\s+qui|qui\s+est-ce\s+qui|qui|who)\s+(\S.*?)[\s?!.]*$", re.I
)


def said_of_who(question: AskedQuestion, value: str) -> tuple[str, str] | None:
    """The person an answer names and what a question asking who says of them, when ``value``
    names them ("Capucine" and "s'occupe de la paie" to "qui s'occupe de la paie ?"): a fact then
    reads "Capucine s'occupe de la paie", the statement the question's own words make once the name
    is in. The name may come with the asked verb said again as a pronoun ("Sabine s'en occupe") and a
    complement of time or company ("Sabine, depuis septembre": "… gère le budget depuis
    septembre"). None otherwise."""
    text = _WHO_IS.sub("who is ", normalise_quotes(question.text))  # "who's in charge of X?"
    found = _WHO_DOES.match(text)
    if found is None:
        return None
    if question.facet == "identity" and fold(found.group(1)).split()[0] in COPULA_WORDS:
        return None  # "qui est Paul ?" asks who he is: "Paul Martin est Paul" says nothing
    # the asker's own situation is theirs, not the fact's ("qui a les clés de la réserve quand je suis
    # pas là ?" from Karim: "Maëlle a les clés … quand je suis pas là" would be Gwenaëlle's "je")
    found = _WHO_DOES.match(_ASKERS_CLAUSE.sub("", found.group(0))) or found
    named = _NAME_THEN.match(value)
    if named is not None and only_a_name(named.group(1)):
        rest = _RESTATED_VERB.sub("", value[named.end() :], count=1).strip(CLOSING)
        rest = _without_what_the_question_said(rest, found.group(1))
        name = named.group(1).strip()
        if not rest or COMPLEMENT_OF_DOING.match(rest):
            return name, f"{_agreeing(found.group(1), name)} {rest}".strip()
        if _SAID_OF_THEM.match(rest):  # "Greta, she waters them every Monday": a clause of its own
            return name, f"{_agreeing(found.group(1), name)}, {rest}"
    if only_a_name(value):
        return value, _agreeing(found.group(1), value)
    return None


def _without_what_the_question_said(rest: str, asked: str) -> str:
    """``rest`` without its first clause when the question said it already ("c'est Jan cette
    semaine-ci, il a la clé" to "qui s'occupe de la chambre froide cette semaine ?" read "Jan
    s'occupe de la chambre froide cette semaine cette semaine-ci": probe conversation of a food
    bank); the deictic particles of French ("-ci", "-là") add nothing."""
    clause = re.match(r"[^,;]+", rest)
    if clause is None:
        return rest
    said = set(tokens(asked))
    words = [word for word in tokens(clause.group(0)) if word not in _DEICTIC_PARTICLES]
    if not words or not set(words) <= said:
        return rest
    return rest[clause.end() :].lstrip(" ,;")


_DEICTIC_PARTICLES = folded_words("ci la")


# A clause of time or condition in the asker's first person, closing the question.
_ASKERS_CLAUSE = re.compile(
    r"\s*,?\s+(?:"
    + "|".join(sorted(TIME_SUBORDINATORS | CONDITION_SUBORDINATORS))
    + r"|s['’])\s*(?:je|j['’]|i|i['’]m)\b[^?!.]*",
    re.I,
)


def said_by_the_subject(question: AskedQuestion, value: str, author: str) -> tuple[str, str] | None:
    """The subject and what they say of themself, when the answer's value is still their own
    first-person clause ("Greta" and "grew up in Gdansk" from Greta's "I grew up in Gdansk";
    "Anouk" and "a grandi à Clermont" from "j'ai grandi à Clermont"): a fact then states it of
    them rather than quote "I". None otherwise (a modal or a verb with an object pronoun first is
    left as said)."""
    subject = (question.subject or "").strip()
    if not is_about(question, author):
        return None
    if not subject[:1].isupper():
        subject = " ".join(author.split())  # "c qui firmin ?" answered by Firmin: his name as he writes it
    if not subject[:1].isupper():
        return None
    english = _I_ENGLISH.match(value)
    if english is not None:
        verb = english.group(1).lower().lstrip("'’")
        if verb in _ENGLISH_MODALS:
            return None
        said = _I_AM_HAVE.get(verb)
        if said is None:
            said = verb if english_lemma(verb) != verb or verb.endswith("ed") else third_person_english(verb)
        return subject, f"{said}{value[english.end() :]}"
    # its later clauses in the third person too ("je reste jusqu'au 31 octobre, après je repars sur
    # Clermont 😢" from Chloé kept "je repars": probe conversation of a nursing practice)
    french = _I_VERB.match(value)
    if french is not None:
        rest = _before_first_person(without_trailing_symbols(value[french.end() :]))
        return subject, f"{french_third_person(french.group(1))}{rest}"
    reflexive = _I_REFLEXIVE.match(value)  # "je m'occupe des navettes" → "s'occupe des navettes"
    if reflexive is None:
        return None
    pronoun = "s'" if reflexive.group(1).endswith(("'", "’")) else "se "
    rest = _before_first_person(without_trailing_symbols(value[reflexive.end() :]))
    return subject, f"{pronoun}{french_third_person(reflexive.group(2))}{rest}"


def said_with_their_pronoun(question: AskedQuestion, value: str) -> tuple[str, str] | None:
    """The subject and what the answer says of them, when it opens with their pronoun and a verb
    ("il est à Vannes" to "où habite Yvan ?" → "Yvan" and "est à Vannes", "he's a staff engineer"
    → "Hallvard" and "is a staff engineer"): a fact then states it of them rather than quote "il".
    Not for a question asking who does or joins something (the pronoun is that person), nor an
    impersonal "il" ("il y a", "il faut")."""
    subject = (question.subject or "").strip()
    if not subject[:1].isupper() or question.facet in _OTHER_PERSON_FACETS:
        return None
    french = _HE_SHE_FRENCH.match(value)
    if french is not None:
        rest = value[french.end() :]
        first = (rest.split() or [""])[0]
        if fold(first) in _IMPERSONAL or not (is_finite_verb(first.casefold()) or fold(first) in _CLITICS):
            return None
        return subject, rest
    english = _HE_SHE_ENGLISH.match(value)
    if english is None:
        return None
    contracted, rest = english.group(1), value[english.end() :]
    if contracted:
        return subject, f"{_HE_SHE_CONTRACTED[contracted.lower().lstrip(chr(39) + '’')]} {rest}"
    first = (rest.split() or [""])[0]
    return (subject, rest) if fold(first) in _BE_HAVE or is_verb_form(fold(first)) else None


_HE_SHE_FRENCH = re.compile(r"^(?:il|elle)\s+", re.IGNORECASE)
_HE_SHE_ENGLISH = re.compile(r"^(?:he|she)(?:(['’](?:s|d|ll))\s*|\s+)", re.IGNORECASE)
_HE_SHE_CONTRACTED = {"s": "is", "d": "would", "ll": "will"}
_BE_HAVE = folded_words("is was has had")
_IMPERSONAL = folded_words("y faut parait semble pleut")
_CLITICS = folded_words("se s me m te t lui leur y en ne n")
# Facets whose answer's pronoun is the person asked for, not the subject ("qui gère Kiwano ?" →
# "il s'appelle Paul").
_OTHER_PERSON_FACETS = frozenset({"agent", "participant"})


# "I" and the verb after it, contracted or not ("I'm", "I've", "I grew up"); chat's lowercase "i"
# and "im" too ("im on the rota from may 4th").
_I_ENGLISH = re.compile(r"^[Ii](?:\s+|(?=['’]|m\s))(['’]m|['’]ve|['’]d|['’]ll|m(?=\s)|[^\W\d_]+)\b")
_I_AM_HAVE = {"m": "is", "am": "is", "ve": "has", "have": "has", "was": "was"}
_ENGLISH_MODALS = folded_words("d ll can could will would should must may might shall did do")


def _agreeing(predicate: str, names: str) -> str:
    """``predicate`` with its verb in the plural when ``names`` are several ("Hugo et Lina" + "a créé
    Pelican" → "ont créé Pelican", "Priya and Ben" + "runs the canteen" → "run …")."""
    if not _SEVERAL.search(names):
        return predicate
    verb, _, rest = predicate.partition(" ")
    folded = fold(verb)
    if folded in _PLURAL_IRREGULAR:
        plural = _PLURAL_IRREGULAR[folded]
    elif folded.endswith("e") and not folded.endswith("ee"):
        plural = verb + "nt"  # "gère" → "gèrent", "s'occupe" → "s'occupent"
    elif folded.endswith("s") and language_of(folded) == "en":
        plural = verb[:-1]  # "runs" → "run"
    else:
        return predicate  # a verb whose plural no rule here knows is left as asked
    return f"{plural} {rest}".strip()


_SEVERAL = re.compile(r"\s(?:et|and|&)\s", re.IGNORECASE)
_PLURAL_IRREGULAR = {
    "a": "ont", "est": "sont", "fait": "font", "va": "vont", "is": "are", "has": "have", "was": "were",
    "does": "do",
    # the third group's frequent verbs ("Yannick et Jonas tient le stand": probe conversation of a
    # market garden)
    "tient": "tiennent", "vient": "viennent", "prend": "prennent", "met": "mettent", "part": "partent",
    "sort": "sortent", "peut": "peuvent", "doit": "doivent", "sait": "savent", "conduit": "conduisent",
    "ecrit": "écrivent", "dit": "disent", "finit": "finissent", "ouvre": "ouvrent",
}  # fmt: skip


# A name (capitalised words) and what follows it ("Sabine depuis septembre", "Sabine, s'en occupe").
_NAME_THEN = re.compile(r"^\s*((?:[A-ZÀ-Þ][\w'’-]*\s*){1,3}?)(?=[\s,]+\S)[\s,]*")
# The verb asked said again as a pronoun ("s'en occupe", "le gère", "s'en charge", "does", "runs it").
_RESTATED_VERB = re.compile(
    r"^(?:(?:s|l|m|t)['’]\s*(?:en\s+|y\s+)?|(?:se|le|la|les|lui|y|en)\s+)+[^\W\d_]+\b|"
    r"^(?:does|did|runs it|manages it|handles it|owns it)\b",
    re.IGNORECASE,
)
# A clause saying more of the person named, with its own subject pronoun ("elle les arrose le lundi").
_SAID_OF_THEM = re.compile(r"(?:il|elle|ils|elles|he|she|they)\s+\S", re.IGNORECASE)

_WHO_IS = re.compile(r"^\s*who's\s*", re.IGNORECASE)


# "c'est moi qui" after a first clause ("Kiwano c'est notre outil, c'est moi qui l'ai monté").
_ME_WHO = re.compile(r"(?<![\w'’])(c['’]est\s+)moi(?=\s+qui\b)", re.IGNORECASE)


def with_the_speaker_named(text: str, author: str) -> str:
    """``text`` with the speaker's name for "moi" in a cleft after its first clause ("…, c'est moi
    qui l'ai monté l'an dernier" from Elouan → "…, c'est Elouan qui l'a monté l'an dernier"): a
    fact quoted later says who, not "moi"."""
    if not author.strip():
        return text
    found = _ME_WHO.search(text)
    if found is not None and found.start() > 0:
        text = text[: found.end(1)] + author.strip() + who_clause_in_third_person(text[found.end() :])
    return _later_i_named(text, author.strip())


def _later_i_named(text: str, author: str) -> str:
    """``text`` with "je" and its verb in the clauses after the first said of the speaker by name
    ("La licence FMOD on la paie 2 000 € par an, je viens de retrouver la facture" from Maëlle →
    "…, Maëlle vient de retrouver la facture": probe conversation of a game studio, and two others
    kept the speaker's "je" in a fact quoted later)."""
    first, later = _clauses(text)
    named = [first]
    for separator, clause in later:
        named += [
            separator,
            _I_VERB.sub(lambda said: f"{author} {french_third_person(said.group(1))}", clause),
        ]
    return "".join(named)


def _clauses(text: str) -> tuple[str, list[tuple[str, str]]]:
    """``text``'s first clause, then each later one with the break before it."""
    parts = _CLAUSE_BREAK.split(text)  # clause, break, clause, break…
    return parts[0], list(zip(parts[1::2], parts[2::2], strict=True))


_CLAUSE_BREAK = re.compile(f"({CLAUSE_END.pattern})")


def said_with_the_asked_preposition(question: AskedQuestion, value: str) -> tuple[str, str] | None:
    """The subject and what the question's verb says of them, when ``value`` is the phrase the
    question asks after its preposition ("Léo" and "bosse sur la migration de Pingouin" from "Léo
    il bosse sur quel projet ?" and "sur la migration de Pingouin"): a fact then reads as a
    statement. None when the question puts no verb of its subject before the preposition."""
    asked = ASKED_AFTER_PREPOSITION.search(fold(question.text))
    subject = (question.subject or "").strip()
    if asked is None or not subject[:1].isupper() or not fold(value).startswith(asked.group(1) + " "):
        return None
    words = words_as_written(question.text)
    at = next((i for i, (folded, _) in enumerate(words) if folded == asked.group(1)), 0)
    verb = words[at - 1][1] if at > 0 else ""
    if not verb.islower() or fold(verb) in FUNCTION_WORDS or fold(verb) in WHO_WORDS:
        return None
    if at > 1 and words[at - 2][0] in AUXILIARIES:
        # a participle keeps its auxiliary ("Lucas il a signé avec quel sponsor ?" wrote "Lucas
        # signé avec Domino's": probe conversation of a student association)
        verb = f"{words[at - 2][1]} {verb}"
    return subject, f"{verb} {value}"


# A stressed pronoun before "c'est" and a common word or a number ("moi c'est du 44", "moi, c'est les
# fruits à coque": probe conversations of a building site and a bistro kitchen): the speaker's own,
# what follows the copula is the answer; before a name ("moi c'est Axelle") the speaker says who
# they are.
_STRESSED = r"^\W*(?:[Mm]oi|[Mm]e),?\s+(?=(?:c['’]est|c est|it['’]s)\s+"
_STRESSED_BEFORE_COPULA = re.compile(_STRESSED + r"[a-zà-ÿ0-9])")
# … and before a name, which is the value when no one is asked for (see :func:`fragment`)
_STRESSED_BEFORE_ANY = re.compile(_STRESSED + r"\w)")
