"""Ways of asking without an interrogative ("tu sais…", "dis-moi…", "rappelle-moi…"), and the words
of a message said to Eko as the phrase patterns of language/intents.py and language/formulas.py
read them (folded, the bot's name left out, space-joined).
"""

from __future__ import annotations

import re

from language.mentions import strip_mention
from language.text import (
    in_french_second_person,
    tokens,
)


def phrases(*alternatives: str) -> re.Pattern[str]:
    """A pattern matching any of the phrases as whole words in a folded, space-joined text."""
    return re.compile(r"(?<![^ ])(?:" + "|".join(alternatives) + r")(?![^ ])")


# What a frame's question opens with after it (folded: an interrogative, "si", "c'est").
_ASKED_AFTER_A_FRAME = r"qui|quoi|quand|ou|comment|combien|pourquoi|quel|quelle|quels|quelles|si|c est"
# An object pronoun and an infinitive that does something rather than tell it ("me faire un café").
_PRONOUN_THEN_DOING = (
    r"(?:me|m|nous|lui|leur|te|t) (?!(?:dire|redire|donner|redonner|filer|passer|indiquer|expliquer|"
    r"rappeler|montrer|preciser|confirmer|trouver)(?![^ ]))[^ ]+(?:er|ir|re)(?![^ ])"
)
# What news or information is asked on ("pas d'info sur…", "des nouvelles du…").
_ON_IT = r"(?:sur|pour|concernant|de|du|des|d)"
# Ways of asking for information without an interrogative ("tu sais…", "dis-moi…", "une idée de…").
REQUEST_FRAMES = phrases(
    # Québec French's question particle after the verb, before what is asked ("tu sais-tu quand le
    # réparateur vient ?": probe conversation of a veterinary clinic, read as a question about Eko);
    # first, since the first alternative that matches wins over "tu sais" below
    rf"(?:tu sais|tu connais|vous savez) tu(?= (?:{_ASKED_AFTER_A_FRAME}) )",
    # not "tu sais" and an infinitive: what Eko can do ("tu sais compter jusqu'à 10 ?"), a pronoun
    # before it too ("Eko, tu sais me faire un café ?" was kept as a curiosity and asked to the
    # room: probe conversation of a translation agency), unless the verb tells ("tu sais me dire…")
    rf"tu sais(?! quoi)(?! [^ ]+(?:er|ir|re)(?![^ ]))(?! {_PRONOUN_THEN_DOING})",
    r"sais tu",
    r"tu saurais",
    r"saurais tu",
    r"tu connais",
    r"connais tu",
    # the same, formal ("savez-vous combien…", "vous sauriez où…", "connaissez-vous…")
    rf"vous savez(?! quoi)(?! [^ ]+(?:er|ir|re)(?![^ ]))(?! {_PRONOUN_THEN_DOING})",
    r"savez vous",
    r"vous sauriez",
    r"sauriez vous",
    r"vous connaissez",
    r"connaissez vous",
    r"tu peux me dire",
    # formal: "pourriez-vous m'indiquer qui…", "pouvez-vous me dire…"
    # (and giving or saying again: "pourriez-vous me redonner le portable du DAF ?", probe
    # conversation of a law firm, read as something to do)
    r"(?:pourriez|pouvez) vous (?:m|me|nous) (?:indiquer|dire|rappeler|preciser|donner|redonner|redire)",
    r"tu pourrais me dire",
    r"peux tu me dire",
    r"pourrais tu me dire",
    r"tu peux m expliquer",
    # asking to be given a piece of information ("tu peux me donner le code wifi ?")
    r"(?:tu peux|peux tu|tu pourrais|pourrais tu) (?:me |nous )?(?:donner|filer|passer|redonner|redire)",
    r"(?:can|could) you give (?:me|us)",
    r"dis moi",
    r"dites moi",
    r"une idee",
    r"t as une idee",
    r"tu as une idee",
    r"quelqu un sait",
    # the room asked whether anyone knows ("personne sait où est le carton ?", "anyone know…")
    r"(?:qqn|quelqu un|personne) (?:ne |n )?(?:sait|saurait|connait)",
    r"(?:does )?(?:anyone|anybody|someone|somebody) (?:know|knows|happen to know)",
    r"(?:t es|tu es|es tu|vous etes|etes vous|quelqu un est) au courant(?: de| d| du| des| pour)?",
    r"on sait",
    r"j aimerais (?:bien )?savoir",
    r"je voudrais (?:bien )?savoir",
    r"je veux savoir",
    r"je me demande",
    r"je me demandais",
    # Wanting something explained (issue 10: "j'aimerais comprendre ce qu'est X").
    r"(?:j aimerais|je voudrais|je veux|j voudrais) (?:bien |mieux |vraiment )?comprendre",
    r"explique(?:z)? (?:moi|nous)",
    r"je (?:ne )?(?:comprends|capte|pige) (?:pas|rien)",
    r"j ai (?:pas|jamais) (?:compris|capte|pige)",
    r"je n ai (?:pas|jamais) compris",
    r"i (?:don t|do not) (?:understand|get)",
    r"explain",
    r"t aurais(?= (?:le|la|les|l|un|une|des|son|sa|ses) )",
    r"tu aurais(?= (?:le|la|les|l|un|une|des|son|sa|ses) )",
    r"t as(?= (?:le|la|les|l|un|une|des|son|sa|ses) )",
    r"tu as(?= (?:le|la|les|l|un|une|des|son|sa|ses) )",
    # the thing named first, then asked for by its pronoun ("le prix de Rhubarbe, tu l'as ?")
    r"(?:tu|t) l (?:as|aurais)(?= (?:(?:stp|svp|deja) )*$)",
    # … or named after it ("tu l'as toi le numéro de Dirk ?": probe conversation of a law firm)
    r"(?:tu|t) l (?:as|aurais)(?: toi)?(?= (?:le|la|les|l|son|sa|ses) )",
    r"vous l (?:avez|auriez)(?= (?:(?:stp|svp|deja) )*$)",
    r"do you know",
    r"any idea",
    r"can you tell me",
    r"could you tell me",
    r"tell me",
    r"let (?:me|us) know",
    r"i wonder",
    r"(?:i was|i m|i am|was) wondering",
    r"i d like to know",
    r"do you have",
)
# Ways of asking that only open a message, where a sentence may hold their words for another sense
# ("on parle des cotations du nouveau secteur", "elle veut des nouvelles de Caramel"):
LEADING_FRAMES = phrases(
    # asking again after news of it ("toujours pas d'info sur le jour de passage du labo ?", "tjrs
    # pas d'info sur qui fait la pose d'implants ?": probe conversations of a dental practice, about
    # "toujours pas d'info"), or for news ("des nouvelles du devis ?", "any update on the audit?")
    rf"(?:toujours |encore |still )?(?:pas|plus) (?:d infos?|de nouvelles|de news)(?: {_ON_IT})?",
    rf"(?:des|du) (?:nouvelles|nouveau|news)(?: {_ON_IT})?",
    r"(?:still )?no (?:news|info|update)(?: (?:on|about|for))?",
    r"any (?:news|update|updates|info)(?: (?:on|about|for))?",
    # someone else wanting to know, said for them ("le patient de 11h veut savoir le prix d'une
    # couronne en céramique, tu sais ?": probe conversation of a dental practice, about "patient")
    r"(?:[^ ]+ ){1,5}(?:veut|veulent|voudrait|voudraient|aimerait|aimeraient|demande|demandent)"
    r" (?:a )?savoir",
    r"(?:[^ ]+ ){1,5}(?:wants|want|would like|d like) to know",
)
# Asking to be reminded of a piece of information ("rappelle-moi le nom du client", "tu peux me
# rappeler où est la salle ?") asks for it; "rappelle-moi d'appeler Simon" asks for a reminder.
RECALL = phrases(
    r"(?:(?:tu peux|peux tu|tu pourrais|pourrais tu) (?:me |nous )?rappeler|rappelle (?:moi|nous)|"
    r"rappelez (?:moi|nous)|rappel (?:moi|nous)|"
    r"remind me)(?= (?:le|la|les|l|qui|quoi|ou|quand|comment|combien|quel|quelle|quels|quelles|"
    r"the|who|what|where|when|how|which) |"
    # or an interrogative after its preposition ("rappelle-moi à quoi Bastien est allergique":
    # probe conversation of a theatre company, answered as a request for action)
    r" (?:a|de|d|en|pour|avec|chez|sur|dans|to|for|with|at|in) "
    r"(?:qui|quoi|quel|quelle|quels|quelles|who|whom|what|which) |"
    # or a question of its own after it ("rappelle-moi, on plaide quand pour Verhaegen ?": probe
    # conversation of a law firm)
    # or a noun phrase ("rappelle-moi, un enfant peut prendre combien de bouquins ?": probe
    # conversation of a library, answered as a request for action)
    # … or a name the pronoun takes up ("rappelle-moi, Nour elle chante dans quel micro ?": probe
    # conversation of a recording studio, answered as a request for action)
    # … or a complement first ("rappelle-moi, pour décaler un aller sur Alger on facture combien
    # déjà ?": probe conversation of a ferry company, answered as a request for action)
    r" (?:[^ ]+ (?=(?:il|elle|ils|elles) ))?(?:on|il|elle|ils|elles|c|ca|nous|vous|we|they|he|she|it|"
    r"un|une|des|mon|ma|mes|ton|ta|tes|son|sa|ses|notre|nos|votre|vos|leur|leurs|a|an|our|my|"
    r"pour|avec|chez|sur|dans|for|with) [^?]*?"
    r"(?:qui|quoi|ou|quand|comment|combien|quel|quelle|quels|quelles|who|what|where|when|how|which) )"
)


def words_to(said: str, bot_name: str) -> list[str]:
    """The folded words of what was said to Eko, its name left out wherever it stands."""
    name = tokens(bot_name)
    words = [w for w in tokens(_GLUED_LETTER.sub("", said)) if w not in name]
    # "quand même" is "anyway", no "when" ("Eko bonjour quand même 😅☕" was kept as the curiosity
    # "Quand même ?" and asked to the room: probe conversation of a food truck)
    return [
        w
        for i, w in enumerate(words)
        if words[i : i + 2] != ["quand", "meme"] and words[i - 1 : i + 1] != ["quand", "meme"]
    ]


# A letter glued to a number or a hyphen is part of a code or a compound ("la T45", "un T-shirt"),
# not the elided "t'" of "t'es" (probe conversation of a bistro kitchen: "Eko elle est où la T45 ?"
# was read as a question about Eko); not the verb "a" before Québec's question "-tu" ("on a-tu
# un chiffre ?", language/text.py _QUEBEC_TU).
_GLUED_LETTER = re.compile(r"(?<![\w'’])[^\W\d_](?=\d|-(?!tu\b)\w)")


_PARTICLE_BEFORE_ASKING = re.compile(rf"^ tu (?:{_ASKED_AFTER_A_FRAME}) ")


def recalls(words: list[str]) -> bool:
    """The leading folded ``words`` ask to be reminded of something ("rappelle-moi le code",
    "remind me who…")."""
    return RECALL.match(" ".join(words) + " ") is not None


def request_frame_length(words: list[str]) -> int:
    """How many of the leading folded ``words`` are a way of asking ("je me demandais", "tu sais",
    "any idea", "rappelle-moi"): 0 when the message opens otherwise."""
    recall = RECALL.match(" ".join(words) + " ")  # its lookahead reads the word after it
    if recall is not None:
        return len(recall.group(0).split())
    if words[:3] in (["est", "ce", "que"], ["est", "ce", "qu"]):
        # "est-ce que tu sais qui…", "est-ce que quelqu'un sait…": the same frame, asked
        framed = request_frame_length(words[3:])
        return framed + 3 if framed else 0
    for count in range(min(len(words), 8), 0, -1):
        leading = " ".join(words[:count])
        if REQUEST_FRAMES.fullmatch(leading) or LEADING_FRAMES.fullmatch(leading):
            # Québec French's question particle after the verb (see REQUEST_FRAMES)
            particle = (
                words[count - 1] != "tu"
                and _PARTICLE_BEFORE_ASKING.match(space_joined(words[count:])) is not None
            )
            return count + 1 if particle else count
    return 0


def space_joined(words: list[str]) -> str:
    return " " + " ".join(words) + " "


def said_to(text: str, bot_name: str) -> str:
    """The words of a message without the bot's name, space-joined for the phrase patterns."""
    return space_joined(words_to(in_french_second_person(strip_mention(text, bot_name)), bot_name))
