"""What a curiosity is: a request for information about a subject, read as subject + facet + topic.

A message addressed to Eko is a curiosity when its intent is ``"information"``
(:func:`language.intents.intent_of`) and it names something to ask about. The curiosity keeps the
text as people said it, its **subject** (the person, project, place or thing: "Bob", "Kraken FM",
"bureau de Lille"), its **facet** (:mod:`language.facets`: what is asked about the subject) and its
**topic**, the noun phrase of what is asked, subject included ("couleur préférée de Bob").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from language.facets import FacetReading, read_facet
from language.intents import GREETING_WORDS, intent_of, recalls, request_frame_length
from language.mentions import strip_mention
from language.questions import asked_part, asks_in_another_language
from language.readings import KINDS
from language.text import (
    AUXILIARIES,
    CONDITION_SUBORDINATORS,
    DAYS_AND_TIMES,
    DETERMINERS,
    FUNCTION_WORDS,
    INTERROGATIVES,
    MODALS,
    MONTHS,
    NUMBER_WORDS,
    PREPOSITIONS,
    SUBJECT_CLITICS,
    TIME_SUBORDINATORS,
    TOKEN,
    WEEKDAYS,
    WHO_WORDS,
    WRITTEN_PAST_PARTICIPLE,
    Language,
    fold,
    fold_with_map,
    folded_words,
    frequency,
    in_dictionary,
    is_english_verb_form,
    is_finite_verb,
    is_infinitive,
    is_verb_form,
    language_of,
    present_frame,
    seeking_frame,
    sentence_language,
    third_person_english,
    tokens,
    with_chat_spellings,
    words_as_written,
)

# Words that frame a question without being what it asks about (interrogatives, request verbs,
# discourse fillers, light verbs): a general category, kept out of subjects and topics.
_FRAME_WORDS = folded_words(
    """qui quoi ou où quand combien comment pourquoi quel quelle quels quelles lequel laquelle
    who what where when how why which whose whom whats much many
    sais savoir connais dire dis dites expliquer explique rappeler rappelle remind idee aimerais voudrais veux
    demande demandais savais quelqu un est-ce stp svp please merci hey salut bonjour hello
    au juste fait en exactement vrai vraiment deja aussi also alors donc bien base niveau moment maintenant
    faire fais font va vont peux peut pouvez pourrais tell know do does did can could would
    tout monde parle parlent dont these days actually exactly really just now again btw si if"""
)
# A capitalised word this common is a sentence starter or an ordinary word, not a name.
_NAME_MAX_FREQUENCY = 5.6


@dataclass(frozen=True)
class Curiosity:
    text: str  # as people said it (the bot's name removed)
    subject: str | None  # the person, project, place or thing asked about
    facet: str  # what is asked about it (language.facets.FACETS)
    topic: str  # the noun phrase of what is asked, subject included


# A greeting, an interjection or a conjunction opening the question ("hey, who's the PM of Pivert?",
# "coucou ! c'est quoi Mistral ?", "dis, tu sais…", "bon, …", "et Yvan il habite où ?"): it
# addresses or links to what was said, it asks nothing.
_OPENER = re.compile(
    r"^(?:(?:"
    # a greeting to the room ("bonjour à tous, …", "hi all, …")
    + r"(?:"
    + "|".join(sorted(GREETING_WORDS))
    + r")\s+(?:a tous|a toutes|tout le monde|la team|l equipe|"
    r"everyone|everybody|all|folks|team)|"
    + "|".join(sorted(GREETING_WORDS))
    + r"|dis[ -]moi|dites[ -]moi|dis[ -]nous|dites[ -]nous|dis|dites|bon|ben|bah|euh|alors|ok|okay"
    r"|au fait|au passage|d'ailleurs|du coup|et|and"
    r"|btw|by the way|incidentally|stp|svp|please|pls|kindly"
    # an apology for asking or for a slip ("wer macht... pardon, qui entretient la fraiseuse CNC ?":
    # probe conversation of a fablab, stored as "Pardon, qui entretient…")
    r"|pardon|excuse[ -]moi|excusez[ -]moi|sorry|excuse me"
    # announcing a question ("quick q: when does Wren start?", "petite question : …")
    r"|quick q|quick question|quick one|petite question|question rapide)"
    r"(?![\w'’-])[\s,;:!.…~-]*)+",  # chat's "~" draws a greeting out ("Ohayō~")
    re.IGNORECASE,
)


_VERB_AFTER_A_NAME = folded_words("est sont etait a ont fait is was has")


def _without_opener(said: str) -> str:
    """``said`` without its opening greetings and interjections, unless nothing else is left."""
    folded, index = fold_with_map(said)
    found = _OPENER.match(folded)
    rest_words = folded[found.end() :].split() if found else []
    if found is None or not rest_words or rest_words[0].strip(" ?!.…") in _VERB_AFTER_A_NAME:
        return said  # "Salut est un projet ?": the word names something
    rest = said[index[found.end()] :]
    return rest[:1].upper() + rest[1:] if said[:1].isupper() else rest


def _content(words: list[tuple[str, str]], reading: FacetReading, bot: str, said: str = "") -> list[int]:
    """Indexes of the words that say what is asked about (not frames, not function words)."""
    plain = [folded for folded, _ in words]
    seeking = seeking_frame(plain)  # "je cherche le numéro de Farid"
    now = present_frame(plain)  # "qui est d'astreinte cette semaine ?"
    framed = request_frame_length(plain)  # "t'es au courant pour la réunion de demain ?"
    how_long = _asks_how_long(plain)
    return [
        i
        for i, (folded, _) in enumerate(words)
        if i >= framed
        and i not in seeking
        and i not in now
        and (
            folded not in FUNCTION_WORDS
            or _noun_after_of(plain, i)
            or _code(words, i, said)
            or _initial(words, i, said)
        )
        and folded not in _FRAME_WORDS
        and folded not in _INTERJECTIONS
        and not _inverted_modal(words, i)
        and not _deictic(words, i, said)
        and not _time_taken(plain, i, how_long)
        and folded != bot
        and not (i in reading.cue_positions and folded not in _KEPT_CUES)
    ]


def _asks_how_long(plain: list[str]) -> bool:
    """The question asks how long something takes ("how long", "combien de temps")."""
    joined = " ".join(plain)
    return "how long" in joined or "combien de temps" in joined or "combien d temps" in joined


def _time_taken(plain: list[str], index: int, how_long: bool) -> bool:
    """The words asking how long something takes, not what: "it takes", "ça prend", a light "get"
    after "to", "temps" after "combien de" ("how long does it take to get a badge activated?" was
    about "take to get", "combien de temps ça prend pour activer un badge ?" about "temps": probe
    conversation of an IT help desk). ``how_long``: :func:`_asks_how_long` of the question."""
    word = plain[index]
    before = plain[index - 1] if index else ""
    return (
        (how_long and word in _TAKES and before in ("it", "ca", "cela"))
        or (word == "get" and before == "to" and index > 1 and plain[index - 2] in _TAKES)
        or (word == "temps" and _counted(plain, index))
    )


def _counted(plain: list[str], index: int) -> bool:
    """The folded word at ``index`` is the noun "combien de" counts ("combien de watts")."""
    return plain[max(index - 2, 0) : index] in (["combien", "de"], ["combien", "d"])


_TAKES = folded_words("take takes took taking prend prendra prenait faut")


def _deictic(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """The word at ``index`` ends a compound adverb of place hyphened to "là" ("là-bas", "là-haut"):
    it points, names nothing ("c quoi sa ville là-bas ?" headed its fact "Ville là bas de Xosé":
    probe conversation of an oyster farm)."""
    return (
        index > 0
        and words[index][0] in _AFTER_THERE
        and re.search(rf"(?<!\w)l[àa]-{re.escape(words[index][1])}(?!\w)", said, re.IGNORECASE) is not None
    )


_AFTER_THERE = folded_words("bas haut dessus dessous dedans")


def _points(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """The word at ``index`` is an adverb pointing at a place, "là", "ici" or a compound of "là"."""
    return words[index][1].casefold() in ("là", "ici") or _deictic(words, index, said)


def _inverted_modal(words: list[tuple[str, str]], index: int) -> bool:
    """An English modal before its pronoun subject carries the question's grammar, as "do" does
    ("where should I put the insulin pens?", "who can we ask about the rota?"): "Will" or "may"
    elsewhere may be a name or a month."""
    return words[index][0] in _MODALS and index + 1 < len(words) and words[index + 1][0] in _ENGLISH_PRONOUNS


_MODALS = folded_words("will would can could should shall may might must")
_WEEKDAY_NAMES = frozenset(name for names in WEEKDAYS for name in names)
_RELATIVES_EN = folded_words("that which")
# English conjunctions opening a clause of time, condition or cause.
_SUBORDINATORS_EN = {
    word for word in TIME_SUBORDINATORS | CONDITION_SUBORDINATORS if language_of(word) != "fr"
} | folded_words("before after until till once because")


def _opens_a_clause(words: list[tuple[str, str]], index: int) -> bool:
    """An English relative, or a subordinating conjunction and its pronoun subject, at ``index``."""
    if words[index][0] in _RELATIVES_EN:
        return True
    return (
        words[index][0] in _SUBORDINATORS_EN
        and index + 1 < len(words)
        and words[index + 1][0] in _CLAUSE_PRONOUNS
    )


def _code(words: list[tuple[str, str]], index: int, said: str = "") -> bool:
    """Capitals before a number are a code, whatever word they spell ("les CE2 de Jules Ferry": the
    class, not "ce"; probe conversation of a sports centre), and so is one capital written against
    it ("la farine T45": flour, not "t'"; probe conversation of a bistro kitchen)."""
    written = words[index][1]
    if not (written.isupper() and index + 1 < len(words) and words[index + 1][1].isdigit()):
        return False
    return len(written) > 1 or _glued(words, index, said)


def _initial(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """One capital and a full stop after a name or a title is an initial ("Mme L.", "Jean-Pierre B."),
    whatever word it spells ("l'"): "c'est qui le médecin traitant de Mme L. ?" was about "Mme" (probe
    conversation of a nursing practice)."""
    written = words[index][1]
    if len(written) != 1 or not written.isupper() or index == 0 or not words[index - 1][1][:1].isupper():
        return False
    return re.search(rf"(?<![\w'’]){re.escape(words[index - 1][1])}\.?\s+{written}\.", said) is not None


# Interjections and tags say how something is asked, nothing of what ("…tournant, hein ?").
_INTERJECTIONS = folded_words("hein euh eh")


# "été", the participle of "être", is the noun (summer) after "de" or an article ("la soirée d'été",
# "la fête de l'été"; "cet été" is a time frame).
_SUMMER = folded_words("ete")
_BEFORE_A_NOUN = folded_words("d de l")


def _noun_after_of(plain: list[str], index: int) -> bool:
    return plain[index] in _SUMMER and index > 0 and plain[index - 1] in _BEFORE_A_NOUN


# Cue words that also name the topic ("couleur préférée", "adresse", "anniversaire" are read as a
# facet but belong to the topic's noun phrase): everything but interrogatives and verbs.
_KEPT_CUES = folded_words(
    """prefere preferee preferes preferees favori favorite favourite adresse mail numero telephone age
    prix cout budget valeur tarif nombre capacite date horaires raison role poste metier job boulot
    taf url lien etage nom email ligne directe fixe extension extention heure limite"""
)


_OF = folded_words("de du d des of")
_FAVOURITE = folded_words("prefere preferee preferes preferees favori favorite favoris favorites")


def _span(words: list[tuple[str, str]], start: int, end: int, said: str = "") -> str:
    """The words from ``start`` to ``end`` as ``said`` writes them, apostrophes, hyphens, slashes and
    the signs that join two words kept ("soirée d'équipe", "Priya's favourite band", "stand-up", "1/2
    journée", "pack skis + chaussures": probe conversation of a ski school, headed "location d un pack
    skis chaussures"); joined by spaces when ``said`` does not hold them in a row."""
    chosen = [written for _, written in words[start : end + 1]]
    found = (
        re.search(r"[\s'’/+&-]*".join(re.escape(word) for word in chosen), said) if said and chosen else None
    )
    return found.group(0) if found else " ".join(chosen)


def _subject(
    words: list[tuple[str, str]], content: list[int], known: set[str], asks_doer: bool = False, said: str = ""
) -> tuple[int, int] | None:
    """The subject's word span: a name (capitalised or known), else the content words themselves
    (a noun naming a value too when the question asks who does something to it: "qui gère le
    budget formation ?" is about the training budget)."""
    names = [
        i
        for i in content
        if ((words[i][0] in known or _capitalised_name(words, i)) and not _letter_compound(words, i, said))
        or _digits_then_capitals(words, i, said)
    ]
    # A name right after an interrogative determiner is what is asked ("quelle CI utilise l'équipe
    # Origami ?", "which IDE does Paul use?"), not the subject, when another name is there.
    asked = [i for i in names if i > 0 and words[i - 1][0] in _WHICH | _WHICH_EN]
    if asked and len(names) > len(asked):
        names = [i for i in names if i not in asked]
    names, content = _without_situating_names(words, names, content)
    # Names offered as the alternatives of an answer are what is asked, not its subject ("le staging
    # il est hébergé où, OVH ou Scaleway ?": probe conversation of a remote team, the fact read "OVH :
    # Scaleway"), when other words say what it is asked of.
    offered = _offered(words, names)
    if offered and len([i for i in content if i not in offered]) > 0:
        names = [i for i in names if i not in offered]
        content = [i for i in content if i not in offered]
    if names:
        first = names[0]
        last = first
        while (
            last + 1 in names
            or _glued(words, last, said)
            or _numbered(words, last, said)
            or _hyphened(words, last, said)
        ):
            last += 1  # "Kraken FM", "Back Market", "Q1" (a code of letters and digits), "DMU 65"
        # "bureau de Lille", "salle Everest", "CTO de Back Market": the noun the name qualifies, or
        # the name that qualifies it, belongs to the subject (a facet word does not: "rôle de Kenji").
        before = first - 2 if first >= 2 and words[first - 1][0] in _OF else first - 1
        # Only after a determiner: "qui pilote Toucan", "d'où vient Bettina" put a verb there.
        head = before >= 1 and words[before - 1][0] in DETERMINERS and words[before - 1][0] not in _OF
        head = head and not _in_a_locution(words, before)
        if head and before in content and words[before][0] not in _KEPT_CUES and before not in names:
            first = before  # "le bureau de Lille": the noun right after a determiner heads the phrase
            if (
                words[first][0] in _STREETS
                and first >= 3
                and words[first - 1][0] in DETERMINERS - _OF
                and words[first - 2][0] in _OF
                and first - 3 in content
                and words[first - 3][0] not in _KEPT_CUES
            ):
                # what stands in a street named so is the subject ("le parking de la rue Arson" was
                # about "rue Arson": probe conversation of a taxi company), as "l'appart rue de
                # France" below
                first -= 3
        elif (street := _street_before(words, first)) is not None:
            # a street is named by its noun and its name ("rue de France"), and what stands in it
            # is named by the street ("l'appart rue de France il est classé comment ?" was about
            # France: probe conversation of an estate agency)
            first = street
            if first >= 2 and words[first - 2][0] in DETERMINERS and first - 1 in content:
                first -= 1
        after = last + 2
        # a capital after "de" names too, though the word alone would be a common one ("Mont d'Or"),
        # and after "de la", "de l'" when the name goes on ("Domaine de la Bégude", "Château de la
        # Roque": probe conversation of a wedding planner, the subject read "location du Domaine")
        if (
            after + 1 < len(words)
            and words[last + 1][0] in _OF
            and words[after][0] in _ARTICLES_AFTER_OF
            and words[after][1][:1].islower()
            and _capitalised_name(words, after + 1)
        ):
            after += 1
        if (
            last + 1 < len(words)
            and words[last + 1][0] in _OF | _NAME_PARTICLES
            and (after in names or (after < len(words) and _capitalised_name(words, after)))
        ):
            last = after
            while last + 1 in names or _glued(words, last, said):
                last += 1  # "DPE du T3" (probe conversation of an estate agency: "DPE du T")
        return first, last
    subject = [i for i in content if asks_doer or fold(words[i][0]) not in _KEPT_CUES]
    if len(subject) > 1 and _follows_who(words, subject[0]):
        subject = subject[1:]  # "qui s'occupe de la paie ?": the verb asks the agent, "paie" is asked of
    # The verb of a clitic is no part of the subject, which comes after it: "on part où pour le
    # séminaire ?", "comment on récupère un badge parking ?" (language/text.py SUBJECT_CLITICS)
    while len(subject) > 1 and (_after_a_clitic(words, subject[0]) or _verb_after_asking(words, subject[0])):
        subject = subject[1:]  # … or put before it by the question: "quand commence le sprint ?"
    subject = _after_the_asked_noun(words, subject)
    if not subject:
        return None
    # an English relative after the noun phrase qualifies it, and a clause of time or condition
    # whose pronoun takes it up situates it: "where should I put the insulin pens that just
    # arrived?", "where do you guys store the insulin pens before they go up to the wards?" ask
    # about the insulin pens
    relative = next((i for i in range(subject[0] + 1, subject[-1]) if _opens_a_clause(words, i)), None)
    if relative is not None:
        subject = [i for i in subject if i < relative]
    # an interrogative, or English "do", after the noun phrase ends it: "on amarre le bateau où quand
    # la houle du nord rentre ?" asks about the boat (probe conversation of a dive centre), "what
    # discount do loyalty card holders get?" about the discount (the folded "ou" is "or" too: only
    # "où" as written)
    asking = next((i for i in range(subject[0] + 1, subject[-1] + 1) if _asks_inside(words, i)), None)
    if asking is not None:
        subject = [i for i in subject if i < asking]
    # the verb after the noun phrase starts what is said of it: "pourquoi le staging est down ?"
    # asks about the staging, "la machine à café est en panne" about the coffee machine, "le
    # séminaire se passe où ?" about the seminar
    verb = next(
        (
            i
            for i in range(subject[0] + 1, subject[-1] + 1)
            if (i < subject[-1] and (is_finite_verb(words[i][1].casefold()) or words[i][0] in _ENGLISH_BE))
            or _verb_after_a_noun_phrase(words, i)
            or _after_a_clitic(words, i)
            or _participle_of_be(words, subject[0], i)
        ),
        None,
    )
    # after a determiner or "de" the first word is a noun, whatever verb it may also spell
    # ("combien de téléphones sont dans le labo ?")
    a_noun = subject[0] > 0 and words[subject[0] - 1][0] in DETERMINERS | _OF
    if verb is not None and (a_noun or not is_finite_verb(words[subject[0]][1].casefold())):
        subject = [i for i in subject if i < verb]
    elif len(subject) > 1 and _verb_before_asking(words, subject[-1]):
        subject = subject[:-1]  # "l'inventaire annuel tombe quand ?"
    elif len(subject) > 1 and (closing := _closing_verb(words, subject)) is not None:
        subject = [i for i in subject if i < closing]  # "when does the sprint end?"
    plain = [folded for folded, _ in words]
    # after a determiner, or the noun counted after "combien de" ("on a combien de réservés samedi
    # soir ?": probe conversation of a mountain hut)
    noun_phrase = subject[0] > 0 and (
        plain[subject[0] - 1] in DETERMINERS - _OF or _counted(plain, subject[0])
    )
    while (
        noun_phrase
        and len(subject) > 1
        and words[subject[-1]][0] in DAYS_AND_TIMES | _MONTH_WORDS
        and words[subject[-1] - 1][0] not in _OF
    ):
        # a day, a time of day or a month closing the noun phrase says when, not what ("qui c'est le
        # pilote de l'hélico jeudi ?" was about "pilote de l'hélico jeudi": probe conversation of a
        # mountain hut; "combien coûte une consult de base depuis janvier ?", of a veterinary
        # clinic); not after "de", where it names which one ("le marché du samedi"), nor after a verb
        # ("on doit boucler à quelle heure samedi ?" asks when to finish)
        closing = subject.pop()
        if words[closing - 1][0] in PREPOSITIONS and closing - 2 > subject[-1]:
            subject.append(closing - 2)  # "consult de base depuis janvier": up to its preposition
    last = subject[-1]
    if len(subject) > 1 and words[last][0] in _RATE_UNITS and words[last - 1][0] in _PER:
        # a rate says how the value asked is counted, not what it is of ("combien on facture le
        # sponsoring de la météo par mois ?": probe conversation of a radio station)
        subject = [i for i in subject if i < last - 1]
    return subject[0], subject[-1]


_ARTICLES_AFTER_OF = folded_words("la l")
# Particles inside the names of Italian, Corsican, Spanish, Portuguese, Dutch and German places and
# people ("Capo di Feno" was read "Capo": probe conversation of a campsite near Ajaccio).
_NAME_PARTICLES = folded_words("di da del della dei degli do dos das van von der den")
_MONTH_WORDS = frozenset(name for names in MONTHS for name in names)
# Interrogatives that never open a relative clause after a noun (not "qui", "que", "quoi", "which",
# "what"; the folded "ou" only as "où" is written), and the English auxiliary of a question.
_ASKING_INSIDE = folded_words("quand comment pourquoi combien when where how why do does did")


def _asks_inside(words: list[tuple[str, str]], index: int) -> bool:
    return (
        words[index][0] in _ASKING_INSIDE
        or words[index][1].casefold() == "où"
        # … or a condition with its own subject ("on tape quoi sur le digicode de l'entrée si un
        # client débarque à minuit ?": probe conversation of a campsite, about "digicode de l'entrée
        # si un client")
        or (
            words[index][0] in _IF
            and index + 1 < len(words)
            and words[index + 1][0] in DETERMINERS | SUBJECT_CLITICS | _CLAUSE_PRONOUNS
        )
    )


_IF = folded_words("si if")


_PER = folded_words("par per a")
_RATE_UNITS = folded_words(
    "heure heures jour jours semaine semaines mois an ans annee annees hour day week month year"
)


def _in_a_locution(words: list[tuple[str, str]], index: int) -> bool:
    """The noun at ``index`` ends a prepositional locution before "de" ("de la part de Centravet", "à
    côté de", "au nom de"), no head of the phrase (probe conversation of a veterinary clinic: "qui
    vient nous voir de la part de Centravet ?" was about "part de Centravet")."""
    plain = tuple(folded for folded, _ in words[: index + 1])
    return any(plain[-len(locution) :] == locution for locution in _LOCUTIONS)


# Prepositional locutions ending with a noun before "de": a closed class of French grammar.
_LOCUTIONS = tuple(
    tuple(locution.split())
    for locution in (
        "de la part",
        "a cote",
        "en face",
        "au lieu",
        "a cause",
        "au niveau",
        "au sujet",
        "a la place",
        "au nom",
        "a propos",
        "en dehors",
        "au cours",
        "lors",
    )
)


def _verb_after_a_noun_phrase(words: list[tuple[str, str]], index: int) -> bool:
    """A word that spells a noun and a verb's present ("tombe", "livre", "passe") is the verb after a
    noun phrase and before a preposition of place or time: "le frigo des vaccins tombe en panne"
    (probe conversation of a veterinary clinic: the subject was "frigo des vaccins tombe en panne")."""
    if not 2 <= index < len(words) - 1 or words[index + 1][0] not in _PLACE_OR_TIME_PREPOSITIONS:
        return False
    if words[index - 2][0] not in DETERMINERS | _OF or words[index - 1][0] in FUNCTION_WORDS:
        return False
    written = words[index][1].casefold()
    return written.endswith("e") and in_dictionary(written[:-1] + "er")


_PLACE_OR_TIME_PREPOSITIONS = folded_words("en a au aux dans sur chez vers avant apres")


_DO = folded_words("do does did")
_ENGLISH_BE = folded_words("is are was were")
_BE = _ENGLISH_BE | {"s"}
_ENGLISH_PRONOUNS = folded_words("i you we they he she")
# … and "it", which opens a clause about a thing ("before it goes up to the wards").
_CLAUSE_PRONOUNS = _ENGLISH_PRONOUNS | {"it"}


def _after_the_asked_noun(words: list[tuple[str, str]], subject: list[int]) -> list[int]:
    """The noun right after an interrogative determiner is what is asked, not what it is asked of,
    when a noun phrase of its own comes later: "c quel labo qui nous fait les couronnes zircone ?",
    "chez quel fournisseur on commande les aligneurs ?" ask about the crowns and the aligners
    (probe conversations of a dental practice and a veterinary clinic); so is the noun counted after
    "combien de" when a pronoun before it stands for the noun phrase put last ("il fait combien de
    watts le laser du lab ?" asks about the laser: probe conversation of a fablab)."""
    if len(subject) < 2 or subject[0] == 0:
        return subject
    plain = [folded for folded, _ in words]
    counted = (
        _counted(plain, subject[0])
        and any(folded in _TAKING_UP for folded in plain[: subject[0]])
        and plain[subject[0] + 1] in DETERMINERS - _OF  # the noun phrase right after it
    )
    if plain[subject[0] - 1] not in _WHICH | _WHICH_EN and not counted:
        return subject
    later = next((k for k, i in enumerate(subject[1:], 1) if words[i - 1][0] in DETERMINERS - _OF), None)
    return subject[later:] if later is not None else subject


def _closing_verb(words: list[tuple[str, str]], subject: list[int]) -> int | None:
    """Where the verb is when the subject's last word closes a question with "do" before the
    subject ("when does the sprint end?", "where does the standup happen?"); with "be", a participle
    ("where are the spare keys kept?", "why is the build broken?"). Not when a pronoun is the
    subject of "do": its verb comes first ("where do we keep the spare keys?"). A time closing the
    question comes after the verb ("what time does the beach shuttle leave in the morning?": probe
    conversation of a campsite, about "beach shuttle leave")."""
    last = len(words) - 1
    while last > subject[0] and words[last][0] in DAYS_AND_TIMES | _BEFORE_A_TIME:
        last -= 1
    if last not in subject or last == subject[0]:
        return None
    before = [folded for folded, _ in words[: subject[0]]]
    if any(word in _DO for word in before):
        return None if any(word in _ENGLISH_PRONOUNS for word in before) else last
    closes = any(word in _BE for word in before) and is_english_verb_form(words[last][0])
    return last if closes else None


_BEFORE_A_TIME = folded_words("in on at the this every next tonight")


# Prepositions after an English participle ("kept in", "stored under", "booked for").
_AFTER_PARTICIPLE = PREPOSITIONS | folded_words("in on under near inside behind over into")


def _participle_of_be(words: list[tuple[str, str]], start: int, index: int) -> bool:
    """With "be" before the subject, an English participle after its first word and before a
    preposition ends it ("where are the spare gas canisters kept in the shop?" asks about the spare
    gas canisters): a verb form that is no plural, its lemma another word ("kept", "stored")."""
    word = words[index][0]
    if index + 1 >= len(words) or words[index + 1][0] not in _AFTER_PARTICIPLE or word.endswith("s"):
        return False
    return any(folded in _BE for folded, _ in words[:start]) and is_english_verb_form(word)


def _without_situating_names(
    words: list[tuple[str, str]], names: list[int], content: list[int]
) -> tuple[list[int], list[int]]:
    """``names`` and ``content`` without a clause of time naming someone, when a noun phrase before
    it says what is asked about: "elle est où la clé de la salle serveur quand Benoît n'est pas là ?"
    asks where the key is (probe conversation of a help desk: the fact read "Benoît : Sophie qui a
    le code"); "on appelle qui quand Léa est absente ?" is about Léa."""
    clause = next((i for i, (folded, _) in enumerate(words) if folded in _SITUATING and i), None)
    if clause is None:
        return names, content
    situated = [i for i in names if i > clause]
    before = [i for i in content if i < clause and i not in names and words[i - 1][0] in DETERMINERS]
    if not situated or not before:
        return names, content
    return [i for i in names if i not in situated], [i for i in content if i < clause]


def _offered(words: list[tuple[str, str]], names: list[int]) -> set[int]:
    """Names on either side of "ou" / "or", each an alternative offered ("OVH ou Scaleway")."""
    pairs = {(i, i + 2) for i in names if i + 2 in names and words[i + 1][0] in _OR}
    return {index for pair in pairs for index in pair}


_OR = folded_words("ou or")
_SITUATING = TIME_SUBORDINATORS


def _street_before(words: list[tuple[str, str]], first: int) -> int | None:
    """Where the street noun naming the name at ``first`` stands ("rue de France", "rue de la
    Paix", "place du Capitole"), or None."""
    for street, of in ((first - 2, first - 1), (first - 3, first - 2)):
        between_ok = of + 1 == first or words[of + 1][0] in DETERMINERS
        if street >= 0 and words[street][0] in _STREETS and words[of][0] in _OF and between_ok:
            return street
    return None


# Nouns naming a street or a square by the name after them (a closed class of French addresses).
_STREETS = folded_words("rue avenue boulevard bd place quai allee impasse chemin route cours square")


def _capitalised_name(words: list[tuple[str, str]], index: int) -> bool:
    """A capitalised word, not opening the question as a common word would, or an acronym; never a
    day of the week, which English capitalises ("what time is the client demo on Friday?" is about
    the demo: probe conversation of a remote team)."""
    written = words[index][1]
    if words[index][0] in _WEEKDAY_NAMES:
        return False
    if written[:1].isupper() and (index > 0 or frequency(written.casefold()) < _NAME_MAX_FREQUENCY):
        return True
    return len(written) > 1 and written.isupper()


def _letter_compound(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """The word at ``index`` is a capital letter hyphened to a lowercase word: one common noun
    ("X-ray", "T-shirt", "E-mail"), no name ("Jean-Pierre" and "Aix-en-Provence" start with a word)."""
    if index + 1 >= len(words) or len(words[index][1]) != 1:
        return False
    after = words[index + 1][1]
    return (
        after[:1].islower()
        and re.search(rf"(?<!\w){re.escape(words[index][1])}-{re.escape(after)}", said) is not None
    )


def _digits_then_capitals(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """Digits with letters written against them, a capital among those, are a name ("la 4eB elle a
    quel PP déjà ?" was about "PP": probe conversation of a school, its classes "4eB", "5eB")."""
    if not words[index][1].isdigit() or not _glued(words, index, said):
        return False
    return any(char.isupper() for char in words[index + 1][1])


def _glued(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """The word after ``index`` is written against it, letters then digits or the reverse: one code
    ("Q1", "B2B") the tokens split."""
    if index + 1 >= len(words):
        return False
    here, after = words[index][1], words[index + 1][1]
    if here.isdigit() and after.isdigit():
        return f"{here}-{after}" in said  # a reference in two parts ("REF 88-412")
    if here[-1:].isdigit() == after[:1].isdigit():
        return False
    # or hyphened, a capital on the letters' side: a part or model number ("PN 7730-A", "T-800")
    return (here + after) in said or (f"{here}-{after}" in said and not (here + after).islower())


def _hyphened(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """The word after the name at ``index`` is hyphened to it, whatever its case: one name
    ("Ji-woo", "Min-jun": probe conversation of a game studio, the subject read "Ji")."""
    if index + 1 >= len(words) or not words[index + 1][1][:1].isalpha():
        return False
    return (
        re.search(rf"(?<![\w-]){re.escape(words[index][1])}-{re.escape(words[index + 1][1])}(?!\w)", said)
        is not None
    )


def _numbered(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """The word after the name at ``index`` is a number naming which one ("DMU 65", "PN 9102",
    "Hermle 2": probe conversation of a machining shop, whose questions were about "DMU" and "PN");
    not a measure written against its unit ("Everest 14h") nor a count of the noun after it ("Paul 2
    enfants")."""
    after = index + 1
    if after >= len(words) or not words[after][1].isdigit():
        return False
    if f"{words[index][1]} {words[after][1]}" not in said:
        return False
    if after + 1 < len(words):
        folded, written = words[after + 1]
        if _glued(words, after, said):
            return not written.islower()  # "PN 7730-A", "REF 88-412", not "Everest 14h"
        verb = is_verb_form(written.casefold()) or (
            sentence_language(tokens(said)) == "en" and is_english_verb_form(folded)
        )
        return folded in FUNCTION_WORDS or verb
    return True


def _after_a_clitic(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` follows a subject or reflexive clitic, so it is a verb ("on part",
    "se passe", "il tombe"), whatever else the dictionary reads it as."""
    if index > 0 and words[index - 1][0] in SUBJECT_CLITICS:
        return True
    if index > 1 and words[index - 1][0] in AUXILIARIES and words[index - 2][0] in SUBJECT_CLITICS:
        return True  # a participle after its auxiliary: "on a réservé quelle salle ?"
    if (
        index > 1
        and words[index - 2][0] in SUBJECT_CLITICS
        and words[index - 1][0] in MODALS
        and index + 1 < len(words)
        and words[index + 1][0] in INTERROGATIVES
    ):
        # an infinitive after a modal, its object asked right after it: "on peut emmener combien de
        # résidents ?", "il faut prévoir combien de chaises ?" (probe conversation of a nursing
        # home); not "qu'il faut ouvrir la réserve, je demande à qui ?", where opening is the matter
        return True
    # English: "where do we keep…", "what do you use for…", and chat's "where we keep…"
    return (
        index > 1
        and words[index - 1][0] in _ENGLISH_PRONOUNS
        and words[index - 2][0] in _DO | _MODALS | _ASKING_WORDS
    )


def _verb_before_asking(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` is a verb in the present ("tombe", "commence", "sort", "ouvre") right
    before the word asking ("quand", "où", "à quelle heure"): a verb form (:func:`_verb_form`; "la
    réunion d'équipe quand ?" keeps "équipe")."""
    after = [folded for folded, _ in words[index + 1 : index + 3]]
    asking = bool(after) and (
        after[0] in _ASKING_WORDS or (len(after) == 2 and after[0] in PREPOSITIONS and after[1] in _WHICH)
    )  # "la cantine ouvre à quelle heure ?"
    return asking and _verb_form(words, index)


def _verb_after_asking(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` is a verb in the present put before its subject by the question ("quand
    commence le sprint ?", "à quelle heure ouvre la cantine ?"): a determiner follows it, and it is
    a verb form as :func:`_verb_before_asking` reads one."""
    after = words[index + 1][0] if index + 1 < len(words) else ""
    # a participle after its auxiliary, both before the subject: "où est passé le carton ?"
    compound = index > 1 and words[index - 1][0] in AUXILIARIES and words[index - 2][0] in _ASKING_WORDS
    return after in DETERMINERS and (compound or _verb_form(words, index))


def _verb_form(words: list[tuple[str, str]], index: int) -> bool:
    """A lowercase word, no determiner or preposition before it, of which an infinitive exists
    ("tombe" → "tomber", "sort" → "sortir", "ouvre" → "ouvrir")."""
    folded, written = words[index]
    before = words[index - 1][0] if index > 0 else ""
    if (before in FUNCTION_WORDS and before not in _ASKING_WORDS) or not written.islower():
        return False  # "où" folds to the conjunction "ou"
    stem = written[:-1] if folded.endswith(("e", "t")) else written
    return any(is_infinitive(form) for form in (written + "r", written + "ir", stem + "ir", stem + "r"))


# "qui" and "who" asking the subject of a verb ("whom" never does).
_WHO_ASKING = WHO_WORDS - {"whom"}
# Between "qui"/"who" and the words asking who: a reflexive clitic ("qui s'occupe"), a copula and
# "en"/"in" ("qui est en charge de", "who's in charge of", "who is responsible for").
_BETWEEN_WHO_AND_VERB = folded_words("s se est is en in")


def _follows_who(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` comes right after "qui"/"who" (``_BETWEEN_WHO_AND_VERB`` between): the
    verb of a question asking who does something ("qui gère la paie ?", "who runs the canteen?")."""
    before = index - 1
    while before >= 0 and words[before][0] in _BETWEEN_WHO_AND_VERB:
        before -= 1
    return before >= 0 and words[before][0] in _WHO_ASKING


def _shouted(text: str) -> bool:
    """Every word of three or more is written in capitals (a message typed with caps lock)."""
    words = [word for word in TOKEN.findall(text) if len(word) > 1 and not word.isdigit()]
    return len(words) >= 3 and all(word.isupper() for word in words)


def asked_facet(goal_text: str, language: Language = "fr", bot_name: str = "Eko") -> str | None:
    """The facet a stored goal's text asks about, when it is a curiosity at all."""
    curiosity = read_curiosity(goal_text, language, bot_name)
    return None if curiosity is None else curiosity.facet


def read_curiosity(
    text: str, language: Language = "fr", bot_name: str = "Eko", known_names: Iterable[str] = ()
) -> Curiosity | None:
    """The curiosity ``text`` expresses, or None when it is not a request for information about a
    subject (greetings, thanks, opinions asked of Eko, presence checks, agreement, requests for
    action, small talk, questions about Eko, statements)."""
    if intent_of(text, language, bot_name) != "information" or asks_in_another_language(text):
        return None  # … or Eko could not ask it back (bot/prompts: "offline_small_talk")
    said = _without_opener(asked_part(strip_mention(text, bot_name)))
    if _shouted(said):
        said = said.lower()  # "C'EST QUOI LE CODE DU PORTAIL ?": every word in capitals is no name
    reading = read_facet(said, language)
    words = words_as_written(said)
    if len(words) != len(reading.words):  # chat spellings such as "c koi": read the folded form
        words = [(folded, folded) for folded in reading.words]
    content = _content(words, reading, fold(bot_name), said)
    known = {fold(name) for name in known_names}
    span = _subject(words, content, known, reading.asks_doer, said)
    if span is None:
        return None
    subject = _span(words, *span, said).strip("'’-")
    if _only_numbers(subject) and reading.facet not in _NO_SUM_ASKED:
        # "c'est combien 2+2 ?", "combien font 12 fois 8 ?": a sum, not a subject; where or when a
        # thing so named is, is asked ("le 4x4 il est où ?", a vehicle)
        return None
    asked = _asked_noun(words, span, said, reading.facet == "definition")
    # a participle put before its subject by the question is no part of what is asked ("où est
    # passé le carton ?" asks where the carton is; "quand commence le sprint ?" keeps its verb)
    inverted = {
        i
        for i in content
        if i < span[0]
        and words[i - 1][0] in AUXILIARIES
        # … or after a pronoun taking the subject up ("où elle est rangée la 88-412 ?" headed its
        # fact "Rangée la 88-412": probe conversation of a warehouse)
        and (_verb_after_asking(words, i) or _after_a_clitic(words, i))
    }
    content = [i for i in content if i not in inverted]
    # the topic covers the subject whole, its function words included ("saison du Mont d'Or")
    start = min(content[0], span[0]) if content else 0
    while start > 0 and _glued(words, start - 1, said):
        start -= 1  # "le m3 pour un déménagement" read "3 pour un déménagement": one code, split
    topic = asked or (_span(words, start, max(content[-1], span[1]), said) if content else subject)
    topic = _subject_before_its_verb(topic, words, content, span, said)
    topic = _stated_after_does(topic, words, span)
    topic = _with_the_doer(topic, words, span)
    # "Sophie elle revient quand ?": the pronoun after the name says it again (a dislocation)
    # wherever the subject ends in the topic ("l'alésage de 12 sur la 4521-B il est tolérancé à
    # combien ?": probe conversation of a machining shop)
    topic = re.sub(rf"(?<![\w'’])({re.escape(subject)})\s+(?:il|elle|ils|elles)\s+", r"\1 ", topic)
    # … and "on" with an object pronoun taking the subject up: the thing is the heading ("Échantillon
    # témoin on le conserve : chambre froide n°3": probe conversation of a hospital kitchen)
    taken_up = re.match(r"^(.+?)\s+on\s+(?:le|la|les|l['’])\s*[^\W\d_]+$", topic)
    if taken_up and subject in taken_up.group(1):
        topic = taken_up.group(1)
    # what a thing is for is what it is: "Gravillon : notre pipeline", not "Gravillon sert : …"
    if topic == subject and asked is None and reading.facet != "definition":
        said_already = {fold(word) for word in subject.split()}  # "staging URL", not "staging URL URL"
        # "ça" standing again for the subject put after it ("ça coûte combien la licence X ?")
        verb = [
            w
            for w in _asking_verb(words, reading, fold(bot_name))
            if fold(w) not in said_already and fold(w) not in ("ca", "cela")
        ]
        topic = " ".join([subject, *verb])
    # a relative clause with "dont" qualifies the subject, it is no part of what is asked ("c'est
    # quoi ce Marlin dont parle le mail ?" asks what Marlin is)
    topic = re.split(r"\s+dont\s+", topic, maxsplit=1)[0]
    facet = reading.facet
    if (
        facet == "employer"
        and not any(char.isupper() for char in subject)
        and _AT_WHOSE.search(" " + " ".join(reading.words) + " ")
    ):
        facet = "agent"  # a thing "chez qui" is with someone, no employer: who has it
    quoted = _QUOTED.search(said)
    if facet == "definition" and quoted is not None and not _QUOTED.search(said, quoted.end()):
        # a term quoted is what is asked, whole ("ça veut dire quoi « un peu pas » ?" was about "peu":
        # probe conversation of a newspaper's sports desk)
        term = (quoted.group(1) or quoted.group(2)).strip()
        return Curiosity(text=said, subject=term, facet=facet, topic=term)
    return Curiosity(text=said, subject=subject, facet=facet, topic=_stated_with_be(topic, words))


def _subject_before_its_verb(
    topic: str, words: list[tuple[str, str]], content: list[int], span: tuple[int, int], said: str
) -> str:
    """A verb after a pronoun that the subject, put last, takes up ("d'où il vient exactement
    Judicaël ?", "à quelle heure elle ouvre la cantine ?") is said after the subject, as the
    question without the pronoun reads ("Judicaël vient"; the fact was headed "D'où il vient
    exactement Judicaël : …": probe conversation of a funeral home). What follows the subject
    stays after the verb when a preposition opens it ("qu'est-ce qu'il joue Alessandro au
    récital ?": "Alessandro joue au récital", probe conversation of a conservatory); anything else
    after it leaves the topic as it was."""
    ahead = [i for i in content if i < span[0]]
    verbs = [i for i in ahead if i > 0 and words[i - 1][0] in _TAKING_UP]
    behind = [i for i in content if i > span[1]]
    if not verbs or any(i not in verbs for i in ahead):
        return topic
    if behind and words[span[1] + 1][0] not in PREPOSITIONS | _CONTRACTED:
        return topic
    subject = _span(words, *span, said)
    complement = [_span(words, span[1] + 1, behind[-1], said)] if behind else []
    return " ".join([subject, *(words[i][1] for i in verbs), *complement])


# A preposition contracted with the article ("au récital", "du lundi").
_CONTRACTED = folded_words("au aux du des")
# The pronouns a subject put after its verb takes up ("il vient … Judicaël").
_TAKING_UP = folded_words("il elle ils elles")


# A term between quotes, of a few words: guillemets, or straight or curly double quotes.
_QUOTED = re.compile(r"«\s*([^«»]{1,40}?)\s*»|[\"“]([^\"“”]{1,40}?)[\"”]")
# "est chez qui", said of a thing ("le vélo cargo de l'asso il est chez qui là ?": probe
# conversation of a bike workshop, read as an employer, so that "Eko, 14 pile" answered it).
_AT_WHOSE = re.compile(r" (?:est|sont|es) chez qui ")


# Interrogative determiners: the noun after them is what is asked ("quel âge", "quoi comme sport").
_WHICH = folded_words("quel quelle quels quelles")
_WHICH_EN = folded_words("what which")
_VOWELS = "aeiouyéèêàâîôûh"


def _asked_noun(
    words: list[tuple[str, str]], span: tuple[int, int], said: str = "", defines: bool = False
) -> str | None:
    """The topic of "quel âge a Ilan ?", "Léo fait quel sport ?", "Léo il fait quoi comme sport ?":
    the noun the interrogative determiner asks for, of the subject — "âge d'Ilan", "sport de Léo"
    (French grammar: "de" elided before a vowel); asking what a thing is (``defines``), a kind
    noun ("quel type d'outil") asks the subject itself. None when the determiner is not followed by a
    noun outside the subject ("quelle est la couleur préférée de Bob ?" keeps its own phrase)."""
    dislocated = _noun_asked_after_subject(words, span, said)
    if dislocated is not None:
        return dislocated
    for i, (folded, _) in enumerate(words[:-1]):
        before = words[i - 1][0] if i > 0 else ""
        how_many = folded in ("de", "d") and before == "combien"
        english = folded in _WHICH_EN or (folded == "many" and before == "how")
        asks = folded in _WHICH or (folded == "comme" and before == "quoi") or how_many or english
        noun, written = words[i + 1]
        if not asks or span[0] <= i + 1 <= span[1] or noun in FUNCTION_WORDS or noun in _FRAME_WORDS:
            continue
        subject = _span(words, *span, said)
        if noun in KINDS and defines:
            return subject  # "Mistral c'est quel type d'outil ?" asks what Mistral is
        if noun in KINDS and i + 3 < len(words) and words[i + 2][0] in _OF:
            i, (noun, written) = i + 2, words[i + 3]  # "quel style de musique": the music
        last = i + 1  # a noun written with hyphens is one noun ("quel week-end")
        while last + 1 < len(words) and f"{words[last][1]}-{words[last + 1][1]}" in said:
            last += 1
        if (
            last + 2 < span[0]
            and words[last + 1][0] in ("de", "d")
            and words[last + 2][0] not in FUNCTION_WORDS
        ):
            # the noun's own complement before the subject ("quelle marque d'encre Thiago utilise ?"
            # asks the brand of ink, headed "Marque de Thiago utilise…": probe conversation of a
            # tattoo studio)
            last += 2
        written = _span(words, i + 1, last, said)
        of = _of_the(words[span[0] - 1][0] if span[0] > 0 else "", subject)
        if english:  # "what sport does Ben play?" → "Ben's sport", "how many kids…" → "Ben's kids"
            return f"{subject}'s {written}"
        if how_many and fold(written) == "temps":
            written = "durée"  # "combien de temps" asks how long ("Nombre de temps de Job…")
        elif how_many:  # "Kenji a combien d'enfants ?": the number of them
            written = f"nombre {_of(written)}{written}"
        after = [w for w in words[max(span[1], last) + 1 :] if w[0] not in _FRAME_WORDS]  # "… le matin"
        qualifier = (
            _span(after, 0, len(after) - 1, said) if any(w[0] not in FUNCTION_WORDS for w in after) else ""
        )
        placed = _placed_after(words, max(span[1], last) + 1)
        if placed:
            qualifier = placed  # "quelle ville en Pologne": "ville de Tomasz en Pologne"
        if span[1] < i and after and after[0][0] in _FAVOURITE:
            # the adjective after the noun is the noun's: "Margaux lit quoi comme bouquin préféré ?"
            # asks Margaux's "bouquin préféré", not her "bouquin … préféré"
            rest = after[1:]
            more = (
                _span(rest, 0, len(rest) - 1, said) if any(w[0] not in FUNCTION_WORDS for w in rest) else ""
            )
            return f"{written} {after[0][1]} {of}{subject} {more}".strip()
        return f"{written} {of}{subject} {qualifier}".strip()
    return None


def _placed_after(words: list[tuple[str, str]], start: int) -> str:
    """What a preposition of place says after the asked noun, the preposition kept ("de quelle ville
    en Pologne ?" headed "Ville de Tomasz Pologne": probe conversation of an airport's ground crew),
    or ""."""
    rest = list(range(start, len(words)))
    while rest and words[rest[-1]][0] in _FRAME_WORDS | FUNCTION_WORDS:
        rest.pop()
    if len(rest) < 2 or words[rest[0]][0] not in _PLACE_PREPOSITIONS:
        return ""
    return _span(words, rest[0], rest[-1])


_PLACE_PREPOSITIONS = folded_words("en dans au aux in")


def _noun_asked_after_subject(
    words: list[tuple[str, str]], span: tuple[int, int], said: str = ""
) -> str | None:
    """The topic of a subject put first and a noun asked of it after "c'est quoi" ("le wifi, c'est
    quoi le code ?", "le VPN c'est quoi le mot de passe déjà ?"): "code du wifi", "mot de passe du
    VPN". None for any other question."""
    folded = [word for word, _ in words]
    for i in range(span[1] + 1, len(words) - 2):
        if folded[i] in ("quoi", "what") and folded[i + 1] in DETERMINERS and folded[i + 1] not in _OF:
            noun = [
                written
                for j, (word, written) in enumerate(words[i + 2 :], start=i + 2)
                if word not in _FRAME_WORDS and not _points(words, j, said)
            ]
            if not noun or folded[i + 2] in FUNCTION_WORDS:
                return None
            subject = _span(words, *span, said)
            return f"{' '.join(noun)} {_of_the(folded[span[0] - 1] if span[0] > 0 else '', subject)}{subject}"
    return None


# "de" and the definite article a subject had in the question ("la CI de l'équipe Origami", "du
# bureau"), French grammar; none before a name ("l'âge d'Ilan").
_OF_THE = {"l": "de l'", "la": "de la ", "le": "du ", "les": "des "}


def _of_the(determiner: str, subject: str) -> str:
    return _OF_THE.get(determiner) or _of(subject)


def _of(noun: str) -> str:
    """French "de", elided before a vowel or a mute h ("d'Ilan", "d'Hugo"), not before a "y" that
    is a consonant ("de Yanis"; "d'Yves")."""
    start = noun[:2].lower()
    consonant_y = start[:1] == "y" and start[1:2] in _VOWELS
    return "d'" if start[:1] in _VOWELS and not consonant_y else "de "


# Words of arithmetic between numbers: a closed class.
_ARITHMETIC = folded_words(
    "plus moins fois divise divisé par sur x et times minus over by divided multiplied and"
)


def _only_numbers(subject: str) -> bool:
    """The subject is numbers and the words of a sum, nothing a team could know about."""
    words = tokens(subject)
    numbers = [word for word in words if word.isdigit() or word in NUMBER_WORDS]
    # at least one number: "type X" alone is no sum ("how many sheets of type X are coming?")
    return bool(numbers) and all(word in numbers or word in _ARITHMETIC for word in words)


# The facets no sum answers: a subject written as numbers is then a thing's name.
_NO_SUM_ASKED = frozenset({"place", "date", "hours", "identity", "agent", "employer", "contact"})


# Subject clitics of people speaking or spoken to, never taking up the thing asked about ("il",
# "elle", "ça", "se" may: "ça coûte combien la licence ?", "où se trouve l'entrepôt ?").
_PEOPLE_CLITICS = folded_words("on je j tu nous vous")


def _asking_verb(words: list[tuple[str, str]], reading: FacetReading, bot: str) -> list[str]:
    """The words that ask the facet when no noun does ("habite" in "où habite Sophie ?", "se
    trouve", "coûte"): without them the topic is the bare subject, and the fact written from an
    answer ("Sophie : à Montreuil") no longer says what it answers ("Sophie habite : à Montreuil").
    Interrogatives and frames are left out, and a preposition around them ("bosse chez qui",
    "chez qui bosse")."""
    cue = [
        written
        for i, (folded, written) in enumerate(words)
        if i in reading.cue_positions
        and folded not in _FRAME_WORDS
        and folded != bot
        and not (folded == "long" and i and words[i - 1][0] == "how")  # "how long" asks, as "how much"
    ]
    while cue and fold(cue[-1]) in FUNCTION_WORDS:
        cue.pop()
    while cue and fold(cue[0]) in PREPOSITIONS:
        cue.pop(0)  # the preposition before the interrogative ("chez qui bosse", "pour qui travaille")
    if cue and fold(cue[0]) in _PEOPLE_CLITICS:
        # the verb has a subject of its own, the subject asked about is its object ("combien on
        # facture un balayage ?" wrote "Balayage on facture 85€…": probe conversation of a salon)
        return []
    if len(cue) == 1 and any(folded in ("does", "doesn") for folded, _ in words):
        # "where does Priya live?": the topic states it of her ("Priya lives")
        return [third_person_english(cue[0])]
    return cue


def _with_the_doer(topic: str, words: list[tuple[str, str]], span: tuple[int, int]) -> str:
    """``topic`` with the team as the subject of its verb when the question asks what "we" or
    "they" do ("where do we keep the spare keys?" asks where "we keep the spare keys"): the verb
    alone would open the fact with an imperative ("Keep the spare keys in the drawer")."""
    for i in range(1, span[0] - 1):
        if words[i - 1][0] in _DO and words[i][0] in _TEAM_PRONOUNS and topic.startswith(words[i + 1][1]):
            return f"{words[i][1]} {topic}"
    return topic


_TEAM_PRONOUNS = folded_words("we they")


def _stated_after_does(topic: str, words: list[tuple[str, str]], span: tuple[int, int]) -> str:
    """``topic`` stating its verb of "does": "where does the standup happen?" asks where "the
    standup happens" (the verb after the subject of "does" is its base form)."""
    verb = len(words) - 1  # the verb closes the question ("when does the Q1 planning start?")
    if verb <= span[1] or not any(folded == "does" for folded, _ in words[: span[0]]):
        return topic
    if words[verb - 1][0] in FUNCTION_WORDS:
        # a preposition or a determiner before it: the last word is an object, the verb came
        # earlier ("when does Tom finish his seat and move over to property?": no "properties")
        return topic
    written = words[verb][1]
    if not topic.endswith(written) or not written.islower():
        return topic
    return topic[: -len(written)] + third_person_english(written)


def _stated_with_be(topic: str, words: list[tuple[str, str]]) -> str:
    """``topic`` stating the participle that closes an English question with "is" / "are" before
    its subject: "where is Hallvard based?" asks where "Hallvard is based", "when is the release
    planned?" when "the release is planned"."""
    if len(words) < 3 or not topic.endswith(words[-1][1]):
        return topic
    participle = words[-1]
    copula = next((_BE_AS_WRITTEN[folded] for folded, _ in words[:-2] if folded in _BE_AS_WRITTEN), None)
    head = topic[: -len(participle[1])].rstrip()
    if copula is None or not participle[1].islower() or not participle[0].endswith("ed") or not head:
        return topic
    return f"{head} {copula} {participle[1]}"


_BE_AS_WRITTEN = {"is": "is", "s": "is", "are": "are"}


# First-person possessives and the determiner each becomes before a name's "de" ("mon badge" → "le
# badge de Léa"); an elided article before a vowel ("mon entretien" → "l'entretien").
_MY = {"mon": "le", "ma": "la", "mes": "les"}
_MY_WORD = re.compile(r"(?<![\w'’])(mon|ma|mes|my)\s+", re.IGNORECASE)
# Where the possessed noun phrase ends: punctuation, an interrogative, a copula, a pronoun.
_PHRASE_END = folded_words(
    "qui quoi ou quand comment pourquoi combien c ce est sont etait il elle ils elles on ne n "
    "who what where when how why is are was were it"
)


# The question a seeking frame stands for (language.text.seeking_frame): "je cherche le numéro de
# Paulin" is "c'est quoi le numéro de Paulin ?", "I'm looking for the staging URL" "what's the
# staging URL?". "du" and "des" hold the article after "besoin de".
_SOUGHT_ARTICLES = {"du": "le ", "des": "les "}


# Interrogatives opening an indirect question ("je me demandais qui…", "any idea where…"); not
# "si" / "if", whose question asks yes or no of what follows.
_INDIRECT_STARTS = folded_words(
    "qui ou quand combien comment pourquoi quel quelle quels quelles lequel laquelle "
    "who what where when how why which whose"
)


_SOUGHT_DETERMINERS = folded_words("le la les l the")
_SET_APART = re.compile(r"(?:\s+(?i:aussi|also|juste|just))?\s*[,:;…]+\s*|(?:\s+(?i:aussi|also))?\.{2,}\s*")


def _without_request_frame(text: str) -> str:
    """An indirect question as the direct one it asks: "je me demandais qui gère la paie" → "qui
    gère la paie", "do you know who runs the canteen?" → "who runs the canteen?" (language.intents
    request frames). Eko asks its goals in its own voice, and a fact's heading is read from the question."""
    written = list(TOKEN.finditer(text))
    folded = [with_chat_spellings(fold(match.group(0))) for match in written]  # "do u know"
    frame = request_frame_length(folded)
    if not frame or frame >= len(folded):
        return text
    # the frame set apart by a comma or a colon, a direct question after it ("je me demandais, la
    # MEP de Mandragore c'est prévue pour quand ?", "I was wondering: who runs the canteen?")
    apart = _SET_APART.match(text, written[frame - 1].end())
    if apart is not None:
        return text[apart.end() :]
    starts = (
        folded[frame] in _INDIRECT_STARTS
        or (
            # a preposition before the interrogative ("tu sais pour qui travaille Yvan ?"), or "c'est"
            # ("sais-tu c'est qui qui fait la garde ?": probe conversation of a veterinary clinic)
            folded[frame] in PREPOSITIONS
            and frame + 1 < len(folded)
            and folded[frame + 1] in _INDIRECT_STARTS
        )
        or (
            folded[frame : frame + 2] == ["c", "est"]
            and frame + 2 < len(folded)
            and folded[frame + 2] in _INDIRECT_STARTS
        )
    )
    if not starts and recalls(folded) and folded[frame] in _SOUGHT_DETERMINERS:
        # reminded of a thing, asked what it is ("rappelle-moi le nom de l'artisan pour l'eau
        # chaude" was asked as it was said: probe conversation of a campsite)
        opening = "what's " if language_of(folded[0]) == "en" else "c'est quoi "
        return opening + text[written[frame].start() :]
    if not starts:
        return text
    if language_of(folded[frame]) == "en" and folded[frame] != "who":
        return text  # "any idea where the keys are?": English puts the subject first once indirect
    return text[written[frame].start() :]


# A thing named first, then asked for by its pronoun ("le prix de Rhubarbe, tu l'as ?").
_ASKED_BY_ITS_PRONOUN = re.compile(
    r"^(?P<thing>(?:le|la|les|l['’])\s*.+?)[\s,]+(?:tu\s+l['’]\s*|t['’]\s*l['’]\s*|vous\s+l['’]\s*)"
    r"(?:as|aurais|avez|auriez)(?:\s+(?:stp|svp|déjà|deja))*\s*\??$",
    re.IGNORECASE,
)


def asked_directly(text: str) -> str:
    """A request opening with the speaker's seeking frame, as the question it asks ("je cherche le
    numéro de Paulin" → "c'est quoi le numéro de Paulin", "I'm looking for the staging URL" →
    "what's the staging URL"): Eko asks its goals later in its own voice. Only when the thing sought
    names what is asked of it (a number, an address, a price…): "je cherche la salle Everest" may
    ask where it is, not what it is. An indirect question is asked directly ("je me demandais qui
    gère la paie" → "qui gère la paie"), and a thing asked for by its pronoun as what it is ("le
    prix de Rhubarbe, tu l'as ?" → "c'est quoi le prix de Rhubarbe"). Anything else unchanged."""
    text = _without_request_frame(text)
    if (by_pronoun := _ASKED_BY_ITS_PRONOUN.match(text.strip())) is not None:
        return "c'est quoi " + by_pronoun.group("thing")
    written = list(TOKEN.finditer(text))
    folded = [fold(match.group(0)) for match in written]
    frame = seeking_frame(folded)
    if not frame or min(frame) > 3 or read_facet(text).facet in ("other", "definition"):
        return text
    sought = max(frame) + 1  # the determiner of the thing sought
    if sought >= len(written):
        return text
    opening = "what's " if language_of(folded[min(frame)]) == "en" else "c'est quoi "
    article = _SOUGHT_ARTICLES.get(folded[sought])
    rest = (
        text[written[sought + 1].start() :]
        if article and sought + 1 < len(written)
        else text[written[sought].start() :]
    )
    return opening + (article or "") + rest


def in_third_person(text: str, author: str) -> str:
    """``text`` with its first-person possessives given to ``author``: "c'est quand mon entretien
    annuel ?" from Léa → "c'est quand l'entretien annuel de Léa ?", "where is my badge?" → "where
    is Léa's badge?". A goal is asked to the team later by Eko, whose "my" would be its own."""
    author = " ".join(author.split())
    if not author:
        return text
    pieces: list[str] = []
    position = 0
    for found in _MY_WORD.finditer(text):
        if found.start() < position:
            continue
        end = _phrase_end(text, found.end())
        phrase = text[found.end() : end].rstrip()
        if not phrase:
            continue
        possessive = found.group(1).lower()
        if possessive == "my":
            owned = f"{author}'s {phrase}"
        else:
            article = _MY[possessive]
            article = "l'" if article != "les" and phrase[:1].lower() in _VOWELS else article + " "
            owned = f"{article}{phrase} {_of(author)}{author}"
        if found.start() == 0 or text[found.start() - 1] in ".!?\n":
            owned = owned[:1].upper() + owned[1:]
        pieces.append(text[position : found.start()] + owned)
        position = found.end() + len(phrase)
    return "".join(pieces) + text[position:] if pieces else text


def _phrase_end(text: str, start: int) -> int:
    """Where the noun phrase starting at ``start`` ends (see :data:`_PHRASE_END`): at most five
    words, none a finite verb after the first."""
    ends = [start]
    for count, word in enumerate(re.finditer(r"[^\W\d_][\w'’-]*|\d+|[^\w\s]", text[start:])):
        folded = fold(word.group(0))
        if folded in _NEGATIONS and len(ends) > 2:
            return ends[-2]  # "mon badge marche plus": the word before "plus" is the verb
        if not folded[:1].isalnum() or folded.split("'")[0] in _PHRASE_END or count >= 5:
            break
        if count and is_finite_verb(word.group(0).lower()):
            break
        ends.append(start + word.end())
    return ends[-1]


# The second word of a French negation ("ne … pas", "ne … plus"), and "not": the verb precedes it.
_NEGATIONS = folded_words("pas plus jamais rien not")


def fact_heading(curiosity: Curiosity) -> str:
    """What a fact written from an answer to ``curiosity`` opens with: its topic when that is a
    noun phrase ("couleur préférée de Bob", "Malik habite"), else the question as it was asked.
    A topic opening with a verb ("pilote Toucan", "passe le séminaire", from "qui pilote Toucan ?",
    "où se passe le séminaire ?") dropped the word that asked, and read as a heading it says
    something else: "Pilote Toucan : Sixtine" against "Qui pilote Toucan : Sixtine"."""
    # the first word, without a possessive "'s" ("Ferdinand's role")
    first = next(iter(TOKEN.findall(curiosity.topic)), "")
    folded = [fold(word) for word in TOKEN.findall(curiosity.text)]
    before = folded[folded.index(fold(first)) - 1] if fold(first) in folded[1:] else ""
    # a capitalised word inside the question is a name, wherever it stands ("Anatole vient", from
    # "il vient d'où Anatole ?", is a heading although "où" comes right before the name)
    named = first[:1].isupper() and bool(before)
    asked_as = " ".join(curiosity.text.split()).rstrip(" ?!.…")
    if any(word in INTERROGATIVES for word in folded_words(curiosity.topic)):
        # a topic still asking ("Kestrel what do we actually pay per seat", from "Kestrel, what do
        # we actually pay per seat?") is no noun phrase: its subject heads the fact, unless it asks
        # too ("boucler à quelle heure samedi"): then the question as it was asked
        subject = curiosity.subject or ""
        return asked_as if not subject or set(folded_words(subject)) & INTERROGATIVES else subject
    if set(folded_words(curiosity.topic)) & _DO:
        # "toner does the big printer on the second floor take", from "which toner does the big
        # printer on the second floor take?": an English question's word order, no heading
        return asked_as
    # after an interrogative or a clitic, a word is the verb ("qui pilote", "où se passe"), even one
    # the dictionary reads as a noun first
    if (
        first
        and not named
        # after an article or an interrogative determiner a word is a noun ("la mise en prod",
        # "quels soirs": "Karim il est de perm quels soirs ?" gave the question as heading)
        and before not in DETERMINERS | _WHICH | _WHICH_EN
        and (
            before in _ASKING_WORDS
            or before in SUBJECT_CLITICS
            or is_verb_form(first.casefold())
            or is_english_verb_form(fold(first))
        )
    ):
        return _price_of(curiosity) or asked_as
    # an English preposition stranded by the question closes nothing in a heading ("Kenji's FOSDEM
    # talk about", from "what is Kenji's FOSDEM talk about?": probe conversation of a software team)
    words = curiosity.topic.split()
    if len(words) > 1 and words[-1].casefold() in _STRANDED:
        return " ".join(words[:-1])
    return curiosity.topic


def _price_of(curiosity: Curiosity) -> str | None:
    """A French price asked with the verb of selling or charging, as the noun it asks for ("combien
    on vend le verre de Lavaux St-Jacques ?" → "prix du verre de Lavaux St-Jacques": probe
    conversation of a wine merchant, headed with the question as asked), else None."""
    subject = curiosity.subject or ""
    if (
        curiosity.facet not in ("price", "amount")
        or not subject
        or language_of(fold(subject.split()[0])) == "en"
        or fold((TOKEN.findall(curiosity.topic) or [""])[0]) not in _SELLING
    ):
        return None  # "combien pèse le carottier complet ?" asks a weight (a probe conversation, replayed)
    found = re.search(
        rf"(?<![\w'’])(le|la|les|l['’])\s*{re.escape(subject)}(?!\w)", curiosity.text, re.IGNORECASE
    )
    if found is None:
        return None
    return "prix " + _of_the(fold(found.group(1)).rstrip("'’"), subject) + subject


# The verbs of selling, charging, paying and renting, as a question conjugates them (a closed class).
_SELLING = folded_words(
    "vend vendent vendons vends facture facturent facturons paie paient payons paye payent loue louent "
    "louons coute coutent"
)
_STRANDED = folded_words("about for with to of on at")
_ASKING_WORDS = folded_words("qui quand ou comment pourquoi combien who when where how why")
_WHAT = folded_words("quoi what")


def heading_ends_with_verb(curiosity: Curiosity) -> bool:
    """The fact heading (:func:`fact_heading`) is the subject and the verb asked ("Malik habite",
    "Quentin bosse", "Abonnement Origami coûte", from "où habite Malik ?"…): a clause that the
    answer's complement completes ("Quentin bosse chez Alan"), not a noun phrase to label it."""
    heading = fact_heading(curiosity).split()
    if not heading or heading == curiosity.text.split() or len(heading) < 2:
        return False
    if heading[-2].endswith(("'s", "’s")):
        return False  # "Lumenboard's licences": a possessive heads a noun
    if heading[-2][:1].isdigit():
        # a number counts the noun after it ("multipaire de 30 mètres", whatever verb "mètres"
        # spells: the fact read "Où on range le multipaire de 30 mètres dans le placard…": probe
        # conversation of a recording studio)
        return False
    last = fold(heading[-1])
    folded = [fold(word) for word in TOKEN.findall(curiosity.text)]
    at = folded.index(last) if last in folded else -1
    before = folded[at - 1] if at > 0 else ""
    after = folded[at + 1] if 0 <= at < len(folded) - 1 else ""  # "Quentin bosse où ?"
    return (
        before in _ASKING_WORDS
        or before in SUBJECT_CLITICS
        or (at >= 0 and after in _ASKING_WORDS)
        or (after in _WHAT and is_infinitive(heading[-1]))  # "Romane aime manger" (quoi ?)
        # (a participle right after a noun is its adjective: "La taille max d'un groupe pour une visite
        # guidée 25 personnes max" was written so: probe conversation of a museum)
        or (is_verb_form(heading[-1].casefold()) and not _adjective_after_a_noun(heading))
        # "Priya lives"; not a French plural English would read as a verb ("pour les urgences")
        or (
            heading[-1].endswith("s")
            and is_english_verb_form(fold(heading[-1]))
            and language_of(fold(heading[-1])) != "fr"
        )
        or (fold(heading[-2]) in ("is", "are") and fold(heading[-1]).endswith("ed"))  # "Hallvard is based"
    )


def _adjective_after_a_noun(heading: list[str]) -> bool:
    """The heading's last word is a French past participle after a noun that an article or "de"
    introduces ("une visite guidée", "la salle réservée"), not after its subject and a verb."""
    determined = len(heading) >= 3 and fold(heading[-3]) in DETERMINERS  # after an article, a noun
    return bool(WRITTEN_PAST_PARTICIPLE.search(heading[-1])) and determined


# "please" closing a request: Eko asks the room later in its own voice, without it ("Au fait,
# c'est quoi le nom de l'artisan pour l'eau chaude stp ?": probe conversation of a campsite).
_CLOSING_PLEASE = re.compile(
    r"[\s,]+(?:stp|svp|s['’]il te pla[iî]t|s['’]il vous pla[iî]t|please|pls|plz)[\s!?.…]*$", re.IGNORECASE
)


def as_curiosity(question: str, language: Language = "fr") -> str:
    """A question as a goal text: capitalised, one trailing "?" (the words stay the asker's), spaced
    as the question's own language writes it ("Où habite Timéo ?", "Who's the PM of Pivert?")."""
    text = _CLOSING_PLEASE.sub("", " ".join(question.split()).rstrip(" .!?…")).rstrip(" .!?…")
    if not text:
        return ""
    written_in = sentence_language(tokens(text)) or language
    return text[0].upper() + text[1:] + (" ?" if written_in == "fr" else "?")
