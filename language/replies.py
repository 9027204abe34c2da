"""The questions Eko asked, the replies posted after them, and what a reply says.

The wire types of the answer rules (:class:`AskedQuestion`, :class:`Said`, :class:`Answer`) and the
reading both sides share: the text of a reply without Eko's name, greetings, openers or laughter
(:func:`answer_text`), the value after a copula, what a reply takes back, whether it stands alone
as a statement. language/answers.py decides which question a reply answers;
language/fact_wording.py writes the answer as a fact. Pure functions.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from itertools import takewhile
from typing import Literal

from language.facets import (
    CONTACT_CHANNELS,
)
from language.formulas import GREETING_WORDS, THANKS_INTENSIFIERS, THANKS_WORDS
from language.frequencies import zipf
from language.intents import laughs
from language.mentions import name_spans, strip_mention
from language.questions import is_question
from language.readings import same_direction, words_match
from language.terms import terms
from language.text import (
    CALENDAR,
    DETERMINERS,
    FUNCTION_WORDS,
    MONTHS,
    TOKEN,
    WEEKDAYS,
    Language,
    fold,
    fold_with_map,
    folded_words,
    in_dictionary,
    lemma,
    name_key,
    normalise_quotes,
    tokens,
    words_as_written,
)
from language.value_shapes import opens_with_value

Link = Literal["reply", "mention", "subject_author", "subject_named", "told", "correction"]
LINKS: tuple[Link, ...] = ("reply", "mention", "subject_author", "subject_named", "told", "correction")

# Copulas and presentatives: what follows them is what the sentence says its subject is.
COPULA = {
    # (the future's "ce sera" too: "Le controle AOP ce sera Mme Lefrançois de l'ODG" was lost, probe
    # conversation of a dairy co-op)
    # (Ch'ti's "ch'est" too: "Le veto de garde ce ouikend ch'est le docteur Vauquelin" was lost, probe
    # conversation of a dairy co-op)
    "fr": r"(?:c'est|ch'est|c'etait|ce sont|ce serait|ce sera|est|sont|etait|sera|s'appelle|reste)",
    "en": r"(?:it's|it is|it was|that's|that is|is|are|was|were|'s)",
}
# "je suis dev chez lemlist" describes who one is; "je suis en retard", "je suis d'accord" do not
# (a preposition, adverb or negation right after the copula: closed word classes).
_FIRST_PERSON_COPULA = {
    "fr": re.compile(
        # what the speaker is in charge of says who they are in the team ("je m'occupe des navettes",
        # "je gère le bar"), as in English ("I look after the till", "I run the warehouse")
        r"^(?:moi,?\s+)?(?:je suis|j'suis|chuis|je m'appelle|je bosse|je travaille|j'habite|je vis|"
        r"je m'occupe|je gere|je coordonne|je pilote|"
        # "c'est moi la data analyst", "moi c'est Ferdinand": the speaker says who they are
        r"c'est moi(?=\s+(?:le|la|l'|les|un|une)\b)|moi c'est|"
        # "chez moi :" labels what is said of the speaker ("Alors chez moi : allemand A, français B,
        # anglais C" from Benedikt: probe conversation of interpreters, lost)
        r"(?:chez|pour) moi\s*:)\s+"
        r"(?!(?:en|a|au|dans|sur|sous|pas|plus|ici|d'accord|occupe|desole|partant|ok)\b)\w"
    ),
    "en": re.compile(
        r"^(?:i am|i'm|im|my name is|i work|i live|i look after|i run|i manage|i handle|i coordinate)\s+"
        r"(?!(?:in|on|at|not|busy|sorry|late|here|there|ok|okay|fine)\b)\w"
    ),
}
# Asking to wait ("attends", "2 secondes", "hold on"): before a value it opens the answer, alone or
# before looking it up it puts the answer off (_LOOKING_IT_UP).
WAIT = (
    r"(?:attends?|attendez|2 ?s(?:ec(?:ondes?)?)?|deux (?:sec|secondes|minutes)|une (?:seconde|minute)|"
    r"one sec(?:ond)?|hang on|hold on|wait)"
)
# A greeting to the room, or one closing its sentence ("Bonjour à tous.", "Bonjour."), before an
# answer.
_GREETING_TO_THE_ROOM = (
    r"(?:bonjour|bonsoir|salut|coucou|hello|hey|hi|morning|good morning)"
    r"(?: (?:a tous|a toutes|a tous et a toutes|tout le monde|a tout le monde|la team|l equipe|everyone|all)"
    r"|(?=\s*[.!]))"
)
# Discourse markers that open an answer and carry nothing ("ben c'est le bleu", "hold on, he's in
# Leeds").
# Thanks, in any of the languages a team borrows them from, and what strengthens them.
_THANKS_OPENING = (
    rf"(?:{'|'.join(sorted(THANKS_WORDS - {'thank'}))}|thank you)(?:\s+(?:{'|'.join(THANKS_INTENSIFIERS)}))?"
)
_OPENERS = {
    "fr": re.compile(
        # "ok" in either language (both lists are read, answer_text below)
        # (and the "ok" a team borrows from Darija, "wakha", "safi": "safi merci Eko 🙏" was stored as
        # the tyre supplier, probe conversation of a garage)
        r"^(?:(?:ben|bah|beh|alors|euh|bon|oui|ouais|ok|okay|wakha|safi|ah|oh|ha|hey|eh bien|hmm|donc|bein|"
        r"pour info|"
        # saying one is now serious, after a joke ("nah serious, I'm here until the 28th of June"
        # wrote the fact "Jake reste en guest : nah serious": probe conversation of a tattoo studio)
        # (after "non", "blague à part": "non sérieux : le club de water-polo a le bassin le mardi"
        # was stored with it: probe conversation of a swimming pool)
        r"(?:non |non mais |mais )?(?:serieux|serieusement)|franchement|plus serieusement|blague a part|"
        r"sans rire|"
        # Corsican's calling interjection ("O ciò, le plombier pour le chauffe-eau c'est Santu
        # Casanova" was stored with it: probe conversation of a campsite near Ajaccio)
        r"o cio(?=\s*,)|"
        rf"pour (?:ton|votre) info|pour information|fyi|{WAIT}|"
        # a letter's salutation ("Chère Fanny, puisque la question m'est posée, j'ai enseigné…"
        # was stored as "Gérard : Chère Fanny": probe conversation of a library)
        r"(?:cher|chere|chers|cheres|dear) [\w'’-]+(?=\s*,)|"
        # thanks before the answer ("Eko merci, du n°3" wrote "Calibre… : merci, du n°3": probe
        # conversation of an oyster farm)
        rf"{_THANKS_OPENING}(?=\s*[,!.])|"
        # a greeting to the room ("Bonjour à tous. Eko, le code du portail…": probe conversation of
        # a removal company, the statement after it went unread)
        rf"{_GREETING_TO_THE_ROOM})\b[\s,!.…:]*)+"
    ),
    "en": re.compile(
        rf"^(?:(?:well|so|um|uh|oh|ha|hey|yes|yeah|hmm|ah|fyi|for your information|{WAIT}|"
        r"nah|serious|seriously|honestly|tbh|"
        r"(?:thanks|thank you|thx|cheers)(?=\s*[,!.])|"
        rf"dear [\w'’-]+(?=\s*,)|{_GREETING_TO_THE_ROOM})\b[\s,!.…:]*)+"
    ),
}
CLOSING = " \t.!…,;:"
# Not knowing, said in any words: a negation and a word of knowing ("pas la moindre idée", "I have
# no clue", "je ne connais pas sa couleur"), or the rhetorical "va savoir", "who knows". Closed
# classes (negations, the verbs and nouns of knowing, in both languages), not formulas one by one.
NEGATION = re.compile(
    r"(?<!\w)(?:ne|n'|pas|aucune?|nul(?:le)?|moindre|rien|jamais|no|not|never|none)(?!\w)|n't\b"
)


# The team writes franglais whatever Eko's language: the formulas above (openers, refusals, liking,
# first-person descriptions) are read in both languages, the bot's first.
BOTH: dict[Language, tuple[Language, Language]] = {"fr": ("fr", "en"), "en": ("en", "fr")}
# "là" (there) folds to the article "la": the adverb is read as its synonym "ici" before folding,
# so "je suis là" stays a presence and "Mathilde est la nouvelle directrice" a description.
_THERE = re.compile(r"(?<!\w)là(?!\w)", re.IGNORECASE)
# Laughter closing a first sentence, a second one after it ("oh that's me lol 👋 I'm in Aberdeen,
# fully remote"): in chat it ends a sentence as a full stop does, and what follows is told. Letters
# may be said again ("loool", "mdrrr").
_LAUGHTER_THEN = re.compile(
    r"^.*?(?:\b(?:m+d+r+|p+t+d+r+|l+o+l+|(?:h+a+){2,}|(?:h+i+){2,}|x+d+)\b|[😂🤣😅😆])\W*(?=\w+\W+\w)",
    re.IGNORECASE,
)


def after_laughter(text: str) -> str:
    """What follows laughter that closes a first sentence, or ``text`` (see ``_LAUGHTER_THEN``);
    then what follows a question opening the message ("vous préparez un truc ? 😏 Mon anniv c'est
    le 17 mars"): the question is put to the room, what follows it is told."""
    found = _LAUGHTER_THEN.match(text)
    if found is not None and not jokes(found.group(0)):
        # a sheepish smile after a value: the value is told, what follows is a comment ("my defense
        # is on June 12th at 2pm 😅 already stressing")
        return _SHEEPISH.sub("", found.group(0)).strip()
    if found is not None:
        # each laughter closes a sentence ("Haha cheers mate 😂 I'm ISIA certified" from Bruce:
        # probe conversation of a ski school, read as thanks and a joke)
        return after_laughter(text[found.end() :])
    asked = _QUESTION_THEN.match(text)
    return _before_later_laughter(text if asked is None else text[asked.end() :])


# Where a chat sentence ends: after a full stop, a question or exclamation mark, an ellipsis or
# emojis (kept with the sentence they close), before another word.
_SENTENCE_END = re.compile(r"(?:[.!?…]+|[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]+)(?=\s+\w)")


def _before_later_laughter(text: str) -> str:
    """Laughter in a later sentence laughs at that sentence, not at the one before it ("lundi 8 je
    suis de retour, direct en nuit 💪 le petit fait enfin ses nuits lol", "3rd February - straight
    into property. Can't wait to escape the bundles 😅"): the message up to it, when a sentence
    before it is no question. Laughter in the first such sentence keeps the whole message (a joke:
    "sous le bureau du dirlo avec les croissants 😂", "Mathis au Sommet ? il va surtout couvrir le
    stand aligot 😂")."""
    start, told = 0, False
    for end in [found.end() for found in _SENTENCE_END.finditer(text)] + [len(text)]:
        sentence = text[start:end]
        if laughs(sentence):
            return text[:start].strip() if told else text
        told = told or not sentence.rstrip().endswith("?")
        start = end
    return text


def jokes(text: str) -> bool:
    """The reply laughs: a joke, no answer ("Eko, un rein 😂"). A sheepish smile alone after a
    number is no laugh at it: the speaker is embarrassed or stressed, the value is told ("my defense
    is on June 12th at 2pm, salle Ourisson 😅 already stressing": probe conversation of a lab)."""
    if _JOKE_FIGURES.search(text):
        return True  # "Eko, c'est le Père Noël, il livre en traîneau 🎅⛽"
    if not laughs(text):
        return False
    return not (any(char.isdigit() for char in text) and not laughs(_SHEEPISH.sub("", text)))


_SHEEPISH = re.compile("[😅]")
# Figures of folklore and fiction named as whoever does a thing: a joke, no one of the team ("Eko,
# c'est le Père Noël, il livre en traîneau 🎅⛽" was stored as the fuel supplier's contact: probe
# conversation of a yacht crew; "c'est le père Noël qui distribue les créneaux", of a physics lab).
# A closed class of the figures French and English jokes name.
_JOKE_FIGURES = re.compile(
    r"(?<![\w'’])(?:p[eè]re no[eë]l|santa(?: claus)?|la petite souris|lapin de p[aâ]ques|easter bunny|"
    r"tooth fairy|superman|batman|spider-?man|dark vador|darth vader)(?![\w'’])",
    re.IGNORECASE,
)


# A first sentence ending with "?" (and the emojis after it) before another one, which opens with a
# capital ("c'est le bleu ? non le vert" repairs the first, it does not follow a question).
_QUESTION_THEN = re.compile(r"^[^?]*\?[\s\W]*(?=[A-ZÀ-Ý]\w*\W+\w)")
# Facets answered by saying what the subject is ("Axelle est notre responsable produit").
_DESCRIBED = frozenset({"identity", "role", "definition", "employer", None})


@dataclass(frozen=True)
class AskedQuestion:
    """A question Eko asked in the Lobby (an asked goal), as the rule sees it."""

    goal_id: str
    text: str  # the goal as people said it
    subject: str | None  # the goal's ``about``
    asked_at: datetime | None
    message_id: str | None  # Eko's message in the Lobby that asked it
    facet: str | None = None  # what is asked about the subject (``language.facets``), when known


@dataclass(frozen=True)
class Said:
    """A Lobby message that may answer."""

    text: str
    author: str
    posted_at: datetime
    reply_to: str | None = None  # the Lobby's ``replyTo``: the id of the message it replies to


@dataclass(frozen=True)
class Answer:
    goal_id: str
    link: Link
    text: str  # what was said, without Eko's name and the openers ("le bleu")
    standalone: bool  # already a statement that names the subject and what was asked


COPULA_WORDS = folded_words("c ce est sont etait etaient sera it is are was were s that")


# A copula negated ("c'est pas moi", "ce n'est pas Marc", "it's not Priya"), and none after it that
# says what it is ("c'est pas Marc, c'est Julie" answers).
_NOT_IT = re.compile(
    r"^(?:c'?est|ce n'est|c'etait|ce n'etait|it's|it is|that's|that is) (?:pas|plus|not|no longer)\b"
)
_IT_IS = re.compile(r"(?<![\w'])(?:c'?est|it's|it is)\s+(?!(?:pas|plus|not|no)\b)\w")


def what_it_is_not(folded: str) -> tuple[bool, re.Match[str] | None]:
    """Whether the folded reply opens by saying what the answer is not, and the copula after it that
    says what it is, if any ("c'est pas Marc, c'est Julie")."""
    denied = _NOT_IT.match(folded)
    return denied is not None, _IT_IS.search(folded, denied.end()) if denied else None


def taken_back_span(text: str) -> tuple[int, int, tuple[str, ...]] | None:
    """Where ``text`` takes a value back ("pas jeudi 14", "not Saturday the 13th"), and its words
    folded."""
    for found in _TAKEN_BACK.finditer(text):
        value = fold(found.group(1))
        if _a_value(value):
            values, end = [value], found.end()
            while (more := _MORE_OF_THE_VALUE.match(text, end)) is not None and _a_value(fold(more.group(1))):
                values.append(fold(more.group(1)))
                end = more.end()
            return found.start(), end, tuple(values)
    return None


def taken_back(text: str) -> tuple[str, ...]:
    """The value a correction takes back, word by word and folded ("c'est 22h30 pas 22h45" →
    ("22h45",), "Sunday the 14th, not Saturday the 13th" → ("saturday", "13th")), or ()."""
    found = taken_back_span(text)
    return () if found is None else found[2]


def _a_value(folded: str) -> bool:
    """A day, a month, or a word with digits (a number, a time, a code)."""
    return folded in CALENDAR or any(char.isdigit() for char in folded)


_MORE_OF_THE_VALUE = re.compile(r"\s+(?:the\s+|le\s+)?(\w+(?:[:.,/h]\d+)*)\b", re.IGNORECASE)
_TAKEN_BACK = re.compile(
    r"[\s,]*\b(?:et\s+|and\s+)?(?:pas|not)\s+(?:le\s+|la\s+|l['’]|the\s+|on\s+)?([£$€]?\w+(?:[:.,/h]\d+)*)\b",
    re.IGNORECASE,
)


def answer_text(text: str, language: Language = "fr", bot_name: str = "Eko") -> str:
    """A message without Eko's name and the openers: "Eko, ben c'est le bleu !" → "c'est le bleu"."""
    text = from_the_sentence_to(normalise_quotes(text), bot_name)
    text = _without_thanks_before_the_name(text, bot_name)
    said = after_laughter(strip_mention(text, bot_name)).strip(CLOSING)
    # an arrow pointing from Eko's name to the answer ("Eko → Nadège. 10h é 14h" was written "… : →
    # Nadège": probe conversation of a rum distillery)
    said = _ARROW.sub("", said, count=1)
    # an aside opening the message tells where the speaker is, nothing of the answer ("(depuis la
    # voiture) le commercial Centravet c'est Julien Ostermann": probe conversation of a clinic)
    aside = _OPENING_ASIDE.match(said)
    if aside and len(said[aside.end() :].split()) >= 4:
        said = said[aside.end() :]
    folded, index = fold_with_map(said)
    first, other = BOTH[language]
    opener = _OPENERS[first].match(folded) or _OPENERS[other].match(folded)
    if opener and opener.end() < len(folded):
        said = said[index[opener.end()] :]
    said = _CHECKING_IT_IS_THEM.sub("", said, count=1)
    said = _HOW_IT_WAS_FOUND.sub("", said, count=1)
    said = _STRESSED_BEFORE_I.sub("", said, count=1)
    said = _CHAT_I_AM.sub("je suis ", said.strip(CLOSING), count=1)
    return _CHAT_COPULA.sub(r"\1c'est ", said, count=1)


_ARROW = re.compile(r"^\s*(?:→|⇒|➡️?|->|=>)\s*")


def _without_thanks_before_the_name(text: str, bot_name: str) -> str:
    """``text`` without the thanks that open it before Eko's name: the name took the comma the
    openers look for ("merci Eko, c'est Fabrice" was written "Référent de l'AMB 7 : merci c'est
    Fabrice", found while probing an ambulance company's conversation)."""
    name = re.escape(bot_name)
    folded, index = fold_with_map(text)
    found = re.match(rf"\W*{_THANKS_OPENING}\s+(?={name}\b)", folded, re.IGNORECASE)
    return text[index[found.end()] :] if found else text


def from_the_sentence_to(text: str, bot_name: str) -> str:
    """``text`` from the sentence that opens with Eko's name, when an earlier one does not name it:
    what came before was said to the room ("waaw c'est moi qui l'ai changé. Eko le code du cadenas
    du local de stockage c'est 4721" was stored whole: probe conversation of a ressourcerie)."""
    name = re.escape(bot_name)
    later = re.search(rf"(?<=[.!?…])\s+(?={name}\b)", text, re.IGNORECASE)
    if later is None or re.search(rf"(?<!\w){name}(?!\w)", text[: later.start()], re.IGNORECASE):
        return text
    return text[later.end() :]


# The person asked checking it is them, before the answer ("Moi ? je suis au club depuis 1987":
# probe conversation of a sailing rental, written "… : Moi ? est au club…").
_CHECKING_IT_IS_THEM = re.compile(r"^\s*(?:moi|me|who me)\s*\?+\s*(?=\w)", re.IGNORECASE)
_OPENING_ASIDE = re.compile(r"^\s*\([^()\d]{1,60}\)\s*(?=\S)")
# How the speaker found the value, opening it ("Eko, recompté : 4 cartons de 6" was stored as
# "… : recompté : 4 cartons de 6": probe conversation of a wine merchant). The verbs of checking,
# counting and asking, as participles (a closed class, both languages).
_HOW_IT_WAS_FOUND = re.compile(
    r"^(?:(?:re)?(?:compt[ée]|v[ée]rifi[ée]|check[ée]|confirm[ée]|regard[ée]|demand[ée]|counted|checked|"
    r"confirmed|verified|asked)\s*[:,]|"
    # … or whom it came from, as a label ("Ok got it from the venue : le défraiement à Edinburgh
    # c'est 55£ par jour", replayed from a theatre company)
    r"(?:got it|heard it|had it) (?:from|off) [^:,.!?]{1,40}:)\s+(?=\S)",
    re.IGNORECASE,
)
# The stressed pronoun before "je" only insists ("Moi j'ai mon diplôme de guide UIAGM depuis 2012"
# from Matteo was stored as "… : Moi j'ai son diplôme…": probe conversation of a ski school).
_STRESSED_BEFORE_I = re.compile(r"^(?:moi|perso),?\s+(?=j['’]\s*\w|je\s)", re.IGNORECASE)
# "jsuis", "chuis" for "je suis" opening a chat reply ("jsuis arbitre jeune au district" from Noah
# was written "Noah : jsuis arbitre…": probe conversation of a football club).
# After "moi" too ("Moi j'suis de Fécamp, née quai Bérigny": probe conversation of harbour pilots).
_CHAT_I_AM = re.compile(r"^(?:(?:moi|me),?\s+)?(?:jsuis|jsui|chuis|chui|j['’]suis)\s+(?=\S)", re.IGNORECASE)
# "c" or "cest" for "c'est" opening a chat reply ("c marc", "cest un outil de monitoring"), after
# "moi" too ("moi c du 44" from the person asked about: probe conversation of a building site).
# Ch'ti's "ch'est" too ("Eko, ch'est Karim 👍": probe conversation of a nursery school in Lille).
_CHAT_COPULA = re.compile(r"^((?:moi|me),?\s+)?(?:c|cest|ch['’]est)\s+(?=\S)", re.IGNORECASE)


# A first-person answer opening with the verb the question asked with ("j'habite à Villeurbanne"
# to "où habite Malik ?", "I live in Vincennes"): not negated, what follows the verb is the answer.
FIRST_PERSON_VERB = {
    "fr": re.compile(r"^(?:moi,?\s+)?(?:je\s+|j['’])(\w+)\s+(?!(?:pas|plus|jamais)\b)"),
    "en": re.compile(r"^(?:me,?\s+)?i\s+(\w+)\s+(?!(?:not|never)\b)"),
}


# "je suis …" to a question asking who or what someone is: what follows describes them.
I_AM = re.compile(r"^(?:moi,?\s+)?(?:je suis|j['’]suis|chuis|i am|i['’]m|im)\s+")
# What may complete the doing in a fact: since or until when, for now, with whom.
COMPLEMENT_OF_DOING = re.compile(
    r"(?:depuis|jusqu['’]?\s*(?:à|a|au|en)?|pour l['’]\s*instant|pour le moment|en ce moment|"
    r"cette (?:année|annee|semaine)|ce mois|avec|maintenant|désormais|desormais|since|until|for now|with|"
    r"this year|now)\b",
    re.IGNORECASE,
)


# A complement of doing inside or after a clause ("qui gère ça, depuis la rentrée").
LATER_COMPLEMENT = re.compile(rf"[\s,]({COMPLEMENT_OF_DOING.pattern})", re.IGNORECASE)


def topic_terms(question: AskedQuestion) -> set[str]:
    """The content terms of the question besides its subject (its facet words: "couleur", "bureau")."""
    subject = set(terms(question.subject or ""))
    return set(terms(question.text)) - subject


def same_direction_asked(text: str, question: AskedQuestion) -> bool:
    """Asked when, the reply says the same direction in other words ("je reprends au bureau le 16
    juin" to "Pierrick rentre de congé quand ?": a beginning; readings.same_direction)."""
    return question.facet == "date" and same_direction(tokens(text), tokens(question.text))


def is_standalone(text: str, question: AskedQuestion, language: Language = "fr") -> bool:
    """Already a fact on its own: it names the subject, states something about it in the third
    person, and carries what was asked ("Corentin est dev chez lemlist"; "Le bureau de Lyon est
    rue X")."""
    if not question.subject or not names_subject(text, question.subject) or _OPENS_WITH_A_NUMBER.match(text):
        return False  # "5 € l'audioguide, 3 € en tarif réduit" gives a value, of the subject named after it
    if question.facet == "date" and opens_with_value(fold(text), "date", (language,)):
        # … or a date ("Eko, samedi 29 novembre, à midi, salle des fêtes de l'Étang-Salé" to "kel jour
        # nou fé le traiteur pou le mariage l'Étang-Salé ?" was stored as it: probe conversation of a
        # food truck, the fact not saying what it dates)
        return False
    folded = fold(text)
    cleft = CLEFT.match(folded) is not None  # "c'est Loïc qui maintient Mirabelle"
    if first_person_description(text, language) or (re.match(r"^(?:c'est|it's)\b", folded) and not cleft):
        return False
    if _MY_OPENING.match(folded):
        # whose it is stands in the speaker only ("My GWO Working at Heights refresher is booked for
        # 14 November" was stored as it, nobody named: probe conversation of a wind farm crew)
        return False
    topic = topic_terms(question)
    if same_direction_asked(text, question):
        return True  # "Ismaël arrive le 2 septembre" to "quand commence Ismaël ?"
    if question.facet == "origin" and from_a_named_place(text, question):
        return True  # "Hattie est anglaise, de Taunton" to "d'où vient Hattie ?"
    return not topic or bool(topic & set(terms(text)))


def from_a_named_place(text: str, question: AskedQuestion) -> bool:
    """The subject named, a copula, then "de" and a capitalised name, straight after it or after a
    word and a comma ("Hattie est de Taunton", "Hattie est anglaise, de Taunton", "Hattie is
    English, from Taunton": an answer set's dev half), not "Hattie est fan de Taylor Swift"."""
    subject = named_form(text, question.subject or "") or question.subject or ""
    return bool(subject) and (
        re.search(
            rf"(?<!\w)(?i:{re.escape(subject)}\s*,?\s+(?:(?:il|elle|she|he)\s+)?(?:est|is|['’]s)\s+"
            r"(?:[^\W\d_]+\s*,\s*)?(?:de\s+|d['’]\s*|from\s+))[A-ZÀ-Ý]",
            text,
        )
        is not None
    )


_OPENS_WITH_A_NUMBER = re.compile(r"^\W*\d")
# First-person possessive determiners and the third person's ("ma grand-mère" → "sa grand-mère":
# language/fact_wording.py writes a subject's own words of them).
MY_TO_THEIR = {"mon": "son", "ma": "sa", "mes": "ses", "my": "their"}
_MY_OPENING = re.compile(rf"^\W*(?:{'|'.join(MY_TO_THEIR)})\b")
# A cleft sentence puts the answer between "c'est" and "qui": a whole statement ("c'est Loïc qui
# maintient Mirabelle", "it's Loïc who maintains it").
CLEFT = re.compile(r"^(?:c'est|c est|it's|it is)\s+(\S.*?)\s+(?:qui|who)\s+(\w+)")


def without_trailing_symbols(text: str) -> str:
    """``text`` without the emoji and pictographs that close it ("Loïc 🙋"): they say how, not what;
    currency signs stay ("15 €")."""
    end = len(text)
    while end and (text[end - 1].isspace() or unicodedata.category(text[end - 1]) in _PICTOGRAPHS):
        end -= 1
    return text[:end] if end else text


# Unicode categories of emoji and their joiners and variation selectors (So: other symbols; Sk:
# modifier symbols such as skin tones; Cf: format, the zero-width joiner; Mn: the selectors).
_PICTOGRAPHS = frozenset({"So", "Sk", "Cf", "Mn"})


def is_about(question: AskedQuestion, author: str) -> bool:
    """The author is the question's subject, or whom it belongs to ("anniversaire de Manon"), or
    the question names them ("Quel âge a Ilan ?", whatever subject was read from it)."""
    if not author.strip():
        return False
    subject = question.subject or ""
    if name_key(subject) == name_key(author) or names_subject(subject, author):
        return True
    if names_subject(question.text, author) and not any(word[:1].isupper() for word in subject.split()):
        # named in the question, when its subject names no one else: "qui s'occupe de M. R. le mardi
        # matin pendant le congé de Josiane ?" is about M. R., and Josiane's "je suis en congé du 3
        # au 17 mars" was stored as "R est en congé…" (probe conversation of a home-care agency)
        return True
    return _one_of_the_names(subject, author) or _initials_of(subject, author)


def _initials_of(subject: str, author: str) -> bool:
    """The subject is the initials of the author's compound first name ("JF" for Jean-François,
    "MC" for Marie-Claire), as a team calls its members."""
    first = name_key(author).split()[0] if author.strip() else ""
    parts = [part for part in first.split("-") if part]
    return len(parts) > 1 and name_key(subject).replace(".", "") == "".join(part[0] for part in parts)


# Titles before a name ("Mme Oudart", "M. Kerbrat", "Dr Okafor"): a closed class.
_HONORIFICS = folded_words("mme madame m mr mrs ms miss monsieur mlle mademoiselle dr docteur pr professeur")


def _one_of_the_names(subject: str, author: str) -> bool:
    """The subject is one of the names the author goes by, a title aside: "Mme Oudart" or "Nadège"
    is Nadège Oudart (a first name alone, or a family name after a title)."""
    names = [word for word in re.split(r"[\s.]+", name_key(author)) if word]
    said = [word for word in re.split(r"[\s.]+", name_key(subject)) if word]
    titled = bool(said) and said[0] in _HONORIFICS
    said = [word for word in said if word not in _HONORIFICS]
    if len(names) < 2 or len(said) != 1:
        return False
    return said[0] == names[-1] if titled else said[0] == names[0]


# An adverbial of time after a noun ("clé du zodiac le soir", "l'astreinte du week-end").
TIME_ADVERBIAL = (
    # (chat writes the week-end "we", "ouikend": "Le veto de garde ce ouikend ch'est le docteur
    # Vauquelin", probe conversation of a dairy co-op)
    r"\s+(?:(?:de|du|d['’])\s*(?:la\s+|l['’]|ce\s+|cette\s+)?|le\s+|la\s+|l['’]|ce\s+|cette\s+)(?:week-end|weekend|"
    r"ouikend|we(?!\w)|"
    + "|".join(name for names in (*MONTHS, *WEEKDAYS) for name in names if len(name) > 3)
    + r"|demain|semaine|mois|soir|matin|midi|nuit)"
)
# … closing a subject, which is named without it ("clé du zodiac le soir": probe conversation of a
# sailing club, "La clé du zodiac est accrochée dans le local moteur…" did not name it)
_TIME_COMPLEMENT = re.compile(TIME_ADVERBIAL + "$", re.IGNORECASE)
# A preposition opening a span of time after a noun ("décor entre deux représentations", "salle
# après le spectacle"): closed classes of both languages.
_TIME_SPAN = re.compile(
    r"\s(?:entre deux|après|avant|pendant|durant|between|after|before|during)\s", re.IGNORECASE
)
# The preposition and articles joining a noun to its complement ("sponsoring de la météo").
_NOUN_LINKS = folded_words("de du des d la le les l")
# … and the prepositions that link a noun to the next (what it holds, what it is for, whose).
# (and what a noun is on or for, which a trade's shorthand leaves out too: "Le balayage cheveux
# longs c'est 95 €" names "balayage sur cheveux longs", probe conversation of a hair salon)
_LINKS_BETWEEN_NOUNS = _NOUN_LINKS | folded_words("a au aux of for sur pour on")


def _nouns_in_a_row(text: str, words: list[str]) -> str | None:
    """How ``text`` names the subject's nouns in a row, whatever links stand between them ("clés du
    local matos" for "clés du local à matos"), folded; else None."""
    nouns = [word for word in TOKEN.findall(fold(" ".join(words))) if word not in _LINKS_BETWEEN_NOUNS]
    if len(nouns) < 2:
        return None
    links = "|".join(sorted(_LINKS_BETWEEN_NOUNS))
    between = rf"[\s'’-]+(?:(?:{links})[\s'’-]+)*"
    found = re.search(r"(?<!\w)" + between.join(map(re.escape, nouns)) + r"(?!\w)", fold(text))
    return found.group(0) if found else None


_LOCATIVE_COMPLEMENT = re.compile(
    r"\s(?:sous|sur|dans|derrière|devant|près d[eu]|à côté d[eu]|au-dessus d[eu]|under|behind|next to|"
    # … or what it is for ("le stock de glycol" names "stock de glycol pour le dégivrage": probe
    # conversation of an airport's ground crew)
    r"pour|for|en|"
    r"above|below)\s",
    re.IGNORECASE,
)


def _named_in_number(text: str, subject: str) -> bool:
    """``text`` names ``subject`` (common nouns and adjectives, lowercase) in the other number: "Les
    reblochons fermiers, on les retourne…" names "reblochon fermier" (probe conversation of a cheese
    shop), "la clé du local" names "clés du local". Names and function words as written."""
    words = subject.split()
    if not any(word[:1].islower() and fold(word) not in FUNCTION_WORDS for word in words):
        return False
    pattern = r"\s+".join(
        re.escape(fold(word).rstrip("sx")) + "[sx]?"
        if word[:1].islower() and fold(word) not in FUNCTION_WORDS and len(word) > 3
        else re.escape(fold(word))
        for word in words
    )
    return re.search(rf"(?<![\w'’]){pattern}(?!\w)", fold(text)) is not None


# A unit and what it counts ("flacons de kétamine", "bouteilles d'oxygène").
_UNIT_OF = re.compile(r"^([^\W\d_]{3,})\s+(?:de\s+|d['’]\s*)(\S.*)$")


def _counted_apart(text: str, subject: str) -> bool:
    """``text`` names what ``subject`` counts and gives a number of its unit ("La kétamine il en
    reste 2 flacons" names "flacons de kétamine": probe conversation of a veterinary clinic)."""
    found = _UNIT_OF.match(subject.strip())
    if found is None or not name_spans(text, found.group(2)):
        return False
    unit = re.escape(fold(found.group(1)).rstrip("sx"))
    return re.search(rf"(?<![\w.,])\d+\s+{unit}[sx]?(?!\w)", fold(text)) is not None


def names_subject(text: str, subject: str) -> bool:
    return named_form(text, subject) is not None


def named_form(text: str, subject: str) -> str | None:
    """How ``text`` names ``subject``, or None: in full; without a place qualifying it ("les clés du
    local matériel" names "clés du local matériel sous les gradins"); or, for a name of several
    capitalised words, by those the dictionary does not know ("Kerbrat" names "Atelier Kerbrat",
    "Lormont" "Reprographie Lormont"); without a leading adjective; a name in apposition by itself.
    "bureau de Lyon" is named in full only (a part of it may be something else)."""
    if name_spans(text, subject) or _named_in_number(text, subject):
        return subject
    head = _LOCATIVE_COMPLEMENT.split(subject, maxsplit=1)[0].strip()
    if (
        head != subject.strip()
        and len(head.split()) > 1
        and (name_spans(text, head) or _named_in_number(text, head))
    ):
        return head
    if _counted_apart(text, head):
        return head
    # … or without a time qualifying it ("le départ de la rando" names "départ de la rando du
    # week-end": probe conversation of a scout group)
    head = _TIME_COMPLEMENT.sub("", subject).strip()
    if head != subject.strip() and len(head.split()) > 1 and name_spans(text, head):
        return head
    # … or without a span of time it is asked for, its head named alone ("Le décor on le stocke au
    # hangar" names "décor entre deux représentations": probe conversation of a theatre company)
    head = _TIME_SPAN.split(subject, maxsplit=1)[0].strip()
    if head != subject.strip() and head and name_spans(text, head):
        return head
    words = subject.split()
    # … or its nouns set side by side, the article and "de" left out ("le sponsoring météo" names
    # "sponsoring de la météo": probe conversation of a radio station)
    juxtaposed = " ".join(word for word in words if fold(word) not in _NOUN_LINKS)
    if len(words) > 2 and len(juxtaposed.split()) == 2 and name_spans(text, juxtaposed):
        return juxtaposed
    # … or both with their nouns side by side, whichever links each leaves out ("Les clés du local
    # matos" names "clés du local à matos", "la cotisation seniors" "cotisation for seniors": probe
    # conversations of a rugby club, lost)
    if len(words) > 2 and (in_a_row := _nouns_in_a_row(text, words)) is not None:
        return in_a_row
    if len(words) > 2 and fold(words[0]) in _PRENOMINAL and name_spans(text, " ".join(words[1:])):
        return " ".join(words[1:])  # "the gas canisters" names "spare gas canisters"
    if (
        len(words) > 2
        and fold(words[0]) in _NEXT
        and not set(tokens(text)) & _NOT_NEXT
        and name_spans(text, " ".join(words[1:]))
    ):
        # "la maintenance du panoramique est calée mardi 18 mars" names "prochaine maintenance du
        # panoramique" (probe conversation of a dental practice), "la dernière …" does not
        return " ".join(words[1:])
    # the kind of thing, then its name in apposition: the name alone names it ("Orage" names "groupe
    # Orage", "Saoulune" "brasserie Saoulune"; "Lyon" does not name "bureau de Lyon")
    kind = list(takewhile(lambda word: not word[:1].isupper(), words))
    named = words[len(kind) :]
    apposed = bool(kind) and not any(fold(word) in FUNCTION_WORDS for word in kind)
    name = " ".join(named)
    if apposed and all(word[:1].isupper() for word in named) and len(name) >= 4 and name_spans(text, name):
        return name
    clipped = _named_with_a_clipping(text, subject)
    if clipped is not None:
        return clipped
    if len(words) < 2 or not all(word[:1].isupper() for word in words):
        return None
    own = [word for word in words if not in_dictionary(fold(word))]
    if len(own) == 1 and len(own[0]) >= 4 and len(own) < len(words) and name_spans(text, own[0]):
        return own[0]
    return None


def _named_with_a_clipping(text: str, subject: str) -> str | None:
    """How ``text`` names ``subject`` of two words or more, one of them clipped on either side ("les
    verres à dégustation" names "verres à dégust": probe conversation of a rum distillery, lost;
    "la carte carbu" names "carte carburant"), as written; else None."""
    asked = [written.casefold() for _, written in words_as_written(subject)]
    said = [written.casefold() for _, written in words_as_written(text)]
    if len(asked) < 2:
        return None
    for start in range(len(said) - len(asked) + 1):
        window = said[start : start + len(asked)]
        pairs = [(a, b) for a, b in zip(asked, window, strict=True) if fold(a) != fold(b)]
        if pairs and all(_clips(a, b) or _clips(b, a) for a, b in pairs):
            return " ".join(window)
    return None


def _clips(short: str, full: str) -> bool:
    """``short`` is ``full`` cut after its first letters, as French clips words ("dégust",
    "carbu", "appart"): four letters or more, two or more cut off, and rarer than the word it cuts
    (wordfreq; "menu" is no clipping of "menuisier", "porte" none of "portefeuille")."""
    return (
        len(short) >= 4
        and len(full) >= len(short) + 2
        and fold(full).startswith(fold(short))
        and zipf(short, "fr") < zipf(full, "fr")
    )


# Adjectives put before the noun they qualify (French: beauty, age, goodness, size; English: the
# same and the spare or main one), which a speaker naming the thing again may leave out.
_PRENOMINAL = folded_words(
    """nouveau nouvel nouvelle nouveaux nouvelles ancien ancienne anciens anciennes vieux vieil vieille
    grand grande grands grandes petit petite petits petites gros grosse bon bonne beau belle autre
    new old big small little large main spare extra backup other"""
)


# The next one of a series, which a reply may leave out; unless it names another one of it.
_NEXT = folded_words("prochain prochaine prochains prochaines next upcoming")
_NOT_NEXT = folded_words(
    "dernier derniere derniers dernieres last previous precedent precedente passe passee"
)


# "qui" and the verb after "c'est moi", with a reflexive "me" ("c'est moi qui m'en occupe").
_WHO_VERB = re.compile(
    r"^(\s+qui\s+)(?:(m['’]|me\s+)(en\s+|y\s+)?|(l['’]|le\s+|la\s+|les\s+|lui\s+|leur\s+|y\s+|en\s+))?"
    r"([^\W\d_]+)",
    re.IGNORECASE,
)
_FIRST_PERSON_IRREGULAR = {"ai": "a", "suis": "est", "vais": "va"}


def who_clause_in_third_person(rest: str) -> str:
    """The words after "c'est moi" once the speaker's name replaces "moi": the verb after "qui"
    agreed with the name ("qui maintiens Anémone" → "qui maintient Anémone", "qui ai créé" → "qui a
    créé", "qui m'en occupe" → "qui s'en occupe"). French present tense, first to third person
    singular: "-s" becomes "-t" ("fais", "tiens", "finis"), "-x" becomes "-t" ("veux"), "-ds" and
    "-ts" drop their "s" ("prends", "mets"); "-e" verbs ("gère", "pilote") are the same."""
    found = _WHO_VERB.match(rest)
    if found is None:
        return rest
    who, reflexive, clitic, pronoun, verb = found.groups()
    if reflexive:
        reflexive = "s'" if reflexive[:1].lower() == "m" and reflexive.strip().endswith(("'", "’")) else "se "
    return (
        who
        + (reflexive or "")
        + (clitic or "")
        + (pronoun or "")
        + french_third_person(verb)
        + rest[found.end() :]
    )


def french_third_person(verb: str) -> str:
    """A French verb of the first person singular in the third ("maintiens" → "maintient", "ai" →
    "a", "étais" → "était"; see :func:`who_clause_in_third_person`)."""
    folded = fold(verb)
    if folded in _FIRST_PERSON_IRREGULAR:
        return _FIRST_PERSON_IRREGULAR[folded]
    if folded.endswith("rai") and len(folded) > 3:
        return verb[:-1]  # the future: "serai" → "sera", "passerai" → "passera"
    if folded.endswith("x"):
        return verb[:-1] + "t"
    if folded.endswith(("ds", "ts")):
        return verb[:-1]
    if folded.endswith("s") and not folded.endswith("ss"):
        return verb[:-1] + "t"
    return verb


# A phone number (French or international) and an e-mail address: values that say their channel.
PHONE_NUMBER = re.compile(r"(?<![\w+])(?:\+\d{2}\s?|0)[1-9](?:[\s.-]?\d{2}){4}(?!\d)")
EMAIL_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CHAT_HANDLE = re.compile(r"(?<![\w.])@[\w][\w.-]*\w")
_CHANNEL_VALUES = {
    "channel:phone": PHONE_NUMBER,
    "channel:mail": EMAIL_ADDRESS,
    "channel:handle": _CHAT_HANDLE,
}


# The prepositions before a place named as where one is, as where one comes from, and before the
# organisation one works for.
LOCATIVE = {
    "place": r"à|a|au|aux|en|dans|in|at|near",
    "origin": r"de|d'|d’|du|from",
    "employer": r"chez|pour|at|for",  # "chez Alan" to "chez qui bosse Anatole ?"
}
CLAUSE_END = re.compile(r"[,;:.!?(—–-]\s")


def first_clause(text: str) -> str:
    """What ``text`` says before its first clause break ("à Lorient" of "à Lorient, près du port")."""
    return CLAUSE_END.split(without_trailing_symbols(text).strip(), maxsplit=1)[0].strip(CLOSING)


# A preposition before the word asking ("sur quel projet", "avec qui", "on what"): what it asks
# is what the preposition governs in a reply.
ASKED_AFTER_PREPOSITION = re.compile(
    r"\b(sur|avec|pour|dans|on|with|for|in)\s+(?:quel|quelle|quels|quelles|quoi|qui|what|which|who|whom)\b"
)
_PRONOUNS_GOVERNED = folded_words(
    "ca cela moi toi lui elle eux elles nous vous it them me him her us mon ma mes my"
)


def asked_preposition(folded: str, question: AskedQuestion) -> re.Match[str] | None:
    """In a folded reply opening in the first person, not negated, the preposition the question
    asks after and the word it governs (group 2 and 3): "je suis à fond sur la migration de
    Pingouin" to "Léo il bosse sur quel projet ?"; not "je suis sur ça", "je suis sur mon tel",
    "je suis pas sur un projet"."""
    asked = ASKED_AFTER_PREPOSITION.search(fold(question.text))
    if asked is None:
        return None
    found = re.match(rf"(?:moi,? )?(?:je|j'|i)\b([^,;.!?]*?)\b({asked.group(1)})\s+([^\W\d_]+)", folded)
    if found is None or found.group(3) in _PRONOUNS_GOVERNED:
        return None
    # "je suis plus sur Pingouin": no longer (chat drops the "ne")
    return None if NEGATION.search(found.group(1) + " ") or "plus" in found.group(1).split() else found


# "I am" in the languages a team borrows, before where one comes from (closed class).
BORROWED_I_AM_FROM = re.compile(
    # … Catalan and Portuguese too ("Sóc de Berga !": probe conversation of a mountain hut)
    r"(?:sono|soy|sóc|soc|sou|ich bin|ik ben|ik kom)\s+(?=(?:di|de|aus|uit|van)\s)",
    re.IGNORECASE,
)


def asks_base(question: AskedQuestion) -> bool:
    """The question asks where someone or something is based ("où est basée Inès ?", "where is
    Olivia based?"), which saying where one is answers."""
    return question.facet == "place" and bool(set(tokens(question.text)) & _BASED)


_BASED = folded_words("base basee bases basees based")


def said_again(word: str, asked: list[str]) -> bool:
    """The folded ``word`` is one of the folded words ``asked``, by its lemma, or by its stem
    against a content word."""
    return lemma(word) in {lemma(other) for other in asked} or any(
        words_match(word, other, False) for other in asked if other not in FUNCTION_WORDS
    )


# What makes a clause a sentence rather than a noun phrase: subject pronouns, copulas and auxiliaries
# ("a" too: "le code a changé"; "à la crème" is lost with it, precision first).
CLAUSE_WORDS = folded_words(
    "je j tu t il elle on nous vous ils elles c ce ca est sont suis es etait a ai as ont avait "
    "i you he she it we they is are was am have has"
)


# What opens the speaker's own favourite before it is named: "moi, c'est", "perso c'est", "je
# dirais", and "ma préférée c'est" (the favourite asked, its noun left out); not "ma voiture
# préférée c'est…", which names another thing.
_MY_FAVOURITE_IS = re.compile(
    r"^(?:(?:moi|perso|personnellement)\s*,?\s*(?:c['’]\s*est|ce serait|ça serait|ca serait|je dirais)|"
    r"je dirais|"
    r"(?:ma|mon|mes)\s+(?:pr[ée]f[ée]r[ée]e?s?|favori(?:te)?s?)\s*,?\s*(?:c['’]\s*est|ce sont)?|"
    # a possessive pronoun standing for the thing asked ("Le mien c'est l'Abondance, bien affinée"
    # to "c'est quoi le fromage préféré de Yannick ?": probe conversation of a cheese shop)
    r"(?:le mien|la mienne|les miens|les miennes|mine(?:'s| is))\s*,?\s*(?:c['’]\s*est|ce sont)?)\s+",
    re.IGNORECASE,
)


# The speaker liking a thing before naming it: "j'adore", "j'aime bien", "je kiffe", "je suis fan
# de", "I love", "I'm into" (verbs of liking, a closed class: language/concepts.py "likes").
I_LIKE = re.compile(
    r"^(?:j['’]\s*(?:adore|aime)(?:\s+(?:bien|beaucoup|trop))?|je\s+(?:kiffe|adore)|je\s+suis\s+fan\s+(?:de|d['’])|"
    r"i\s+(?:really\s+)?(?:love|like|adore|enjoy)|i['’]m\s+(?:really\s+)?into)(?:\s+|(?<=['’]))",
    re.IGNORECASE,
)


def favourite_named(text: str) -> str:
    """``text`` without what opens the speaker's own favourite (see ``_MY_FAVOURITE_IS``) or says
    they like it (``I_LIKE``)."""
    text = text.strip()
    return I_LIKE.sub("", _MY_FAVOURITE_IS.sub("", text, count=1), count=1)


def only_a_noun_phrase(text: str, titles: bool = False) -> bool:
    """The reply's first clause is a noun phrase and nothing else: it opens with a determiner and
    has no pronoun, copula or auxiliary ("les lasagnes de ma grand-mère, sans hésiter", "le
    gratin dauphinois"; not "les slides sont prêtes", not a question). With ``titles``, a title or
    a name named alone before a comment is one too ("Dune, sans hésiter", "Interstellar, je l'ai vu
    six fois": what a favourite is)."""
    if is_question(text):
        return False
    clause = first_clause(text)
    words = tokens(clause)
    if set(words) & CLAUSE_WORDS or not words or words[:2] == ["that", "s"]:
        return False  # "that's Greta": a pronoun and a copula, not the determiner "that"
    if titles and clause[:1].isupper() and len(words) <= TITLE_WORDS and len(clause) < len(text.strip()):
        return True
    return len(words) >= 2 and words[0] in DETERMINERS


# A title or a name as a favourite: a few words ("Le Seigneur des anneaux", "Interstellar").
TITLE_WORDS = 5


def asked_channel_value(text: str, question: AskedQuestion, *, any_channel: bool = False) -> str | None:
    """The value of the channel a contact question asks (a phone number for "le numéro de Paulin");
    with ``any_channel``, of any channel when the question names none ("who's our contact?")."""
    if question.facet != "contact":
        return None
    asked = {CONTACT_CHANNELS[word] for word in tokens(question.text) if word in CONTACT_CHANNELS}
    asked &= set(_CHANNEL_VALUES)
    if not asked and any_channel:
        found_any = (pattern.search(text) for pattern in _CHANNEL_VALUES.values())
        return next((found.group(0) for found in found_any if found is not None), None)
    pattern = _CHANNEL_VALUES[asked.pop()] if len(asked) == 1 else None
    if pattern is PHONE_NUMBER and set(tokens(question.text)) & _EXTENSION:
        pattern = _EXTENSION_NUMBER  # "mon poste c'est le 2417" to "what's Karim's phone extension?"
    found = pattern.search(text) if pattern is not None else None
    return None if found is None else found.group(0)


# An internal line is asked by its extension ("numéro de poste", "phone extension"): a few digits
# alone answer it, which a full phone number's pattern does not take (probe conversation of a
# machining shop).
_EXTENSION = folded_words("poste extension ext")
_EXTENSION_NUMBER = re.compile(rf"{PHONE_NUMBER.pattern}|(?<![\w+.,])\d{{2,5}}(?![\w.,]?\d)")


def asks_a_description(question: AskedQuestion) -> bool:
    """The question asks what or who the subject is: a description answers it."""
    return question.facet in _DESCRIBED and (question.facet is not None or not topic_terms(question))


def first_person_description(text: str, language: Language) -> bool:
    raw = fold_there_as_here(text)
    folded = OPENING.sub("", raw)
    if any(_FIRST_PERSON_COPULA[lang].match(folded) for lang in BOTH[language]):
        return True
    # after "c'est moi" and a pause, a noun phrase describes the speaker ("c'est moi 🙂 le
    # vétérinaire, je passe le jeudi", "c'est moi ! productrice, 35 vaches")
    shown_up = folded != raw and _ITS_ME.search(raw[: len(raw) - len(folded)]) is not None
    return shown_up and _NOUN_PHRASE_FIRST.match(folded) is not None


_NOUN_PHRASE_FIRST = re.compile(r"^(?:(?:le|la|l'|les|un|une|the|a|an)\s*[^\W\d]|[^\W\d][\w-]+\s*,)")
# The speaker showing up ("c'est moi", "it's me").
_ITS_ME = re.compile(r"(?:c'est moi|c est moi|it's me|it is me)")
# What may open a self-description before it: greetings and the speaker showing up ("coucou c'est
# moi 👋 je suis juriste", "hello, it's me: I'm the new designer").
# "c'est moi" opens only when punctuation or an emoji closes it: "c'est moi qui gère la paie" names
# the speaker as the answer (naming_oneself, the cleft of fragment).
OPENING = re.compile(
    r"^(?:\W*(?:"
    + "|".join(sorted(GREETING_WORDS))
    + r")(?![\w'])[^\w']*|\W*"
    + _ITS_ME.pattern
    + r"\s*[^\w\s'][^\w']*)+"
)


def fold_there_as_here(text: str) -> str:
    """``text`` folded, the adverb "là" read as "ici" first (see :data:`_THERE`)."""
    return fold(_THERE.sub("ici", text))
