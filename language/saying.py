"""Whether a reply says anything at all: not thanks, praise of Eko, chit-chat, not knowing, going
to look it up, hedging, a joke or an unfinished sentence.

Precision first (seed 002, "Comment répondre à Eko"): a message that says nothing is never an
answer, whatever links it to Eko's question. Closed classes of chat formulas, both languages, read
whatever Eko's language. Pure functions.
"""

from __future__ import annotations

import re

from language.formulas import (
    THANKS_BEFORE,
    THANKS_INTENSIFIERS,
    THANKS_WORDS,
    addresses_the_room,
    is_chit_chat,
    is_formula,
    is_parting_wish,
    says_goodbye,
)
from language.intents import DISCOURSE_WORDS, intent_of, laughs, speaks_of_bot
from language.mentions import mention_spans, strip_mention
from language.questions import is_about_bot, is_question, sentence_around
from language.replies import BOTH, CLOSING, NEGATION, WAIT, after_laughter, first_clause, jokes
from language.text import (
    CALENDAR,
    FILLERS,
    LETTERS,
    Language,
    fold,
    folded_words,
    in_french_second_person,
    is_common_word,
    normalise_quotes,
    tokens,
)

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


def is_kind_to_bot(text: str, language: Language = "fr", bot_name: str = "Eko") -> bool:
    """A remark to Eko that thanks it is owed: praise ("t'es trop fort", "you're a legend mate"), or
    a promise to come back with the answer ("je regarde et je te dis"); not teasing ("Eko c'est toi
    le robot, tu devrais savoir 😂", "même Eko sait pas": probe conversations of a shipyard crew and
    a comic-book shop, both thanked)."""
    said = fold(strip_mention(text, bot_name))
    if _LOOKING_IT_UP.match(said.strip()) is not None:
        return True
    words = set(tokens(said))
    return bool(words & _PRAISE_WORDS) and not words & _NEGATIONS


# Chat's praise of a person, both languages (a closed class of evaluative words), and negations.
_PRAISE_WORDS = folded_words(
    """bon bonne good fort forte top genial geniale super best meilleur meilleure legend legende star chef
    champion crack boss gentil gentille sympa cool great awesome amazing brilliant nice smart clever
    intelligent parfait parfaite adorable amour ouf incroyable magique pro"""
)
_NEGATIONS = folded_words("pas plus jamais not never nul nulle")


def _not_knowing(folded: str, language: Language) -> bool:
    if _LOOKING_IT_UP.match(folded.strip()) is not None:
        return True
    pointing = _POINTING.search(folded)
    if pointing is not None and not any(char.isdigit() for char in folded[: pointing.start()]):
        return True
    return any(_NON_ANSWER[lang].search(folded) for lang in BOTH[language]) or _ignorance(folded)


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
    rf"^(?:(?:{WAIT}|{_GOING_ALONG})\W*)*(?:je (?:cherche|regarde|verifie|check|checke|demande|"
    r"demanderai|regarderai|verifierai|vais (?:demander|regarder|verifier|voir|checker))|"
    r"(?:je|on) (?:te|vous) (?:dis|redis|tiens au courant)|let me (?:check|look|ask)|"
    rf"i'll (?:check|look|ask|find out))\b|^{WAIT}\W*$"
)


# A reply that only hedges ("ça dépend", "ça dépend des jours", "it depends"): a few words at most
# after it, nothing of a value. Closed formulas of the two languages.
_HEDGE = re.compile(r"^(?:ca|ça) depend(?:s)?(?:\s+[\w']+){0,3}$|^it depends(?:\s+\w+){0,3}$")


def _ignorance(folded: str) -> bool:
    knowing = next((found for found in _KNOWING.finditer(folded) if not _included(folded, found)), None)
    return bool(knowing and (NEGATION.search(folded) or _RHETORICAL_KNOWING.search(folded)))


# Who understands: a subject pronoun or an auxiliary of "avoir" ("j'ai pas compris", "t'as rien
# compris", "on a compris"). A closed class.
_UNDERSTANDER = folded_words(
    "j je jai tu t tas il elle on nous vous ils elles i ai as a avons avez ont avais avait"
)
_CLAUSE_END = re.compile(r"[,.;:!?()]")


def _included(folded: str, found: re.Match[str]) -> bool:
    """ "compris" after a noun, nobody before it who understands: what a price includes ("9
    places, chauffeur pas compris", "petit-déj compris", "repas non compris": probe conversation
    of a hotel on Réunion, read as not knowing), not understanding ("pas compris", "j'ai
    toujours pas compris")."""
    if found.group() != "compris":
        return False
    clause = _CLAUSE_END.split(folded[: found.start()])[-1]
    before = [word for word in re.findall(r"[^\W\d_]+", clause) if word not in ("pas", "non")]
    return bool(before) and not _UNDERSTANDER.intersection(before) and not before[-1].endswith("ment")


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
# French "an", a year, closing a rate or a count ("540 € par an", "un an", "2 ans"), not the English
# article ("an" alone after a verb).
_A_YEAR = re.compile(r"(?:\bpar|\bun|\bchaque|\bl['’]|\d)\s*an$", re.IGNORECASE)
# "avec" or "sans" closing a reply that said the other before stands for its object ("42 kg sans le
# moteur, 58 avec": probe conversation of a glaciology lab, read as unfinished).
_CONTRASTED = re.compile(r"\b(?:sans\b.*\bavec|avec\b.*\bsans|without\b.*\bwith|with\b.*\bwithout)\W*$")


# Words that judge rather than tell (evaluative adjectives and their intensifiers, French and
# English): "Hélios c'est nul", "c'est top", "it's great" give an opinion of the subject, not what
# was asked. A closed class of chat's judging words.
EVALUATIVE = folded_words(
    """nul nulle nuls naze nazes pourri pourrie top genial geniale geniaux cool super bien mal chiant
    chiante relou ouf dingue incroyable horrible parfait parfaite sympa moche beau belle bof trop tres
    vraiment grave carrement hyper vachement assez plutot nickel extra magnifique affreux bizarre
    great awesome amazing nice good bad terrible lame boring crap fine so very really pretty quite
    weird perfect
    tranquille tranquilles"""
)


def says_something(raw: str, text: str, language: Language = "fr", bot_name: str = "Eko") -> bool:
    """Not a question, not about Eko itself, and at least one word that is not a common one.

    "merci !", "ok", "Eko t'es là ?", "Eko, tu es génial" answer nothing.
    """
    if not text or raw.rstrip().endswith("?") or is_question(strip_mention(raw, bot_name), language):
        return False
    if _asks_where_named(raw, bot_name):
        return False  # "Eko elle vit où Ambre ? c'est pour le covoit", "Eko isn't it tuesday? i think"
    raw = after_laughter(normalise_quotes(raw))  # "that's me lol 👋 I'm in Aberdeen": told after it
    to_eko = strip_mention(raw, bot_name)  # as written to Eko, before answer_text took thanks off
    folded = fold(text)
    # said of Eko in its first clause ("Eko, t'es trop fort"); a "tu" after it speaks to someone in
    # the room ("je serai à Loisy vers 8h15. Margaux si t'es pas là…", "le 214 Florian, tu peux
    # transférer")
    # (the créoles' second person read as French's: "Eko mèsi, ou ka fè bon travay 😄" was stored
    # as a fact once "mèsi" was read as thanks: probe conversation of a rum distillery)
    if is_about_bot(first_clause(in_french_second_person(text)), language) or jokes(text):
        return False
    if is_chit_chat(raw, bot_name) or is_formula(raw, bot_name):
        return False  # "Eko, il fait beau aujourd'hui", "Eko, je suis là", "Eko bon appétit !"
    if is_formula(THANKING.sub(" ", text).strip(CLOSING), bot_name):
        # what is said to Eko, from the sentence naming it, thanks and a wish ("nickel. Eko merci,
        # bonne journée" was stored as Sanne's languages once the approval before it was left out)
        return False
    if intent_of(raw, language, bot_name) == "action" or speaks_of_bot(raw, bot_name):
        # "Eko, please do the needful and drop the standup link in here again", "oh great, so now
        # Eko knows everything 🙄"
        return False
    if says_goodbye(raw, bot_name) and not any(char.isdigit() for char in text):
        return False  # "Right, grand so, I'm off for the evening. Night all, night Eko!"
    trimmed = _TRAILING.sub("", text)
    if _TOPIC_SHIFT.match(folded) or (
        _UNFINISHED.search(trimmed) and _CONTRASTED.search(folded) is None and not _A_YEAR.search(trimmed)
    ):
        return False
    asked_for = _ASKING_FOR_A_THING.match(folded)
    if asked_for and not re.search(r"\d|\b(?:est|sont|is|are)\b", asked_for.group(1)):
        return False  # "Eko le digicode Deloitte Levallois svp jsuis devant la porte": asks for it
    if _THANKS_FOR.match(folded):
        return False  # "Eko merci pour le résumé" right after a question
    if _not_knowing(folded, language):
        return False
    if _HEDGE.match(folded.strip(CLOSING)):  # "ça dépend des jours": no value, only a hedge
        return False
    thanked = THANKING.sub(" ", text)
    if _thanks_only(text):
        return False  # "Ah top merci Catherine !! et merci Eko 🙏": thanks, to someone else too
    # thanks given, in the answer or before Eko's name, which answer_text took off ("merci Eko,
    # tranquille": probe conversation of an ambulance company)
    thanks = thanked != text or THANKING.search(to_eko) is not None
    judged = " ".join(word for word in tokens(thanked) if word not in EVALUATIVE)
    if thanks and (not judged or is_formula(judged, bot_name)):
        return False  # "nickel. Eko merci, bonne journée": approval, thanks and a wish, no value
    # as written to Eko, before answer_text took thanks off ("Eko thanks, mate"), and folded, for
    # thanks written with accents the folded list has not ("jërëjëf Eko", Wolof)
    if _thanks_only(to_eko) or _thanks_only(fold(text)):
        return False
    if _SAID_OF_YOU.match(fold(thanked)) or _PRAISE.match(fold(thanked)):
        return False  # "Cheers Eko, you're a star", "merci t'es un amour": said of Eko, no value
    if _only_said_of_you(thanked):
        return False  # "merci hein, t'es un bon collègue", "super, merci t'es un schatzi"
    if THANKING.sub(" ", to_eko) != to_eko and _only_said_of_you(THANKING.sub(" ", to_eko)):
        return False  # as written, before answer_text took "merci, bon" off "Eko merci, bon robot"
    first = _CLAUSE_BREAK.split(thanked.strip(" ,.!"), maxsplit=1)
    if len(first) == 2 and is_parting_wish(first[0], bot_name):
        # a farewell before it, what follows is news for the room ("Eko, merci, bonne journée à
        # tous, rdv au pressoir à 18h": probe conversation of a wine estate), not the value asked
        return False
    thanked_first = THANKING.match(fold(to_eko).lstrip(" ,;:!.-")) is not None
    if thanked_first and _only_urging(thanked) and addresses_the_room(thanked.strip(CLOSING)):
        # thanks first, then a call to the whole room closing it ("Merci Eko 👍 allez, au boulot
        # tutti !": probe conversation of a hotel in Corsica, stored as who keeps the cellar keys);
        # not thanks after the answer ("c'est Julien, merci tout le monde")
        return False
    if thanks and len(first) == 2 and addresses_the_room(first[0]):
        # thanks, then words to the whole room ("Merci Eko 👍 allez au boulot tout le monde,
        # bouclage ce soir": probe conversation of a newsroom): news for the room, no value asked
        return False
    return _holds_content(text)


def _only_urging(text: str) -> bool:
    """No value in ``text``: no digit, no capitalised word (a name, or a sentence that may tell
    one), no copula stating something ("allez, au boulot", not "c'est Julien qui les a", "Julien
    les a")."""
    if any(char.isdigit() for char in text) or any(word[:1].isupper() for word in text.split()):
        return False
    return re.search(r"\b(?:c'est|c est|est|sont|is|are)\b", fold(text)) is None


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
    # (Italian's "sei": "grazie Eko, sei un tesoro" was stored as Hugo's shoe size: probe
    # conversation of a yacht crew)
    # (Réunion créole's "ou lé": "Eko, merci 🙏 ou lé in bon ti robot" was stored as the priest of
    # a parish: probe conversation of a funeral home), or Eko called by what it is ("bon robot",
    # "good bot")
    r"^[\W\s]*(?:you['’ ]?re|you are|ur|u r|t['’ ]es|tu es|vous etes|du bist|eres|jij bent|je bent|"
    r"(?:tu )?sei|ou le|"
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
    thanked = THANKING.sub(" ", said)
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
THANKING = re.compile(
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
