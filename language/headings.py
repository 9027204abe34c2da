"""The heading of a fact written from an answer to a curiosity: its topic as a noun phrase ("Couleur
préférée de Bob"), else the asked subject with its verb ("Malik habite"), and whether it ends with
a verb (then the answer follows it without a colon).
"""

from __future__ import annotations

import re
from itertools import pairwise

from language.asked_subject import ASKING_WORDS, ENGLISH_DO, WHICH, WHICH_EN
from language.curiosity import TIME_NOUNS, Curiosity
from language.question_wording import as_asked, of_the
from language.text import (
    DETERMINERS,
    FUNCTION_WORDS,
    INTERROGATIVES,
    SUBJECT_CLITICS,
    TOKEN,
    WRITTEN_PAST_PARTICIPLE,
    fold,
    folded_words,
    is_english_verb_form,
    is_infinitive,
    is_verb_form,
    language_of,
)

# A noun then "où" opening a topic: a relative clause (language/curiosity.py _relative_after).
_RELATIVE_WHERE = re.compile(r"^([^\W\d_]+) ou ")


def _without_relative_where(topic: str, question: str) -> str:
    """The folded topic without a relative "où" after the noun ``question`` asked with "quel", or
    after a noun of time."""
    folded = fold(topic)
    found = _RELATIVE_WHERE.match(folded)
    noun = found.group(1) if found else ""
    asked_with_which = any(
        which in WHICH and word == noun for which, word in pairwise(TOKEN.findall(fold(question)))
    )
    if found is None or (noun not in TIME_NOUNS and not asked_with_which):
        return folded
    return folded[found.end() :]


_REMINDING = re.compile(r"(?:,?\s+(?:déjà|deja))+(?=[\s,]|$)", re.IGNORECASE)


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
    # (without the "déjà" that only asks to be reminded: "On commande le poisson chez qui deja :
    # Maison Pelletier", probe conversation of a restaurant's kitchen)
    asked_as = _REMINDING.sub("", as_asked(curiosity.text))
    # (a relative "où" after a noun asks nothing: "jour où Josiane est en repos", "école où Iñaki a
    # étudié l'architecture"; after a verb it asks: "récupère où les clés")
    if any(
        word in INTERROGATIVES
        for word in folded_words(_without_relative_where(curiosity.topic, curiosity.text))
    ):
        # a topic still asking ("Kestrel what do we actually pay per seat", from "Kestrel, what do
        # we actually pay per seat?") is no noun phrase: its subject heads the fact, unless it asks
        # too ("boucler à quelle heure samedi"): then the question as it was asked
        subject = curiosity.subject or ""
        if not subject or set(folded_words(subject)) & INTERROGATIVES:
            return asked_as
        return _subject_and_its_verb(curiosity.topic, subject) or subject
    if set(folded_words(curiosity.topic)) & ENGLISH_DO:
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
        and before not in DETERMINERS | WHICH | WHICH_EN
        and (
            before in ASKING_WORDS
            or before in SUBJECT_CLITICS
            or is_verb_form(first.casefold())
            or is_english_verb_form(fold(first))
        )
    ):
        return _price_of(curiosity) or _CLEFT_WHO.sub("Qui ", asked_as)
    # an English preposition stranded by the question closes nothing in a heading ("Kenji's FOSDEM
    # talk about", from "what is Kenji's FOSDEM talk about?": probe conversation of a software team)
    words = curiosity.topic.split()
    if len(words) > 1 and words[-1].casefold() in _STRANDED:
        return " ".join(words[:-1])
    return _price_of(curiosity) or curiosity.topic


# "C'est qui qui", "c qui qui", "qui est-ce qui" open a question asking who does something: as a
# heading, plain "Qui" says it ("C qui qui gère le planning de la dilution : Nadia" was stored:
# probe conversation of a physics lab).
_CLEFT_WHO = re.compile(r"^(?:c['’]?\s?(?:est\s+)?qui\s+qui|qui\s+est[- ]ce\s+qui)\s+", re.IGNORECASE)


def _subject_and_its_verb(topic: str, subject: str) -> str | None:
    """A topic whose verb comes right before the interrogative that asks, the subject put first or
    last, as the subject and its verb without the interrogative ("part quand en vacances Sylvain",
    from "y part quand en vacances Sylvain ?" → "Sylvain part en vacances", where "Sylvain" alone
    headed the fact and no search for his holidays found it: probe conversation of a Montréal
    contractor); None otherwise."""
    words, named = topic.split(), subject.split()
    if words[: len(named)] == named:
        rest = words[len(named) :]
    elif words[-len(named) :] == named:
        rest = words[: -len(named)]
    else:
        return None
    asking = [fold(word) in INTERROGATIVES for word in rest]
    if len(rest) < 3 or asking[0] or not asking[1] or fold(rest[0]) in FUNCTION_WORDS:
        return None
    if fold(rest[-1]) in FUNCTION_WORDS:
        # the subject last after "de" is whose thing is asked, no doer ("expire quand l'attestation
        # hygiène de Jordan" headed "Jordan expire l'attestation hygiène de": a replay)
        return None
    return " ".join([subject, *(word for word, asks in zip(rest, asking, strict=True) if not asks)])


def _price_of(curiosity: Curiosity) -> str | None:
    """A French price asked with the verb of selling or charging, as the noun it asks for ("combien
    on vend le verre de Lavaux St-Jacques ?" → "prix du verre de Lavaux St-Jacques": probe
    conversation of a wine merchant, headed with the question as asked), else None."""
    subject = curiosity.subject or ""
    if (
        curiosity.facet not in ("price", "amount")
        or not subject
        or language_of(fold(subject.split()[0])) == "en"
        or not (
            fold((TOKEN.findall(curiosity.topic) or [""])[0]) in _SELLING
            # the verb read as what asks the price, the topic left the subject alone ("on les
            # vend combien les bouchons ?")
            or (
                curiosity.topic.startswith(subject)
                and not set(folded_words(curiosity.topic)) & _SELLING  # "licence Figma coûte": a clause
                and set(folded_words(curiosity.text)) & _SELLING
            )
        )
    ):
        return None  # "combien pèse le carottier complet ?" asks a weight (a probe conversation, replayed)
    found = re.search(
        rf"(?<![\w'’])(le|la|les|l['’])\s*{re.escape(subject)}(?!\w)", curiosity.text, re.IGNORECASE
    )
    if found is None:
        return None
    # what the topic says after the subject stays ("prix du sponsoring de la météo par mois")
    named = curiosity.topic if curiosity.topic.startswith(subject) else subject
    return "prix " + of_the(fold(found.group(1)).rstrip("'’"), subject) + named


# The verbs of selling, charging, paying and renting, as a question conjugates them (a closed class).
_SELLING = folded_words(
    "vend vendent vendons vends facture facturent facturons paie paient payons paye payent loue louent "
    "louons coute coutent"
)
_STRANDED = folded_words("about for with to of on at")
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
        before in ASKING_WORDS
        or before in SUBJECT_CLITICS
        or (at >= 0 and after in ASKING_WORDS)
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
