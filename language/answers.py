"""Which Lobby message answers which question Eko asked, and the answer it carries.

The seed decides that people answer Eko by naming it ("Comment répondre à Eko": no false
positives); links as explicit as naming Eko count the same. A message answers an asked question
when it says something (not a question, not thanks or chit-chat), was posted within the answer
window after the question, and is linked to it by one of:

* ``reply``: it is a reply to Eko's question (the Lobby's ``replyTo`` reference);
* ``mention``: it names Eko (the most recently asked question it may answer);
* ``subject_author``: its author is the question's subject and it is about what was asked
  ("Ma couleur préférée c'est le bleu" from Bob, after "quelle est la couleur préférée de Bob ?");
* ``subject_named``: it names the subject and states the asked thing about it ("Le bureau de Lyon
  est rue X" after "où est le bureau de Lyon ?").

A curiosity Eko has not asked yet can be answered too, only when told to Eko (``told``, see
:func:`find_told_answer`): the message names Eko, names the subject and states the asked thing.

"About what was asked" is lexical (a content word of the question besides the subject, through the
weighted terms' stems and concepts), or, for a question that asks only who or what the subject is,
a copula right after the subject ("Corentin est dev chez lemlist", "je suis dev chez lemlist" from
Corentin). Nothing vaguer: precision first, a wrong answer stored as a fact is worse than a missed
one. Pure functions; the flows that store the fact phrase it with their own templates.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from itertools import takewhile
from typing import Literal

from language.facets import (
    CONTACT_CHANNELS,
    PREDICATE_FACETS,
    VALUE_FACETS,
    WHERE_FACETS,
    gives_a_date_not_a_place,
    read_facet,
    stated_facets,
    states_asked_kind,
    unasked_words,
)
from language.intents import (
    DISCOURSE_WORDS,
    GREETING_WORDS,
    THANKS_BEFORE,
    THANKS_INTENSIFIERS,
    THANKS_WORDS,
    addresses_the_room,
    intent_of,
    is_chit_chat,
    is_formula,
    is_parting_wish,
    laughs,
    says_goodbye,
    speaks_of_bot,
)
from language.lexicon import translates
from language.mentions import mention_spans, mentions_bot, name_spans, strip_mention
from language.questions import is_about_bot, is_question, sentence_around
from language.readings import begins, same_direction, words_match
from language.relatives import kin_of
from language.terms import STOPWORDS, terms
from language.text import (
    CALENDAR,
    CONDITION_SUBORDINATORS,
    DAYS_AND_TIMES,
    DETERMINERS,
    FILLERS,
    FUNCTION_WORDS,
    INTERROGATIVES,
    LETTERS,
    LIGHT_VERBS,
    MONTHS,
    NOT_AFTER_AN_ABBREVIATION,
    PREPOSITIONS,
    SUPPORT_VERBS,
    TIME_SUBORDINATORS,
    WEEKDAYS,
    WHO_WORDS,
    Language,
    ceased,
    english_lemma,
    fold,
    fold_with_map,
    folded_words,
    former_state,
    frequency,
    in_dictionary,
    is_common_word,
    is_finite_verb,
    is_verb_form,
    language_of,
    lemma,
    name_key,
    near_future,
    no_longer,
    normalise_quotes,
    present_frame,
    sentence_language,
    third_person_english,
    tokens,
    wishes,
    words_as_written,
)

Link = Literal["reply", "mention", "subject_author", "subject_named", "told", "correction"]
LINKS: tuple[Link, ...] = ("reply", "mention", "subject_author", "subject_named", "told", "correction")

# Copulas and presentatives: what follows them is what the sentence says its subject is.
_COPULA = {
    "fr": r"(?:c'est|c'etait|ce sont|ce serait|est|sont|etait|sera|s'appelle|reste)",
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
        r"c'est moi(?=\s+(?:le|la|l'|les|un|une)\b)|moi c'est)\s+"
        r"(?!(?:en|a|au|dans|sur|sous|pas|plus|ici|d'accord|occupe|desole|partant|ok)\b)\w"
    ),
    "en": re.compile(
        r"^(?:i am|i'm|im|my name is|i work|i live|i look after|i run|i manage|i handle|i coordinate)\s+"
        r"(?!(?:in|on|at|not|busy|sorry|late|here|there|ok|okay|fine)\b)\w"
    ),
}
# Asking to wait ("attends", "2 secondes", "hold on"): before a value it opens the answer, alone or
# before looking it up it puts the answer off (_LOOKING_IT_UP).
_WAIT = (
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
        # "ok" in either language (both lists are read, language/answers.py answer_text)
        r"^(?:(?:ben|bah|beh|alors|euh|bon|oui|ouais|ok|okay|ah|oh|ha|hey|eh bien|hmm|donc|bein|pour info|"
        # saying one is now serious, after a joke ("nah serious, I'm here until the 28th of June"
        # wrote the fact "Jake reste en guest : nah serious": probe conversation of a tattoo studio)
        r"serieux|serieusement|franchement|plus serieusement|"
        rf"pour (?:ton|votre) info|pour information|fyi|{_WAIT}|"
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
        rf"^(?:(?:well|so|um|uh|oh|ha|hey|yes|yeah|hmm|ah|fyi|for your information|{_WAIT}|"
        r"nah|serious|seriously|honestly|tbh|"
        r"(?:thanks|thank you|thx|cheers)(?=\s*[,!.])|"
        rf"dear [\w'’-]+(?=\s*,)|{_GREETING_TO_THE_ROOM})\b[\s,!.…:]*)+"
    ),
}
_CLOSING = " \t.!…,;:"
# Saying one does not know, sending Eko elsewhere, refusing, asking back: never an answer.
_NON_ANSWER = {
    "fr": re.compile(
        r"\b(?:aucune idee|(?:je )?(?:ne )?sais (?:pas|plus|rien)|j'en sais rien|chais pas|sais pas|"
        # "demande à X" sends Eko elsewhere; the noun after a determiner does not ("j'ai déposé la
        # demande à la mairie": probe conversation of a removal company)
        r"(?<!la )(?<!une )(?<!ma )(?<!ta )(?<!sa )(?<!cette )(?<!notre )(?<!votre )(?<!leur )"
        r"demande(?:z)? (?:a|au|aux|plutot)|demande(?:z)?[- ](?:lui|leur)|bonne question|je me demande|"
        r"c'est prive|"
        # "pas sûr", "plus très sûre": the speaker is not sure (not "pas sur le wiki")
        r"(?:pas|plus)(?: (?:tres|trop|vraiment))? sure?s?"
        r"(?! (?:le|la|les|l|un|une|des|du|de|ce|cette|mon|ma)\b)|"
        r"ca (?:ne )?se demande pas|pas tes oignons|devine|"
        # dismissing the question, or putting it off ("laisse tomber", "on verra demain")
        r"laisse(?:z)? tomber|laisse beton|peu importe|osef|on s'en fiche|on s'en fout|on verra)\b"
    ),
    "en": re.compile(
        r"\b(?:no idea|(?:i )?(?:don't|do not|dont) know|dunno|not sure|ask \w+|good question|"
        r"i wonder|(?:it's|that's) private|none of your business|guess|"
        r"never ?mind|forget (?:it|about it)|we'll see|we will see)\b"
    ),
}
# Not knowing, said in any words: a negation and a word of knowing ("pas la moindre idée", "I have
# no clue", "je ne connais pas sa couleur"), or the rhetorical "va savoir", "who knows". Closed
# classes (negations, the verbs and nouns of knowing, in both languages), not formulas one by one.
_NEGATION = re.compile(
    r"(?<!\w)(?:ne|n'|pas|aucune?|nul(?:le)?|moindre|rien|jamais|no|not|never|none)(?!\w)|n't\b"
)
_KNOWING = re.compile(
    r"\b(?:sai[st]|savoir|savais|savait|su|connai\w*|connu\w*|idee\w*|know\w*|knew|idea\w*|clue\w*|"
    # understanding is knowing how ("j'ai jamais compris", "I never understood it")
    r"compris|comprends|comprend|comprendre|understand\w*|understood)\b"
)
_RHETORICAL_KNOWING = re.compile(r"\b(?:va|allez|qui|dieu|who|god) (?:savoir|sait|knows)\b")


def says_not_knowing(text: str, language: Language = "fr", bot_name: str = "Eko") -> bool:
    """``text`` says its author does not know, or sends Eko to someone else ("Eko, aucune idée
    désolé", "demande à Léo", "no clue"): read in both languages, as the answer rule reads it."""
    return _not_knowing(fold(strip_mention(text, bot_name)), language)


def _not_knowing(folded: str, language: Language) -> bool:
    if _LOOKING_IT_UP.match(folded.strip()) is not None:
        return True
    pointing = _POINTING.search(folded)
    if pointing is not None and not any(char.isdigit() for char in folded[: pointing.start()]):
        return True
    return any(_NON_ANSWER[lang].search(folded) for lang in _BOTH[language]) or _ignorance(folded)


# Pointing to where it is written ("c'est écrit à l'accueil", "regarde sur le wiki"; not "c'est
# écrit en Go"), unless a value came first: then it is the value's source ("le 30 septembre, c'est
# écrit dans le PV de réception": probe conversation of a building site).
_POINTING = re.compile(
    r"\b(?:c'est (?:ecrit|affiche|marque|indique|note)e?s? (?:a|au|aux|sur|dans)|"
    r"(?:regarde|regardez|va voir|allez voir) (?:sur|dans)|"
    r"(?:it's|it is) (?:written|posted|pinned) (?:on|in|at)|(?:check|look) (?:on|in|at) the)\b"
)
# Going to look it up, said before any value ("2 secondes je cherche", "attends je regarde", "je te
# dis ça demain", "one sec, let me check", "ok ça marche, au pire je demanderai à Léonce"): the
# answer is still to come. A closed class of chat formulas; "12 € par mois, je vérifie" gives its
# value first.
_GOING_ALONG = r"(?:ok|okay|oki|d'accord|dac|ca marche|pas de souci|no problem|au pire|sinon|bon|ben|bah)"
_LOOKING_IT_UP = re.compile(
    rf"^(?:(?:{_WAIT}|{_GOING_ALONG})\W*)*(?:je (?:cherche|regarde|verifie|check|checke|demande|"
    r"demanderai|regarderai|verifierai|vais (?:demander|regarder|verifier|voir|checker))|"
    r"(?:je|on) (?:te|vous) (?:dis|redis|tiens au courant)|let me (?:check|look|ask)|"
    rf"i'll (?:check|look|ask|find out))\b|^{_WAIT}\W*$"
)


# A reply that only hedges ("ça dépend", "ça dépend des jours", "it depends"): a few words at most
# after it, nothing of a value. Closed formulas of the two languages.
_HEDGE = re.compile(r"^(?:ca|ça) depend(?:s)?(?:\s+[\w']+){0,3}$|^it depends(?:\s+\w+){0,3}$")


def _ignorance(folded: str) -> bool:
    knowing = _KNOWING.search(folded)
    return bool(knowing and (_NEGATION.search(folded) or _RHETORICAL_KNOWING.search(folded)))


# The team writes franglais whatever Eko's language: the formulas above (openers, refusals, liking,
# first-person descriptions) are read in both languages, the bot's first.
_BOTH: dict[Language, tuple[Language, Language]] = {"fr": ("fr", "en"), "en": ("en", "fr")}
# Thanking for something ("merci pour le résumé", "thanks for the help") answers nothing asked.
_INTENSIFIERS = "|".join(THANKS_INTENSIFIERS)
_THANKS_FOR = re.compile(
    rf"^(?:\w+\s+)?(?:merci|cimer|thanks|thank you|thx)(?:\s+(?:{_INTENSIFIERS}))?\s+"
    r"(?:pour|for)\b"
)
# Topic-shift discourse markers opening a message: what follows is about something else ("Eko, au
# fait, la réunion est à 15h" right after Eko's question). A closed class of connectives.
_TOPIC_SHIFT = re.compile(
    r"^(?:au fait|sinon|au passage|rien a voir|hors sujet|autre chose|changement de sujet|"
    r"by the way|btw|anyway|off topic|unrelated|on another note)\b"
)
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


def _after_laughter(text: str) -> str:
    """What follows laughter that closes a first sentence, or ``text`` (see ``_LAUGHTER_THEN``);
    then what follows a question opening the message ("vous préparez un truc ? 😏 Mon anniv c'est
    le 17 mars"): the question is put to the room, what follows it is told."""
    found = _LAUGHTER_THEN.match(text)
    if found is not None and not _jokes(found.group(0)):
        # a sheepish smile after a value: the value is told, what follows is a comment ("my defense
        # is on June 12th at 2pm 😅 already stressing")
        return _SHEEPISH.sub("", found.group(0)).strip()
    text = text if found is None else text[found.end() :]
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


def _jokes(text: str) -> bool:
    """The reply laughs: a joke, no answer ("Eko, un rein 😂"). A sheepish smile alone after a
    number is no laugh at it: the speaker is embarrassed or stressed, the value is told ("my defense
    is on June 12th at 2pm, salle Ourisson 😅 already stressing": probe conversation of a lab)."""
    if not laughs(text):
        return False
    return not (any(char.isdigit() for char in text) and not laughs(_SHEEPISH.sub("", text)))


_SHEEPISH = re.compile("[😅]")


# A first sentence ending with "?" (and the emojis after it) before another one, which opens with a
# capital ("c'est le bleu ? non le vert" repairs the first, it does not follow a question).
_QUESTION_THEN = re.compile(r"^[^?]*\?[\s\W]*(?=[A-ZÀ-Ý]\w*\W+\w)")


# A message that stops on a word that needs another after it — a French preposition or conjunction,
# a determiner — is unfinished ("Eko, Hugo il habite à…"): what was asked has not been said yet.
# Closed classes; not the English prepositions, which end sentences ("the one I live in"), nor "la"
# (written "là" without its accent, "il est la"), nor "a" (the French "has").
_UNFINISHED = re.compile(
    r"(?<![\w'])(?:à|au|aux|de|du|des|le|les|un|une|en|dans|sur|sous|chez|vers|entre|par|pour|"
    r"avec|sans|et|ou|mais|que|donc|car|the|an|my|your|his|her|our|their|and|or|but)$",
    re.IGNORECASE,
)
_TRAILING = re.compile(r"[\W_]+$")
# "avec" or "sans" closing a reply that said the other before stands for its object ("42 kg sans le
# moteur, 58 avec": probe conversation of a glaciology lab, read as unfinished).
_CONTRASTED = re.compile(r"\b(?:sans\b.*\bavec|avec\b.*\bsans|without\b.*\bwith|with\b.*\bwithout)\W*$")


# What an answer looks like for the facets whose answers have a shape (any link): a date, a
# number, a place, a cause. Closed word classes and digits, no vocabulary of any one subject.
_NUMBER_WORDS = {
    "fr": r"un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente|quarante|"
    r"cinquante|soixante|cent|mille|million|dizaine|douzaine|centaine|moitie",
    "en": r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
    r"fifty|sixty|hundred|thousand|million|dozen|half",
}
_DATE_WORDS = {
    "fr": r"janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|lundi|"
    r"mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|hier|aujourd'hui|semaine|mois|an|annee|noel|"
    r"printemps|ete|automne|hiver|debut|fin|mi|matin|midi|soir|nuit|aprem|apres|matinee|soiree",
    "en": r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|yesterday|today|week|month|"
    r"year|christmas|spring|summer|autumn|fall|winter|early|late|mid|morning|afternoon|evening|night|noon",
}
_PLACE_WORDS = {
    "fr": r"a|au|aux|en|dans|chez|pres|rue|avenue|boulevard|bd|place|quai|chemin|route|etage|batiment|"
    r"cote|face|derriere|devant|entre|sur|sous|vers|nord|sud|est|ouest|centre",
    "en": r"in|at|on|near|street|st|avenue|road|floor|building|next|behind|opposite|between|downtown|"
    r"north|south|east|west|centre|center",
}
_CAUSE_WORDS = {
    "fr": r"parce que|parce qu'|car|a cause|grace a|pour|vu que|puisque|comme|afin",
    "en": r"because|since|as|due to|thanks to|to|for|so that",
}
_CAUSE_CLEFT = {
    "fr": r"^c['’ ]?(?:est|etait) (?!qui\b)\S.*\bqui\s",
    "en": r"^it(?:['’]s| is| was) (?!who\b)\S.*\b(?:that|who)\s",
}
_AGE_UNITS = r"ans?|years?|yo|balais|berges"
# A number that is not a time of day ("15h", "14:30", "20 min"), nor its minutes ("16h30": "30"
# was read as a price, and "Eko, ch'est Karim 👍 lundi et jeudi 16h30" as the price of the evening
# childcare: probe conversation of a nursery school): what a price or an amount is.
_NOT_A_TIME = r"(?<![\d.,:])(?<!\dh)\d(?![\d.,]*\s*(?:h\b|h\d|heures?\b|min\b|minutes?\b|:\d))"
_TIME_OF_DAY_WORDS = {
    "fr": r"midi|minuit|matin|matinee|soir|soiree|aprem|apres midi|nuit|tot|tard|heure|heures",
    "en": r"noon|midnight|morning|evening|afternoon|night|early|late|o'clock|hour|hours|am|pm",
}
_SHAPES: dict[str, dict[str, str]] = {
    "date": {lang: rf"\d|\b(?:{_DATE_WORDS[lang]})s?\b" for lang in ("fr", "en")},  # "les mardis"
    "quantity": {lang: rf"\d|\b(?:{_NUMBER_WORDS[lang]})\b" for lang in ("fr", "en")},
    "price": {lang: rf"{_NOT_A_TIME}|\b(?:{_NUMBER_WORDS[lang]}|gratuit|free)\b" for lang in ("fr", "en")},
    "amount": {lang: rf"{_NOT_A_TIME}|\b(?:{_NUMBER_WORDS[lang]}|gratuit|free)\b" for lang in ("fr", "en")},
    # an age is a number alone or with its unit ("27 ans", "bientôt 30"), not "2 chats"
    "age": {
        lang: rf"(?:\d+|\b(?:{_NUMBER_WORDS[lang]})\b)\s*(?:{_AGE_UNITS})\b|\d+\s*(?:[^\w\s]|$)"
        for lang in ("fr", "en")
    },
    "place": {lang: rf"\b(?:{_PLACE_WORDS[lang]})\b|\d" for lang in ("fr", "en")},
    # a time of day: digits, or the words naming one (a closed class)
    "hours": {lang: rf"\d|\b(?:{_TIME_OF_DAY_WORDS[lang]})\b" for lang in ("fr", "en")},
    # a cause word, or a cleft naming what did it ("c'est le certificat SSL qui a expiré")
    "reason": {lang: rf"\b(?:{_CAUSE_WORDS[lang]})\b|{_CAUSE_CLEFT[lang]}" for lang in ("fr", "en")},
}
# Without Eko's name or a reply reference, a preference is stated with a word of liking or a copula.
_PREFERENCE_CUE = {
    "fr": re.compile(r"\b(?:prefere\w*|favori\w*|adore\w*|aime\w*|kiffe\w*|c'est|est)\b"),
    "en": re.compile(r"\b(?:favou?rite|prefer\w*|love\w*|like\w*|is|it's)\b"),
}
# Facets answered by saying what the subject is ("Axelle est notre responsable produit").
_DESCRIBED = frozenset({"identity", "role", "definition", "employer", None})
# After a copula, these start a state or a circumstance, not a description ("est en vacances"),
# working or not among them ("Kestrel is down again", "le VPN est HS").
_NOT_DESCRIPTION = {
    "fr": r"en|a|au|aux|dans|sur|sous|pas|plus|ici|encore|toujours|deja|d'accord|occupe\w*|ferme\w*|"
    r"parti\w*|malade|absent\w*|desole\w*|partant\w*|ok|hs|down|up|casse\w*|plante\w*|tombe\w*|"
    r"repare\w*|lent\w*|de retour|revenu\w*",
    "en": r"in|on|at|not|no|busy|sorry|late|here|there|ok|okay|fine|away|off|closed|out|still|already|"
    # a verb in the progressive says what one is doing, not who one is ("Joséphine is selling her
    # old tractor": blind set of a cheese dairy)
    r"down|up|broken|offline|online|back|dead|slow|fixed|\w+ing",
}


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


def find_answer(
    said: Said,
    asked: Sequence[AskedQuestion],
    *,
    window: timedelta,
    language: Language = "fr",
    bot_name: str = "Eko",
) -> Answer | None:
    """The asked question ``said`` answers, with how they are linked, or None (see the module doc).

    ``asked`` holds the questions still waiting for an answer. A reply (``replyTo``) to one of them
    may come at any time; every other link needs the message within ``window`` of the question.
    """
    if name_key(said.author) == name_key(bot_name):
        return None
    text = _repaired(answer_text(said.text, language, bot_name))
    candidates = [q for q in asked if _within(said.posted_at, q.asked_at, window)]
    named = _naming_oneself(text, said.author)
    if named is not None:
        # "c'est moi" to "qui pilote Toucan ?": the author is the person asked for
        asking_who = [q for q in candidates if _asks_who(q) and not _is_about(q, said.author)]
        if asking_who or _ONESELF.match(fold(text)):
            text, candidates = named, asking_who
        # else "c'est moi la nouvelle juriste" from Ysée may still describe her to "qui est Ysée ?"
    # How sure the speaker is, said after the answer ("23 je crois", "à Lyon il me semble"), is kept
    # with the answer (``told``) but is no part of what the rules read.
    told = text
    hedge = _CLOSING_HEDGE.search(text)
    if hedge is not None and hedge.start() > 0:
        text = text[: hedge.start()]
    opening = _OPENING_HEDGE.match(text)
    if opening is not None and opening.end() < len(text):
        text = text[opening.end() :]  # "je crois que c'est jeudi": the rules read "c'est jeudi"
    if not says_something(said.text, text, language, bot_name):
        return None
    live = sorted(candidates, key=lambda q: q.asked_at or said.posted_at, reverse=True)
    live = [
        q
        for q in live
        if (_fits_asked(text, q, language) or _replied_with_a_reason(said, q))
        and not _says_nothing_asked(text, q)
        and not _only_another_value(text, q, language)
        and not _speaks_of_oneself(text, q, said.author)
        and not _names_who_does_another_thing(text, q)
        and not _speaks_of_the_day(text, q)
        and not _acknowledges(text, q)
        and not _asks_first(text, q, language)
        and not _names_no_origin(text, q)
    ]
    if said.reply_to is not None:
        replied = [q for q in live if q.message_id is not None and q.message_id == said.reply_to]
        if replied:
            return _answer(replied[0], "reply", told, language)
    if mentions_bot(said.text, bot_name):
        # A full statement about the subject must be about what was asked ("Eko, Marius il
        # regarde que des séries" does not give his favourite film); a fragment is taken as it is.
        fitting = [
            q
            for q in live
            if not _about_something_else(text, q, language)
            # the subject and a verb in a past tense speak of something over ("le séminaire
            # c'était génial l'an dernier"), as without Eko's name below
            and not (_subject_then_past(text, q) and not former_state(q.text))
            and (
                not _leads_with_subject(text, q)
                or (_states_about(text, q, language) and _cued(text, q.facet, language))
            )
        ]
        if not fitting:
            return None
        return _answer(_the_one_answered(text, fitting, language), "mention", told, language)
    # Not naming Eko, a reply in a past tense to a question in the present speaks of something
    # over ("le séminaire c'était génial l'an dernier" to "c'est quand le séminaire ?").
    # (its first clause: "je suis au club depuis 1987, à l'époque y avait que des Optimist" tells
    # the present first, then a memory: probe conversation of a sailing rental)
    live = [q for q in live if not (former_state(_first_clause(text)) and not former_state(q.text))]
    for question in live:
        if _is_about(question, said.author):
            describes = _first_person_description(text, language) and _describes(question)
            # what was asked besides the person: "anniversaire" in "l'anniversaire de Manon"
            relates = _relates(text, question, language) or _relates(text, question, language, said.author)
            # or says the kind of thing asked in its own words ("I live in Leeds" to "what city is
            # Ben based in?"): for the facets a predicate states, not those a value alone shows
            states = question.facet in PREDICATE_FACETS and question.facet in stated_facets(text)
            if states and question.facet == "place" and not _asks_base(question):
                # being somewhere is not living there ("bonjour, je suis sur intervention
                # d'urgence, fuite chez client avenue de Grammont" from Andrei was stored as where he
                # lives: probe conversation of a plumbing firm), as _names_a_place reads it
                states = _I_AM.match(fold(_after_greeting(text))) is None
            # or gives the very address or number asked ("mon num c'est le 06 11 22 33 44"), or
            # names a place after the preposition the question's kind takes ("à Lorient, près du
            # port" to "où habite Gwendal ?", "de Brest" to "d'où vient Gwendal ?")
            states = states or _gives_asked_channel(text, question) or _names_a_place(text, question)
            # or, in the first person, says the preposition the question asks after ("je suis à
            # fond sur la migration de Pingouin" to "Léo bosse sur quel projet ?")
            # or is the value asked and nothing else ("le 3 mars" to "quand arrive Zoé ?"), in any
            # of its sentences (_each_sentence)
            states = states or any(
                _fills_the_asked_preposition(part, question) or _only_a_value(part, question, language)
                for part in _each_sentence(text)
            )
            # or, asked when they work, says when they are there ("Je serai là les mardis et
            # jeudis" to "c'est quels jours qu'il bosse chez nous Thomas ?")
            states = states or _there_when_working(text, question) or _began_when_asked_since(text, question)
            # or measures with the question's own verb ("je fais du 38" to "quelle taille de
            # chaussures fait Samia ?", "je chausse du 44")
            states = states or _measured_with_the_asked_verb(text, question)
            # or names the thing asked with that verb ("J'ai le BPJEPS voile" to "Anke elle a quel
            # diplôme de monitrice ?")
            states = states or _names_with_the_asked_verb(text, question)
            if (describes or relates or states) and _cued(text, question.facet, language):
                return _answer(question, "subject_author", told, language)
            if question.facet == "preference" and _names_a_favourite(text):
                # the thing liked, named alone ("les lasagnes de ma grand-mère, sans hésiter", "moi
                # c'est le vert", "ma préférée c'est le vert", "I love pierogi")
                return _answer(question, "subject_author", told, language)
    if _WARNING.match(fold(text)):
        # a warning about the subject tells what to mind, not what was asked ("careful, the spare
        # devkit's still on the old firmware, update it before you flash anything")
        return None
    for question in live:
        if _names_and_states(text, question, _language_of_both(text, question, language)):
            return _answer(question, "subject_named", told, language)
    return None


def _the_one_answered(text: str, fitting: list[AskedQuestion], language: Language) -> AskedQuestion:
    """Of the open questions a reply naming Eko fits (the latest first), the one it answers."""
    # the question the reply shares words with, subject included ("le séminaire c'est du 12
    # au 14 juin" answers "quand part-on en séminaire ?" even when asked before another one)
    about = [q for q in fitting if _relates(text, q, language)] or [
        q for q in fitting if set(terms(text)) & set(terms(q.text))
    ]
    # a value of the one shape a question asks answers it, not one sharing a verb with it ("Eko,
    # 7€50 pièce, on les prend par 10" to "on paie combien les chambres à air ?" was stored as
    # "c'est quel cargo que Cian prend d'hab ?", asked before: probe conversation of couriers)
    clause = _first_clause(text)
    # not a code, nor a name then a value ("ch'est Karim 👍 lundi et jeudi 16h30": who, then when)
    valued = not _A_CODE.search(clause) and not _names_someone(clause)
    shaped = [q for q in fitting if valued and q.facet in _SHAPES and _is_a_value(clause, q.facet, language)]
    # … and the very number or address a question asks for ("Eko, le 05 61 42 17 80" went to "quel
    # organisme gère le tiers payant de la MGEN ?", asked last, not to the hotline's number:
    # probe conversation of a pharmacy)
    shaped = shaped or [q for q in fitting if _gives_asked_channel(clause, q)]
    if len(shaped) == 1:
        about = shaped
    # "c'est" and a name alone, opening the reply, answers the one open question asking who,
    # whatever follows ("Eko, ch'est Karim 👍 lundi et jeudi 16h30" to "c'est qui qui fait les
    # APC ?" went to "Claire elle vient quels jours ?", sharing the days: probe conversation
    # of a nursery school)
    first = _first_clause(_SENTENCE_BREAK.split(text, maxsplit=1)[0])
    opened = _OPENING_COPULA.match(first)
    asking_who = [q for q in fitting if q.facet in _ASKED_PEOPLE]
    if opened and len(asking_who) == 1 and _only_a_name(_without_trailing_symbols(first[opened.end() :])):
        about = asking_who
    if not about and len(fitting) > 1:
        # a proper name alone answers the one open question asking who or which place, not
        # the latest asking another thing ("Eko, Froid Service Alsace, à Horbourg-Wihr" after
        # "qui on appelle quand le frigo tombe en panne ?" then "Élodie a fait sa thèse sur quel
        # sujet ?": probe conversation of a veterinary clinic, stored as her thesis)
        by_name = [q for q in fitting if q.facet in _NAMES_ANSWER]
        about = by_name if len(by_name) == 1 and _only_a_name(clause) else []
    return (about or fitting)[0]


def _language_of_both(text: str, question: AskedQuestion, language: Language) -> Language:
    """The language the question and the reply are both clearly written in, else the Lobby's: "the
    docs site is CC BY-SA 4.0" states its copula in English to "which licence does the docs site
    use?" in a French-speaking Lobby (probe conversation of a software team)."""
    asked_in = sentence_language(tokens(question.text))
    return asked_in if asked_in is not None and asked_in == sentence_language(tokens(text)) else language


# Warning interjections opening a message (a closed class of both languages).
_WARNING = re.compile(
    r"^(?:careful|be careful|watch out|heads up|beware|warning|attention|fais gaffe|faites gaffe|gaffe|"
    r"prudence|mefiance|mefie toi)\b"
)


# Words that judge rather than tell (evaluative adjectives and their intensifiers, French and
# English): "Hélios c'est nul", "c'est top", "it's great" give an opinion of the subject, not what
# was asked. A closed class of chat's judging words.
_EVALUATIVE = folded_words(
    """nul nulle nuls naze nazes pourri pourrie top genial geniale geniaux cool super bien mal chiant
    chiante relou ouf dingue incroyable horrible parfait parfaite sympa moche beau belle bof trop tres
    vraiment grave carrement hyper vachement assez plutot nickel extra magnifique affreux bizarre
    great awesome amazing nice good bad terrible lame boring crap fine so very really pretty quite
    weird perfect"""
)
_COPULA_WORDS = folded_words("c ce est sont etait etaient sera it is are was were s that")


def _judges_only(text: str, question: AskedQuestion) -> bool:
    """Besides the subject, the reply only judges it ("Hélios c'est nul", "c'est top")."""
    subject = set(tokens(question.subject or ""))
    said = [w for w in tokens(text) if w not in subject and w not in _COPULA_WORDS and w not in DETERMINERS]
    return bool(said) and all(w in _EVALUATIVE for w in said)


def find_told_answer(
    said: Said, waiting: Sequence[AskedQuestion], *, language: Language = "fr", bot_name: str = "Eko"
) -> Answer | None:
    """The waiting question (a curiosity Eko has not asked yet) that ``said`` answers when told to
    Eko, or None: the message names Eko, says something, names the question's subject and states
    the asked thing about it with the facet's shape ("Eko, Hélios c'est notre outil de monitoring"
    while "c'est quoi Hélios ?" waits). Link ``told``; no window (the question is still waiting),
    and nothing looser than the ``subject_named`` link: a fragment ("Eko, c'est le bleu") names no
    subject and answers nothing not asked."""
    if name_key(said.author) == name_key(bot_name) or not mentions_bot(said.text, bot_name):
        return None
    text = _repaired(answer_text(said.text, language, bot_name))
    if not says_something(said.text, text, language, bot_name):
        return None
    for question in waiting:
        if (
            _fits_asked(text, question, language)
            and not _says_nothing_asked(text, question)
            and _names_and_states(text, question, language)
        ):
            return _answer(question, "told", text, language)
    return None


# Being there in the first person, and working or being there asked of someone (closed classes).
_THERE_MYSELF = re.compile(
    r"\b(?:je suis la|je serai la|je serais la|j y suis|j y serai|i m in|i ll be in|i am in|i will be in|"
    r"i m around|i ll be around|i m here|i ll be here)\b"
)
_WORKING_ASKED = re.compile(
    r"\b(?:bosse|bossent|travaille|travaillent|consulte|consultera|est la|sera la|vient|viendra|works?|"
    # staying is being there too ("jusqu'à quand Jake reste en guest chez nous ?": "I'm here until
    # the 28th of June" from Jake, probe conversation of a tattoo studio)
    r"reste|restera|restent|stays?|staying|is in|comes in|around)\b"
)


def _there_when_working(text: str, question: AskedQuestion) -> bool:
    """Asked on which days or at what time someone works or is there, a reply in the first person
    saying when they are there, with a value of that kind (probe conversations of a school and a
    dental practice: "Je suis là lundi, mardi, jeudi et vendredi" to "Tom il bosse quels jours ?")."""
    if question.facet not in ("date", "hours"):
        return False
    folded = " ".join(tokens(text))
    return (
        _THERE_MYSELF.search(folded) is not None
        and _WORKING_ASKED.search(" ".join(tokens(question.text))) is not None
        and question.facet in stated_facets(text)  # a day or an hour said, not "dans 5 min"
    )


def _began_when_asked_since(text: str, question: AskedQuestion) -> bool:
    """Asked since when, a reply saying when the subject began, with a date ("J'ai commencé ici en
    mars 2019" to "Bastien il bosse ici depuis quand ?": probe conversation of an escape-room
    company): a beginning in other words (readings.begins)."""
    if question.facet != "date" or _SINCE_WHEN.search(fold(question.text)) is None:
        return False
    words = tokens(text)
    # the verb of beginning without an object of its own ("j'ai commencé le vélo en mars" began
    # something else)
    began = next((i for i, word in enumerate(words) if begins([word])), None)
    return (
        began is not None
        and (began + 1 >= len(words) or words[began + 1] not in DETERMINERS)
        and "date" in stated_facets(text)
    )


_SINCE_WHEN = re.compile(r"\b(?:depuis quand|since when|depuis combien de temps|how long)\b")


def _speaks_of_oneself(text: str, question: AskedQuestion, author: str) -> bool:
    """A first-person statement from someone the question is not about, to a question that does not
    ask who: the speaker speaks of themself ("Eko, je suis à Lyon cette semaine" from Paul to "où
    habite Quentin ?"), unless they tell how they know ("je crois qu'il habite à Lyon", "j'ai
    demandé, c'est 15 €", "I heard it's Lyon")."""
    if _is_about(question, author) or _asks_who(question):
        return False
    # after thanks ("Merci Juju je passe mardi alors": probe conversation of a radio station) or a
    # discourse word ("allez je ferme à 20h, bisous la team. bonne nuit Eko")
    words = tokens(_THANKING.sub(" ", text))
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


def _says_nothing_asked(text: str, question: AskedQuestion) -> bool:
    """Whatever links it, the reply gives nothing the question asks: it denies there is such a
    thing, only judges the subject, states another facet, says the question again, tells another
    time, or speaks of a relative of the subject (each rule below)."""
    return (
        _denies(text, question)
        or _only_what_it_is_not(text)
        or _judges_only(text, question)
        or _states_another_facet(text, question)
        or _repeats_question(text, question)
        or _tells_another_time(text, question)
        or _of_a_relative(text, question)
    )


# A copula negated ("c'est pas moi", "ce n'est pas Marc", "it's not Priya"), and none after it that
# says what it is ("c'est pas Marc, c'est Julie" answers).
_NOT_IT = re.compile(
    r"^(?:c'?est|ce n'est|c'etait|ce n'etait|it's|it is|that's|that is) (?:pas|plus|not|no longer)\b"
)
_IT_IS = re.compile(r"(?<![\w'])(?:c'?est|it's|it is)\s+(?!(?:pas|plus|not|no)\b)\w")


def _only_what_it_is_not(text: str) -> bool:
    """The reply only says what the answer is not ("c'est pas moi en tout cas")."""
    denied, corrected = _what_it_is_not(fold(text))
    return denied and corrected is None


def _what_it_is_not(folded: str) -> tuple[bool, re.Match[str] | None]:
    """Whether the folded reply opens by saying what the answer is not, and the copula after it that
    says what it is, if any ("c'est pas Marc, c'est Julie")."""
    denied = _NOT_IT.match(folded)
    return denied is not None, _IT_IS.search(folded, denied.end()) if denied else None


def _names_and_states(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply names the question's subject and states the asked thing about it: in words when
    the question has some besides the subject and does not ask what the subject is ("habite":
    "Malik est en réunion" does not say where he lives), else a description of the subject."""
    if not (question.subject and _names(text, question.subject) and _cued(text, question.facet, language)):
        return False
    head = _head_before_a_place(question)
    if head is not None and head not in set(terms(text)) and not _has_copula(text, language):
        # the subject is a place situating the noun asked about ("c'est qui le médecin référent des
        # dialyses à Mercy ?"): naming the place and a word of the question, with neither that noun
        # nor a copula stating something, is not answering ("Départ 10h15 Steve + Kader, retour
        # dialyse Mercy…" was stored as the doctor: probe conversation of an ambulance company)
        return False
    if question.facet == "contact" and _CHANNEL.search(fold(text)) is None:
        # a way to reach the subject is a number, an address or a channel named: "mdr Gégé le
        # week-end il est au rugby" was stored as Gégé's number (probe conversation of a garage)
        return False
    if question.facet in PREDICATE_FACETS and question.facet in stated_facets(text):
        return True  # its predicate states the kind asked ("Bettina est originaire de Mulhouse")
    if _asks_who(question) and (_cleft_light_verb(text) or _cleft_on_subject(text, question)):
        return True  # "c'est Capucine qui fait la paie" to "qui s'occupe de la paie ?"
    if question.facet in _ASKS_A_PERSON and _named_after_subject(text, question):
        return True  # "le cargo c'est Lucas qui l'a depuis mardi" to "qui a le cargo en ce moment ?"
    if question.facet == "place" and (
        not any(char.isupper() for char in question.subject) or _PUT.search(fold(question.text))
    ):
        # where a thing is kept, put or found, whatever verb asked it: a copula and a place after
        # the thing named ("the gas canisters are in the locked cage" to "where are the spare gas
        # canisters kept in the shop?"); a person "is at" a place for a while, not where they live
        return _states_about(text, question, language)
    # a value asked with its subject alone besides the asking words ("combien on facture un balayage
    # ?": "Le balayage c'est 85€…", probe conversation of a hair salon) is stated by a copula after
    # the subject and a value of the shape asked (_states_about)
    valued = question.facet in VALUE_FACETS and not _named_besides_the_asking(question)
    return (
        _relates(text, question, language) or not topic_terms(question) or _describes(question) or valued
    ) and _states_about(text, question, language)


def _has_copula(text: str, language: Language) -> bool:
    """``text`` states something with a copula, in either language ("c'est", "est", "is")."""
    folded = fold(text)
    return any(re.search(rf"(?<![\w']){_COPULA[lang]}\s", folded) for lang in _BOTH[language])


def _head_before_a_place(question: AskedQuestion) -> str | None:
    """The term of the first noun of the question when its subject is a place after a preposition
    of place ("médecin" in "c'est qui le médecin référent des dialyses à Mercy ?"), else None."""
    words = tokens(question.text)
    subject = tokens(question.subject or "")
    at = next((i for i in range(len(words)) if words[i : i + len(subject)] == subject), None)
    if not subject or at is None or at == 0 or words[at - 1] not in _PLACE_PREPOSITIONS:
        return None
    cues = _cue_terms(question.text)
    for word in words[: at - 1]:
        found = [term for term in terms(word) if term not in cues]
        if word not in FUNCTION_WORDS and word not in INTERROGATIVES and found:
            return found[0]
    return None


_PLACE_PREPOSITIONS = folded_words("a au aux en in at")


# What reaching someone is said with: digits, an address, a channel or the words naming one.
_CHANNEL = re.compile(
    r"\d|@|\b(?:e ?mail|mail|slack|teams|whatsapp|signal|telegram|sms|texto|tel|telephone|portable|"
    r"phone|mobile|numero|number|joignable|reachable|appel\w*|call\w*|ring|text)\b"
)


# Participles of putting somewhere: what they ask of is a thing, whatever its name ("où elle est
# garée la Titine ?", the garage's loan car: probe conversation).
_PUT = re.compile(r"\b(?:garee?s?|rangee?s?|posee?s?|stockee?s?|laissee?s?|parked|kept|stored|left)\b")


def _cleft_light_verb(text: str) -> bool:
    """A cleft (:data:`_CLEFT`) whose verb is a light verb (faire, do): it stands for any doing of
    what it names, whichever verb the question asked with ("c'est Capucine qui fait la paie" to
    "qui s'occupe de la paie ?", "qui gère la paie ?")."""
    found = _CLEFT.match(fold(text))
    return found is not None and found.group(2) in LIGHT_VERBS


def _cleft_on_subject(text: str, question: AskedQuestion) -> bool:
    """Asked with a support verb (:data:`SUPPORT_VERBS`: the noun says what is done), a cleft
    whose verb, any verb, takes the question's subject as its object: it says who does that ("c'est
    Margaux qui gère la commande des dégaines" to "qui passe la commande des dégaines ?": probe
    conversation of a climbing gym). The subject right after the verb, not anywhere after it
    ("c'est Paul qui m'a dit que la commande…"); asked with another verb, that verb is what is
    asked ("qui a créé Anémone ?" is not answered by who maintains it)."""
    found = _CLEFT.match(fold(text))
    if found is None or not question.subject or not set(tokens(question.text)) & SUPPORT_VERBS:
        return False
    subject = re.escape(fold(question.subject))
    return (
        re.match(
            rf"\s+(?:(?:de |d'|du |des )?(?:le |la |les |l'|the |our |notre |nos )?){subject}\b",
            fold(text)[found.end() :],
        )
        is not None
    )


# Conversational repair markers, French and English, read whatever Eko's language: the speaker
# takes back what they just said. A closed class; inside an answer (below) and opening a message.
_REPAIR_MARKERS = r"pardon|oups|je veux dire|je voulais dire|sorry|oops|i mean|no wait"
# Opening a message, with "non" and the formulas that only open one ("Eko ah non pardon, c'est
# mercredi !" right after "Eko c'est mardi").
_SELF_REPAIR = re.compile(
    rf"^(?:(?:non|{_REPAIR_MARKERS}|(?:petite |small |quick )?correction|erreur|mon erreur|"
    r"je me suis trompee?|my bad|my mistake|i meant|scratch that)\b"
    # what the correction is about, before a colon ("petite correction pour la bière : …")
    r"(?:\s+(?:pour|sur|about|on|re|for)\b[^:.!?]{0,40}:)?[\s,!.…:;-]*)+"
)


# A self-repair inside an answer: a pause, a repair marker, the value meant ("c'est mardi... non
# mercredi pardon"). After an ellipsis or a dash any marker; after a comma not "non", which also
# qualifies ("à Lyon, non loin de la gare"). What follows the last one is the answer, without the
# apology closing it.
_REPAIR_INSIDE = re.compile(
    rf"(?:(?:\.\.\.|…|\s[-–—])\s*(?:non|{_REPAIR_MARKERS})|,\s*(?:{_REPAIR_MARKERS}))\b"
    rf"(?:[\s,!.…:;-]*(?:non|{_REPAIR_MARKERS})\b)*[\s,!.…:;-]*"
)
_CLOSING_APOLOGY = re.compile(r"(?:[\s,!.…]*\b(?:pardon|sorry|oups|oops|dsl|desole|my bad))+[\s!.…]*$")


def _repaired(text: str) -> str:
    """``text`` without what its author took back (see :data:`_REPAIR_INSIDE`)."""
    folded, index = fold_with_map(text)
    ends = [match.end() for match in _REPAIR_INSIDE.finditer(folded)]
    if not ends:
        return text
    if ends[-1] >= len(folded):
        return ""  # taken back, nothing said instead ("c'est mardi... non")
    rest = folded[ends[-1] :]
    apology = _CLOSING_APOLOGY.search(rest)
    stop = ends[-1] + (apology.start() if apology else len(rest))
    if stop <= ends[-1]:
        return text
    return text[index[ends[-1]] : index[stop - 1] + 1].strip(_CLOSING)


def opens_with_repair(text: str, language: Language = "fr", bot_name: str = "Eko") -> bool:
    """The message opens (after Eko's name and the openers) with a self-repair marker: a cheap test
    before any memory read."""
    return bool(_SELF_REPAIR.match(fold(answer_text(text, language, bot_name))))


def find_correction(
    said: Said,
    question: AskedQuestion,
    answered_by: str,
    answered_at: datetime,
    *,
    window: timedelta,
    language: Language = "fr",
    bot_name: str = "Eko",
    replying: bool = False,
    corrected: str | None = None,
) -> Answer | None:
    """The new answer in a message by which ``answered_by`` corrects the answer they gave
    ``question`` at ``answered_at``: it names Eko or replies to Eko's note of it (``replying``, the
    page's reply reference: as explicit), comes within ``window``, opens with a self-repair marker
    (:data:`_SELF_REPAIR`) and what follows answers the question as any answer must (says
    something, the facet's shape, no denial). No marker: None.

    ``corrected``, the text of the fact the answer became: a correction naming the value it takes
    back ("22h30 pas 22h45", "the 24th, not the 21st") corrects only a fact holding that value, and
    then whoever sends it (a colleague who knows better); otherwise only ``answered_by`` corrects
    (a second opinion is no correction)."""
    if name_key(said.author) == name_key(bot_name):
        return None
    values = taken_back(said.text)
    if corrected is not None and values and not _holds_a_value(corrected, values):
        return None  # "c'est 22h30 pas 22h45" corrects the fact saying 22h45, not the last one noted
    if name_key(said.author) != name_key(answered_by) and not (corrected is not None and values):
        return None
    # as explicit as the answer itself: naming Eko, replying to it, or the question's subject
    # taking back what they said of themself ("Ah non, je dis n'importe quoi : c'est 5h30")
    addressed = replying or mentions_bot(said.text, bot_name) or _is_about(question, said.author)
    if not addressed or not _within(said.posted_at, answered_at, window):
        return None
    text = answer_text(said.text, language, bot_name)
    folded, index = fold_with_map(text)
    repair = _SELF_REPAIR.match(folded)
    if repair is None or repair.end() >= len(folded):
        return None
    rest = answer_text(text[index[repair.end()] :], language, bot_name)
    rest = _after_a_preamble(_without_taken_back(_without_excuse(rest)), question.facet, language)
    if not says_something(rest, rest, language, bot_name):
        return None
    if not fits_facet(rest, question.facet, language) or _denies(rest, question):
        return None
    return Answer(question.goal_id, "correction", rest, is_standalone(rest, question, language))


def _without_excuse(text: str) -> str:
    """A correction up to the speaker speaking of themself ("mercredi matin ! je confonds toujours
    avec la tournée des Tilleuls" → "mercredi matin"); what follows the value and says more of it
    stays ("Sunday not Saturday. Sunday the 14th from 2pm, up at the taproom")."""
    first = sentence_around(text, 0, 1)
    rest = text[len(first) :]
    found = _SPEAKER_SENTENCE.search(rest)
    kept = first + (rest[: found.start()] if found else rest)
    return kept.strip(_CLOSING) or text


def _after_a_preamble(text: str, facet: str | None, language: Language) -> str:
    """What follows a colon when only it has the shape asked ("c'est la fatigue : depuis janvier
    c'est 5h30 le samedi" → "depuis janvier c'est 5h30 le samedi")."""
    before, colon, after = text.partition(":")
    if not colon or not after.strip() or fits_facet(before, facet, language):
        return text
    return after.strip() if fits_facet(after, facet, language) else text


def _without_taken_back(text: str) -> str:
    """A correction without the value it takes back, named after the one meant ("jeudi pas
    mercredi. Toujours à 9h" → "jeudi. Toujours à 9h", "Sunday not Saturday"): a day, a month, a
    number or a code after "pas" or "not", and a later sentence naming it (what else "pas"
    negates stays: "jeudi, pas avant 9h")."""
    found = _taken_back_span(text)
    if found is None:
        return text
    start, end, values = found
    kept = text[:start] + text[end:]
    # and a sentence about the value taken back ("la C012, pas la C014. La C014 c'est la salle Pasteur")
    sentences = re.split(r"(?<=[.!?…])\s+", kept)
    about_it = [i for i, one in enumerate(sentences) if i and values[0] in re.findall(r"\w+", fold(one))]
    return " ".join(one for i, one in enumerate(sentences) if i not in about_it).strip(_CLOSING)


def _taken_back_span(text: str) -> tuple[int, int, tuple[str, ...]] | None:
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
    found = _taken_back_span(text)
    return () if found is None else found[2]


def _holds_a_value(text: str, values: tuple[str, ...]) -> bool:
    """Whether ``text`` says the first of ``values`` (a number up to its ordinal suffix: "14th" /
    "14", a day or month in either language: "samedi" / "Saturday")."""
    said = {_value_key(word) for word in re.findall(r"\w+", fold(_HOUR_COLON.sub(r"\1h\2", text)))}
    return _value_key(values[0]) in said


_HOUR_COLON = re.compile(r"\b(\d{1,2})[:.](\d{2})\b")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th|er|e|eme)$")


def _value_key(word: str) -> str:
    word = word.lstrip("£$€")  # "not £25": the fact's words hold "25"
    return CALENDAR.get(word) or _ORDINAL.sub(r"\1", _HOUR_COLON.sub(r"\1h\2", word))


def _a_value(folded: str) -> bool:
    """A day, a month, or a word with digits (a number, a time, a code)."""
    return folded in CALENDAR or any(char.isdigit() for char in folded)


_MORE_OF_THE_VALUE = re.compile(r"\s+(?:the\s+|le\s+)?(\w+(?:[:.,/h]\d+)*)\b", re.IGNORECASE)
_TAKEN_BACK = re.compile(
    r"[\s,]*\b(?:et\s+|and\s+)?(?:pas|not)\s+(?:le\s+|la\s+|l['’]|the\s+|on\s+)?([£$€]?\w+(?:[:.,/h]\d+)*)\b",
    re.IGNORECASE,
)


# A sentence in which the speaker speaks of themself: it opens with "je", "j'", "I".
_SPEAKER_SENTENCE = re.compile(r"(?:^|(?<=[.!?…]))\s*(?:je|j['’]|i|i['’]m)\b", re.IGNORECASE)


def answer_text(text: str, language: Language = "fr", bot_name: str = "Eko") -> str:
    """A message without Eko's name and the openers: "Eko, ben c'est le bleu !" → "c'est le bleu"."""
    text = _from_the_sentence_to(normalise_quotes(text), bot_name)
    said = _after_laughter(strip_mention(text, bot_name)).strip(_CLOSING)
    # an aside opening the message tells where the speaker is, nothing of the answer ("(depuis la
    # voiture) le commercial Centravet c'est Julien Ostermann": probe conversation of a clinic)
    aside = _OPENING_ASIDE.match(said)
    if aside and len(said[aside.end() :].split()) >= 4:
        said = said[aside.end() :]
    folded, index = fold_with_map(said)
    first, other = _BOTH[language]
    opener = _OPENERS[first].match(folded) or _OPENERS[other].match(folded)
    if opener and opener.end() < len(folded):
        said = said[index[opener.end()] :]
    said = _CHECKING_IT_IS_THEM.sub("", said, count=1)
    said = _CHAT_I_AM.sub("je suis ", said.strip(_CLOSING), count=1)
    return _CHAT_COPULA.sub(r"\1c'est ", said, count=1)


def _from_the_sentence_to(text: str, bot_name: str) -> str:
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
# "jsuis", "chuis" for "je suis" opening a chat reply ("jsuis arbitre jeune au district" from Noah
# was written "Noah : jsuis arbitre…": probe conversation of a football club).
# After "moi" too ("Moi j'suis de Fécamp, née quai Bérigny": probe conversation of harbour pilots).
_CHAT_I_AM = re.compile(r"^(?:(?:moi|me),?\s+)?(?:jsuis|jsui|chuis|chui|j['’]suis)\s+(?=\S)", re.IGNORECASE)
# "c" or "cest" for "c'est" opening a chat reply ("c marc", "cest un outil de monitoring"), after
# "moi" too ("moi c du 44" from the person asked about: probe conversation of a building site).
# Ch'ti's "ch'est" too ("Eko, ch'est Karim 👍": probe conversation of a nursery school in Lille).
_CHAT_COPULA = re.compile(r"^((?:moi|me),?\s+)?(?:c|cest|ch['’]est)\s+(?=\S)", re.IGNORECASE)


def says_something(raw: str, text: str, language: Language = "fr", bot_name: str = "Eko") -> bool:
    """Not a question, not about Eko itself, and at least one word that is not a common one.

    "merci !", "ok", "Eko t'es là ?", "Eko, tu es génial" answer nothing.
    """
    if not text or raw.rstrip().endswith("?") or is_question(strip_mention(raw, bot_name), language):
        return False
    if _asks_where_named(raw, bot_name):
        return False  # "Eko elle vit où Ambre ? c'est pour le covoit", "Eko isn't it tuesday? i think"
    raw = _after_laughter(normalise_quotes(raw))  # "that's me lol 👋 I'm in Aberdeen": told after it
    folded = fold(text)
    # said of Eko in its first clause ("Eko, t'es trop fort"); a "tu" after it speaks to someone in
    # the room ("je serai à Loisy vers 8h15. Margaux si t'es pas là…", "le 214 Florian, tu peux
    # transférer")
    if is_about_bot(_first_clause(text), language) or _jokes(text):
        return False
    if is_chit_chat(raw, bot_name) or is_formula(raw, bot_name):
        return False  # "Eko, il fait beau aujourd'hui", "Eko, je suis là", "Eko bon appétit !"
    if is_formula(_THANKING.sub(" ", text).strip(_CLOSING), bot_name):
        # what is said to Eko, from the sentence naming it, thanks and a wish ("nickel. Eko merci,
        # bonne journée" was stored as Sanne's languages once the approval before it was left out)
        return False
    if intent_of(raw, language, bot_name) == "action" or speaks_of_bot(raw, bot_name):
        # "Eko, please do the needful and drop the standup link in here again", "oh great, so now
        # Eko knows everything 🙄"
        return False
    if says_goodbye(raw, bot_name) and not any(char.isdigit() for char in text):
        return False  # "Right, grand so, I'm off for the evening. Night all, night Eko!"
    if _TOPIC_SHIFT.match(folded) or (
        _UNFINISHED.search(_TRAILING.sub("", text)) and _CONTRASTED.search(folded) is None
    ):
        return False
    asked_for = _ASKING_FOR_A_THING.match(folded)
    if asked_for and not re.search(r"\d|\b(?:est|sont|is|are)\b", asked_for.group(1)):
        return False  # "Eko le digicode Deloitte Levallois svp jsuis devant la porte": asks for it
    if _THANKS_FOR.match(folded):
        return False  # "Eko merci pour le résumé" right after a question
    if _not_knowing(folded, language):
        return False
    if _HEDGE.match(folded.strip(_CLOSING)):  # "ça dépend des jours": no value, only a hedge
        return False
    thanked = _THANKING.sub(" ", text)
    if _thanks_only(text):
        return False  # "Ah top merci Catherine !! et merci Eko 🙏": thanks, to someone else too
    judged = " ".join(word for word in tokens(thanked) if word not in _EVALUATIVE)
    if thanked != text and (not judged or is_formula(judged, bot_name)):
        return False  # "nickel. Eko merci, bonne journée": approval, thanks and a wish, no value
    # as written to Eko, before answer_text took thanks off ("Eko thanks, mate"), and folded, for
    # thanks written with accents the folded list has not ("jërëjëf Eko", Wolof)
    if _thanks_only(strip_mention(raw, bot_name)) or _thanks_only(fold(text)):
        return False
    if _SAID_OF_YOU.match(fold(thanked)) or _PRAISE.match(fold(thanked)):
        return False  # "Cheers Eko, you're a star", "merci t'es un amour": said of Eko, no value
    if _only_said_of_you(thanked):
        return False  # "merci hein, t'es un bon collègue", "super, merci t'es un schatzi"
    to_eko = strip_mention(raw, bot_name)
    if _THANKING.sub(" ", to_eko) != to_eko and _only_said_of_you(_THANKING.sub(" ", to_eko)):
        return False  # as written, before answer_text took "merci, bon" off "Eko merci, bon robot"
    first = _CLAUSE_BREAK.split(thanked.strip(" ,.!"), maxsplit=1)
    if len(first) == 2 and is_parting_wish(first[0], bot_name):
        # a farewell before it, what follows is news for the room ("Eko, merci, bonne journée à
        # tous, rdv au pressoir à 18h": probe conversation of a wine estate), not the value asked
        return False
    if thanked != text and len(first) == 2 and addresses_the_room(first[0]):
        # thanks, then words to the whole room ("Merci Eko 👍 allez au boulot tout le monde,
        # bouclage ce soir": probe conversation of a newsroom): news for the room, no value asked
        return False
    return _holds_content(text)


# A noun phrase and "please": asking for the thing named (probe conversation of a cleaning company:
# "Eko le digicode Deloitte Levallois svp jsuis devant la porte 🥶" was stored as a fact).
_ASKING_FOR_A_THING = re.compile(
    r"^((?:le|la|les|l'|the|ton|ta|tes|votre|vos|your)\s*[^,.!?]{1,60}?)\s+(?:svp|stp|s'il te plait|"
    r"s'il vous plait|please|pls|plz)\b"
)
# A message opening (after its thanks) by what Eko is: praise or teasing of Eko, nothing of the
# subject asked (probe conversation of a veterinary clinic: "Cheers Eko, you're a star" was stored
# as who to call when the X-ray machine breaks down).
_SAID_OF_YOU = re.compile(
    # … and as the languages a team borrows from say it ("Eko, du bist super, merci ! 🙏" was stored
    # as Anke's diploma: probe conversation of a sailing club)
    # (Réunion créole's "ou lé": "Eko, merci 🙏 ou lé in bon ti robot" was stored as the priest of
    # a parish: probe conversation of a funeral home), or Eko called by what it is ("bon robot",
    # "good bot")
    r"^[\W\s]*(?:you['’ ]?re|you are|ur|u r|t['’ ]es|tu es|vous etes|du bist|eres|jij bent|je bent|ou le|"
    r"(?:(?:bon|brave|gentil|petit|ti|super|good|nice|little|clever)\s+)+(?:robot|bot|robo)\b)\b"
)
# Praise of work done, opening what is said after the thanks ("Thanks Eko, brilliant work today 👏"
# from the very person asked about was stored as the day he leaves: probe conversation of a film
# shoot). A closed class of chat's praise, both languages.
_PRAISE = re.compile(
    r"^[\W\s]*(?:(?:brilliant|great|good|nice|excellent|amazing|awesome|fab|fantastic|super|top|beau|bon|"
    r"sacre)\s+(?:work|job|stuff|boulot|travail|taf)\b|bien joue|well done|bravo|kudos|chapeau)"
)
# Where the first clause of a reply ends (a parting wish there: see says_something).
_CLAUSE_BREAK = re.compile(r"\s*[,.!;]\s*")


def _only_said_of_you(text: str) -> bool:
    """A clause says what Eko is, the others hold no content: words to Eko after an interjection
    ("merci hein, t'es un bon collègue 😄", "super, merci t'es un schatzi": probe conversations of
    a garage and a veterinary clinic, both stored as the answer asked)."""
    clauses = [clause for clause in _CLAUSE_BREAK.split(fold(text)) if clause.strip()]
    of_you = [clause for clause in clauses if _SAID_OF_YOU.match(clause) or _PRAISE.match(clause)]
    rest = [clause for clause in clauses if clause not in of_you and not laughs(clause)]
    # interjections and fillers around the words to Eko say nothing ("hein", "allez")
    return bool(of_you) and not any(
        _holds_content(" ".join(w for w in LETTERS.findall(clause) if w not in FILLERS | DISCOURSE_WORDS))
        or any(char.isdigit() for char in clause)
        for clause in rest
    )


def _thanks_only(said: str) -> bool:
    """``said`` thanks someone and, besides, holds no content (see :func:`_holds_content`)."""
    thanked = _THANKING.sub(" ", said)
    return thanked != said and not _holds_content(thanked)


def _holds_content(text: str) -> bool:
    # A month or a weekday is a value, like a number ("Eko c'est mardi"), although never a name.
    return any(char.isdigit() for char in text) or any(
        not is_common_word(word) or fold(word) in CALENDAR for word in LETTERS.findall(text)
    )


# Thanking, and whom ("merci Catherine", "thanks a lot Dave", "cheers Fergal"): said to the room
# after an answer, the name it holds is no value.
# Friends addressed by no name ("thanks mate 👍" was stored as an answer: probe conversation of a
# hotel). A closed class of chat vocatives, both languages, and a possessive with the word it
# endears ("merci mon grand" was stored as an answer: probe conversation of an oyster farm).
_VOCATIVES = (
    "mate|man|dude|bro|buddy|pal|guys|all|team|everyone|les gars|la team|mec|frere|frerot|poto|"
    r"(?:mon|ma|mes|my)\s+[^\W\d_]+"
)
_THANKING = re.compile(
    rf"(?<!\w)(?:(?i:{'|'.join(THANKS_BEFORE)})\s+)?"
    rf"(?i:thank you|{'|'.join(sorted(THANKS_WORDS - {'thank'}))})"
    # the name or vocative after a comma too ("thanks, mate", "merci, Julie")
    rf"(?:\s+(?i:{_INTENSIFIERS}))?(?:[\s,]+[A-ZÀ-Þ][\w'’-]*|[\s,]+(?i:{_VOCATIVES}))?(?!\w)"
)


def _asks_where_named(raw: str, bot_name: str) -> bool:
    """The sentence naming Eko asks: the message puts a question to Eko, whatever is said around
    it ("… ! Eko, c'est qui le chargé de compte de Kerbrat ? j'ai un mail d'eux en attente"), or
    guesses and asks Eko to confirm ("Eko isn't it tuesday? that's what they said"). It answers
    nothing, even right after Eko's question."""
    spans = mention_spans(raw, bot_name)
    if not spans:
        return False
    sentence = sentence_around(raw, *spans[0])
    return is_question(strip_mention(sentence, bot_name))


# A first-person answer opening with the verb the question asked with ("j'habite à Villeurbanne"
# to "où habite Malik ?", "I live in Vincennes"): not negated, what follows the verb is the answer.
_FIRST_PERSON_VERB = {
    "fr": re.compile(r"^(?:moi,?\s+)?(?:je\s+|j['’])(\w+)\s+(?!(?:pas|plus|jamais)\b)"),
    "en": re.compile(r"^(?:me,?\s+)?i\s+(\w+)\s+(?!(?:not|never)\b)"),
}


# The same with a third-person pronoun standing for the subject ("il habite à Rezé" to "où habite
# Gaspard ?", "she lives in Leeds").
_PRONOUN_VERB = {
    "fr": re.compile(r"^(?:il|elle|ils|elles|on)\s+(\w+)\s+(?!(?:pas|plus|jamais)\b)"),
    "en": re.compile(r"^(?:he|she|they|it)\s+(\w+)\s+(?!(?:not|never)\b)"),
}


# "je suis …" to a question asking who or what someone is: what follows describes them.
_I_AM = re.compile(r"^(?:moi,?\s+)?(?:je suis|j['’]suis|chuis|i am|i['’]m|im)\s+")


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
        return False  # "je suis …" is a description or a state: _I_AM decides
    # "je pars" to "où part Joachim ?": lemmas partir / part (the noun), one stem
    return bool(topic & set(terms(verb))) or _said_again(fold(verb), tokens(question.text))


def asked_verb_opening(text: str, question: AskedQuestion, language: Language = "fr") -> str | None:
    """The question's own verb (folded) when the reply opens with it in the first person ("joue" of
    "je joue dans l'orchestre depuis 2016" to "depuis combien de temps Stefan joue dans l'orchestre
    ?"), else None."""
    folded = fold(text)
    for lang in _BOTH[language]:
        opening = _FIRST_PERSON_VERB[lang].match(folded)
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
    text = _without_trailing_symbols(text)
    # a clause after a comma telling someone in the room what to do is no part of the answer ("le
    # 214, tu peux transférer", "Lamballe, you can ship it there")
    text = _ADDRESSING.split(text, maxsplit=1)[0]
    folded, index = fold_with_map(text)
    opened = _OPENING.match(folded)  # "coucou c'est moi 👋 je suis juriste" → "je suis juriste"
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
    copula = "(?:" + "|".join(_COPULA[lang] for lang in _BOTH[language]) + ")"  # "it's Héloïse" too
    topic = topic_terms(question)
    contact = _asked_channel_value(text, question)
    if contact is not None:
        return contact  # "mon num c'est le 06 11 22 33 44" → "06 11 22 33 44"
    governed = _asked_preposition(folded, question)
    if governed is not None:  # "je suis à fond sur la migration de Pingouin" → "sur la migration…"
        return text[index[governed.start(2)] :].strip(_CLOSING)
    cleft = _CLEFT.match(folded)
    if cleft and question.facet == "reason":  # "c'est le certificat qui a expiré": what did it
        done_by = text[index[cleft.start(1)] : index[cleft.end(1)]]
        return f"{done_by} {text[index[cleft.start(2)] :]}".strip(_CLOSING)
    if cleft:  # "c'est Capucine qui gère la paie" → "Capucine"
        named = text[index[cleft.start(1)] : index[cleft.end(1)]].strip(_CLOSING)
        # … and since when or with whom, said after the doing ("c'est Bastien qui gère ça, depuis
        # la rentrée" → "Bastien, depuis la rentrée")
        after = _LATER_COMPLEMENT.search(folded, cleft.end(2))
        return f"{named}, {text[index[after.start(1)] :].strip(_CLOSING)}" if after else named
    for lang in _BOTH[language]:
        for opening in (_FIRST_PERSON_VERB[lang], _PRONOUN_VERB[lang]):
            said = opening.match(folded)
            if said and said.end() < len(folded) and _repeats_verb(said.group(1), question, topic):
                # a degree adverb after the verb is no part of what it says ("j'aime bien les sushis")
                degree = _LEADING_FILLERS.match(folded, said.end())
                return text[index[degree.end() if degree else said.end()] :].strip(_CLOSING)
    staying = _I_AM.match(folded) if _asks_base(question) else None
    if staying and re.match(rf"(?:{_LOCATIVE['place']})\s", folded[staying.end() :]):
        return text[index[staying.end()] :].strip(_CLOSING)  # "je suis à Vincennes" → "à Vincennes"
    borrowed = _BORROWED_I_AM_FROM.match(text) if question.facet == "origin" else None
    if borrowed is not None:  # "Sóc de Berga !" → "de Berga !", as "je suis de Berga" reads
        preposition = "de" if language == "fr" else "from"  # "Sono di Bergamo" → "de Bergamo"
        return re.sub(r"^\w+", preposition, text[borrowed.end() :].strip(_CLOSING), count=1)
    described = _I_AM.match(folded) if _describes(question) or question.facet == "origin" else None
    if described and described.end() < len(folded) and _first_person_description(text, language):
        return text[index[described.end()] :].strip(_CLOSING)  # "la nouvelle designer", "de Mulhouse"
    named = _favourite_named(text) if question.facet == "preference" else text.strip()
    if named != text.strip():
        text = named  # "moi c'est le vert" → "le vert"
        folded, index = fold_with_map(text)
    labelled = _LABEL.match(text)
    if labelled and _names_asked(labelled.group(1), question):
        # what was asked, then a colon: the value follows ("my talk: WebGPU rendering in the
        # editor": probe conversation of a software team)
        return labelled.group(2).strip(_CLOSING)
    if _only_a_noun_phrase(text, titles=question.facet == "preference") and not _only_restates(
        _first_clause(text), question
    ):
        # a favourite before a comment is the noun phrase ("les lasagnes de ma grand-mère, sans
        # hésiter", "Dune, sans hésiter"); any other answer keeps what it adds ("le 12 décembre, au
        # bar du coin": nothing told is lost)
        return _first_clause(text) if question.facet == "preference" else text.strip(_CLOSING)
    taken_up = _TAKEN_UP_BY_A_CLITIC.match(text)
    if taken_up and _only_restates(taken_up.group(1), question):
        # what was asked, then taken up by a pronoun and its verb: what follows the verb ("Mes
        # pivoines je les prends chez Vert Tige" wrote "Fournisseur de pivoines de Lou : Ses
        # pivoines je les prends…": probe conversation of a wedding planner)
        return taken_up.group(2).strip(_CLOSING)
    _, corrected = _what_it_is_not(folded)
    if corrected is not None:  # "c'est pas Marc, c'est Julie" → "Julie"
        return text[index[corrected.end() - 1] :].strip(_CLOSING)
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
        if (question.facet or "") in _SHAPES and not fits_facet(text[end:], question.facet, language):
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
            return _without_restated_topic(text[end:].strip(_CLOSING), question)
    return text.strip(_CLOSING)


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


# First-person possessive determiners and the third person's ("ma grand-mère" → "sa grand-mère").
_MY_TO_THEIR = {"mon": "son", "ma": "sa", "mes": "ses", "my": "their"}
_MY = re.compile(r"(?<![\w'’])(mon|ma|mes|my)(?=\s)", re.IGNORECASE)


def as_told(value: str, question: AskedQuestion, author: str) -> str:
    """An answer's value as a fact says it of the question's subject: from the subject, their own
    possessives become the third person's ("les lasagnes de ma grand-mère" from Lilou → "les
    lasagnes de sa grand-mère", the fact reading "Plat préféré de Lilou : …")."""
    value = _before_an_apology(value)
    if not _is_about(question, author):
        return value
    value = _without_self_introduction(value, author)
    value = _when_then_i(value, author)
    value = _before_first_person(value)
    return _MY.sub(lambda found: _matching_case(found.group(1), _MY_TO_THEIR[found.group(1).lower()]), value)


def _when_then_i(value: str, author: str) -> str:
    """A day or a time of day opening the value, then the speaker's "je" and verb: said of them ("Le
    mardi je fais la tournée du plateau" from Fernanda → "Le mardi Fernanda fait la tournée du
    plateau": probe conversation of a nursing practice)."""
    opened = _WHEN_THEN_I.match(value)
    if opened is None or not author.strip():
        return value
    return f"{opened.group(1)}{author.strip()} {_third_person(opened.group(2))}{value[opened.end() :]}"


_WHEN_WORDS = "|".join(sorted(DAYS_AND_TIMES))
_WHEN_THEN_I = re.compile(
    rf"^((?:(?:le|les|ce|cet|cette|tous les)\s+)?(?:{_WHEN_WORDS})s?\s*,?\s+)(?:je\s+|j['’]\s*)"
    r"(?!(?:l|m|t|s|y|n|en|le|la|les|lui|leur|me|te|se|ne)\b)([^\W\d_]+)",
    re.IGNORECASE,
)


def _before_an_apology(value: str) -> str:
    """``value`` up to a later clause or sentence opening with an apology, in any language the team
    borrows: it excuses the speaker, it adds nothing to the value ("… Allanche et Marcenat.
    desculpa pelo atraso" stored with the apology: probe conversation of a nursing practice)."""
    found = _APOLOGY_CLAUSE.search(value)
    return value[: found.start()].rstrip(_CLOSING) if found and found.start() > 0 else value


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


def _before_first_person(value: str) -> str:
    """``value`` with its later clauses in the third person: "je" and its verb become the verb
    agreed ("juriste, je viens d'arriver" → "juriste, vient d'arriver", as a note says it); from a
    clause where the speaker still speaks as themself ("moi", "je l'ai vu", English "I"), it stops
    there."""
    parts = re.split(f"({_CLAUSE_END.pattern})", value)  # clause, break, clause, break…
    kept = parts[:1]
    for separator, clause in zip(parts[1::2], parts[2::2], strict=True):
        clause = _I_VERB.sub(lambda said: _third_person(said.group(1)), clause)
        if set(tokens(clause)) & _SPEAKER and "".join(kept).strip(_CLOSING):
            return "".join(kept).strip(_CLOSING)
        kept += [separator, clause]
    return "".join(kept)


# "je" or "j'" and the verb right after it (French; "je l'ai vu" has an object first: left alone).
_I_VERB = re.compile(r"(?<![\w'’])(?:je\s+|j['’]\s*)(?!(?:l|m|t|s|y|n|en|le|la|les|lui|leur|me|te|se|ne)\b)"
                     r"([^\W\d_]+)", re.IGNORECASE)  # fmt: skip
_I_REFLEXIVE = re.compile(r"(?<![\w'’])je\s+(m['’]\s*|me\s+)([^\W\d_]+)", re.IGNORECASE)
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
    if question.facet == "identity" and fold(found.group(1)).split()[0] in _COPULA_WORDS:
        return None  # "qui est Paul ?" asks who he is: "Paul Martin est Paul" says nothing
    # the asker's own situation is theirs, not the fact's ("qui a les clés de la réserve quand je suis
    # pas là ?" from Karim: "Maëlle a les clés … quand je suis pas là" would be Gwenaëlle's "je")
    found = _WHO_DOES.match(_ASKERS_CLAUSE.sub("", found.group(0))) or found
    named = _NAME_THEN.match(value)
    if named is not None and _only_a_name(named.group(1)):
        rest = _RESTATED_VERB.sub("", value[named.end() :], count=1).strip(_CLOSING)
        rest = _without_what_the_question_said(rest, found.group(1))
        name = named.group(1).strip()
        if not rest or _COMPLEMENT_OF_DOING.match(rest):
            return name, f"{_agreeing(found.group(1), name)} {rest}".strip()
        if _SAID_OF_THEM.match(rest):  # "Greta, she waters them every Monday": a clause of its own
            return name, f"{_agreeing(found.group(1), name)}, {rest}"
    if _only_a_name(value):
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
    if not _is_about(question, author):
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
        rest = _before_first_person(_without_trailing_symbols(value[french.end() :]))
        return subject, f"{_third_person(french.group(1))}{rest}"
    reflexive = _I_REFLEXIVE.match(value)  # "je m'occupe des navettes" → "s'occupe des navettes"
    if reflexive is None:
        return None
    pronoun = "s'" if reflexive.group(1).endswith(("'", "’")) else "se "
    rest = _before_first_person(_without_trailing_symbols(value[reflexive.end() :]))
    return subject, f"{pronoun}{_third_person(reflexive.group(2))}{rest}"


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
# What may complete the doing in a fact: since or until when, for now, with whom.
_COMPLEMENT_OF_DOING = re.compile(
    r"(?:depuis|jusqu['’]?\s*(?:à|a|au|en)?|pour l['’]\s*instant|pour le moment|en ce moment|"
    r"cette (?:année|annee|semaine)|ce mois|avec|maintenant|désormais|desormais|since|until|for now|with|"
    r"this year|now)\b",
    re.IGNORECASE,
)


# A complement of doing inside or after a clause ("qui gère ça, depuis la rentrée").
_LATER_COMPLEMENT = re.compile(rf"[\s,]({_COMPLEMENT_OF_DOING.pattern})", re.IGNORECASE)

_WHO_IS = re.compile(r"^\s*who's\s*", re.IGNORECASE)


def topic_terms(question: AskedQuestion) -> set[str]:
    """The content terms of the question besides its subject (its facet words: "couleur", "bureau")."""
    subject = set(terms(question.subject or ""))
    return set(terms(question.text)) - subject


def _named_besides_the_asking(question: AskedQuestion) -> set[str]:
    """:func:`topic_terms` without the words that ask the facet ("prix", "coûte", "combien")."""
    return set(terms(" ".join(unasked_words(question.text)))) - set(terms(question.subject or ""))


def _answer(question: AskedQuestion, link: Link, text: str, language: Language) -> Answer:
    text = _sentence_answering(text, question, language)
    return Answer(question.goal_id, link, text, is_standalone(text, question, language))


def _each_sentence(text: str) -> list[str]:
    """``text``, then each of its sentences without the connective opening it: one in a borrowed
    language may come first ("Ich bin seit Mai 2021 hier 🙂 donc depuis mai 2021…" to "depuis quand
    Lukas bosse au bike park ?": probe conversation of a bike park)."""
    return [text, *(_DISCOURSE_OPENING.sub("", part) for part in _SENTENCE_BREAK.split(text))]


# A connective opening a sentence that goes on from the one before ("donc", "so", "bref").
_DISCOURSE_OPENING = re.compile(r"^\s*(?:donc|bref|enfin|du coup|so|anyway)\b[\s,]*", re.IGNORECASE)
# Sentence ends inside a reply (a full stop or an exclamation, then a capital); not the full stop
# of an initial or a title before a name ("c'est M. Guérin, de chez Qualiconsult": probe
# conversation of a building site, stored as "M").
_SENTENCE_BREAK = re.compile(
    rf"(?<=[.!]){NOT_AFTER_AN_ABBREVIATION}\s+(?=[A-ZÀ-Ý])|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F])\s+(?=\w)"
)


def _same_direction_asked(text: str, question: AskedQuestion) -> bool:
    """Asked when, the reply says the same direction in other words ("je reprends au bureau le 16
    juin" to "Pierrick rentre de congé quand ?": a beginning; readings.same_direction)."""
    return question.facet == "date" and same_direction(tokens(text), tokens(question.text))


def _sentence_answering(text: str, question: AskedQuestion, language: Language) -> str:
    """Of a reply of several sentences, the one that answers: it shares a word with the question
    and has the facet's shape ("Mon anniv c'est le 17 mars. Et mon dessert
    préféré c'est le tiramisu" to "c'est quand l'anniv de Baptiste ?" is "Mon anniv c'est le 17
    mars"). The whole reply when none or several do."""
    sentences = [part.strip() for part in _SENTENCE_BREAK.split(text.strip()) if part.strip()]
    if len(sentences) < 2:
        return text
    answering = [
        sentence
        for sentence in sentences
        if (set(terms(sentence)) & set(terms(question.text)) or _same_direction_asked(sentence, question))
        and fits_facet(sentence, question.facet, language)
    ]
    if not answering and question.facet in VALUE_FACETS:
        # none says the question's words again: the one sentence holding a value of the kind asked
        # ("je repars le 14 octobre, flight from CDG 🙂 gonna miss the jambon persillé" to "Mia
        # elle repart quand en Australie ?": probe conversation of a wine estate)
        answering = [sentence for sentence in sentences if fits_facet(sentence, question.facet, language)]
    return answering[0].rstrip(" .!") if len(answering) == 1 else text


def is_standalone(text: str, question: AskedQuestion, language: Language = "fr") -> bool:
    """Already a fact on its own: it names the subject, states something about it in the third
    person, and carries what was asked ("Corentin est dev chez lemlist"; "Le bureau de Lyon est
    rue X")."""
    if not question.subject or not _names(text, question.subject):
        return False
    folded = fold(text)
    cleft = _CLEFT.match(folded) is not None  # "c'est Loïc qui maintient Mirabelle"
    if _first_person_description(text, language) or (re.match(r"^(?:c'est|it's)\b", folded) and not cleft):
        return False
    topic = topic_terms(question)
    if _same_direction_asked(text, question):
        return True  # "Ismaël arrive le 2 septembre" to "quand commence Ismaël ?"
    return not topic or bool(topic & set(terms(text)))


# A cleft sentence puts the answer between "c'est" and "qui": a whole statement ("c'est Loïc qui
# maintient Mirabelle", "it's Loïc who maintains it").
_CLEFT = re.compile(r"^(?:c'est|c est|it's|it is)\s+(\S.*?)\s+(?:qui|who)\s+(\w+)")


def _without_trailing_symbols(text: str) -> str:
    """``text`` without the emoji and pictographs that close it ("Loïc 🙋"): they say how, not what;
    currency signs stay ("15 €")."""
    end = len(text)
    while end and (text[end - 1].isspace() or unicodedata.category(text[end - 1]) in _PICTOGRAPHS):
        end -= 1
    return text[:end] if end else text


# Unicode categories of emoji and their joiners and variation selectors (So: other symbols; Sk:
# modifier symbols such as skin tones; Cf: format, the zero-width joiner; Mn: the selectors).
_PICTOGRAPHS = frozenset({"So", "Sk", "Cf", "Mn"})


def _within(posted_at: datetime, asked_at: datetime | None, window: timedelta) -> bool:
    return asked_at is not None and timedelta(0) <= posted_at - asked_at <= window


def _is_about(question: AskedQuestion, author: str) -> bool:
    """The author is the question's subject, or whom it belongs to ("anniversaire de Manon"), or
    the question names them ("Quel âge a Ilan ?", whatever subject was read from it)."""
    if not author.strip():
        return False
    subject = question.subject or ""
    if name_key(subject) == name_key(author) or _names(subject, author) or _names(question.text, author):
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
_TIME_ADVERBIAL = (
    r"\s+(?:(?:de|du|d['’])\s*(?:la\s+|l['’]|ce\s+|cette\s+)?|le\s+|la\s+|l['’]|ce\s+|cette\s+)(?:week-end|weekend|"
    + "|".join(name for names in (*MONTHS, *WEEKDAYS) for name in names if len(name) > 3)
    + r"|demain|semaine|mois|soir|matin|midi|nuit)"
)
# … closing a subject, which is named without it ("clé du zodiac le soir": probe conversation of a
# sailing club, "La clé du zodiac est accrochée dans le local moteur…" did not name it)
_TIME_COMPLEMENT = re.compile(_TIME_ADVERBIAL + "$", re.IGNORECASE)
# A preposition opening a span of time after a noun ("décor entre deux représentations", "salle
# après le spectacle"): closed classes of both languages.
_TIME_SPAN = re.compile(
    r"\s(?:entre deux|après|avant|pendant|durant|between|after|before|during)\s", re.IGNORECASE
)
# The preposition and articles joining a noun to its complement ("sponsoring de la météo").
_NOUN_LINKS = folded_words("de du des d la le les l")
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


def _names(text: str, subject: str) -> bool:
    return _named_form(text, subject) is not None


def _named_form(text: str, subject: str) -> str | None:
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
    if len(words) < 2 or not all(word[:1].isupper() for word in words):
        return None
    own = [word for word in words if not in_dictionary(fold(word))]
    if len(own) == 1 and len(own[0]) >= 4 and len(own) < len(words) and name_spans(text, own[0]):
        return own[0]
    return None


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


# "le mien c'est le bleu", "mine is blue": a closed class, standing for what was asked.
_POSSESSIVE_PRONOUNS = folded_words(
    "mien mienne miens miennes tien tienne tiens tiennes sien sienne siens siennes notre votre leur "
    "leurs mine yours his hers ours theirs"
)


# Naming oneself as the person asked for: "moi", "c'est moi", "moi 🙋", "c'est moi qui m'en
# occupe", "me", "it's me" (first-person stressed pronouns, a closed class).
# The pronoun alone or before "qui" ("moi, je pense que…" is a topic, not an answer).
_ONESELF = re.compile(
    r"^(?:(?:c'est|c est|it's|it is|that's|that is)\s+)?(?:moi|me)(?![\w'])(?=\s+qui\b|\s+who\b|[^\w]*$|"
    # the speaker named with whom, since when or where ("c'est moi, avec Lina", "c'est moi depuis
    # mars", "moi, au secrétariat": probe conversation of a town hall, stored as "… : moi")
    r"\s*,?\s*(?:avec|depuis|with|since|au|aux|a|en|at|in)\b|"
    # … or telling what they did, in the first person ("c'est moi, j'ai déposé la demande à la mairie
    # lundi": probe conversation of a removal company, read as not knowing)
    r"\s*,\s*(?:j['’]|je\s|i\s|i['’]))"
)


# "c'est moi le CTO 👋", "it's me, the new designer": the speaker names themself as what follows.
_ONESELF_AS = re.compile(r"^(?:c'est|c est|it's|it is)\s+(?:moi|me)\s*,?\s+((?:le|la|l'|les|the)\s*\w.*)$")


def _naming_oneself(text: str, author: str) -> str | None:
    """``text`` with the speaker's name for the pronoun when it names the speaker as the answer
    ("c'est moi" from Sixtine → "c'est Sixtine"; "c'est moi le CTO" from Ambroise → "le CTO c'est
    Ambroise"), else None."""
    folded, index = fold_with_map(text)
    found = _ONESELF.match(folded)
    if not author.strip():
        return None
    named_as = _ONESELF_AS.match(folded)
    if found is None and named_as is not None:
        what = _without_trailing_symbols(text[index[named_as.start(1)] :]).strip(_CLOSING)
        return f"{what} c'est {author.strip()}"
    if found is None:
        return None
    start = found.end() - (2 if folded[found.end() - 2 : found.end()] == "me" else 3)
    end = index[found.end()] if found.end() < len(index) else len(text)
    return (text[: index[start]] + author.strip() + _in_third_person(text[end:])).strip()


# "qui" and the verb after "c'est moi", with a reflexive "me" ("c'est moi qui m'en occupe").
_WHO_VERB = re.compile(
    r"^(\s+qui\s+)(?:(m['’]|me\s+)(en\s+|y\s+)?|(l['’]|le\s+|la\s+|les\s+|lui\s+|leur\s+|y\s+|en\s+))?"
    r"([^\W\d_]+)",
    re.IGNORECASE,
)
_FIRST_PERSON_IRREGULAR = {"ai": "a", "suis": "est", "vais": "va"}


def _in_third_person(rest: str) -> str:
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
        who + (reflexive or "") + (clitic or "") + (pronoun or "") + _third_person(verb) + rest[found.end() :]
    )


# "c'est moi qui" after a first clause ("Kiwano c'est notre outil, c'est moi qui l'ai monté").
_ME_WHO = re.compile(r"(?<![\w'’])(c['’]est\s+)moi(?=\s+qui\b)", re.IGNORECASE)


def with_the_speaker_named(text: str, author: str) -> str:
    """``text`` with the speaker's name for "moi" in a cleft after its first clause ("…, c'est moi
    qui l'ai monté l'an dernier" from Elouan → "…, c'est Elouan qui l'a monté l'an dernier"): a
    fact quoted later says who, not "moi"."""
    found = _ME_WHO.search(text)
    if found is None or found.start() == 0 or not author.strip():
        return text
    return text[: found.end(1)] + author.strip() + _in_third_person(text[found.end() :])


def _third_person(verb: str) -> str:
    """A French verb of the first person singular in the third ("maintiens" → "maintient", "ai" →
    "a", "étais" → "était"; see :func:`_in_third_person`)."""
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


def _asks_who(question: AskedQuestion) -> bool:
    return bool(set(tokens(question.text)) & WHO_WORDS)


# Facets whose answer may describe a person or a thing in any words, a place or an employer among
# them ("c'est Paul, il bosse chez nous depuis mars" to "qui gère Hérisson ?"): a stated facet says
# nothing against them.
_DESCRIBED_ANYHOW = frozenset({None, "identity", "definition", "other", "agent", "participant"})


# The facets a proper name alone answers: who, whom, where, for whom one works, what it is called.
_NAMES_ANSWER = frozenset({"identity", "agent", "participant", "place", "origin", "employer", "name"})


# A phone number (French or international) and an e-mail address: values that say their channel.
_PHONE_NUMBER = re.compile(r"(?<![\w+])(?:\+\d{2}\s?|0)[1-9](?:[\s.-]?\d{2}){4}(?!\d)")
_EMAIL_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CHAT_HANDLE = re.compile(r"(?<![\w.])@[\w][\w.-]*\w")
_CHANNEL_VALUES = {
    "channel:phone": _PHONE_NUMBER,
    "channel:mail": _EMAIL_ADDRESS,
    "channel:handle": _CHAT_HANDLE,
}


# The prepositions before a place named as where one is, as where one comes from, and before the
# organisation one works for.
_LOCATIVE = {
    "place": r"à|a|au|aux|en|dans|in|at|near",
    "origin": r"de|d'|d’|du|from",
    "employer": r"chez|pour|at|for",  # "chez Alan" to "chez qui bosse Anatole ?"
}
_CLAUSE_END = re.compile(r"[,;:.!?(—–-]\s")


def _first_clause(text: str) -> str:
    """What ``text`` says before its first clause break ("à Lorient" of "à Lorient, près du port")."""
    return _CLAUSE_END.split(_without_trailing_symbols(text).strip(), maxsplit=1)[0].strip(_CLOSING)


# A preposition before the word asking ("sur quel projet", "avec qui", "on what"): what it asks
# is what the preposition governs in a reply.
_ASKED_AFTER_PREPOSITION = re.compile(
    r"\b(sur|avec|pour|dans|on|with|for|in)\s+(?:quel|quelle|quels|quelles|quoi|qui|what|which|who|whom)\b"
)
_PRONOUNS_GOVERNED = folded_words(
    "ca cela moi toi lui elle eux elles nous vous it them me him her us mon ma mes my"
)


def _asked_preposition(folded: str, question: AskedQuestion) -> re.Match[str] | None:
    """In a folded reply opening in the first person, not negated, the preposition the question
    asks after and the word it governs (group 2 and 3): "je suis à fond sur la migration de
    Pingouin" to "Léo il bosse sur quel projet ?"; not "je suis sur ça", "je suis sur mon tel",
    "je suis pas sur un projet"."""
    asked = _ASKED_AFTER_PREPOSITION.search(fold(question.text))
    if asked is None:
        return None
    found = re.match(rf"(?:moi,? )?(?:je|j'|i)\b([^,;.!?]*?)\b({asked.group(1)})\s+([^\W\d_]+)", folded)
    if found is None or found.group(3) in _PRONOUNS_GOVERNED:
        return None
    # "je suis plus sur Pingouin": no longer (chat drops the "ne")
    return None if _NEGATION.search(found.group(1) + " ") or "plus" in found.group(1).split() else found


def _names_no_origin(text: str, question: AskedQuestion) -> bool:
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


def _measured_with_the_asked_verb(text: str, question: AskedQuestion) -> bool:
    """The reply's first clause opens with "je" and the question's own verb, and gives a number
    ("je fais du 38, mais plutôt 39 en bottines" from Samia to "quelle taille de chaussures fait
    Samia ?": probe conversation of a theatre company): a measure of the speaker asked with that
    verb. Without a number right after the verb ("je fais du théâtre depuis 10 ans") it tells
    something else."""
    after = _after_the_asked_verb(text, question)
    return after is not None and _MEASURE.match(fold(after)) is not None


def _after_the_asked_verb(text: str, question: AskedQuestion) -> str | None:
    """What the reply's first clause says after "je" and the question's own verb (by lemma), as
    written; None when it opens otherwise."""
    clause = _first_clause(_without_trailing_symbols(text).strip())
    folded, index = fold_with_map(clause)
    opening = _FIRST_PERSON_VERB["fr"].match(folded) or _FIRST_PERSON_VERB["en"].match(folded)
    if opening is None:
        return None
    asked_verbs = {lemma(word) for word in tokens(question.text) if is_verb_form(word)}
    return clause[index[opening.end()] :] if lemma(opening.group(1)) in asked_verbs else None


def _names_with_the_asked_verb(text: str, question: AskedQuestion) -> bool:
    """Asked which thing ("quel diplôme", "which licence"), the reply's first clause opens with "je"
    and the question's own verb, then a thing written with capitals ("J'ai le BPJEPS voile, option
    multicoques" from Anke to "Anke elle a quel diplôme de monitrice ?": probe conversation of a
    sailing club): the named thing asked. "j'ai une réunion" names nothing."""
    if not set(tokens(question.text)) & _WHICH_WORDS:
        return False
    after = _after_the_asked_verb(text, question)
    named = _NAMED_OBJECT.match(after) if after is not None else None
    return named is not None and sum(char.isupper() for char in named.group(1)) >= 2


_WHICH_WORDS = folded_words("quel quelle quels quelles which what")
# The verb's object: a determiner maybe, then a word opening with a capital or a digit.
_NAMED_OBJECT = re.compile(r"(?:(?:le|la|les|l'|un|une|du|des|mon|ma|mes|the|a|an|my)\s*)?([A-Z0-9][\w-]*)")


# A number right after the verb, as its object ("du 38", "1m80", "environ 70 kg").
_MEASURE = re.compile(r"(?:(?:du|de|d|le|la|les|l|un|une|environ|about|around)\s+)?\d")


def _fills_the_asked_preposition(text: str, question: AskedQuestion) -> bool:
    return _asked_preposition(fold(_without_trailing_symbols(text).strip()), question) is not None


def said_with_the_asked_preposition(question: AskedQuestion, value: str) -> tuple[str, str] | None:
    """The subject and what the question's verb says of them, when ``value`` is the phrase the
    question asks after its preposition ("Léo" and "bosse sur la migration de Pingouin" from "Léo
    il bosse sur quel projet ?" and "sur la migration de Pingouin"): a fact then reads as a
    statement. None when the question puts no verb of its subject before the preposition."""
    asked = _ASKED_AFTER_PREPOSITION.search(fold(question.text))
    subject = (question.subject or "").strip()
    if asked is None or not subject[:1].isupper() or not fold(value).startswith(asked.group(1) + " "):
        return None
    words = words_as_written(question.text)
    at = next((i for i, (folded, _) in enumerate(words) if folded == asked.group(1)), 0)
    verb = words[at - 1][1] if at > 0 else ""
    if not verb.islower() or fold(verb) in FUNCTION_WORDS or fold(verb) in WHO_WORDS:
        return None
    return subject, f"{verb} {value}"


def _names_a_place(text: str, question: AskedQuestion) -> bool:
    """The reply's first clause is a preposition of the question's kind and a place's name and
    nothing else ("à Lorient, près du port", "in Leeds", "d'Angers"; for an employer, "chez Alan"),
    after "je" and the question's
    own verb ("je pars en Islande" to "où part Joachim ?") or, for an origin, "je suis" ("je suis
    de Brest"). Asked where someone is based, "je suis" / "I'm" open it too ("I'm in Bristol, near
    the harbour" to "where is Olivia based?") unless the reply says for how long ("je suis à Lyon
    cette semaine": a stay); being somewhere is not living there ("je suis à Nantes" to "où habite
    Gwendal ?")."""
    preposition = _LOCATIVE.get(question.facet or "")
    if preposition is None:
        return False
    clause = _first_clause(text)
    folded, index = fold_with_map(clause)
    staying = _I_AM.match(folded) if _asks_base(question) else None
    if staying is not None:
        words = tokens(text)
        if present_frame(words) or set(words) & _FOR_A_TIME:
            return False
        clause = clause[index[staying.end()] :]
    # "moi" may stress the subject first ("moi je suis de Logroño": probe conversation of a wine
    # estate, not taken from the very person asked about)
    opening = re.match(r"(?:moi\s*,?\s*)?(?:je|j['’]|i)\s*([^\W\d_]+)\s+", clause, re.IGNORECASE)
    if opening is not None:
        verb = fold(opening.group(1))
        asked = [word for word in tokens(question.text) if word not in FUNCTION_WORDS]
        if any(words_match(verb, word, False) for word in asked) or (
            question.facet == "origin" and verb in _I_AM_FROM
        ):
            clause = clause[opening.end() :]
    borrowed = _BORROWED_I_AM_FROM.match(clause) if question.facet == "origin" else None
    if borrowed is not None:
        # "Sono di Bergamo !", "soy de Logroño", "ich bin aus Freiburg": the languages a team
        # borrows say where one comes from too (probe conversation of a print shop: Giulia's answer
        # was not taken)
        clause = clause[borrowed.end() :]
        preposition = rf"{preposition}|di|aus|uit|van"
    found = re.match(rf"(?:{preposition})(?:\s+|(?<=['’]))(.+)$", clause, re.IGNORECASE)
    return found is not None and _only_a_name(found.group(1))


# "I am" in the languages a team borrows, before where one comes from (closed class).
_BORROWED_I_AM_FROM = re.compile(
    # … Catalan and Portuguese too ("Sóc de Berga !": probe conversation of a mountain hut)
    r"(?:sono|soy|sóc|soc|sou|ich bin|ik ben|ik kom)\s+(?=(?:di|de|aus|uit|van)\s)",
    re.IGNORECASE,
)


def _after_greeting(text: str) -> str:
    """``text`` without the greetings opening it ("bonjour, je suis…" → "je suis…")."""
    opened = _OPENING.match(fold(text))
    return text[opened.end() :] if opened else text


def _asks_base(question: AskedQuestion) -> bool:
    """The question asks where someone or something is based ("où est basée Inès ?", "where is
    Olivia based?"), which saying where one is answers."""
    return question.facet == "place" and bool(set(tokens(question.text)) & _BASED)


_BASED = folded_words("base basee bases basees based")
# Words that make where one is a stay: a time, a trip ("aujourd'hui", "en ce moment", "until Friday").
_FOR_A_TIME = folded_words(
    """aujourd hui demain soir moment actuellement jusqu jusque vacances conge deplacement
    today tonight tomorrow now currently until till holiday holidays vacation trip"""
)


# "je suis de Brest", "I'm from Leeds": the copula before where one comes from.
_I_AM_FROM = folded_words("suis am m")


# An age said alone: a number, and its unit or none.
_AGE_ALONE = re.compile(rf"\d{{1,3}}(?:\s*(?:{_AGE_UNITS})(?: old)?)?")
# The words a value stands among: determiners and the prepositions of time and measure (a pronoun,
# a copula or a verb makes it a sentence; "on" is the French pronoun too).
_VALUE_FRAME = DETERMINERS | folded_words(
    "de d a à en par pour vers des jusqu in at by per for from to of until"
)


def _only_a_value(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply's first clause is a value of the shape asked, with at most one word besides
    function words, numbers and calendar words (a unit or a qualifier): "le 3 mars", "lundi
    prochain !", "3000 euros par mois". A fragment: a sentence, a question or a second word says
    something else ("on se voit le 3 ?", "le 3 mars c'est mon anniv")."""
    if question.facet not in VALUE_FACETS or is_question(text):
        return False
    # "c'est" before the value presents it ("moi c'est le jeudi, toute la journée" to "Lucas il a cours
    # au CFA quel jour ?" from Lucas: probe conversation of a cheese shop)
    clause = _first_clause(text)
    presented = _PRESENTED.sub("", clause, count=1)
    if presented != clause and not _of_a_value((tokens(presented) or [""])[0]):
        return False  # "c'est nul le jeudi" judges; the value comes right after "c'est"
    return _is_a_value(presented, question.facet, language)


def _is_a_value(clause: str, facet: str, language: Language) -> bool:
    """``clause`` is a value of ``facet``'s shape and nothing else (see :func:`_only_a_value`)."""
    if facet == "age":  # "34", "34 ans", not "14h30" nor "2 chats"
        return _AGE_ALONE.fullmatch(fold(clause)) is not None
    if not fits_facet(clause, facet, language):
        return False
    others = [word for word in tokens(clause) if not _of_a_value(word) and word not in _LIKELY]
    return len(others) <= 1


def _of_a_value(word: str) -> bool:
    """A folded word that belongs to a value: a determiner or preposition framing it, a number, a
    number or a date written out."""
    return word in _VALUE_FRAME or word[:1].isdigit() or _NUMBER_OR_DATE_WORD.fullmatch(word) is not None


_PRESENTED = re.compile(
    r"^\s*(?:(?:moi|me),?\s+)?(?:c['’]est|c est|it['’]s|it is)\s+(?!(?:pas|plus|not|no)\b)", re.IGNORECASE
)
# A folded word of a number or a date in either language, singular or plural.
_NUMBER_OR_DATE_WORD = re.compile(
    rf"(?:{_NUMBER_WORDS['fr']}|{_NUMBER_WORDS['en']}|{_DATE_WORDS['fr']}|{_DATE_WORDS['en']})s?"
)
_DATE_WORD = re.compile(rf"(?:{_DATE_WORDS['fr']}|{_DATE_WORDS['en']})s?")


# "It's time for" ("c'est l'heure du café", "it's time for lunch"): the moment, not the subject.
_TIME_FOR = re.compile(r"^(?:c'est|c est|it's|it is) (?:l'heure|l heure|time)\b")
_TEMPORAL_FACETS = frozenset({"date", "hours"})


def _asks_first(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply opens with a question of its own, one that does not only echo what was asked
    ("tuesday maybe? they usually come on a tuesday", "Romuald ? il passe le jeudi"): a guess put to
    the room to confirm, not an answer. Echoing the question leads into the answer ("le code wifi ?
    c'est granit2024")."""
    first = sentence_around(text, 0, 0)
    if first == text or not is_question(first, language):
        return False
    asked = set(tokens(question.text))
    return any(word not in asked and word not in FUNCTION_WORDS for word in tokens(first))


def _acknowledges(text: str, question: AskedQuestion) -> bool:
    """To a question asking what or who something is, "c'est" and one common word, no
    article ("c'est noté", "c'est parti", "c'est clair"): an acknowledgement, not a description."""
    if question.facet not in ("definition", "identity"):
        return False
    opened = _OPENING_COPULA.match(text.strip())
    rest = tokens(text.strip()[opened.end() :]) if opened else []
    return len(rest) == 1 and frequency(rest[0]) >= _COMMON_ZIPF and rest[0] not in DETERMINERS


# Zipf frequency of a common word (more than about 30 in a million words of French or English:
# "noté", "parti", "clair"; a tool written in lowercase is rarer: "jenkins" 3.8, "notion" 4.5).
_COMMON_ZIPF = 4.5


def _speaks_of_the_day(text: str, question: AskedQuestion) -> bool:
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


def _names_who_does_another_thing(text: str, question: AskedQuestion) -> bool:
    """A cleft naming who does something the question does not ask ("c'est Hugo qui la remplace
    jusqu'en mars" to "c'est quoi le mot de passe du wifi ?"): it answers who does that. A question
    asking who, one with the cleft's verb ("qu'est-ce qui ralentit la CI ?" / "c'est le cache qui
    ralentit la CI") or a cause ("pourquoi…" / "c'est le certificat qui a expiré") may be answered
    so."""
    if question.facet == "reason":
        return False
    cleft = _CLEFT.match(fold(text))
    if cleft is None:
        return False
    words = tokens(question.text)
    verb = cleft.group(2)
    if verb in _CLITICS_AND_AUXILIARIES | _COPULA_WORDS:  # "qui l'a créé", "qui a créé": read on
        later = tokens(fold(text)[cleft.end(2) :])
        verb = next((word for word in later if word not in _CLITICS_AND_AUXILIARIES), verb)
    if _said_again(verb, words):
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
    complement = _LATER_COMPLEMENT.search(" " + doing)
    doing = doing[: complement.start()] if complement else doing
    return any(
        word not in STOPWORDS and not _said_again(word, words) for word in tokens(doing) if word != verb
    )  # tokens: "c'est Clara qui s'en occupe" leaves "'en" after the clitic read as the verb


def _said_again(word: str, asked: list[str]) -> bool:
    """The folded ``word`` is one of the folded words ``asked``, by its lemma, or by its stem
    against a content word."""
    return lemma(word) in {lemma(other) for other in asked} or any(
        words_match(word, other, False) for other in asked if other not in FUNCTION_WORDS
    )


def _only_another_value(text: str, question: AskedQuestion, language: Language) -> bool:
    """The question asks who, and the reply is only a date or a time, a price or a number ("le 14
    janvier" to "qui a les clés de la réserve ?"), or tells what a thing does: it answers some other
    question. A thing doing something does not tell a person's role, employer, origin or taste
    either ("it ships on the 20th" to "what's Ferdinand's role?")."""
    if is_question(text):
        return False
    thing_doing = _A_THING_DOING.match(fold(text.strip())) is not None
    if thing_doing and question.facet in _OF_A_PERSON:
        return True
    if _asks_what_is_done(question) and _is_a_value(_value_after_copula(text), "date", language):
        return True  # "le mardi matin" to "Inès elle étudie quoi ?": when, not what
    if _only_a_phone_number(text) and question.facet not in _ASKED_PEOPLE | {"contact"}:
        # "Eko, le 05 61 42 17 80" to "quel organisme gère le tiers payant de la MGEN ?": a number
        # to call, no organisation (probe conversation of a pharmacy; the hotline's number was
        # asked too, but before the window of open questions)
        return True
    if question.facet not in _ASKED_PEOPLE or not _asks_who(question):
        return False
    if thing_doing:
        return True  # "it kicks off on January 12th", "ça commence lundi": a thing does something
    value = _value_after_copula(text)
    if _names_someone(value):
        return False  # "c'est Jan cette semaine": a name and when, not only when
    return any(_is_a_value(value, facet, language) for facet in ("date", "price", "quantity"))


def _names_someone(clause: str) -> bool:
    """A capitalised word of ``clause`` is a name: neither a date word ("Lundi prochain") nor a
    function word (probe conversation of a food bank: "c'est Jan cette semaine-ci" was read as a
    date, "Jan" as January's abbreviation and "cette semaine" as a week)."""
    return any(
        word[:1].isupper() and fold(word) not in FUNCTION_WORDS and not _DATE_WORD.fullmatch(fold(word))
        for word in LETTERS.findall(clause)
    )


# Letters with digits after them, one word: a code or a password ("LilleCowork59", "T7351"), no
# value of a shape ("14h", "1er", "2pm" put the digits first). The replay of a coworking space's
# probe conversation stored "LilleCowork59" as the date of the monthly invoice.
_A_CODE = re.compile(r"(?<![\w])[^\W\d_]+\d")


def _only_a_phone_number(text: str) -> bool:
    """The reply is a phone number and, at most, its article ("le 05 61 42 17 80")."""
    found = _PHONE_NUMBER.search(text)
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
        word == "quoi" and i > 0 and fold(words[i - 1]) not in _COPULA_WORDS and is_verb_form(words[i - 1])
        for i, word in enumerate(words)
    )


def _value_after_copula(text: str) -> str:
    """The reply's first clause without the copula opening it ("c'est vendredi" → "vendredi")."""
    return _first_clause(_OPENING_COPULA.sub("", text.strip(), count=1))


# A reply opening with a pronoun of things and a verb other than a copula ("it kicks off…", "ça
# commence lundi", "ça a été reporté"): it tells what a thing does, not who. "it's Greta", "c'est
# Léa", "ça doit être Léa" name someone.
_A_THING_DOING = re.compile(
    r"^(?:it|ca|cela)\s+(?!(?:is|was|s|est|etait|sera|doit|devrait|must|should|might|could|would)\b)"
    r"[^\W\d_]+"
)


_ASKED_PEOPLE = frozenset({"agent", "identity", "participant"})
# Facets asked of a person only: what they do, who employs them, where they come from, what they
# like best.
_OF_A_PERSON = frozenset({"role", "employer", "origin", "preference"})
_OPENING_COPULA = re.compile(r"^(?:c['’]\s*est|c est|it['’]s|it is|that['’]s|that is)\s+", re.IGNORECASE)


# Adverbs of likelihood a value may come with ("lundi prochain normalement", "le 3 a priori"):
# they qualify how sure the speaker is, not what the value is.
_LIKELY = folded_words(
    "normalement probablement surement theoriquement priori principe doute "
    "normally probably presumably likely"
)


# What makes a clause a sentence rather than a noun phrase: subject pronouns, copulas and auxiliaries
# ("a" too: "le code a changé"; "à la crème" is lost with it, precision first).
_CLAUSE_WORDS = folded_words(
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
_I_LIKE = re.compile(
    r"^(?:j['’]\s*(?:adore|aime)(?:\s+(?:bien|beaucoup|trop))?|je\s+(?:kiffe|adore)|je\s+suis\s+fan\s+(?:de|d['’])|"
    r"i\s+(?:really\s+)?(?:love|like|adore|enjoy)|i['’]m\s+(?:really\s+)?into)(?:\s+|(?<=['’]))",
    re.IGNORECASE,
)


def _favourite_named(text: str) -> str:
    """``text`` without what opens the speaker's own favourite (see ``_MY_FAVOURITE_IS``) or says
    they like it (``_I_LIKE``)."""
    text = text.strip()
    return _I_LIKE.sub("", _MY_FAVOURITE_IS.sub("", text, count=1), count=1)


def _names_a_favourite(text: str) -> bool:
    """The reply names a favourite alone: a noun phrase (see :func:`_only_a_noun_phrase`), or after
    a verb of liking, its object even with no article ("I love pierogi, my gran's recipe")."""
    named = _favourite_named(text)
    if _only_a_noun_phrase(named):
        return True
    clause = tokens(_first_clause(named))
    liked = _I_LIKE.match(text.strip()) is not None
    return (
        liked
        and not is_question(text)
        and 0 < len(clause) <= _TITLE_WORDS
        and not set(clause) & _CLAUSE_WORDS
    )


def _only_a_noun_phrase(text: str, titles: bool = False) -> bool:
    """The reply's first clause is a noun phrase and nothing else: it opens with a determiner and
    has no pronoun, copula or auxiliary ("les lasagnes de ma grand-mère, sans hésiter", "le
    gratin dauphinois"; not "les slides sont prêtes", not a question). With ``titles``, a title or
    a name named alone before a comment is one too ("Dune, sans hésiter", "Interstellar, je l'ai vu
    six fois": what a favourite is)."""
    if is_question(text):
        return False
    clause = _first_clause(text)
    words = tokens(clause)
    if set(words) & _CLAUSE_WORDS or not words or words[:2] == ["that", "s"]:
        return False  # "that's Greta": a pronoun and a copula, not the determiner "that"
    if titles and clause[:1].isupper() and len(words) <= _TITLE_WORDS and len(clause) < len(text.strip()):
        return True
    return len(words) >= 2 and words[0] in DETERMINERS


# A title or a name as a favourite: a few words ("Le Seigneur des anneaux", "Interstellar").
_TITLE_WORDS = 5


def _gives_asked_channel(text: str, question: AskedQuestion) -> bool:
    """The reply holds a value of the channel a contact question asks (a phone number for "le numéro
    de Paulin", an address for "le mail de Paulin"), never of the other one."""
    return _asked_channel_value(text, question) is not None


def _asked_channel_value(text: str, question: AskedQuestion) -> str | None:
    if question.facet != "contact":
        return None
    asked = {CONTACT_CHANNELS[word] for word in tokens(question.text) if word in CONTACT_CHANNELS}
    asked &= set(_CHANNEL_VALUES)
    pattern = _CHANNEL_VALUES[asked.pop()] if len(asked) == 1 else None
    if pattern is _PHONE_NUMBER and set(tokens(question.text)) & _EXTENSION:
        pattern = _EXTENSION_NUMBER  # "mon poste c'est le 2417" to "what's Karim's phone extension?"
    found = pattern.search(text) if pattern is not None else None
    return None if found is None else found.group(0)


# An internal line is asked by its extension ("numéro de poste", "phone extension"): a few digits
# alone answer it, which a full phone number's pattern does not take (probe conversation of a
# machining shop).
_EXTENSION = folded_words("poste extension ext")
_EXTENSION_NUMBER = re.compile(rf"{_PHONE_NUMBER.pattern}|(?<![\w+.,])\d{{2,5}}(?![\w.,]?\d)")


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
    if gives_a_date_not_a_place(question.facet or "", text):
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
    return bool(stated) and question.facet not in stated


_WHERE = re.compile(r"(?<![\w'’])(?:où|where)(?![\w'’])", re.IGNORECASE)
# A reply opening with a copula and an indefinite article says what a thing is (not "un peu", "a bit").
_DEFINES = re.compile(
    r"^(?:c'est|cest|c est|ce sont|it's|it is|its|that's) (?:un|une|des|a|an)\b(?! (?:peu|bit|little)\b)"
)


def _replied_with_a_reason(said: Said, question: AskedQuestion) -> bool:
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
        and not _same_direction_asked(text, question)
    ):
        return True  # (a second clause may say what holds now: "…plus à Lyon, il est à Paris")
    # what someone wants, in the clause that answers: a later clause may tell what others want
    # ("it's due tuesday the 12th, Bluefen want it before their meeting")
    if wishes(_first_clause(text)) and not wishes(question.text):
        return True
    # what is to come may be the date, number or price asked; an age to come is not the age now
    comes = question.facet in VALUE_FACETS - {"age"}
    return not comes and near_future(text) and not near_future(question.text)


def _goes_on(text: str) -> bool:
    """``text`` has a second clause ("…, il est à Paris", "… mais maintenant à Paris")."""
    return len(_CLAUSE_END.split(_without_trailing_symbols(text).strip())) > 1 or bool(
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


def _about_something_else(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply opens with what it speaks of, then a copula, and that is nothing the question
    names ("le séminaire c'est du 12 au 14 juin" to "Quentin bosse où ?"): a statement about
    another thing. A fragment ("c'est le bleu", "ben c'est le bleu") opens with no content word."""
    # in the first sentence, where the answer is ("21st of November. 5pm our time is the cutoff")
    text = sentence_around(text, 0, 1)
    found = re.search(rf"(?<![\w']){_COPULA[language]}\s", fold(text))
    if found is None:
        return _opens_with_another_subject(text, question)
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
    if (
        (question.facet or "") in _SHAPES
        and any(char.isdigit() for char in opening)
        and fits_facet(opening, question.facet, language)
    ):
        return False  # the value asked opens it ("le 30 septembre, c'est écrit dans le PV de réception")
    # what follows the copula says what was asked of the subject: the name before it is the answer
    # ("Paul est le responsable du bureau de Nantes" to "c'est qui le responsable du bureau de Nantes ?")
    return not _asked_terms(question) & set(terms(text[found.end() :]))


def _opens_with_another_subject(text: str, question: AskedQuestion) -> bool:
    """The reply opens with a noun phrase and its verb, and the noun phrase is nothing the question
    names ("le bureau de Lyon ferme à 18h" to "où habite Quentin ?"): a statement about another
    thing, as :func:`_about_something_else` reads one before a copula. The verb is in the first
    clause ("la refonte du back-office, lancée en mai" is a noun phrase and its apposition) unless a
    pronoun takes the noun phrase up after the break ("le bureau de Lyon, il ferme à 18h")."""
    clause = _first_clause(text)
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


# How sure the speaker is: a verb of believing in the first person, French and English.
_BELIEVING_FR = r"je crois|je pense|j['’]imagine|je suppose|il me semble"
_BELIEVING_EN = r"i think|i guess|i believe|i suppose"
# … said after the answer ("les lasagnes je crois", "à Lyon il me semble").
_CLOSING_HEDGE = re.compile(
    rf"[\s,]*(?:{_BELIEVING_FR}|me semble-t-il|de mémoire|si je me souviens bien|si je dis pas de bêtise|"
    rf"{_BELIEVING_EN}|if i remember)[\s!.…]*$",
    re.IGNORECASE,
)
# … or before it, with its conjunction ("je crois que c'est jeudi", "I think it's Paul").
_OPENING_HEDGE = re.compile(
    rf"^(?:{_BELIEVING_FR})\s+(?:que\s+|qu['’]\s*)|^(?:{_BELIEVING_EN})\s+(?:that\s+)?", re.IGNORECASE
)
_SUBJECT_PRONOUNS = folded_words("il elle ils elles on ca it they he she")


def _is_verb(word: str) -> bool:
    return is_finite_verb(word) or is_verb_form(word)


def _relates(text: str, question: AskedQuestion, language: Language, besides: str | None = None) -> bool:
    """The reply carries a content word of the question besides ``besides`` (its subject, unless
    told another person: its author, when the author is whom the subject belongs to). When the
    question qualifies what it asks ("la couleur préférée", "le film préféré"), the qualifier must
    be there: sharing only the words that ask the facet ("préférée") is saying the same kind of
    thing about something else ("ma voiture préférée c'est la Clio")."""
    asked = _asked_terms(question, besides)
    if asked & set(terms(_with_unit_names(text))):
        return True
    if _derives_one_of(text, question.text, asked):
        return True  # "La fermeture du refuge c'est le 28 septembre" to "le refuge ferme quand ?"
    # … or its translation, the team writing both languages ("Mon légume préféré c'est le
    # chou-fleur" to "what's Gwenaëlle's favourite vegetable?": probe conversation of a farm co-op)
    return _translates_one_of(text, question.text, asked)


# Symbols of units of measure and the words that name them (the SI's and chat's closed set): "60W"
# says the watts asked ("il fait combien de watts le laser ?": probe conversation of a fablab),
# "per kg" the kilo ("combien coûte la Cuvée Gentiane au kilo ?": fifth answers set, dev half).
_UNIT_NAMES = {
    "kg": "kilo",
    "km": "kilometre",
    "w": "watts",
    "kw": "kilowatts",
    "l": "litre",
    "cl": "centilitre",
    "ml": "millilitre",
    "g": "gramme",
    "m": "metre",
    "cm": "centimetre",
    "mm": "millimetre",
}
_UNIT_SYMBOL = re.compile(
    r"(?<=\d)\s?(kg|km|kw|w|l|cl|ml|g|m|cm|mm)\b"
    # a symbol of two letters also after what a price is counted by ("per kg", "le kg", "/kg")
    r"|(?:(?<=\bper )|(?<=\bpar )|(?<=\ble )|(?<=\bau )|(?<=/))\s?(kg|km|kw|cl|ml|cm|mm)\b",
    re.IGNORECASE,
)


def _with_unit_names(text: str) -> str:
    """``text`` with its unit symbols written as words ("60W" → "60 watts", "per kg" → "per kilo")."""
    return _UNIT_SYMBOL.sub(lambda found: " " + _UNIT_NAMES[(found.group(1) or found.group(2)).lower()], text)


def _derives_one_of(text: str, asked: str, asked_terms: set[str]) -> bool:
    """A word of ``text`` is derived from a word of ``asked`` whose term is one of ``asked_terms``,
    the asked word of five letters or more whole at its start: a noun of the asked verb
    ("fermeture" of "ferme", "ouverture" of "ouvre" does not: probe conversation of a mountain
    hut)."""
    asked_words = {word for word in tokens(asked) if len(word) >= 5 and set(terms(word)) & asked_terms}
    told = {word for word in tokens(text) if word not in FUNCTION_WORDS}
    return any(b.startswith(a) and b != a for a in asked_words for b in told)


def _translates_one_of(text: str, asked: str, asked_terms: set[str]) -> bool:
    """A word of ``text`` translates a word of ``asked`` whose term is one of ``asked_terms``."""
    asked_words = {word for word in tokens(asked) if set(terms(word)) & asked_terms}
    told = {word for word in tokens(text) if word not in FUNCTION_WORDS}
    return any(_translated(a, b) for a in asked_words for b in told)


def _translated(a: str, b: str) -> bool:
    """One folded word translates the other (language.lexicon: the English one must be English)."""
    return a != b and (translates(a, b) or translates(b, a))


def _asked_terms(question: AskedQuestion, besides: str | None = None) -> set[str]:
    """What the question asks about its subject (``besides``, unless told another person): its
    qualifiers, else its topic, the content words the subject does not use (see _relates)."""
    outsider = question.subject if besides is None else besides
    topic = set(terms(question.text)) - set(terms(outsider or ""))
    return (topic - _cue_terms(question.text)) or topic


def _denies(text: str, question: AskedQuestion) -> bool:
    """The reply says there is no such thing as what was asked: a negation, then (past fillers,
    determiners, the verb of having and the words that ask the facet) a word of what was asked —
    "j'ai pas vraiment de plat préféré" to "quel est le plat préféré de Sofiane ?", "aucun plat",
    "he doesn't have a favourite dish". That negative is no answer (probe set 3 stored it as
    Sofiane's favourite dish); a negation of something else still answers ("c'est pas le rouge,
    c'est le bleu"). Through the weighted terms' concepts, so "dish" is "plat" (a negation of
    another thing of the same concept is taken as a denial too: precision first)."""
    asked = _asked_terms(question)
    cues = _cue_terms(question.text)
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


@lru_cache(maxsize=1024)
def _cue_terms(question: str) -> frozenset[str]:
    """The terms of the words that ask the question's facet ("préférée", "habite", "prix")."""
    reading = read_facet(question)
    return frozenset(terms(" ".join(reading.words[i] for i in sorted(reading.cue_positions))))


def fits_facet(text: str, facet: str | None, language: Language) -> bool:
    """An answer to a date, number, price, place or reason question has that shape, read in Eko's
    language and in the answer's own when its words are clearly of the other (wordfreq's vote,
    ``text.sentence_language``): "I live in Vincennes" answers "où habite Tom ?". Not both
    languages always: the English place words would take the French "on" ("on verra")."""
    shape = _SHAPES.get(facet or "")
    if shape is None:
        return True
    if facet == "place" and (_only_a_name(text) or _only_a_name(_FIRST_PIECE.split(text, maxsplit=1)[0])):
        # "Colmar", "Aix-en-Provence": a place named alone, or before what is said of it ("Bergamo 🇮🇹
        # città alta, polenta e tutto": probe conversation of a bistro kitchen)
        return True
    folded = fold(text)
    if facet in _PLACED:
        folded = _HAS.sub(r"\1 has", folded)  # "il a un chat": the verb, not the folded "à"
    if facet in _COUNTED | {"hours", "age"}:
        # a code of letters then digits names a thing ("au T2", "la MK4"), it gives no time, count or
        # age ("c'est moi qui fais le premier vol d'Orly au T2" was the hour Giovanni starts: probe
        # conversation of a taxi company); a date may be one ("en Q1")
        folded = _LETTERS_THEN_DIGITS.sub(" ", folded)
    if facet in _COUNTED:
        folded = _DAY_OF_MONTH.sub(" ", folded)  # "3rd to 5th of June", "le 3 avril": a date, no count
        folded = _LABEL_NUMBER.sub(" ", folded)  # "salle 012", "poste 4412": which one, not how many
    said_in = sentence_language(tokens(text))
    return any(re.search(shape[lang], folded) for lang in {language, said_in or language})


_LETTERS_THEN_DIGITS = re.compile(r"(?<![\w'’])[^\W\d_]+\d+\w*")
# A number naming which one of a kind of place or line (a closed class of nouns numbered so: rooms,
# extensions, doors, floors, lines, numbers), or written with a leading zero: a label, no count
# ("dans l'auditorium Ravel, salle 012" was quoted for "combien de places il y a dans l'auditorium
# Ravel ?": probe conversation of a conservatory).
_LABEL_NUMBER = re.compile(
    r"\b(?:salle|salles|room|poste|ext|bureau|office|porte|door|quai|platform|etage|floor|batiment|bat|"
    r"building|ligne|line|bus|tram|canal|channel|chambre|box|casier|locker|n|no|numero|num|number)"
    r"\s*[°#.]?\s*\d+\w*|(?<![\d,.])0\d+\b"
)
# Where the first piece of a chat message ends: a punctuation mark or an emoji.
_FIRST_PIECE = re.compile(r"\s*(?:[,.!;:]|[\u2600-\u27bf\U0001f000-\U0001faff])")
# Facets whose answer is a place; "a" after a subject pronoun is "avoir", not the folded "à".
_PLACED = frozenset({"place", "origin"})
_HAS = re.compile(r"\b(il|elle|on|ca|y|qui|tu|j|t)\s+a\b")
# Facets whose answer counts (a number, a price): an ordinal or a day of a month is no count.
_COUNTED = frozenset({"quantity", "price", "amount"})
_MONTH_NAMES = "|".join(name for names in MONTHS for name in names)
_DAY_OF_MONTH = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th|er|eme|e)?(?:\s+(?:of\s+)?(?:{_MONTH_NAMES}))\b"
    rf"|\b(?:{_MONTH_NAMES})\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d+(?:st|nd|rd|th|er|eme|e)\b"
)


def _fits_asked(text: str, question: AskedQuestion, language: Language) -> bool:
    """:func:`fits_facet`, read in Eko's language and in the question's own when its words are
    clearly of the other ("in Nantes" to "where does Paul live?" in a French-speaking Lobby)."""
    if fits_facet(text, question.facet, language):
        return True
    asked_in = sentence_language(tokens(question.text))
    return asked_in is not None and asked_in != language and fits_facet(text, question.facet, asked_in)


def _only_a_name(text: str) -> bool:
    """``text`` is a proper name and nothing else: at most four words, capitalised and none a common
    word ("Merci Vianney" is thanks), function words between them ("Aix-en-Provence")."""
    words = LETTERS.findall(text)
    if not 1 <= len(words) <= 4 or not (words[0][0].isupper() and words[-1][0].isupper()):
        return False
    return all((word[0].isupper() and not is_common_word(word)) or word in FUNCTION_WORDS for word in words)


def _cued(text: str, facet: str | None, language: Language) -> bool:
    folded = fold(text)
    cued = any(_PREFERENCE_CUE[lang].search(folded) for lang in _BOTH[language])
    return facet != "preference" or cued


def _describes(question: AskedQuestion) -> bool:
    """The question asks what or who the subject is: a description answers it."""
    return question.facet in _DESCRIBED and (question.facet is not None or not topic_terms(question))


def _subject_then_past(text: str, question: AskedQuestion) -> bool:
    """The reply opens with the question's subject and a verb in the imperfect right after it."""
    span = _leading_subject(text, question)
    after = tokens(text[span[1] :])[:2] if span is not None else []
    return bool(after) and (after[0] in _PAST_VERBS or after[:2] == ["c", "etait"])


_PAST_VERBS = folded_words("etait etaient avait avaient was were used")


def _leads_with_subject(text: str, question: AskedQuestion) -> bool:
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
    return spans[0]


_ADDRESS = re.compile(rf"{_EMAIL_ADDRESS.pattern}|https?://\S+|www\.\S+", re.IGNORECASE)


def _first_person_description(text: str, language: Language) -> bool:
    raw = _fold_there_as_here(text)
    folded = _OPENING.sub("", raw)
    if any(_FIRST_PERSON_COPULA[lang].match(folded) for lang in _BOTH[language]):
        return True
    # after "c'est moi" and a pause, a noun phrase describes the speaker ("c'est moi 🙂 le
    # vétérinaire, je passe le jeudi", "c'est moi ! productrice, 35 vaches")
    shown_up = folded != raw and _ITS_ME.search(raw[: len(raw) - len(folded)]) is not None
    return shown_up and _NOUN_PHRASE_FIRST.match(folded) is not None


_NOUN_PHRASE_FIRST = re.compile(r"^(?:(?:le|la|l'|les|un|une|the|a|an)\s*[^\W\d]|[^\W\d][\w-]+\s*,)")


# A stressed pronoun before "c'est" and a common word or a number ("moi c'est du 44", "moi, c'est les
# fruits à coque": probe conversations of a building site and a bistro kitchen): the speaker's own,
# what follows the copula is the answer; before a name ("moi c'est Axelle") the speaker says who
# they are.
_STRESSED = r"^\W*(?:[Mm]oi|[Mm]e),?\s+(?=(?:c['’]est|c est|it['’]s)\s+"
_STRESSED_BEFORE_COPULA = re.compile(_STRESSED + r"[a-zà-ÿ0-9])")
# … and before a name, which is the value when no one is asked for (see :func:`fragment`)
_STRESSED_BEFORE_ANY = re.compile(_STRESSED + r"\w)")
# The speaker showing up ("c'est moi", "it's me").
_ITS_ME = re.compile(r"(?:c'est moi|c est moi|it's me|it is me)")
# What may open a self-description before it: greetings and the speaker showing up ("coucou c'est
# moi 👋 je suis juriste", "hello, it's me: I'm the new designer").
# "c'est moi" opens only when punctuation or an emoji closes it: "c'est moi qui gère la paie" names
# the speaker as the answer (_naming_oneself, the cleft of fragment).
_OPENING = re.compile(
    r"^(?:\W*(?:"
    + "|".join(sorted(GREETING_WORDS))
    + r")(?![\w'])[^\w']*|\W*"
    + _ITS_ME.pattern
    + r"\s*[^\w\s'][^\w']*)+"
)


def _states_about(text: str, question: AskedQuestion, language: Language) -> bool:
    """The reply states what was asked about the subject it names: it carries a content word of
    the question besides the subject, or describes the subject with a copula right after it
    ("Corentin est dev chez lemlist"; for a place, "le bureau de Rouen est rue X") when that is
    what was asked."""
    if _relates(text, question, language):
        return True
    if _same_direction_asked(text, question):
        return True  # "Ismaël arrive le 2 septembre" to "quand commence Ismaël ?"
    if _gives_asked_channel(text, question):
        return True  # the very number or address asked ("Baudouin c'est le 06 71 42 88 19")
    if question.facet in _ASKS_A_PERSON and _named_after_subject(text, question):
        return True  # "les clés du minibus c'est Yann qui les a" to "c'est qui qui a les clés du minibus ?"
    shaped = False
    if question.facet == "place":
        after = _PLACE_WORDS
    elif question.facet in _SHAPES and not _named_besides_the_asking(question):
        # The subject is all the question names ("quand est l'anniversaire de Marc ?", "c'est quoi
        # le prix de Rhubarbe ?"): a copula right after it and a value of the facet's shape
        # (checked by find_answer) state it.
        after = {lang: r"\w" for lang in _BOTH[language]}
        shaped = True
    elif _describes(question) or (question.facet == "agent" and not topic_terms(question)):
        # a role asked by its holder ("qui est le lead de Cormoran ?"): the role, a copula, a name,
        # or a name, a copula and the role ("Julie est la lead de Cormoran")
        if question.facet == "agent" and _names_the_holder(text, question, language):
            return True
        after = {lang: rf"(?!(?:{_NOT_DESCRIPTION[lang]})\b)\w" for lang in _BOTH[language]}
    else:
        return False
    subject = re.escape(fold(_named_form(text, question.subject or "") or question.subject or ""))
    # the copula after a space, or contracted onto the subject before a determiner or a preposition
    # ("Tove's our new PO", "Tove's in Tromsø"; "Tove's cat" is hers), in either language: people
    # switch to English in a French room ("Berthe is the cellar master": blind set of a cheese dairy)
    here = _fold_there_as_here(text)
    stated = None
    for lang in _BOTH[language]:
        stated = re.search(
            rf"(?<!\w){subject}(?:\s*,?\s+(?:il |elle |it )?|(?=['’]s\s+{_AFTER_CONTRACTED_IS}\b))"
            rf"{_COPULA[lang]}\s+(?=(?:{after[lang]}))",
            here,
        )
        if stated is not None:
            break
    if stated is None:
        return False
    if shaped and not fits_facet(_first_clause(here[stated.end() :]), question.facet, language):
        return False  # "Rhubarbe c'est nul, 3 bugs par jour": what the copula says is no price
    # "Paul est en réunion", "à la cafét'": of a person, a state or a moment, not where one lives
    # ("le bureau est au premier étage" still says where a thing is)
    return question.facet != "place" or not (
        _only_a_name(question.subject or "") and _IN_A_STATE.search(text)
    )


# What follows "'s" when it is "is" rather than a possessive: a determiner, a preposition or an
# adverb (closed classes).
_AFTER_CONTRACTED_IS = (
    r"(?:our|the|a|an|my|his|her|their|your|in|at|from|on|with|not|still|now|currently|also|just|based)"
)


# Questions asking who is or does something: those of _ASKED_PEOPLE but a participant ("avec qui…"
# asks a companion, which "X c'est Yann" does not tell).
_ASKS_A_PERSON = _ASKED_PEOPLE - {"participant"}


def _named_after_subject(text: str, question: AskedQuestion) -> bool:
    """The subject, "c'est" or "it's", and a name right after: who it is, said of the subject put
    first (probe conversation of a sailing school: "Eko, les clés du minibus c'est Yann qui les a
    jusqu'à dimanche" answered nothing)."""
    subject = re.escape(fold(_named_form(text, question.subject or "") or question.subject or ""))
    if not subject:
        return False
    folded, index = fold_with_map(text)
    # an adverbial of time may follow the subject ("l'astreinte du week-end c'est Ludo" to "c ki ki
    # fait l'astreinte samedi dimanche": probe conversation of a plumbing firm, replayed)
    found = re.search(
        rf"(?<!\w){subject}(?:{_TIME_ADVERBIAL})?\s*,?\s+(?:c'est|c est|it's|it is|ce sont)\s+", folded
    )
    if found is None or found.end() >= len(index):
        return False
    name = LETTERS.match(text[index[found.end()] :])
    return name is not None and _only_a_name(name.group(0))


def _names_the_holder(text: str, question: AskedQuestion, language: Language) -> bool:
    """A name, a copula and the role asked ("Julie est la lead de Cormoran")."""
    role = re.escape(fold(question.subject or ""))
    pattern = rf"^(\S+(?:\s+\S+)?)\s+{_COPULA[language]}\s+(?:le |la |l'|the )?{role}\b"
    found = re.match(pattern, fold(text))
    return found is not None and _only_a_name(text[: len(found.group(1))])


# A copula, then a preposition and a lowercase word: where someone is for now ("est en réunion",
# "est à la cafét'", "is in a meeting"), not a place's name ("est en Bretagne", "est à Lyon").
_IN_A_STATE = re.compile(
    r"\b(?:est|sont|suis|is|are|am)\s+(?:en|à|a|au|aux|dans|in|at)\s+"
    r"(?:(?:la|le|les|un|une|an|the)\s+|l['’])?(?!(?:la|le|les|un|une|an|the)\s)[a-zà-ÿ]"
)


def _fold_there_as_here(text: str) -> str:
    """``text`` folded, the adverb "là" read as "ici" first (see :data:`_THERE`)."""
    return fold(_THERE.sub("ici", text))
