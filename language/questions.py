"""Small, language-aware readings of a message: is it a question, what tone fits, is it about Eko.

Rules only (they run in offline mode and before any model call). Word lists recognise input; every
phrase Eko says lives in the prompts of the package that says it.
"""

from __future__ import annotations

import re
from typing import Literal

from language.text import (
    FILLERS,
    FUNCTION_WORDS,
    INTERROGATIVES,
    NOT_AFTER_AN_ABBREVIATION,
    WORDS,
    Language,
    chat_folded,
    fold,
    folded_words,
    is_finite_verb,
    is_verb_form,
    language_of,
    normalise_quotes,
    tokens,
)

Tone = Literal["playful", "helpful", "technical"]
TONES: tuple[Tone, ...] = ("playful", "helpful", "technical")

_QUESTION_STARTS: dict[Language, tuple[str, ...]] = {
    "fr": (
        "qui ",
        "quoi",
        "que ",
        "qu'",
        "quel",
        "comment",
        "pourquoi",
        "ou ",
        "quand",
        "combien",
        "est ce",
        "c'est qui",
        "c'est quoi",
        "c'est ou ",
        "c'est quand",
        "c'est combien",
        "ca fait combien",
        "ca coute combien",
        "c'est comment",
        "c'etait qui",
        "c'etait quoi",
        "tu sais",
        "sais tu",
        "tu connais",
        "connais tu",
        "tu te souviens",
        "te souviens tu",
        "dis moi",
        "rappelle moi",
        # … as chat misspells it, or said to several (probe conversation of a cleaning company: "Eko
        # rappel moi le code de la porte chez Deloitte stp" was stored as a fact)
        "rappel moi",
        "rappelez moi",
        # "c'est" and a preposition before the interrogative ("c'est à quelle heure que…")
        "c'est a quel",
        "c'est a qui",
        "c'est pour quand",
        "c'est pour qui",
        "c'est avec qui",
        "c'est chez qui",
        "c'est de qui",
        "c'est en quel",
        "c'est dans quel",
    ),
    "en": (
        "who",
        "what",
        "which",
        "when",
        "where",
        "why",
        "how",
        "do you",
        "did ",
        "does ",
        "is ",
        "are ",
        "can you",
        "could you",
        "tell me",
        "remind me",
    ),
}


# Emojis, their selectors and spaces closing a message after its last word or mark.
_TRAILING_SYMBOLS = re.compile(r"[\s\U0001F000-\U0001FFFF\u2600-\u27BF\uFE0F\u200D]+$")


# Words that make a topic technical (the seed's "Personnalité adaptative": technical → precise,
# concise): whole words, and word beginnings for families ("déploiement", "mergé", "tests").
_TECHNICAL = folded_words(
    """api bug build code coding commit config cpu css database db debug docker endpoint erreur error
    git http https javascript js json kubernetes latence latency log migration npm perf performance prod
    python qdrant query regex repo requête serveur server sql stack timeout typescript webrtc websocket
    backend frontend llm modèle model cache ci"""
)
_TECHNICAL_PREFIXES = ("deploy", "deploi", "merg", "mongo", "infra", "socket", "test")
_TECHNICAL_PHRASES = ("base de donnees",)
# Curiosities about a person or a plain "what is" read as helpful questions; the rest is small talk.
_HELPFUL_STARTS = ("qui", "who", "c'est qui", "what", "quel", "quelle", "comment", "how", "ou", "where")


def is_technical(text: str) -> bool:
    """Whether ``text`` talks about a technical topic (code, servers, data…)."""
    folded = fold(normalise_quotes(text))
    words = set(WORDS.findall(folded))
    return bool(
        words & _TECHNICAL
        or any(word.startswith(_TECHNICAL_PREFIXES) for word in words)
        or any(phrase in folded for phrase in _TECHNICAL_PHRASES)
    )


def is_question(text: str, language: Language = "fr") -> bool:
    """True for "…?" and for sentences that start like a question in either language ("c'était
    quoi le nom …", "do u know where Hallvard is? need to pick a slot"); ``language`` is kept for
    callers that name it."""
    stripped = _TRAILING_SYMBOLS.sub("", text.strip())  # "c'est où le déj vendredi ? 🍽️"
    if not stripped:
        return False
    if stripped.endswith("?"):
        return True
    if _how_much_after_its_verb(stripped):
        return True
    # either language's openings: the team writes franglais ("do u know where X is? need it"),
    # hyphens or not ("rappelle moi")
    start = chat_folded(stripped).replace("-", " ")
    if _DISLOCATED_QUESTION.search(start):
        # "les casiers cest quel hangar deja" (probe conversation of a fishing co-op); not "c'est
        # quand" before a clause, which tells a time ("le MRB c'est quand les poules auront des
        # dents 😂": probe conversation of a test lab, kept as a curiosity)
        return not _tells_a_time(stripped)
    return any(start.startswith(prefix) for prefix in _QUESTION_STARTS["fr"] + _QUESTION_STARTS["en"])


# "combien" right after its verb asks, its mark left out ("Eko on est payé combien pour les
# kilomètres avec la voiture à nous", dictated, was stored as the answer to another question: probe
# conversation of a home-care agency); a number told answers ("on en a eu combien ? 12").
_HOW_MUCH_AFTER = re.compile(r"(?<![\w'’])([^\W\d_]+)\s+(?:combien|cmb|cb)(?![\w'’])")


def _how_much_after_its_verb(text: str) -> bool:
    found = _HOW_MUCH_AFTER.search(text.lower())
    if found is None or any(char.isdigit() for char in text):
        return False
    verb = found.group(1)
    return is_verb_form(verb) or (verb.endswith(("er", "ir")) and fold(verb) not in FUNCTION_WORDS)


# What is asked about named first, then "c'est" and an interrogative: a question, its mark left out.
_DISLOCATED_QUESTION = re.compile(r"(?<![\w'])c'est (?:quel|quelle|quels|quelles|quand|qui|quoi|combien)\b")
# "c'est quand" and a clause with its own finite verb, no "que" after "quand" ("c'est quand qu'il
# vient" asks): a time told, the subordinate clause of "when".
_WHEN_THEN = re.compile(r"(?<![\w'’])c['’]?est\s+quand\s+(?!qu['’e]|que\b)(\S.*)", re.IGNORECASE)


def _tells_a_time(text: str) -> bool:
    found = _WHEN_THEN.search(normalise_quotes(text))
    return found is not None and any(is_finite_verb(word) for word in WORDS.findall(found.group(1).lower()))


_ABOUT_YOU: dict[Language, frozenset[str]] = {
    "fr": folded_words("tu toi te t ton ta tes t'es t'as"),
    "en": folded_words("you your yours yourself"),
}


# Interrogatives of the languages a team borrows from but Eko does not read (Spanish, German,
# Italian, Portuguese, Dutch), as written: only those no French or English word spells.
_FOREIGN_INTERROGATIVES = frozenset(
    WORDS.findall(
        # Spanish, with its accents ("que" is French, "como" English-looking; "quién", "dónde",
        # "cuándo", "cuánto", "cuál" are read as French interrogatives: language.text's chat
        # spellings); German; Italian and Portuguese ("dove" is English, "onde" French); Dutch
        """qué quiénes cuánta cuántos cuántas cuáles cómo
        wann warum wieso weshalb welche welcher welches weißt wisst
        quando quanto quanta quanti quante quale quali perché quem quantos quantas qual quais
        wanneer waarom hoeveel welke"""
    )
)


def asks_in_another_language(text: str) -> bool:
    """What ``text`` asks is asked in a language Eko does not read: an interrogative of Spanish,
    German, Italian, Portuguese or Dutch, none that French, English or chat reads (the Spanish ones
    a team borrows into French, "quién es le responsable du groupe espagnol ?", are read: language.text
    chat spellings), and most words of no clear French or English ("¿y Karim qué días trabaja este
    finde?", "weißt du wann die CESE-Sitzung anfängt?": probe conversations of a museum and of
    interpreters, kept and asked to the room as they were written)."""
    asked = asked_part(text)
    written = {word.casefold() for word in WORDS.findall(normalise_quotes(asked))}
    read = tokens(asked)
    if not written & _FOREIGN_INTERROGATIVES or set(read) & INTERROGATIVES:
        return False
    known = [word for word in read if language_of(word) is not None]
    return len(known) * 2 < len(read)


def is_about_bot(question: str, language: Language = "fr") -> bool:
    """True when a message (without the bot's name) speaks to the bot about itself ("tu es qui ?")."""
    words = {fold(w) for w in WORDS.findall(normalise_quotes(question))}
    words |= {w.split("'")[0] for w in words if "'" in w}
    return bool(words & _ABOUT_YOU[language])


def guess_tone(text: str, language: Language = "fr") -> Tone:
    """Technical words → technical; a question → helpful; anything else is small talk → playful."""
    if is_technical(text):
        return "technical"
    if is_question(text, language):
        return "helpful"
    return "playful"


def curiosity_tone(goal_text: str) -> Tone:
    """A deterministic tone for a curiosity: technical topic, a who/what question, or small talk."""
    if is_technical(goal_text):
        return "technical"
    start = fold(normalise_quotes(goal_text)).lstrip()
    if any(start == s or start.startswith((s + " ", s + "'")) for s in _HELPFUL_STARTS):
        return "helpful"
    return "playful"


# Sentence ends (a question mark, a full stop, an exclamation, an ellipsis) before a new sentence;
# not an initial's ("la facture de M. Moreau" was cut there: probe conversation of a plumbing firm).
_SENTENCE_END = re.compile(rf"(?<=[.!?…]){NOT_AFTER_AN_ABBREVIATION}\s+(?=\S)")


def sentence_around(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` holding ``text[start:end]``; what stands alone after a sentence
    ("anyone know where the loggers are? @Eko") belongs to the sentence before it."""
    begin = 0
    sentences: list[tuple[int, int]] = []
    for found in _SENTENCE_END.finditer(text):
        sentences.append((begin, found.start()))
        begin = found.end()
    sentences.append((begin, len(text)))
    for index, (first, last) in enumerate(sentences):
        if first <= start < last or (first <= start and index == len(sentences) - 1):
            if index and not re.sub(r"[\W_]+", "", text[first:last].replace(text[start:end], "")):
                first = sentences[index - 1][0]
            return text[first:last]
    return text


# Conclusive discourse markers: what comes after them is the point, what comes before a digression
# ("j'ai galéré avec l'imprimante, bref, tu saurais à quel étage est la salle serveur ?"). A closed
# class of connectives, French and English.
_CONCLUSIVE = re.compile(r"(?<![\w'])(?:bref|anyway|anyhow|long story short)\b[\s,:;!.…-]*", re.IGNORECASE)


# Interrogative words (a closed class of both languages); "où" with its accent, "ou" is "or".
_INTERROGATIVE = re.compile(
    r"(?<![\w'’])(?:qui|quoi|où|quand|combien|comment|pourquoi|quel|quelle|quels|quelles|lequel|"
    r"laquelle|lesquels|lesquelles|who|whom|whose|what|where|when|which|why|how)(?![\w'’])",
    re.IGNORECASE,
)
# A question opening with a conjunction asks one more thing ("… ? et celui du garage ?").
_ONE_MORE = re.compile(r"^\W*(?:et|ou|sinon|and|or)(?![\w'’])", re.IGNORECASE)


# Markers of self-repair opening a sentence, and the emojis and punctuation around them: a closed
# class of French, English and the languages a team borrows from.
# An interjection or "non" may come first ("Alessandro suona cosa ? ah non pardon, qu'est-ce qu'il
# joue Alessandro au récital ?": probe conversation of a conservatory), not alone.
_SELF_REPAIR = re.compile(
    r"^\W*(?:(?:ah|oh|non|no)\b[\W_]*)*(?:(?:euh+|enfin|pardon|perdon|perdón|sorry|scusa|scusate|"
    r"entschuldigung|oups|oops|je veux dire|i mean|ou plutôt|ou plutot)\b[\W_]*)+",
    re.IGNORECASE,
)


def _names_something(question: str) -> bool:
    """A word of ``question`` is neither a function word, an interrogative nor a filler."""
    return any(
        word not in FUNCTION_WORDS and word not in INTERROGATIVES and word not in FILLERS
        for word in tokens(question)
    )


def _guesses_after(asking: list[str]) -> bool:
    """The first question asks (an interrogative word) and those after it only guess at the answer
    ("Yvan il bosse pour quelle boîte ? il est presta non ?", "et Aurore elle bosse pour qui ?
    Ferrolis aussi ?"). Not when a later question asks too, leans on the first ("Léa est partie ?
    elle revient quand ?") or asks one more thing ("… ? et celui du garage ?")."""
    return (
        len(asking) > 1
        and _INTERROGATIVE.search(asking[0]) is not None
        and not any(_INTERROGATIVE.search(later) or _ONE_MORE.match(later) for later in asking[1:])
    )


# "c'est" and an interrogative ("c'est quand le séminaire ?"), besides "c'est qui / quoi" above.
_ASKING_COPULA = re.compile(r"c'?est (?:quand|ou|combien|comment|pourquoi)\b")
_BUT = re.compile(
    r"(?<![\w'])(?:mais|but)[\s,]+(?:(?:bon|bref|du coup|en fait|alors|well|so)[\s,]+)?"
    # … or a dash ("Sorry to jump in — Eko, how long is customs clearance taking?": probe
    # conversation of an NGO, the apology read as the subject)
    r"|\s[—–-]\s+",
    re.IGNORECASE,
)


# A clause opening with the speaker as its subject, after interjections ("bon je viens de…", "ok
# on a fini…", "I just got back…").
_SPEAKER_FIRST = re.compile(
    r"^(?:(?:bon|ben|bah|alors|ok|okay|ouf|so|well|right)[\s,!.]+)*(?:je|j'|on|i|we)\b"
)


# A question taking up what was named before by an object pronoun ("tu l'as ?", "vous l'auriez ?",
# "do you have it?").
_TAKEN_UP = re.compile(r"^(?:tu|t|vous|on)\s*(?:l'|le |la |les )|^(?:do|did|would) you have (?:it|them)\b")


# A request closed by a politeness marker ("l'adresse du chai Estey stp").
_ASKED_POLITELY = re.compile(r"(?<!\w)(?i:stp|svp|s'il te plait|s'il vous plait|please|pls|plz)\s*$")


# A short noun phrase, then a verb of asking in the present (the question it asks follows).
_REPORTED_ASKING = re.compile(
    r"^(?:(?:un|une|des|le|la|les|l['’]|mon|ma|mes|a|an|the|some|our|my)\s+[^?:,]{1,50}?|[A-ZÀ-Ý][\w'’-]+)"
    r"\s(?:(?:me|m['’]|nous)\s*)?(?:demande|demandent|asks|is asking|are asking|wants to know|want to know)"
    r"\s*[:,]?\s+(?=\S)",
    re.IGNORECASE,
)


def asked_part(text: str) -> str:
    """The part of a long message that asks: its one sentence ending with "?" when others only
    tell (the context before, "parce que…" after), then what follows a conclusive marker in it
    ("bref, tu saurais à quel étage est la salle serveur ?"). A message asking twice, or not at
    all, is read whole."""
    sentences = _SENTENCE_END.split(text.strip())
    asking = [sentence for sentence in sentences if sentence.rstrip().endswith("?")]
    if len(asking) > 1:
        # the question asked again in other words, after a marker of self-repair, replaces the
        # first ("wo isch de Schlüssel vum Pumptrack-Container ? euh... où elle est la clé du
        # conteneur ?", "¿dónde guardamos el decorado? perdón 😅 où on range le décor ?": probe
        # conversations of a bike park and a theatre company, kept whole as goals), when it names
        # what it asks of ("… ? enfin, qui c'est ?" takes the first one up)
        after_first = " ".join(sentences[sentences.index(asking[0]) + 1 :])
        repaired = _SELF_REPAIR.match(after_first)
        again = after_first[repaired.end() :].strip() if repaired else ""
        if again and _names_something(again):
            return again
    if _guesses_after(asking):
        asking = asking[:1]
    part = asking[0] if len(sentences) > 1 and len(asking) == 1 else text.strip()
    ends = [match.end() for match in _CONCLUSIVE.finditer(part)]
    if ends and ends[-1] < len(part) and part[ends[-1] :].strip(" ?"):
        part = part[ends[-1] :]
    # someone else's question reported before it ("des clients anglais me demandent : what time
    # does the beach shuttle leave?", "un client demande jusqu'à quand le snack est ouvert ?": probe
    # conversation of a campsite, kept with the preface and about "clients anglais me demandent")
    reported = _REPORTED_ASKING.match(part)
    if (
        reported is not None
        and not _INTERROGATIVE.search(reported.group(0))
        and _TRAILING_SYMBOLS.sub("", part).rstrip().endswith("?")
    ):
        return part[reported.end() :].strip()
    # the speaker telling what they did or do, then a comma and a question ("bon je viens de clore
    # le litige, tu sais qui gère le compte Kerbrat ?"): the question asks, not the preamble (a
    # topic before the comma is asked about: "le rendu de Vaudrenne, c'est quand ?")
    for found in re.finditer(r",\s*", part):
        before, rest = part[: found.start()], part[found.end() :]
        told = "?" not in before and not _INTERROGATIVE.search(before)  # "on l'envoie où, …" asks
        # (not a question taking the preamble up by its pronoun: "j'ai oublié la combinaison du
        # bibliobus, tu l'aurais ?" asks for what the preamble names)
        # (nor a bare "c'est lequel ?" asking of what the preamble names: "on doit remettre les
        # papiers au doc de la dialyse à Mercy, c'est lequel ?", probe conversation of an ambulance
        # company)
        own_question = (
            is_question(rest)
            and _TAKEN_UP.match(fold(normalise_quotes(rest))) is None
            # a filler is no content ("…via l'ENT, c'est qui déjà ?": probe conversation of a school,
            # nothing asked of anything)
            and any(
                word not in FUNCTION_WORDS and word not in INTERROGATIVES and word not in FILLERS
                for word in tokens(rest)
            )
        )
        if _SPEAKER_FIRST.match(fold(normalise_quotes(before))) and own_question and told:
            return rest.strip()
        # …and the other way round, with no "?": "j'aimerais savoir où habite Ambre, on pensait
        # faire du covoit" asks where Ambre lives; what the speaker tells after it is context
        if "?" not in part and _ASKED_POLITELY.search(before):
            return before.strip()  # a request closed by "stp", then why ("l'adresse du chai stp, je dois…")
        if (
            "?" not in part
            and (_INTERROGATIVE.search(before) or is_question(before))
            and _SPEAKER_FIRST.match(fold(normalise_quotes(rest)))
        ):
            return before.strip()
    # a preamble before "mais" / "but" and a question ("jsp si tu sais mais c'est qui le DPO ?",
    # "sorry to bother you but who runs the canteen?"): the question is what asks
    for found in _BUT.finditer(part):
        rest = fold(normalise_quotes(part[found.end() :])).lstrip(" ,")
        asks = rest.startswith(_QUESTION_STARTS["fr"] + _QUESTION_STARTS["en"]) or _ASKING_COPULA.match(rest)
        if asks and "?" not in part[: found.start()]:
            return part[found.end() :].strip(" ,")
    return part.strip()
