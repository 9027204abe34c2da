"""What a curiosity is: a request for information about a subject, read as subject + facet + topic.

A message addressed to Eko is a curiosity when its intent is ``"information"``
(:func:`language.intents.intent_of`) and it names something to ask about. The curiosity keeps the
text as people said it, its **subject** (the person, project, place or thing: "Bob", "Kraken FM",
"bureau de Lille"), its **facet** (:mod:`language.facets`: what is asked about the subject) and its
**topic**, the noun phrase of what is asked, subject included ("couleur préférée de Bob").

The subject is found among the words by :mod:`language.asked_subject`; how Eko words the question
later is :mod:`language.question_wording`, and the heading of a fact answering it
:mod:`language.headings`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from language.asked_subject import (
    ENGLISH_DO,
    FAVOURITE,
    FRAME_WORDS,
    OF_WORDS,
    SQUARE_OR_CUBIC,
    TAKING_UP,
    WHICH,
    WHICH_EN,
    after_a_clitic,
    after_an_opening_time,
    content_indices,
    cut_metre,
    glued,
    points_at_a_place,
    shouted,
    span_text,
    subject_span,
    verb_after_asking,
    verb_form,
    without_opener,
)
from language.facets import FacetReading, read_facet
from language.intents import intent_of
from language.mentions import strip_mention
from language.question_wording import of_before, of_the
from language.questions import asked_part, asks_in_another_language
from language.readings import KINDS
from language.replies import from_the_sentence_to
from language.text import (
    AUXILIARIES,
    DETERMINERS,
    FUNCTION_WORDS,
    NUMBER_WORDS,
    PREPOSITIONS,
    Language,
    fold,
    folded_words,
    third_person_english,
    tokens,
    words_as_written,
)


@dataclass(frozen=True)
class Curiosity:
    text: str  # as people said it (the bot's name removed)
    subject: str | None  # the person, project, place or thing asked about
    facet: str  # what is asked about it (language.facets.FACETS)
    topic: str  # the noun phrase of what is asked, subject included


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
    # from the sentence opening with Eko's name: what came before was said to the room, a question
    # to someone else above all ("Câline, c'est-tu la troisième fois ce mois-ci? Eko, tu sais-tu
    # quand le réparateur de l'appareil à rayons X vient?" was a curiosity about "Câline": a replay
    # of a veterinary clinic's probe conversation)
    said = without_opener(asked_part(strip_mention(from_the_sentence_to(text, bot_name), bot_name)))
    if shouted(said):
        said = said.lower()  # "C'EST QUOI LE CODE DU PORTAIL ?": every word in capitals is no name
    reading = read_facet(said, language)
    words = words_as_written(said)
    if len(words) != len(reading.words):  # chat spellings such as "c koi": read the folded form
        words = [(folded, folded) for folded in reading.words]
    content = content_indices(words, reading, fold(bot_name), said)
    known = {fold(name) for name in known_names}
    span = subject_span(words, content, known, reading.asks_doer, said)
    if span is None:
        return None
    subject = span_text(words, *span, said).strip("'’-")
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
        and (verb_after_asking(words, i) or after_a_clitic(words, i))
    }
    content = [i for i in content if i not in inverted]
    content = after_an_opening_time(words, content)  # "samedi c'est qui qui a la clé du local tech ?"
    # the topic covers the subject whole, its function words included ("saison du Mont d'Or")
    start = min(content[0], span[0]) if content else 0
    while start > 0 and glued(words, start - 1, said):
        start -= 1  # "le m3 pour un déménagement" read "3 pour un déménagement": one code, split
    topic = asked or (span_text(words, start, max(content[-1], span[1]), said) if content else subject)
    if cut_metre(words, start) and topic[:1].isdigit():
        # the square or cubic metre the tokens cut ("le m² pour la pose de gazon" headed "2 pour…")
        topic = f"m{SQUARE_OR_CUBIC[words[start][0]]}{topic[1:]}"
    topic = _subject_before_its_verb(topic, words, content, span, said)
    topic = _stated_after_does(topic, words, span)
    topic = _with_the_doer(topic, words, span)
    topic = _counted(topic, subject, words, span)
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
    # (without the "à partir" that "de quand" left: "Julien part en congé à partir : le 19 au soir"
    # was written: probe conversation of a bank's support team)
    topic = _FROM_LEFT.sub("", topic)
    return Curiosity(text=said, subject=subject, facet=facet, topic=_stated_with_be(topic, words))


# "à partir" closing a topic, its "de quand" asked (language/headings.py writes the topic).
_FROM_LEFT = re.compile(r"\s+(?:à|a) partir(?:\s+(?:de|d['’]))?\s*$", re.IGNORECASE)
# A clause's subject pronoun, which a relative "que" introduces after the counted noun.
_CLAUSE_SUBJECT = re.compile(r"(?:on|il|elle|ils|elles|je|tu|nous|vous)\b|j['’]", re.IGNORECASE)


def _counted(topic: str, subject: str, words: list[tuple[str, str]], span: tuple[int, int]) -> str:
    """The topic of "combien de N …" where N opens the subject: the number of them, a clause after
    N made relative ("combien de clés on donne pour la bêta fermée ?" → "nombre de clés qu'on donne
    pour la bêta fermée", "combien de places il y a dans le minibus ?" → "nombre de places qu'il y
    a dans le minibus"; headed "Clés on donne…" and "Places y a…": probe conversations of a game
    studio and of a hotel on Réunion); any other topic as it is."""
    start = span[0]
    if start < 2 or words[start - 1][0] not in ("de", "d") or words[start - 2][0] != "combien":
        return topic
    counted = words[start][1]
    if not topic.startswith(subject) or not (counted.isupper() or fold(counted).endswith(("s", "x"))):
        # a noun in the singular is a mass, not a number ("combien de remise", "combien de sel")
        return topic
    rest = topic[len(subject) :].lstrip()
    if _CLAUSE_SUBJECT.match(rest):
        rest = ("qu'" if rest[:1].casefold() in "aeiou" else "que ") + rest
    return f"nombre {of_before(subject)}{subject} {rest}".strip()


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
    verbs = [i for i in ahead if i > 0 and words[i - 1][0] in TAKING_UP]
    behind = [i for i in content if i > span[1]]
    if not verbs or any(i not in verbs for i in ahead):
        return topic
    if behind and words[span[1] + 1][0] not in PREPOSITIONS | _CONTRACTED:
        return topic
    subject = span_text(words, *span, said)
    complement = [span_text(words, span[1] + 1, behind[-1], said)] if behind else []
    return " ".join([subject, *(words[i][1] for i in verbs), *complement])


# A preposition contracted with the article ("au récital", "du lundi").
_CONTRACTED = folded_words("au aux du des")


# A term between quotes, of a few words: guillemets, or straight or curly double quotes.
_QUOTED = re.compile(r"«\s*([^«»]{1,40}?)\s*»|[\"“]([^\"“”]{1,40}?)[\"”]")
# "est chez qui", said of a thing ("le vélo cargo de l'asso il est chez qui là ?": probe
# conversation of a bike workshop, read as an employer, so that "Eko, 14 pile" answered it).
_AT_WHOSE = re.compile(r" (?:est|sont|es) chez qui ")


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
        english = folded in WHICH_EN or (folded == "many" and before == "how")
        asks = folded in WHICH or (folded == "comme" and before == "quoi") or how_many or english
        noun, written = words[i + 1]
        if not asks or span[0] <= i + 1 <= span[1] or noun in FUNCTION_WORDS or noun in FRAME_WORDS:
            continue
        subject = span_text(words, *span, said)
        if noun in KINDS and defines:
            return subject  # "Mistral c'est quel type d'outil ?" asks what Mistral is
        if noun in KINDS and i + 3 < len(words) and words[i + 2][0] in OF_WORDS:
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
        written = span_text(words, i + 1, last, said)
        of = of_the(words[span[0] - 1][0] if span[0] > 0 else "", subject)
        if english:  # "what sport does Ben play?" → "Ben's sport", "how many kids…" → "Ben's kids"
            return f"{subject}'s {written}"
        if how_many and fold(written) == "temps":
            written = "durée"  # "combien de temps" asks how long ("Nombre de temps de Job…")
        elif how_many:  # "Kenji a combien d'enfants ?": the number of them
            written = f"nombre {of_before(written)}{written}"
        # (a length of time takes no relative: "combien de temps Stefan joue dans l'orchestre ?")
        relative = None if written == "durée" else _relative_after(words, span, i + 1, last, written, said)
        if relative is not None:
            return relative
        after = [w for w in words[max(span[1], last) + 1 :] if w[0] not in FRAME_WORDS]  # "… le matin"
        qualifier = (
            span_text(after, 0, len(after) - 1, said)
            if any(w[0] not in FUNCTION_WORDS for w in after)
            else ""
        )
        placed = _placed_after(words, max(span[1], last) + 1)
        if placed:
            qualifier = placed  # "quelle ville en Pologne": "ville de Tomasz en Pologne"
        if span[1] < i and after and after[0][0] in FAVOURITE:
            # the adjective after the noun is the noun's: "Margaux lit quoi comme bouquin préféré ?"
            # asks Margaux's "bouquin préféré", not her "bouquin … préféré"
            rest = after[1:]
            more = (
                span_text(rest, 0, len(rest) - 1, said)
                if any(w[0] not in FUNCTION_WORDS for w in rest)
                else ""
            )
            return f"{written} {after[0][1]} {of}{subject} {more}".strip()
        return f"{written} {of}{subject} {qualifier}".strip()
    return None


# Nouns of time: a relative clause after them opens with "où" ("le jour où", "l'heure où").
TIME_NOUNS = folded_words(
    "jour jours soir soirs heure heures date dates mois semaine semaines an annee moment matin nuit periode"
)
_PLACE_PREPOSITIONS = folded_words("dans a au aux en chez")


def _relative_after(
    words: list[tuple[str, str]],
    span: tuple[int, int],
    noun_start: int,
    noun_end: int,
    written: str,
    said: str,
) -> str | None:
    """The topic of "quel N <subject> <verb> …", the noun asked before a subject its verb follows: N
    and the clause made relative ("quel jour Josiane est en repos ?" → "jour où Josiane est en repos",
    "quelle marque Thiago utilise ?" → "marque que Thiago utilise"; headed "Jour de Josiane est
    repos": probe conversation of a hotel on Réunion); None for any other order."""
    start = (
        span[0] - 1 if span[0] > noun_end + 1 and words[span[0] - 1][0] in DETERMINERS - OF_WORDS else span[0]
    )
    if start != noun_end + 1 or span[1] + 1 >= len(words):
        return None  # "combien de temps que Maëlle est au club ?" says its own relative
    verb = words[span[1] + 1][0]
    if verb not in AUXILIARIES and (verb in FUNCTION_WORDS or not verb_form(words, span[1] + 1)):
        return None
    end = len(words) - 1
    while end > span[1] + 1 and words[end][0] in FRAME_WORDS and words[end][0] not in AUXILIARIES:
        end -= 1  # "… déjà", "… exactement"
    clause = span_text(words, start, end, said)
    # "où" after a noun of time, or a noun a preposition of place asked ("dans quelle école Iñaki a
    # étudié…" → "école où Iñaki a étudié…"); after another preposition, no relative says it right
    # with "que" ("avec quel outil…")
    asked_after = words[noun_start - 2][0] if noun_start >= 2 else ""
    placed = asked_after in _PLACE_PREPOSITIONS
    of_time = fold(written.split()[0]) in TIME_NOUNS
    if asked_after in PREPOSITIONS and not placed and not of_time:
        return None
    relative = "où" if placed or of_time else "que"
    if relative == "que" and clause[:1].casefold() in "aeiouéèêh":
        return f"{written} qu'{clause}"
    return f"{written} {relative} {clause}"


def _placed_after(words: list[tuple[str, str]], start: int) -> str:
    """What a preposition of place says after the asked noun, the preposition kept ("de quelle ville
    en Pologne ?" headed "Ville de Tomasz Pologne": probe conversation of an airport's ground crew),
    or ""."""
    rest = list(range(start, len(words)))
    while rest and words[rest[-1]][0] in FRAME_WORDS | FUNCTION_WORDS:
        rest.pop()
    if len(rest) < 2 or words[rest[0]][0] not in _PLACE_PREPOSITIONS:
        return ""
    return span_text(words, rest[0], rest[-1])


_PLACE_PREPOSITIONS = folded_words("en dans au aux in")


def _noun_asked_after_subject(
    words: list[tuple[str, str]], span: tuple[int, int], said: str = ""
) -> str | None:
    """The topic of a subject put first and a noun asked of it after "c'est quoi" ("le wifi, c'est
    quoi le code ?", "le VPN c'est quoi le mot de passe déjà ?"): "code du wifi", "mot de passe du
    VPN". None for any other question."""
    folded = [word for word, _ in words]
    for i in range(span[1] + 1, len(words) - 2):
        if folded[i] in ("quoi", "what") and folded[i + 1] in DETERMINERS and folded[i + 1] not in OF_WORDS:
            noun = [
                written
                for j, (word, written) in enumerate(words[i + 2 :], start=i + 2)
                if word not in FRAME_WORDS and not points_at_a_place(words, j, said)
            ]
            if not noun or folded[i + 2] in FUNCTION_WORDS:
                return None
            subject = span_text(words, *span, said)
            return f"{' '.join(noun)} {of_the(folded[span[0] - 1] if span[0] > 0 else '', subject)}{subject}"
    return None


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


# The words of "qu'est-ce que", folded.
_WHAT_IS_IT_THAT = folded_words("qu est ce que")


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
        and folded not in FRAME_WORDS
        and folded != bot
        and not (folded == "long" and i and words[i - 1][0] == "how")  # "how long" asks, as "how much"
    ]
    while cue and fold(cue[-1]) in FUNCTION_WORDS:
        cue.pop()
    while cue and fold(cue[0]) in PREPOSITIONS | _WHAT_IS_IT_THAT:
        # the preposition before the interrogative ("chez qui bosse", "pour qui travaille"), the
        # words of "qu'est-ce que" ("qu'est-ce que Josiane aime manger ?")
        cue.pop(0)
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
        if (
            words[i - 1][0] in ENGLISH_DO
            and words[i][0] in _TEAM_PRONOUNS
            and topic.startswith(words[i + 1][1])
        ):
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
