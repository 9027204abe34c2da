"""Replies that speak of something else than what was asked, though linked to the question: another
value, another person doing another thing, another facet, another day, a question back, an
acknowledgement, a denial. Each guard of language/answers.py's :func:`find_answer` that keeps a
linked message from being stored as the answer. Precision first. Pure functions.
"""

from __future__ import annotations

import re

from language.facets import (
    PREDICATE_FACETS,
    VALUE_FACETS,
    WHERE_FACETS,
    gives_a_date_not_a_place,
    stated_facets,
    states_asked_kind,
)
from language.formulas import GREETING_WORDS, THANKS_WORDS
from language.intents import DISCOURSE_WORDS
from language.mentions import name_spans
from language.questions import is_question, sentence_around
from language.relatives import kin_of
from language.replies import (
    CLAUSE_END,
    CLEFT,
    COPULA,
    COPULA_WORDS,
    EMAIL_ADDRESS,
    LATER_COMPLEMENT,
    PHONE_NUMBER,
    AskedQuestion,
    Said,
    asked_channel_value,
    first_clause,
    is_about,
    said_again,
    same_direction_asked,
    what_it_is_not,
    without_trailing_symbols,
)
from language.saying import EVALUATIVE, THANKING
from language.subject_named import ASKED_PEOPLE, asks_who, cue_terms, terms_asked
from language.terms import STOPWORDS, terms
from language.text import (
    CALENDAR,
    DAYS_AND_TIMES,
    DETERMINERS,
    FILLERS,
    FUNCTION_WORDS,
    LETTERS,
    PREPOSITIONS,
    TOKEN,
    WHO_WORDS,
    Language,
    ceased,
    fold,
    folded_words,
    frequency,
    is_common_word,
    is_finite_verb,
    is_verb_form,
    lemma,
    name_key,
    near_future,
    no_longer,
    sentence_language,
    tokens,
    wishes,
    words_as_written,
)
from language.value_shapes import DATE_WORDS, SHAPES, fits_facet, is_a_value, opens_with_value


def _judges_only(text: str, question: AskedQuestion) -> bool:
    """Besides the subject, the reply only judges it ("Hélios c'est nul", "c'est top")."""
    subject = set(tokens(question.subject or ""))
    said = [w for w in tokens(text) if w not in subject and w not in COPULA_WORDS and w not in DETERMINERS]
    return bool(said) and all(w in EVALUATIVE for w in said)


def speaks_of_oneself(text: str, question: AskedQuestion, author: str) -> bool:
    """A first-person statement from someone the question is not about, to a question that does not
    ask who: the speaker speaks of themself ("Eko, je suis à Lyon cette semaine" from Paul to "où
    habite Quentin ?"), unless they tell how they know ("je crois qu'il habite à Lyon", "j'ai
    demandé, c'est 15 €", "I heard it's Lyon")."""
    if is_about(question, author) or asks_who(question):
        return False
    # after thanks ("Merci Juju je passe mardi alors": probe conversation of a radio station) or a
    # discourse word ("allez je ferme à 20h, bisous la team. bonne nuit Eko")
    words = tokens(THANKING.sub(" ", text))
    while words[:1] and words[0] in DISCOURSE_WORDS:
        words = words[1:]
    if words[:1] == ["moi"]:
        words = words[1:]
    if words[:1] not in (["je"], ["j"], ["i"]):
        return False
    verbs = [word for word in words[1:] if word not in _CLITICS_AND_AUXILIARIES][:1]
    return not any(word in _KNOWING_HOW or lemma(word) in _KNOWING_HOW for word in verbs)


# Object clitics and auxiliaries between "je" and the verb ("je l'ai lu", "j'en ai entendu parler").
_CLITICS_AND_AUXILIARIES = folded_words("ne n me m te t l le la les lui y en se s ai avais aurais have had")
# Verbs a speaker tells how they know with (believing, knowing, hearing, reading, asking, checking):
# what follows may well be the answer. Lemmas, both languages.
_KNOWING_HOW = folded_words(
    """croire penser savoir supposer imaginer dire entendre lire voir souvenir rappeler connaitre
    demander demande verifier verifie regarder regarde think guess believe heard hear know knew
    reckon suppose remember asked ask checked check read saw see"""
)


def says_nothing_asked(text: str, question: AskedQuestion) -> bool:
    """Whatever links it, the reply gives nothing the question asks: it denies there is such a
    thing, only judges the subject, states another facet, says the question again, tells another
    time, or speaks of a relative of the subject (each rule below)."""
    return (
        denies(text, question)
        or _only_what_it_is_not(text)
        or _judges_only(text, question)
        or _states_another_facet(text, question)
        or _repeats_question(text, question)
        or _tells_another_time(text, question)
        or _of_a_relative(text, question)
    )


def _only_what_it_is_not(text: str) -> bool:
    """The reply only says what the answer is not ("c'est pas moi en tout cas")."""
    denied, corrected = what_it_is_not(fold(text))
    return denied and corrected is None


# "le mien c'est le bleu", "mine is blue": a closed class, standing for what was asked.
_POSSESSIVE_PRONOUNS = folded_words(
    "mien mienne miens miennes tien tienne tiens tiennes sien sienne siens siennes notre votre leur "
    "leurs mine yours his hers ours theirs"
)


# Facets whose answer may describe a person or a thing in any words, a place or an employer among
# them ("c'est Paul, il bosse chez nous depuis mars" to "qui gère Hérisson ?"): a stated facet says
# nothing against them.
_DESCRIBED_ANYHOW = frozenset({None, "identity", "definition", "other", "agent", "participant"})


def names_no_origin(text: str, question: AskedQuestion) -> bool:
    """Asked where someone comes from, the reply names no place: no word of it is a name, a
    capitalised word no dictionary knows as common ("Eko, hangar 3, à côté de la glacière" was
    stored as the town Iker comes from: probe conversation of a fishing co-op; "de Burela", "du
    Nord" name one)."""
    if question.facet != "origin":
        return False
    return not any(
        word[:1].isupper() and (not is_common_word(word) or fold(word) in _COMPASS)
        for word in LETTERS.findall(text)
    )


# The points of the compass, which name regions once capitalised ("il vient du Nord").
_COMPASS = folded_words("nord sud est ouest north south east west midi")
_DATE_WORD = re.compile(rf"(?:{DATE_WORDS['fr']}|{DATE_WORDS['en']})s?")


# "It's time for" ("c'est l'heure du café", "it's time for lunch"): the moment, not the subject.
_TIME_FOR = re.compile(r"^(?:c'est|c est|it's|it is) (?:l'heure|l heure|time)\b")
_TEMPORAL_FACETS = frozenset({"date", "hours"})


def asks_first(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply opens with a question of its own, one that does not only echo what was asked
    ("tuesday maybe? they usually come on a tuesday", "Romuald ? il passe le jeudi"): a guess put to
    the room to confirm, not an answer. Echoing the question leads into the answer ("le code wifi ?
    c'est granit2024")."""
    first = sentence_around(text, 0, 0)
    if first == text or not is_question(first, language):
        return False
    asked = set(tokens(question.text))
    return any(word not in asked and word not in FUNCTION_WORDS for word in tokens(first))


def acknowledges(text: str, question: AskedQuestion) -> bool:
    """To a question asking what or who something is, "c'est" and one common word, no
    article ("c'est noté", "c'est parti", "c'est clair"): an acknowledgement, not a description."""
    if question.facet not in ("definition", "identity"):
        return False
    opened = OPENING_COPULA.match(text.strip())
    rest = tokens(text.strip()[opened.end() :]) if opened else []
    return len(rest) == 1 and frequency(rest[0]) >= _COMMON_ZIPF and rest[0] not in DETERMINERS


# Zipf frequency of a common word (more than about 30 in a million words of French or English:
# "noté", "parti", "clair"; a tool written in lowercase is rarer: "jenkins" 3.8, "notion" 4.5).
_COMMON_ZIPF = 4.5


def speaks_of_the_day(text: str, question: AskedQuestion) -> bool:
    """To a question asking no time, a reply saying it is time for something ("c'est l'heure du
    café") or giving a day alone ("c'est vendredi !") speaks of the moment, not of the subject."""
    if question.facet in _TEMPORAL_FACETS:
        return False
    value = tokens(_value_after_copula(text))
    a_day = bool(value) and all(word in CALENDAR or word in _DAY_WORDS for word in value)
    return a_day or _TIME_FOR.match(fold(text.strip())) is not None


# Words that name a day with a weekday or by itself ("lundi prochain", "demain", "tomorrow").
_DAY_WORDS = folded_words(
    "demain hier aujourd hui prochain prochaine dernier derniere today tomorrow yesterday next last"
)


_HAVING = folded_words("a ont avait has have had")


def names_who_does_another_thing(text: str, question: AskedQuestion) -> bool:
    """A cleft naming who does something the question does not ask ("c'est Hugo qui la remplace
    jusqu'en mars" to "c'est quoi le mot de passe du wifi ?"): it answers who does that. A question
    asking who, one with the cleft's verb ("qu'est-ce qui ralentit la CI ?" / "c'est le cache qui
    ralentit la CI") or a cause ("pourquoi…" / "c'est le certificat qui a expiré") may be answered
    so."""
    if question.facet == "reason":
        return False
    cleft = CLEFT.match(fold(text))
    if cleft is None:
        return False
    words = tokens(question.text)
    verb = cleft.group(2)
    if verb in _CLITICS_AND_AUXILIARIES | COPULA_WORDS:  # "qui l'a créé", "qui a créé": read on
        later = tokens(fold(text)[cleft.end(2) :])
        verb = next((word for word in later if word not in _CLITICS_AND_AUXILIARIES), verb)
    if said_again(verb, words):
        return False
    has_it = set(tokens(fold(text)[cleft.start(2) :])[:2]) & _HAVING
    if has_it and " chez qui " in f" {' '.join(words)} ":
        return False  # "c'est Lucas qui l'a" to "le vélo cargo il est chez qui ?": it is at theirs
    asks_a_person = any(w in WHO_WORDS and (i == 0 or words[i - 1] != "ce") for i, w in enumerate(words))
    if not asks_a_person:  # "qu'est-ce qui" asks what
        return True
    # asked who does something, a cleft with another verb answers it when it says nothing more
    # ("c'est Sabine qui s'en charge", "… depuis septembre"); with a thing of its own it tells
    # another doing ("c'est moi qui paie les croissants demain" to "qui gère le budget formation ?")
    doing = fold(text)[cleft.end(2) :].split(",")[0]
    complement = LATER_COMPLEMENT.search(" " + doing)
    doing = doing[: complement.start()] if complement else doing
    return any(
        word not in STOPWORDS and not said_again(word, words) for word in tokens(doing) if word != verb
    )  # tokens: "c'est Clara qui s'en occupe" leaves "'en" after the clitic read as the verb


def only_another_value(text: str, question: AskedQuestion, language: Language) -> bool:
    """The question asks who, and the reply is only a date or a time, a price or a number ("le 14
    janvier" to "qui a les clés de la réserve ?"), or tells what a thing does: it answers some other
    question. A thing doing something does not tell a person's role, employer, origin or taste
    either ("it ships on the 20th" to "what's Ferdinand's role?")."""
    if is_question(text):
        return False
    thing_doing = _A_THING_DOING.match(fold(text.strip())) is not None
    if thing_doing and question.facet in _OF_A_PERSON:
        return True
    if _asks_what_is_done(question) and is_a_value(_value_after_copula(text), "date", language):
        return True  # "le mardi matin" to "Inès elle étudie quoi ?": when, not what
    if _only_a_phone_number(text) and question.facet not in ASKED_PEOPLE | {"contact"}:
        # "Eko, le 05 61 42 17 80" to "quel organisme gère le tiers payant de la MGEN ?": a number
        # to call, no organisation (probe conversation of a pharmacy; the hotline's number was
        # asked too, but before the window of open questions)
        return True
    if question.facet not in ASKED_PEOPLE or not asks_who(question):
        return False
    if thing_doing:
        return True  # "it kicks off on January 12th", "ça commence lundi": a thing does something
    value = _value_after_copula(text)
    if names_someone(value):
        return False  # "c'est Jan cette semaine": a name and when, not only when
    return any(is_a_value(value, facet, language) for facet in ("date", "price", "quantity"))


def names_someone(clause: str) -> bool:
    """A capitalised word of ``clause`` is a name: neither a date word ("Lundi prochain") nor a
    function word (probe conversation of a food bank: "c'est Jan cette semaine-ci" was read as a
    date, "Jan" as January's abbreviation and "cette semaine" as a week)."""
    return any(
        word[:1].isupper() and fold(word) not in FUNCTION_WORDS and not _DATE_WORD.fullmatch(fold(word))
        for word in LETTERS.findall(clause)
    )


def a_place_for_a_person(text: str, question: AskedQuestion, language: Language) -> bool:
    """A question asking for someone answered by a place, and no one named ("Eko, au crochet à côté
    de la porte du quai, ja" to "qui s'occupe de distribuer nos bières en Flandre ?" was stored as the
    distributor: probe conversation of a brewery, the answer to where a key hangs)."""
    if question.facet not in ASKED_PEOPLE or names_someone(text):
        return False
    folded = fold(text.strip())
    if re.match(r"chez\b", folded):
        return False  # at whose place names them ("chez euromaster à villars": a supplier)
    return opens_with_value(folded, "place", {language, "fr", "en"})


def _only_a_phone_number(text: str) -> bool:
    """The reply is a phone number and, at most, its article ("le 05 61 42 17 80")."""
    found = PHONE_NUMBER.search(text)
    if found is None or tokens(text[found.end() :]):
        return False
    return tokens(text[: found.start()]) in ([], ["le"], ["c", "est", "le"], ["it", "s"])


def _asks_what_is_done(question: AskedQuestion) -> bool:
    """The question asks the object of a verb other than a copula ("Inès elle étudie quoi ?", "Léo
    cuisine quoi ?"): a thing, which a time alone does not name (probe conversation of a library:
    "Eko, le mardi matin, départ 9h" meant for another question was stored as what Inès studies)."""
    if question.facet != "definition":
        return False
    words = [word.casefold() for word in LETTERS.findall(question.text)]  # as written: "étudie"
    return any(
        word == "quoi" and i > 0 and fold(words[i - 1]) not in COPULA_WORDS and is_verb_form(words[i - 1])
        for i, word in enumerate(words)
    )


def _value_after_copula(text: str) -> str:
    """The reply's first clause without the copula opening it ("c'est vendredi" → "vendredi")."""
    return first_clause(OPENING_COPULA.sub("", text.strip(), count=1))


# A reply opening with a pronoun of things and a verb other than a copula ("it kicks off…", "ça
# commence lundi", "ça a été reporté"): it tells what a thing does, not who. "it's Greta", "c'est
# Léa", "ça doit être Léa" name someone.
_A_THING_DOING = re.compile(
    r"^(?:it|ca|cela)\s+(?!(?:is|was|s|est|etait|sera|doit|devrait|must|should|might|could|would)\b)"
    r"[^\W\d_]+"
)
# Facets asked of a person only: what they do, who employs them, where they come from, what they
# like best.
_OF_A_PERSON = frozenset({"role", "employer", "origin", "preference"})
OPENING_COPULA = re.compile(r"^(?:c['’]\s*est|c est|it['’]s|it is|that['’]s|that is)\s+", re.IGNORECASE)


# "est chez", "is at" someone's; and a question asking where someone or something is (or is put),
# not where one lives or works.
_AT_SOMEONES = re.compile(r"\b(?:est|sont|is|are)\s+(?:gare\w*\s+)?chez\b")
_WHERE_IS = re.compile(
    r"^(?!.*\b(?:habite\w*|vit|vivent|lives?|based|travaill\w*|bosse\w*|works?)\b)"
    r".*(?:\b(?:est|sont|is|are)\b|\bwhere s\b|\bou\b)"
)


def _states_another_facet(text: str, question: AskedQuestion) -> bool:
    """The reply's predicate states a facet (:func:`stated_facets`: where one lives, comes from,
    works) and the question asks another, precise one ("elle vient de Lorient" to "que fait
    Honorine comme métier ?" or "comment marche Hérisson ?"): the labelling guide's facets, apart."""
    if question.facet in _DESCRIBED_ANYHOW:
        return False
    if gives_a_date_not_a_place(question.facet or "", _without_the_asked_time(text, question)):
        return True  # "je suis en vacances à partir du 4 août" to "où part Joachim en vacances ?"
    if question.facet == "manner" and _DEFINES.match(fold(text)):
        return True  # "c'est un logiciel de métré" to "comment fonctionne Quantix ?": what it is
    if question.facet in WHERE_FACETS and text[:1].isdigit():
        # a number opening values of another kind only: "120 sheets, 4x12, landing on the east
        # side" to "where's the boiler room key?" ("3rd floor, room 204" states a place)
        stated = stated_facets(text)
        if stated and not stated & WHERE_FACETS:
            return True
    stated = stated_facets(text) & PREDICATE_FACETS
    if (
        question.facet == "place"
        and _AT_SOMEONES.search(fold(text))
        and _WHERE_IS.search(fold(question.text))
    ):
        # being "chez" someone is where one is ("la Titine est chez Norauto à Labège" to "où elle
        # est garée la Titine ?": probe conversation of a garage), when that is what was asked
        stated = (stated - {"employer"}) | {"place"}
    if question.facet == "employer" and "place" in stated and _WHERE.search(question.text):
        return False  # "Ambre travaille où ?" is answered by a town as well as by a company
    if question.facet in VALUE_FACETS | {"hours"} and states_asked_kind(question.facet or "", text):
        return False  # the value asked, then where ("6h45, porte de derrière rue de la Monnaie")
    if asked_channel_value(text, question, any_channel=True) is not None:
        # the number or address asked, whatever else places it ("Karim chez Riviera Fuel, 06 12 34
        # 56 78, il livre au camion sur le quai" to "who's our fuel bunkering contact in Antibes?":
        # probe conversation of a yacht crew)
        return False
    return bool(stated) and question.facet not in stated


def _without_the_asked_time(text: str, question: AskedQuestion) -> str:
    """``text`` without the days and times of day the question says too: saying again when the
    question asks where gives no other date ("le camion le dimanche midi il se gare sur le front de
    mer" to "ousa le camion i stationne le dimanche midi ?": probe conversation of a food truck)."""
    asked = {word for word in tokens(question.text) if word in DAYS_AND_TIMES or word in CALENDAR}
    kept = [found.group(0) for found in TOKEN.finditer(text) if fold(found.group(0)) not in asked]
    return " ".join(kept) if asked else text


_WHERE = re.compile(r"(?<![\w'’])(?:où|where)(?![\w'’])", re.IGNORECASE)
# A reply opening with a copula and an indefinite article says what a thing is (not "un peu", "a bit").
_DEFINES = re.compile(
    r"^(?:c'est|cest|c est|ce sont|it's|it is|its|that's) (?:un|une|des|a|an)\b(?! (?:peu|bit|little)\b)"
)


def replied_with_a_reason(said: Said, question: AskedQuestion) -> bool:
    """A reply (``replyTo``) to a question asking why: a reason needs no cause word there ("trop
    cher, tout simplement"); elsewhere the cause word tells a reason from chatter."""
    return question.facet == "reason" and said.reply_to is not None and said.reply_to == question.message_id


def _tells_another_time(text: str, question: AskedQuestion) -> bool:
    """The reply says what stopped ("Paul n'habite plus à Nantes"), what is wished ("voudrait
    habiter à Nantes") or, for what holds rather than when, what is about to be ("va habiter à
    Nantes"), and the question does not: it tells another time than the one asked about."""
    stopped = ceased(text) or no_longer(text)
    if (
        stopped
        and not (ceased(question.text) or no_longer(question.text))
        and not _goes_on(text)
        # an end asked, leaving answers it ("Hattie nous quitte le 20 juin" to "quand se termine le
        # stage de Hattie ?")
        and not same_direction_asked(text, question)
    ):
        return True  # (a second clause may say what holds now: "…plus à Lyon, il est à Paris")
    # what someone wants, in the clause that answers: a later clause may tell what others want
    # ("it's due tuesday the 12th, Bluefen want it before their meeting")
    if wishes(first_clause(text)) and not wishes(question.text):
        return True
    # what is to come may be the date, number or price asked; an age to come is not the age now
    comes = question.facet in VALUE_FACETS - {"age"}
    return not comes and near_future(text) and not near_future(question.text)


def _goes_on(text: str) -> bool:
    """``text`` has a second clause ("…, il est à Paris", "… mais maintenant à Paris")."""
    return len(CLAUSE_END.split(without_trailing_symbols(text).strip())) > 1 or bool(
        re.search(r"\b(?:mais|but)\b", text, re.IGNORECASE)
    )


def _of_a_relative(text: str, question: AskedQuestion) -> bool:
    """The reply names the question's subject as someone's relative or a relative of theirs ("la
    sœur de Paul habite à Nantes", "le fils de Paul a 4 ans" to a question about Paul): another
    person, unless the question names that relative too."""
    subject = name_key(question.subject or "").split()
    asked = dict(kin_of(question.text))
    return any(name in subject and kin != asked.get(name) for name, kin in kin_of(text))


def _repeats_question(text: str, question: AskedQuestion) -> bool:
    """Every word of the reply is a word of the question ("Joachim est en vacances" to "où part
    Joachim en vacances ?"): it says again what was asked, and nothing of the answer."""
    said = set(terms(text))
    return bool(said) and said <= set(terms(question.text))


# Conjunctions opening a reason (a closed class): what follows them is the reason, not a topic.
_CAUSE_CONNECTIVES = folded_words("parce car puisque because since")


def about_something_else(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply opens with what it speaks of, then a copula, and that is nothing the question
    names ("le séminaire c'est du 12 au 14 juin" to "Quentin bosse où ?"): a statement about
    another thing. A fragment ("c'est le bleu", "ben c'est le bleu") opens with no content word."""
    # in the first sentence, where the answer is ("21st of November. 5pm our time is the cutoff")
    text = sentence_around(text, 0, 1)
    found = re.search(rf"(?<![\w']){COPULA[language]}\s", fold(text))
    if found is None:
        return opens_with_another_subject(text, question)
    before = [
        word
        for word in tokens(text[: found.start()])
        if word not in FUNCTION_WORDS
        and word not in FILLERS
        and word not in _POSSESSIVE_PRONOUNS
        and word not in GREETING_WORDS  # "coucou c'est moi": a greeting opens, nothing is spoken of
        and word not in THANKS_WORDS  # "merci, c'est dans le tiroir": nor does thanking
        and word not in _CAUSE_CONNECTIVES  # "parce que c'était trop cher": a reason opens
    ]
    if not before or set(terms(" ".join(before))) & set(terms(question.text)):
        return False
    opening = text[: found.start()]
    if _opens_with_the_value(opening, question, language):
        return False  # "dans le coffre du bureau, étagère du haut, la clé est sur mon trousseau"
    stated = text[found.end() :].strip()
    if (
        (question.facet or "") in SHAPES
        and any(char.isdigit() for char in opening)
        and fits_facet(opening, question.facet, language)
        # (unless the copula names someone instead: "cette nuit au 1er c'est Fabrice avec une AS
        # intérimaire" to "c quand que la coiffeuse passe ?" was stored as her day: probe
        # conversation of a retirement home)
        and not (stated[:1].isupper() and not fits_facet(stated, question.facet, language))
    ):
        return False  # the value asked opens it ("le 30 septembre, c'est écrit dans le PV de réception")
    # what follows the copula says what was asked of the subject: the name before it is the answer
    # ("Paul est le responsable du bureau de Nantes" to "c'est qui le responsable du bureau de Nantes ?")
    return not terms_asked(question) & set(terms(text[found.end() :]))


def _opens_with_the_value(opening: str, question: AskedQuestion, language: Language) -> bool:
    """The reply's first piece, set apart by a comma, opens with the asked value's shape (a place
    preposition, a number): a fragment answering, before what the reply says next ("Eko, dans le
    coffre du bureau, étagère du haut, la clé est sur mon trousseau" to "il est où le registre des
    stups ?": probe conversation of a pharmacy). "le séminaire à Lyon c'est…" opens with what it
    speaks of."""
    first, comma, rest = opening.partition(",")
    if comma and asks_who(question) and _a_name(first) and set(tokens(rest)[:1]) & _TAKING_UP:
        # … or the person asked for, named, then taken up ("Eko, Nadège Perrier, son bureau est à
        # côté de la caisse centrale" to "c'est qui le responsable des logements saisonniers ?":
        # probe conversation of a ski area, lost)
        return True
    return bool(comma) and opens_with_value(fold(first.strip()), question.facet, (language,))


# Third-person pronouns and possessives taking a name up ("Nadège Perrier, son bureau…"): the name
# is what the reply speaks of, not someone it calls ("Nadège, le séminaire c'est du 12 au 14 juin").
_TAKING_UP = folded_words("son sa ses il elle his her he she")


def _a_name(text: str) -> bool:
    """``text`` is a person's name: one to four words, each with a capital, one no common word."""
    words = [written for _, written in words_as_written(text)]
    return (
        0 < len(words) <= 4
        and all(word[:1].isupper() for word in words)
        and any(not is_common_word(word) for word in words)
    )


def opens_with_another_subject(text: str, question: AskedQuestion) -> bool:
    """The reply opens with a noun phrase and its verb, and the noun phrase is nothing the question
    names ("le bureau de Lyon ferme à 18h" to "où habite Quentin ?"): a statement about another
    thing, as :func:`about_something_else` reads one before a copula. The verb is in the first
    clause ("la refonte du back-office, lancée en mai" is a noun phrase and its apposition) unless a
    pronoun takes the noun phrase up after the break ("le bureau de Lyon, il ferme à 18h")."""
    clause = first_clause(text)
    if not set(tokens(text[len(clause) :])[:1]) & _SUBJECT_PRONOUNS:
        text = clause
    words = words_as_written(text)
    if len(words) < 3 or words[0][0] not in DETERMINERS:
        return False
    # the verb comes after the noun the determiner opens ("la marche", "le passe" are nouns there)
    verb = next((i for i, (_, written) in enumerate(words[2:], 2) if _is_verb(written.casefold())), None)
    if verb is None:
        return False
    before = [folded for folded, _ in words[:verb] if folded not in FUNCTION_WORDS]
    return bool(before) and not set(terms(" ".join(before))) & set(terms(question.text))


_SUBJECT_PRONOUNS = folded_words("il elle ils elles on ca it they he she")


def _is_verb(word: str) -> bool:
    return is_finite_verb(word) or is_verb_form(word)


def fits_asked(text: str, question: AskedQuestion, language: Language) -> bool:
    """:func:`fits_facet`, read in Eko's language and in the question's own when its words are
    clearly of the other ("in Nantes" to "where does Paul live?" in a French-speaking Lobby)."""
    if question.facet in ASKED_PEOPLE and asks_who(question) and _A_MEASURE.match(first_clause(text)):
        # a number and its unit names no one ("Eko, 4 degres max, au dessus je charge pas" answered
        # "ch'est qui qu'on attend mardi pour l'inspection AOP ?": probe conversation of a dairy co-op)
        return False
    if fits_facet(text, question.facet, language):
        return True
    asked_in = sentence_language(tokens(question.text))
    return asked_in is not None and asked_in != language and fits_facet(text, question.facet, asked_in)


# A number, maybe a unit and a word or two, and nothing else in the clause.
_A_MEASURE = re.compile(r"^\W*\d+(?:[.,]\d+)?\s*[^\W\d_]*(?:\s+[^\W\d_]+){0,2}\W*$")


def subject_then_past(text: str, question: AskedQuestion) -> bool:
    """The reply opens with the question's subject and a verb in the imperfect right after it."""
    span = _leading_subject(text, question)
    after = tokens(text[span[1] :])[:2] if span is not None else []
    return bool(after) and (after[0] in _PAST_VERBS or after[:2] == ["c", "etait"])


_PAST_VERBS = folded_words("etait etaient avait avaient was were used")


def leads_with_subject(text: str, question: AskedQuestion) -> bool:
    """The statement's grammatical subject is the question's subject (it opens the sentence)."""
    return _leading_subject(text, question) is not None


def _leading_subject(text: str, question: AskedQuestion) -> tuple[int, int] | None:
    """Where the question's subject stands in ``text`` when it opens the sentence ("Le bureau de …",
    "Gazelle …"), else None."""
    if not question.subject:
        return None
    # a name inside an address is no subject ("justine.roux@acme.fr" to "quel est le mail de Justine ?")
    text = _ADDRESS.sub(lambda found: " " * len(found.group(0)), text)
    spans = name_spans(text, question.subject)
    before = LETTERS.findall(text[: spans[0][0]]) if spans else []
    # after a preposition the subject is a complement, what the question was about ("Eko, pour Nour
    # on met le U87…" to "c'est quoi le micro qu'on utilise pour enregistrer Nour ?": probe
    # conversation of a recording studio), not the subject of a statement
    if not spans or len(before) > 1 or (before and fold(before[0]) in PREPOSITIONS):
        return None
    if any(char.isdigit() for char in text[: spans[0][0]]):
        # after a value, the subject is what the value counts ("Eko : 5 € l'audioguide, 3 € en tarif
        # réduit": probe conversation of a museum, read as a statement about the audioguide)
        return None
    return spans[0]


_ADDRESS = re.compile(rf"{EMAIL_ADDRESS.pattern}|https?://\S+|www\.\S+", re.IGNORECASE)


def denies(text: str, question: AskedQuestion) -> bool:
    """The reply says there is no such thing as what was asked: a negation, then (past fillers,
    determiners, the verb of having and the words that ask the facet) a word of what was asked —
    "j'ai pas vraiment de plat préféré" to "quel est le plat préféré de Sofiane ?", "aucun plat",
    "he doesn't have a favourite dish". That negative is no answer (probe set 3 stored it as
    Sofiane's favourite dish); a negation of something else still answers ("c'est pas le rouge,
    c'est le bleu"). Through the weighted terms' concepts, so "dish" is "plat" (a negation of
    another thing of the same concept is taken as a denial too: precision first)."""
    asked = terms_asked(question)
    cues = cue_terms(question.text)
    words = tokens(text)
    for i, word in enumerate(words):
        if word not in _DENIALS:
            continue
        for following in words[i + 1 : i + 1 + _DENIAL_REACH]:
            found = set(terms(following))
            if asked & found:
                return True
            if following not in _DENIAL_GAP and not found & cues:
                break
    return False


# Negations that deny a thing exists (not "ne", which goes with a verb: "n'habite plus à Lyon, il
# est à Paris" answers), and the words that may stand between one and the thing denied: fillers,
# determiners, "de", the verbs of having. Closed classes.
_DENIALS = folded_words("pas plus jamais aucun aucune aucuns aucunes sans no not t never none")
_DENIAL_GAP = FILLERS | DETERMINERS | folded_words("de d of a any have has had got avoir")
_DENIAL_REACH = 4
