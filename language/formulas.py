"""Conversational formulas, French and English: greetings, thanks, partings and leaving, asking how
Eko is, small talk, presence checks, being here, politeness; whether a message is only such a
formula (:func:`is_chit_chat`), says goodbye, wishes well, addresses the room or asks after Eko.
Closed lists of formulas, not words of one conversation.
"""

from __future__ import annotations

import re

from language.asking_frames import phrases, said_to, space_joined
from language.text import (
    folded_words,
    tokens,
)

# Saying one leaves ("je file", "I'm off for the evening", "heading out", "night all").
_LEAVING_PHRASES = (
    r"je (?:file|y vais|me deconnecte)|"
    r"i m (?:off|heading off|heading out|logging off|signing off)"
    r"(?: for the (?:day|evening|night|weekend)| home| now)?|"
    r"good ?night|night (?:all|everyone|folks|team)|night(?= $)"
)
LEAVING = phrases(_LEAVING_PHRASES)
GREETING_WORDS = folded_words(
    "salut bonjour bonsoir coucou hello hey hi yo hola wesh wsh re bye ciao"
    # borrowed as the thanks are ("milesker Eko, agur !", Basque: probe conversation of a hotel)
    " agur kaixo aupa tschuss moien"
    # … the Antilles' créole ("Eko, bonjou mon ami 😄": probe conversation of a rum distillery)
    " bonjou bonswa"
    # … and Switzerland's "adieu", a greeting there ("Adieu Eko !": probe conversation of a
    # watchmaking workshop in the Jura), a farewell elsewhere: a formula either way
    " adieu"
    # … and Breton's hello and goodbye ("Eko, kenavo !" was stored as a thesis subject: probe
    # conversation of a marine biology lab in Rennes)
    " demat kenavo"
    # … Tamil, Wolof, Portuguese, Arabic ("vanakkam! moi je commence à 6h…" was stored as
    # "vanakkam": probe conversation of a cleaning company)
    " vanakkam salam salaam ola oi"
    # … Japanese and Italian ("Ohayō~ Eko, dans quelle salle se trouve le Steinway ?" was stored
    # about "Ohayō": probe conversation of a conservatory), German
    " ohayo ohayou konnichiwa konbanwa buongiorno buonasera moin servus hallo"
)
# Wishes said when parting ("bonne journée à tous", "à demain", "see you"; the answer rules read them
# too: language/saying.py).
_PARTING_PHRASES = (
    r"bonne (?:journee|soiree|nuit|semaine|fin de journee|aprem|apres midi)(?: a (?:toi|vous|tous|toutes))?",
    # … and a moment to come ("bonne nuit Eko, à ce soir 🥖" was stored as when the mill delivers:
    # probe conversation of a bakery)
    r"a (?:demain|plus tard|plus|bientot|tout a l heure|toute|tout de suite|la prochaine|ce soir|cet aprem|"
    r"cet apres midi|la semaine prochaine|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)",
    _LEAVING_PHRASES,
    r"have a (?:nice|good) (?:day|evening|weekend)",
    r"see you(?: later| tomorrow)?",
)
PARTING = phrases(*_PARTING_PHRASES)
GREETINGS = phrases(
    *_PARTING_PHRASES,
    r"bon (?:week end|weekend|appetit|courage)(?: a (?:toi|vous|tous|toutes))?",
    r"toi aussi",
    r"(?:good )?(?:morning|mornin|evening|evenin|afternoon)|good night",
    r"g day",  # "g'day"
    r"happy \w+",
)
# Words of thanks, the German, Spanish and Italian ones a team borrows too ("danke Sandrine!"), and
# what strengthens them ("thanks a mil", "merci mille fois"); the answer rules read them too:
# language/saying.py, language/replies.py, language/off_topic.py.
# … borrowed from the languages a team speaks, too ("jërëjëf Eko", Wolof, was stored as an answer:
# probe conversation of an NGO).
THANKS_WORDS = folded_words(
    "merci cimer thanks thank thx cheers ty danke gracias grazie obrigado obrigada bedankt dank tack "
    "dziekuje spasibo arigato shukran asante jerejef milesker trugarez"
    # … as French spells the Arabic ("Eko, choukran bzaf 🙏": probe conversation of a market garden)
    " choukran chokran"
    # … and the Antilles' créole ("Eko mèsi, ou ka fè bon travay": probe conversation of a rum
    # distillery in Martinique)
    " mesi"
)
THANKS_INTENSIFIERS = (
    "beaucoup", "bien", "encore", "mille fois", "a lot", "a million", "a mil", "a bunch", "a ton",
    "so much", "very much", "loads", "again",
    # … and those of the languages the thanks are borrowed from ("danke schön", "grazie mille":
    # "Eko, danke schön !" was stored as an answer, probe conversation of a bike park)
    "schön", "schon", "sehr", "vielmals", "mille", "tante", "mil", "bzaf",
)  # fmt: skip
# Words before a borrowed thanks that strengthen it ("muchas gracias", "vielen Dank").
THANKS_BEFORE = ("muchas", "muchisimas", "vielen", "tausend", "mille")
THANKS = phrases(
    *sorted(THANKS_WORDS),
    r"thank you",
    r"nickel merci",
    # the formal verb ("Eko-san, bonjour. Je vous remercie pour votre aide d'hier.": probe
    # conversation of a museum, answered as a statement)
    r"je (?:vous|te) remercie",
)

PRESENCE = phrases(
    r"t es la",
    r"tu es la",
    r"tu es toujours la",
    r"t es toujours la",
    r"es tu la",
    r"t la(?= $)",  # chat's "t'es là" closing it ("Eko t la ?": probe conversation of a plumbing firm)
    # the formal "vous" ("Eko, BONJOUR. Vous êtes là ce matin ?" was kept as a curiosity: probe
    # conversation of a town hall)
    r"vous etes la",
    r"etes vous la",
    r"vous etes toujours la",
    r"vous m entendez",
    r"tu dors",
    r"tu m entends",
    r"tu me lis",
    r"ping",
    r"you there",
    r"are you there",
    # British "about", "around" for "there" ("Now then Eko, you about?"); asleep, awake
    r"(?:are )?(?:you|u|ye) (?:about|around)(?= $)",
    r"(?:(?:are )?(?:you|u) )?(?:asleep|awake|sleeping)(?= $)",
    r"still there",
    r"t as fini",
    r"tu as fini",
    r"c est bon t as fini",
    r"allo",
    r"tu me recois",
    r"tu es reveille",
    r"t es reveille",
    r"t es ou",
    r"tu es ou",
    r"are you alive",
    r"are you awake",
)

# Asking how Eko is doing, the small talk "ça va bien, merci" answers.
_WELLBEING_PHRASES = (
    r"ca va",
    r"comment ca va",
    r"comment tu vas",
    # formal ("Eko, bonjour ! Comment allez-vous aujourd'hui ?" was kept as a curiosity: probe
    # conversation of a museum)
    r"comment allez vous",
    r"vous allez bien",
    r"tu vas bien",
    r"la forme",
    r"(?:tu es|t es|vous etes|es tu|etes vous) en forme",
    r"bien dormi",
    # rested, after the week-end or the holidays ("bien reposé ce week-end ?")
    r"bien reposee?s?",
    r"(?:did you|you) (?:sleep|rest) well",
    r"ca roule",
    r"quoi de neuf",
    r"how are you",
    # Australian and chat English ("how ya going this arvo?")
    r"how (?:ya|you|are you|r u|are ya) (?:going|doing|travelling)",
    r"how s it going",
    # chat's "r u" ("Eko hello! how r u today?" was answered as a question about Eko: probe
    # conversation of a rugby club)
    r"how (?:r|are) (?:u|you|ya)",
    r"how (?:s|are|is) things",
    # all well, asked with nothing else ("Eko salut, all good?" was kept as a curiosity about "all
    # good": found while probing interpreters' greetings)
    r"(?:all|everything) (?:good|ok|okay|fine)(?= $)",
    r"tout va bien(?= $)",
    # the same borrowed from the languages a team speaks, as their thanks are (probe conversation
    # of a wine estate: "Eko hola! qué tal, ça va ce matin ?" was kept as a curiosity)
    r"que tal",
    r"como estas",
    r"come va",
    r"come stai",
    r"wie gehts?",
    r"wie geht s",
    r"tudo bem",
    r"labas",
    # … Maghrebi Arabic ("Salut Eko ! labes ?" was kept as a curiosity: probe conversation of a
    # software company in Tunis)
    r"labes",
    r"labess",
    r"la bes",
    # … the Antilles' créole ("Eko bonjou ! sa ou fè ?" was answered as an opinion asked: probe
    # conversation of a rum distillery) and Haiti's
    r"sa ou fe",
    r"ka ou fe",
    r"sak pase",
    r"alles goed",
    r"hoe gaat het",
    # … Breton, Catalan, Occitan, Basque ("Eko, bonjour ! mat an traoù ?" was kept as a curiosity:
    # probe conversation of an airport's ground crew), Polish
    r"mat an traou",
    r"mont a ra",
    r"com va",
    r"cossi va",
    r"zer moduz",
    r"jak sie masz",
    # French slang ("Eko bien ou quoi ?", "bien ou bien ?")
    r"bien ou quoi",
    r"bien ou bien",
    r"what s up",
    r"whats up",
    r"(?:t as|tu as|as tu) passe une? bon(?:ne)?",
    r"(?:did you have|had) a (?:good|nice) (?:day|weekend|week)",
    # the same, elliptic, closing the message ("good weekend?", "nice holiday?")
    r"(?:good|nice|great) (?:day|weekend|week end|week|holiday|holidays|trip|break|evening)(?= $)",
)
WELLBEING = phrases(*_WELLBEING_PHRASES)
SMALL_TALK = phrases(
    *_WELLBEING_PHRASES,
    r"lol",
    r"mdr",
    r"ptdr",
    r"haha+",
    r"hihi",
    r"quelle journee",
    r"il fait beau",
    r"il pleut",
    r"tu t ennuies",
    r"raconte (?:moi )?une blague",
    r"une blague",
    r"tell me a joke",
    r"quel temps",
    r"bon week end",
    r"passe une? bon(?:ne)?",
    r"t es drole",
    r"tu es drole",
    r"je suis creve",
    r"vivement",
    r"trop bien",
    r"il fait (?:froid|chaud|beau|moche|gris)",
    r"quoi de beau",
    r"le match",
    r"bien mange",
    # news asked of no one
    r"(?:t as|tu as|vous avez|as tu|avez vous) (?:des )?nouvelles(?= $)",
)

POLITE = folded_words("stp svp please plz pls merci")

# Saying one is here, back or off ("je suis là", "me voilà"): being present says nothing asked.
# Closing the message: "je suis la responsable produit" is a description ("là" folds to "la").
HERE = phrases(
    r"(?:je suis|chuis) (?:la|ici|de retour|dispo|rentree?)(?= $)",
    r"me (?:voila|revoila)",
    # "je reviens" (right back), not "je reviens le 3 mars": a date says when one returns
    r"je reviens(?= $| (?:tout de suite|de suite|vite|asap|"
    r"dans (?:\w+ )?(?:min|mins|minutes?|sec|secondes?)) )",
    r"i m (?:here|back)(?= $)",
    r"present(?= $)",
)


def is_chit_chat(text: str, bot_name: str = "Eko") -> bool:
    """``text`` is a conversational formula — small talk ("il fait beau aujourd'hui"), a presence
    check or saying one is here — whatever else it holds: it answers nothing Eko asked."""
    joined = said_to(text, bot_name)
    return bool(SMALL_TALK.search(joined) or PRESENCE.search(joined) or HERE.search(joined))


def says_goodbye(text: str, bot_name: str = "Eko") -> bool:
    """``text`` says its author is leaving ("je file", "Right, I'm off for the evening. Night all"),
    whatever else it holds."""
    return LEAVING.search(said_to(text, bot_name)) is not None


def is_parting_wish(text: str, bot_name: str = "Eko") -> bool:
    """``text`` is a wish said when parting and politeness only ("bonne journée à tous", "see you")."""
    return is_formula(text, bot_name) and PARTING.search(said_to(text, bot_name)) is not None


def is_formula(text: str, bot_name: str = "Eko") -> bool:
    """``text`` is only greetings, farewells and politeness ("bon appétit !", "à plus tard",
    "bonne journée à tous"): it says nothing else."""
    joined = said_to(text, bot_name)
    framed = ADDRESSEES.sub(" ", GREETINGS.sub(" ", joined))
    framed = _WISH.sub(" ", " " + " ".join(framed.split()) + " ")
    rest = [w for w in framed.split() if w not in GREETING_WORDS and w not in POLITE]
    return bool(joined.strip()) and not rest


# A wish opening with "bon", "bonne" and a few words, the whole of what is said ("bonne pause dej",
# "bon service", "bonne fin de service": "Eko bonne pause dej 😋" was stored as an answer, probe
# conversation of a swimming pool).
_WISH = re.compile(r"^ (?:bon|bonne|bons|bonnes) [^\W\d]+(?: (?:de|d) [^\W\d]+| [^\W\d]+)? $")


def addresses_the_room(clause: str) -> bool:
    """``clause`` ends by calling the whole room ("allez au boulot tout le monde", "on lâche rien la
    team", "back to work everyone"): said to the team, not to one person."""
    joined = space_joined(tokens(clause)).rstrip()
    return any(found.end() == len(joined) for found in ADDRESSEES.finditer(joined))


# Whom a greeting is addressed to ("bon appétit tout le monde", "salut la team", "hi all").
ADDRESSEES = phrases(
    r"(?:a )?tout le monde",
    r"a (?:tous|toutes)",
    r"la (?:team|compagnie)",
    r"l equipe",
    r"les (?:gars|amis|copains)",
    # … or the one greeted, as a friend ("Eko, bonjou mon ami 😄" was read as a statement: probe
    # conversation of a rum distillery)
    r"mon (?:ami|pote|poto|vieux|frere)",
    r"ma (?:belle|grande)",
    r"(?:my )?(?:friend|buddy|mate|pal)",
    r"everyone",
    r"everybody",
    r"all",
    r"(?:you )?guys",
    r"folks",
    r"team",
    # Italian's and Corsican's "all" ("Merci Eko 👍 allez, au boulot tutti !" was stored as a fact:
    # probe conversation of a hotel in Corsica)
    r"tutti",
)


def asks_what_bot_is(text: str, bot_name: str = "Eko") -> bool:
    """``text`` asks who or what Eko is, or what it is for ("tu es qui ?", "tu fais quoi
    exactement ?", "who are you?"): what Eko can say of itself without being taught."""
    return bool(_WHO_ARE_YOU.search(said_to(text, bot_name)))


# Asking who or what the one spoken to is, or what it is for (closed phrasings, both languages).
_WHO_ARE_YOU = re.compile(
    r"(?<![^ ])(?:(?:tu es|t es|es tu) (?:qui|quoi)|qui es tu|qui tu es|c est quoi toi|tu sers a quoi|"
    r"a quoi tu sers|tu fais quoi(?: exactement| au juste| ici)?(?: toi)? $|who are you|what are you|"
    r"what do you do(?: here)? $)"
)


def asks_after_bot(text: str, bot_name: str = "Eko") -> bool:
    """``text`` asks how Eko is doing ("Eko, ça va ?", "how are you?"), not just any small talk
    ("quelle heure il est ?", "il fait beau ?")."""
    return bool(WELLBEING.search(said_to(text, bot_name)))
