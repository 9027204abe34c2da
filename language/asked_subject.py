"""The subject a question asks about, found among its words: the words that frame a question, the
content words, and the span of the name, project, place or thing asked about (read by
:func:`language.curiosity.read_curiosity`, which adds the facet and topic).
"""

from __future__ import annotations

import re

from language.asking_frames import request_frame_length
from language.facets import FacetReading
from language.formulas import GREETING_WORDS
from language.text import (
    AUXILIARIES,
    CONDITION_SUBORDINATORS,
    DAYS_AND_TIMES,
    DETERMINERS,
    ENGLISH_FUNCTION_WORDS,
    FUNCTION_WORDS,
    INTERROGATIVES,
    MODALS,
    MONTHS,
    PREPOSITIONS,
    SUBJECT_CLITICS,
    TIME_SUBORDINATORS,
    TOKEN,
    WEEKDAYS,
    WHO_WORDS,
    WRITTEN_PAST_PARTICIPLE,
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
    tokens,
)

# Words that frame a question without being what it asks about (interrogatives, request verbs,
# discourse fillers, light verbs): a general category, kept out of subjects and topics.
FRAME_WORDS = folded_words(
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


def without_opener(said: str) -> str:
    """``said`` without its opening greetings and interjections, unless nothing else is left."""
    folded, index = fold_with_map(said)
    found = _OPENER.match(folded)
    rest_words = folded[found.end() :].split() if found else []
    if found is None or not rest_words or rest_words[0].strip(" ?!.…") in _VERB_AFTER_A_NAME:
        return said  # "Salut est un projet ?": the word names something
    rest = said[index[found.end()] :]
    return rest[:1].upper() + rest[1:] if said[:1].isupper() else rest


def content_indices(
    words: list[tuple[str, str]], reading: FacetReading, bot: str, said: str = ""
) -> list[int]:
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
        and folded not in FRAME_WORDS
        and folded not in _INTERJECTIONS
        and not _inverted_modal(words, i)
        and not _deictic(words, i, said)
        and not _time_taken(plain, i, how_long)
        and not _in_a_discourse_locution(plain, i)
        and folded != bot
        and not (i in reading.cue_positions and folded not in _KEPT_CUES)
    ]


# Discourse adverbs of several words, a noun among them: a closed class of French ("c qui qui est de
# garde le 14/07 du coup ?" was about "garde le 14 juillet du coup": probe conversation of a pharmacy).
_DISCOURSE_LOCUTIONS = tuple(
    tuple(locution.split())
    for locution in ("du coup", "en tout cas", "de toute facon", "au fond", "en gros", "au final", "en vrai")
)


def _in_a_discourse_locution(plain: list[str], index: int) -> bool:
    """The word at ``index`` belongs to a discourse adverb ("du coup", "en tout cas"), not one of
    whose last noun "de" takes up as a noun ("au fond de la salle", "le prix du coup de fil")."""
    for locution in _DISCOURSE_LOCUTIONS:
        for start in range(index - len(locution) + 1, index + 1):
            end = start + len(locution)
            if start >= 0 and tuple(plain[start:end]) == locution:
                return end >= len(plain) or plain[end] not in OF_WORDS
    return False


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


def points_at_a_place(words: list[tuple[str, str]], index: int, said: str) -> bool:
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
    return len(written) > 1 or glued(words, index, said)


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
    prix cout budget valeur tarif montant amount nombre capacite date horaires raison role poste metier
    job boulot taf url lien etage nom email ligne directe fixe extension extention heure limite"""
)


OF_WORDS = folded_words("de du d des of")
FAVOURITE = folded_words("prefere preferee preferes preferees favori favorite favoris favorites")


def span_text(words: list[tuple[str, str]], start: int, end: int, said: str = "") -> str:
    """The words from ``start`` to ``end`` as ``said`` writes them, apostrophes, hyphens, slashes and
    the signs that join two words kept ("soirée d'équipe", "Priya's favourite band", "stand-up", "1/2
    journée", "pack skis + chaussures": probe conversation of a ski school, headed "location d un pack
    skis chaussures"); joined by spaces when ``said`` does not hold them in a row."""
    chosen = [written for _, written in words[start : end + 1]]
    found = (
        re.search(r"[\s'’/+&-]*".join(re.escape(word) for word in chosen), said) if said and chosen else None
    )
    return found.group(0) if found else " ".join(chosen)


def subject_span(
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
    # (or, a code in capitals, right after the noun it asks: "c'est quel canal VHF pour appeler le
    # MCC ?" was about "VHF": probe conversation of a wind farm crew)
    asked = [
        i
        for i in names
        if (i > 0 and words[i - 1][0] in WHICH | WHICH_EN)
        or (
            i > 1
            and words[i - 2][0] in WHICH | WHICH_EN
            and words[i - 1][0] not in FUNCTION_WORDS
            and words[i][1].isupper()  # a code qualifying the noun, not a person ("à quelle heure Marie-Jo…")
        )
    ]
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
            or glued(words, last, said)
            or _numbered(words, last, said)
            or _hyphened(words, last, said)
            or _capitalised_function_word(words, last)
        ):
            last += 1  # "Kraken FM", "Back Market", "Q1" (a code of letters and digits), "DMU 65"
        while first > 0 and words[first - 1][1][:1].isupper() and _hyphened(words, first - 1, said):
            first -= 1  # "Notre-Dame des Flots", whose "Notre" is a determiner (a fishing crew: "Dame…")
        # "bureau de Lille", "salle Everest", "CTO de Back Market": the noun the name qualifies, or
        # the name that qualifies it, belongs to the subject (a facet word does not: "rôle de Kenji").
        before = first - 2 if first >= 2 and words[first - 1][0] in OF_WORDS else first - 1
        # Only after a determiner: "qui pilote Toucan", "d'où vient Bettina" put a verb there.
        head = before >= 1 and words[before - 1][0] in DETERMINERS and words[before - 1][0] not in OF_WORDS
        head = head and not _in_a_locution(words, before)
        # English puts its modifiers before the name ("the spare SQUID", the "SQUID de rechange" of
        # French: probe conversation of a physics lab, about "spare SQUID"), its head after it
        head = head and not (
            before == first - 1
            and words[before - 1][0] in _ENGLISH_DETERMINERS
            and language_of(words[before][0]) == "en"  # not "the salle Everest"
        )
        if head and before in content and words[before][0] not in _KEPT_CUES and before not in names:
            first = before  # "le bureau de Lille": the noun right after a determiner heads the phrase
            if (
                words[first][0] in _STREETS
                and first >= 3
                and words[first - 1][0] in DETERMINERS - OF_WORDS
                and words[first - 2][0] in OF_WORDS
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
        if first == last and len(words[first][1]) == 1 and first > 0:
            # a capital letter names nothing alone: with the noun it qualifies ("l'appareil à rayons
            # X" was about "X": a replay of a veterinary clinic's probe conversation)
            noun = words[first - 1]
            if noun[1].islower() and noun[0] not in FUNCTION_WORDS:
                first -= 1
        after = last + 2
        # a capital after "de" names too, though the word alone would be a common one ("Mont d'Or"),
        # and after "de la", "de l'" when the name goes on ("Domaine de la Bégude", "Château de la
        # Roque": probe conversation of a wedding planner, the subject read "location du Domaine")
        if (
            after + 1 < len(words)
            and words[last + 1][0] in OF_WORDS
            and words[after][0] in _ARTICLES_AFTER_OF
            and words[after][1][:1].islower()
            and _capitalised_name(words, after + 1)
        ):
            after += 1
        if (
            last + 1 < len(words)
            and words[last + 1][0] in OF_WORDS | _NAME_PARTICLES
            and (after in names or (after < len(words) and _capitalised_name(words, after)))
        ):
            last = after
            while last + 1 in names or glued(words, last, said):
                last += 1  # "DPE du T3" (probe conversation of an estate agency: "DPE du T")
        return first, last
    subject = [i for i in content if asks_doer or fold(words[i][0]) not in _KEPT_CUES]
    # when the question opens ("samedi c'est qui qui a la clé du local tech ?"), what a unit
    # measures ("le m² pour la pose de gazon")
    subject = _after_a_unit(words, after_an_opening_time(words, subject))
    if len(subject) > 1 and _follows_who(words, subject[0]):
        subject = subject[1:]  # "qui s'occupe de la paie ?": the verb asks the agent, "paie" is asked of
    while len(subject) > 1 and _doing_before_its_object(words, subject[0]):
        subject = subject[1:]  # "qui s'occupe de préparer les laptops pour les nouveaux ?": the laptops
    # The verb of a clitic is no part of the subject, which comes after it: "on part où pour le
    # séminaire ?", "comment on récupère un badge parking ?" (language/text.py SUBJECT_CLITICS)
    while len(subject) > 1 and (after_a_clitic(words, subject[0]) or verb_after_asking(words, subject[0])):
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
            if (
                i < subject[-1]
                and (is_finite_verb(words[i][1].casefold()) or words[i][0] in _ENGLISH_BE)
                and not _possessive(words, subject[0], i)
            )
            or _verb_after_a_noun_phrase(words, i)
            or after_a_clitic(words, i)
            or _participle_of_be(words, subject[0], i)
        ),
        None,
    )
    # after a determiner or "de" the first word is a noun, whatever verb it may also spell
    # ("combien de téléphones sont dans le labo ?")
    a_noun = subject[0] > 0 and words[subject[0] - 1][0] in DETERMINERS | OF_WORDS
    if verb is not None and (a_noun or not is_finite_verb(words[subject[0]][1].casefold())):
        subject = [i for i in subject if i < verb]
    elif len(subject) > 1 and _verb_before_asking(words, subject[-1]):
        subject = subject[:-1]  # "l'inventaire annuel tombe quand ?"
    elif len(subject) > 1 and _verb_closing_a_que_clause(words, subject):
        subject = subject[:-1]  # "c quand que le livreur du labo passe ?"
    elif len(subject) > 1 and (closing := _closing_verb(words, subject)) is not None:
        subject = [i for i in subject if i < closing]  # "when does the sprint end?"
    plain = [folded for folded, _ in words]
    # after a determiner, or the noun counted after "combien de" ("on a combien de réservés samedi
    # soir ?": probe conversation of a mountain hut)
    noun_phrase = subject[0] > 0 and (
        plain[subject[0] - 1] in DETERMINERS - OF_WORDS or _counted(plain, subject[0])
    )
    while (
        noun_phrase
        and (count := _closing_time(words, subject))
        and len(subject) > count
        and not _after_of(words, subject[-count])
    ):
        # a day, a time of day or a month closing the noun phrase says when, not what ("qui c'est le
        # pilote de l'hélico jeudi ?" was about "pilote de l'hélico jeudi": probe conversation of a
        # mountain hut; "combien coûte une consult de base depuis janvier ?", of a veterinary
        # clinic); not after "de", where it names which one ("le marché du samedi", "la garde du 14
        # juillet"), nor after a verb ("on doit boucler à quelle heure samedi ?" asks when to finish)
        del subject[len(subject) - count + 1 :]
        closing = subject.pop()
        if words[closing - 1][0] in PREPOSITIONS and closing - 2 > subject[-1]:
            subject.append(closing - 2)  # "consult de base depuis janvier": up to its preposition
    last = subject[-1]
    if len(subject) > 1 and words[last][0] in _RATE_UNITS and words[last - 1][0] in _PER:
        # a rate says how the value asked is counted, not what it is of ("combien on facture le
        # sponsoring de la météo par mois ?": probe conversation of a radio station)
        subject = [i for i in subject if i < last - 1]
    end = subject[-1]
    while words[end][0].isdigit() and glued(words, end, said) and glued(words, end + 1, said):
        end += 2  # a measure the tokens split ("les banches de 2m70" was about "banches de 2")
    return subject[0], end


def _doing_before_its_object(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` is an infinitive after a preposition or a verb, its object's
    determiner right after it: what is done to the subject, not the subject ("qui s'occupe de
    préparer les laptops pour les nouveaux arrivants ?" was about "préparer les laptops…": probe
    conversation of a consulting firm); not a noun after its article ("le dîner"), nor what a
    length of time is asked for ("combien de temps ça prend pour activer un badge ?")."""
    if index == 0 or index + 1 >= len(words) or words[index - 1][0] in (DETERMINERS - OF_WORDS) | {"pour"}:
        return False
    return words[index + 1][0] in DETERMINERS - OF_WORDS and is_infinitive(words[index][1])


def opening_time(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` opens the question and is a day or a time ("samedi", "demain",
    "tomorrow") that no "de" ties to a noun: it says when, the subject comes after it ("samedi c'est
    qui qui a la clé du local tech ?" and "demain on largue les amarres vers quelle heure ?" were
    about "samedi" and "demain": probe conversations of a swimming pool and a fishing crew)."""
    if words[index][0] not in DAYS_AND_TIMES or any(
        folded not in FUNCTION_WORDS and folded not in DAYS_AND_TIMES for folded, _ in words[:index]
    ):
        return False  # (after another day or time: "samedi soir qui reste pour fermer ?")
    return index + 1 < len(words) and words[index + 1][0] not in OF_WORDS


# Determiners of a direct object (not "au", "du", which hold a preposition: "au public").
_OBJECT_DETERMINERS = DETERMINERS - folded_words("au aux du des")


# Units a price or an amount is given per: the square or cubic metre (written "m²", "m2", "m³"; the
# tokens read "m", "2"), the metre, the kilo, the litre, the tonne.
_UNIT_WORDS = folded_words("metre metres kilo kilos kg litre litres tonne tonnes")


# The square and cubic metres' exponents, written after "m" ("m²", "m2", "m³").
SQUARE_OR_CUBIC = {"2": "²", "3": "³"}


def cut_metre(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` is the exponent of a square or cubic metre the tokens cut from its "m"
    ("le m² pour la pose de gazon" reads "m", "2")."""
    return words[index][0] in SQUARE_OR_CUBIC and index > 0 and words[index - 1][0] == "m"


def _after_a_unit(words: list[tuple[str, str]], indices: list[int]) -> list[int]:
    """``indices`` without a unit opening them before "pour" or "de" ("on facture combien le m²
    pour la pose de gazon en plaques ?" was about "2 pour la pose…": probe conversation of a
    landscaping company): what the unit measures is the subject."""
    if len(indices) < 2:
        return indices
    first = indices[0]
    unit = cut_metre(words, first) or words[first][0] in _UNIT_WORDS
    following = first + 1
    if unit and following < len(words) and words[following][0] in ("carre", "carres", "cube", "cubes"):
        following += 1
    if not unit or following >= len(words) or words[following][0] not in OF_WORDS | {"pour"}:
        return indices
    rest = [i for i in indices if i > following]
    if not rest or words[rest[0]][0].isdigit() or len(words[rest[0]][0]) < 2:
        return indices  # "le kilo de n°3": a grade the tokens cut, no subject of its own
    return rest


def after_an_opening_time(words: list[tuple[str, str]], indices: list[int]) -> list[int]:
    """``indices`` without the days and times opening the question (:func:`opening_time`), unless
    only a verb after its clitic would be left, or such a verb with no object ("samedi on ferme à
    quelle heure ?" keeps "samedi"; "demain on largue les amarres vers quelle heure ?" is about the
    moorings)."""
    start = 0
    while start < len(indices) - 1 and opening_time(words, indices[start]):
        start += 1
    if not any(not after_a_clitic(words, i) for i in indices[start:]):
        return indices
    first = indices[start]
    objects = [i for i in indices[start + 1 :] if words[i - 1][0] in _OBJECT_DETERMINERS]
    if start and after_a_clitic(words, first) and not objects:
        # a verb after its clitic with no object after it: the day is what its clause is about
        # ("dimanche on ouvre à quelle heure au public ?" was about "public": a swimming pool)
        return indices
    return indices[start:]


def _closing_time(words: list[tuple[str, str]], subject: list[int]) -> int:
    """How many of the subject's last words are a day, a time of day or a month: one, two for a word
    the tokens split at its hyphen ("qui a le natel de garde ce week-end ?": probe conversation of a
    physics lab, about "natel de garde ce week-end"), none."""
    last = subject[-1]
    if last > 0 and f"{words[last - 1][0]}-{words[last][0]}" in DAYS_AND_TIMES:
        # "week" may be no word of the subject ("ce week" is a time frame: text.present_frame)
        return 2 if len(subject) > 1 and subject[-2] == last - 1 else 1
    if words[last][0] == "fois" and last > 0 and words[last - 1][0] in ("cette", "la"):
        return 1  # "qui répare le tracteur cette fois ?" asks about the tractor (a market farm)
    return 1 if words[last][0] in DAYS_AND_TIMES | _MONTH_WORDS else 0


def _after_of(words: list[tuple[str, str]], index: int) -> bool:
    """The day or month at ``index`` follows "de", alone or after its day's number: it names which
    one ("le marché du samedi", "la garde du 14 juillet": probe conversation of a pharmacy, read as
    "garde du 14")."""
    before = index - 1
    if before > 0 and words[before][0].isdigit():
        before -= 1
    return before >= 0 and words[before][0] in OF_WORDS


_ENGLISH_DETERMINERS = DETERMINERS & ENGLISH_FUNCTION_WORDS
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
        # … or an interrogative after its preposition ("on commande les ressorts de barillet chez
        # qui pour le calibre maison ?" was about "ressorts de barillet chez qui pour le calibre
        # maison": probe conversation of a watchmaking workshop)
        or (words[index][0] in _WHO_OR_WHAT and index > 0 and words[index - 1][0] in PREPOSITIONS)
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
_WHO_OR_WHAT = folded_words("qui quoi")


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
    # (… or before its object's article: "à quelle heure le pêcheur livre le poisson ?" was about
    # "pêcheur livre le poisson": probe conversation of a hotel in Corsica)
    if (
        not 2 <= index < len(words) - 1
        or words[index + 1][0] not in _PLACE_OR_TIME_PREPOSITIONS | _OBJECT_DETERMINERS
    ):
        return False
    if words[index - 2][0] not in DETERMINERS | OF_WORDS or words[index - 1][0] in FUNCTION_WORDS:
        return False
    if words[index][0] in FUNCTION_WORDS:
        return False  # "la clé de la cave": "de" is no verb
    after = words[index + 2][0] if index + 2 < len(words) else ""
    if words[index + 1][0] in _OBJECT_DETERMINERS and after in _TIMES:
        return False  # "la surveillance incendie la nuit", "l'hélium liquide cette année": when, no object
    written = words[index][1].casefold()
    return written.endswith("e") and in_dictionary(written[:-1] + "er")


# Days and times, and the spans of time a demonstrative makes a time ("cette année", "la semaine").
_TIMES = DAYS_AND_TIMES | folded_words("annee an semaine mois fois saison")
# Words of a time closing a question ("… cette semaine", "… demain matin", "… la semaine prochaine").
_CLOSING_TIME_WORDS = _TIMES | folded_words("ce cet cette ces le la prochain prochaine")
_PLACE_OR_TIME_PREPOSITIONS = folded_words("en a au aux dans sur chez vers avant apres")


ENGLISH_DO = folded_words("do does did")
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
        and any(folded in TAKING_UP for folded in plain[: subject[0]])
        and plain[subject[0] + 1] in DETERMINERS - OF_WORDS  # the noun phrase right after it
    )
    if plain[subject[0] - 1] not in WHICH | WHICH_EN and not counted:
        return subject
    later = next((k for k, i in enumerate(subject[1:], 1) if words[i - 1][0] in DETERMINERS - OF_WORDS), None)
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
    if any(word in ENGLISH_DO for word in before):
        return None if any(word in _ENGLISH_PRONOUNS for word in before) else last
    # (not the French reflexive "s'": "qui s'occupe du système de crafting ?" was about "système":
    # probe conversation of a game studio)
    be = any(
        word in _BE and not (word == "s" and is_finite_verb(words[i + 1][1].casefold()))
        for i, word in enumerate(before)
    )
    closes = be and is_english_verb_form(words[last][0])
    return last if closes else None


_BEFORE_A_TIME = folded_words("in on at the this every next tonight")


def _possessive(words: list[tuple[str, str]], start: int, index: int) -> bool:
    """The "'s" at ``index`` is a possessive, not "is": the question has its verb before the subject
    ("how much is a kid's haircut again?" was about "kid": probe conversation of a hair salon)."""
    return words[index][0] == "s" and any(folded in _BE | ENGLISH_DO for folded, _ in words[:start])


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
    """``names`` and ``content`` without a clause of time or condition naming someone, when a noun
    phrase before it says what is asked about: "elle est où la clé de la salle serveur quand Benoît
    n'est pas là ?" asks where the key is (probe conversation of a help desk: the fact read "Benoît :
    Sophie qui a le code"), "combien on facture la vaccination grippe si le patient n'a pas le bon de
    la CPAM ?" the price of the vaccination (of a pharmacy, about "CPAM"); "on appelle qui quand Léa
    est absente ?" is about Léa."""
    clause = next((i for i, (folded, _) in enumerate(words) if folded in _SITUATING and i), None)
    if clause is None:
        return names, content
    situated = [i for i in names if i > clause]
    # (a noun that says what is asked of something, "le montant qui reste à payer pour Massilia
    # Drill", leaves it to the clause: a replay)
    before = [
        i
        for i in content
        if i < clause and i not in names and words[i - 1][0] in DETERMINERS and words[i][0] not in _KEPT_CUES
    ]
    if not situated or not before:
        return names, content
    return [i for i in names if i not in situated], [i for i in content if i < clause]


def _offered(words: list[tuple[str, str]], names: list[int]) -> set[int]:
    """Names on either side of "ou" / "or", each an alternative offered ("OVH ou Scaleway")."""
    pairs = {(i, i + 2) for i in names if i + 2 in names and words[i + 1][0] in _OR}
    return {index for pair in pairs for index in pair}


_OR = folded_words("ou or")
# … and a relative after the noun phrase ("le conteneur d'attiéké qui part d'Abidjan, il arrive quand
# au Havre ?" was about Abidjan: probe conversation of an importer)
_SITUATING = TIME_SUBORDINATORS | CONDITION_SUBORDINATORS | folded_words("qui")


def _street_before(words: list[tuple[str, str]], first: int) -> int | None:
    """Where the street noun naming the name at ``first`` stands ("rue de France", "rue de la
    Paix", "place du Capitole"), or None."""
    for street, of in ((first - 2, first - 1), (first - 3, first - 2)):
        between_ok = of + 1 == first or words[of + 1][0] in DETERMINERS
        if street >= 0 and words[street][0] in _STREETS and words[of][0] in OF_WORDS and between_ok:
            return street
    return None


# Nouns naming a street or a square by the name after them (a closed class of French addresses).
_STREETS = folded_words("rue avenue boulevard bd place quai allee impasse chemin route cours square")


def _capitalised_name(words: list[tuple[str, str]], index: int) -> bool:
    """A capitalised word, not opening the question as a common word would, or an acronym; never a
    day of the week, which English capitalises ("what time is the client demo on Friday?" is about
    the demo: probe conversation of a remote team)."""
    written = words[index][1]
    if words[index][0] in _WEEKDAY_NAMES or words[index][0].removesuffix("s") in _WEEKDAY_NAMES:
        return False  # … nor days in the plural ("close on Saturdays?": probe conversation of a library)
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
    if not words[index][1].isdigit() or not glued(words, index, said):
        return False
    return any(char.isupper() for char in words[index + 1][1])


def _capitalised_function_word(words: list[tuple[str, str]], index: int) -> bool:
    """The word after the name at ``index`` spells a function word but is written with a capital:
    it goes on with the name ("le CTV Gwenn Ha Du" was about "Gwenn Ha": probe conversation of a
    wind farm crew; "Bank Of America")."""
    if index + 1 >= len(words):
        return False
    folded, written = words[index + 1]
    if index + 2 < len(words) and words[index + 2][0] in _ARTICLES_AFTER_OF:
        return False  # a particle and its article ("Paul De la Tour"), read as such below
    return folded in FUNCTION_WORDS and written[:1].isupper() and written[1:].islower() and len(written) > 1


def glued(words: list[tuple[str, str]], index: int, said: str) -> bool:
    """The word after ``index`` is written against it, letters then digits or the reverse: one code
    ("Q1", "B2B") the tokens split."""
    if index + 1 >= len(words):
        return False
    here, after = words[index][1], words[index + 1][1]
    if here.isdigit() and after.isdigit():
        return f"{here}-{after}" in said  # a reference in two parts ("REF 88-412")
    if here.isupper() and after.isupper() and f"{here}&{after}" in said:
        # capitals joined by "&" ("la base O&M" was about "O": probe conversation of a wind farm)
        return True
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
        if glued(words, after, said):
            return not written.islower()  # "PN 7730-A", "REF 88-412", not "Everest 14h"
        verb = is_verb_form(written.casefold()) or (
            sentence_language(tokens(said)) == "en" and is_english_verb_form(folded)
        )
        return folded in FUNCTION_WORDS or verb
    return True


# The object clitics of French: a closed class (the "l'" of "on l'ouvre" is folded "l").
_OBJECT_CLITICS = folded_words("le la les l lui leur y en")


def after_a_clitic(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` follows a subject or reflexive clitic, so it is a verb ("on part",
    "se passe", "il tombe"), whatever else the dictionary reads it as."""
    if index > 0 and words[index - 1][0] in SUBJECT_CLITICS:
        return True
    if index > 1 and words[index - 1][0] in _OBJECT_CLITICS and words[index - 2][0] in SUBJECT_CLITICS:
        # an object clitic between them, taking up what the question names after ("on les vend
        # combien les bouchons ?" was about "vend": probe conversation of a food truck)
        return True
    if index > 1 and words[index - 1][0] in AUXILIARIES and words[index - 2][0] in SUBJECT_CLITICS:
        return True  # a participle after its auxiliary: "on a réservé quelle salle ?"
    if index > 0 and words[index - 1][0] == "y" and words[index][0] not in FUNCTION_WORDS:
        # the "y" of spoken French for "il", or the pronoun "y", stands before a verb only, whatever
        # else the dictionary reads it as ("à quelle heure y passe le livreur ?" was about "passe le
        # livreur": probe conversation of a hair salon in Lille)
        return True
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
        and words[index - 2][0] in ENGLISH_DO | _MODALS | ASKING_WORDS
    )


def _verb_closing_a_que_clause(words: list[tuple[str, str]], subject: list[int]) -> bool:
    """The subject's last word closes the question and is a verb form, in a clause that "que"
    opens right after the word asking ("c'est quand que le livreur du labo passe ?", "où qu'il est
    rangé le diable ?" — chat's spoken French: probe conversation of a dental practice, about
    "livreur du labo passe")."""
    start, last = subject[0], subject[-1]
    opening = next((i for i in range(start - 1, -1, -1) if words[i][0] in ("que", "qu")), None)
    after_que = opening is not None and opening > 0 and words[opening - 1][0] in ASKING_WORDS
    # … or after the noun an interrogative determiner asks, the subject right after it ("quel jour
    # le livreur passe ?", "à quelle heure la navette part ?": probe conversations of a theatre
    # company and a hotel)
    after_which = any(
        folded in WHICH
        and start in (i + 2, i + 3)
        and not verb_form(words, i + 1)
        and words[i + 1][0] not in AUXILIARIES
        for i, (folded, _) in enumerate(words[:start])
    )
    if not (after_que or after_which) or len(words[last][1]) < 3:
        return False
    # (not a participle qualifying the noun: "c'est où qu'on range les lettres de mission signées ?")
    written = words[last][1]
    # (or before a time closing the question: "c quand que la coiffeuse passe cette semaine ?", a
    # retirement home's probe conversation)
    closing = all(folded in _CLOSING_TIME_WORDS for folded, _ in words[last + 1 :])
    return closing and verb_form(words, last) and not WRITTEN_PAST_PARTICIPLE.search(written)


def _verb_before_asking(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` is a verb in the present ("tombe", "commence", "sort", "ouvre") right
    before the word asking ("quand", "où", "à quelle heure"): a verb form (:func:`_verb_form`; "la
    réunion d'équipe quand ?" keeps "équipe")."""
    after = [folded for folded, _ in words[index + 1 : index + 3]]
    asking = bool(after) and (
        after[0] in ASKING_WORDS or (len(after) == 2 and after[0] in PREPOSITIONS and after[1] in WHICH)
    )  # "la cantine ouvre à quelle heure ?"
    return asking and verb_form(words, index)


def verb_after_asking(words: list[tuple[str, str]], index: int) -> bool:
    """The word at ``index`` is a verb in the present put before its subject by the question ("quand
    commence le sprint ?", "à quelle heure ouvre la cantine ?"): a determiner follows it, and it is
    a verb form as :func:`_verb_before_asking` reads one."""
    after = words[index + 1][0] if index + 1 < len(words) else ""
    # a participle after its auxiliary, both before the subject: "où est passé le carton ?"
    compound = index > 1 and words[index - 1][0] in AUXILIARIES and words[index - 2][0] in ASKING_WORDS
    return after in DETERMINERS and (compound or verb_form(words, index))


def verb_form(words: list[tuple[str, str]], index: int) -> bool:
    """A lowercase word, no determiner or preposition before it, of which an infinitive exists
    ("tombe" → "tomber", "sort" → "sortir", "ouvre" → "ouvrir")."""
    folded, written = words[index]
    before = words[index - 1][0] if index > 0 else ""
    if (before in FUNCTION_WORDS and before not in ASKING_WORDS) or not written.islower():
        return False  # "où" folds to the conjunction "ou"
    stem = written[:-1] if folded.endswith(("e", "t")) else written
    return any(
        is_infinitive(form) for form in (written + "r", written + "ir", stem + "ir", stem + "r")
    ) or is_verb_form(written)  # an irregular verb: "quand vient le plombier ?"


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


def shouted(text: str) -> bool:
    """Every word of three or more is written in capitals (a message typed with caps lock)."""
    words = [word for word in TOKEN.findall(text) if len(word) > 1 and not word.isdigit()]
    return len(words) >= 3 and all(word.isupper() for word in words)


# The pronouns a subject put after its verb takes up ("il vient … Judicaël").
TAKING_UP = folded_words("il elle ils elles")

# Interrogative determiners: the noun after them is what is asked ("quel âge", "quoi comme sport").
WHICH = folded_words("quel quelle quels quelles")
WHICH_EN = folded_words("what which")
# The interrogatives that ask of a verb rather than of a noun (who, when, where, how, why, how much).
ASKING_WORDS = folded_words("qui quand ou comment pourquoi combien who when where how why")
