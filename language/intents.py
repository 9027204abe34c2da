"""What a message addressed to Eko wants: information, or greeting, thanks, an opinion, a presence
check, agreement, an action, small talk, something about Eko itself, or a statement.

Only ``"information"`` can become a curiosity (a goal Eko asks the team later). The rules read the
message without the bot's name, folded, and look for the phrases each intent is made of in French
and English (greeting and thanking formulas, second-person opinion verbs, imperative requests, …):
closed lists of conversational formulas, not words of one conversation. The order matters and is
the order of :func:`intent_of`: a greeting that carries a question ("Hey Eko, tu sais qui est
Rayan ?") is a question; a request for action that carries a question ("demande à Kenji où en est
Marmotte") is an action.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Literal, get_args

from language.asking_frames import (
    RECALL,
    REQUEST_FRAMES,
    phrases,
    request_frame_length,
    said_to,
    space_joined,
    words_to,
)
from language.facets import read_facet
from language.formulas import (
    ADDRESSEES,
    GREETING_WORDS,
    GREETINGS,
    POLITE,
    PRESENCE,
    SMALL_TALK,
    THANKS,
    WELLBEING,
)
from language.mentions import mention_spans, strip_mention
from language.questions import asked_part, is_question
from language.text import (
    FILLERS,
    FUNCTION_WORDS,
    INFINITIVE_ENDING,
    INTERROGATIVES,
    SUBJECT_CLITICS,
    WRITTEN_PAST_PARTICIPLE,
    Language,
    fold,
    folded_words,
    in_french_second_person,
    is_english_verb_form,
    is_finite_verb,
    is_verb_form,
    language_of,
    lemma,
    seeking_frame,
    tokens,
    words_as_written,
)

Intent = Literal[
    "information",
    "greeting",
    "thanks",
    "opinion",
    "presence",
    "agreement",
    "action",
    "small_talk",
    "about_bot",
    "statement",
]
INTENTS: tuple[Intent, ...] = get_args(Intent)


_OPINION = phrases(
    r"meilleure?s?",
    # not after a verb of liking: "which film does Dmitri like best?" asks his favourite
    r"(?<!like )(?<!likes )(?<!love )(?<!loves )(?<!enjoy )(?<!enjoys )(?<!prefer )best",
    r"vaut le coup",
    r"worth it",
    r"avis",
    # Advice asked of Eko, with or without a clitic ("tu me conseilles quoi ?", "que nous
    # recommandes-tu ?", "what would you recommend?").
    r"(?:tu|vous) (?:me |m |nous )?(?:conseilles|conseillez|recommandes|recommandez|suggeres|suggerez)",
    r"(?:me |m |nous )?(?:conseilles|conseillez|recommandes|recommandez|suggeres|suggerez) (?:tu|vous)",
    r"(?:do|would) you (?:recommend|suggest|advise)",
    r"tu prendrais",
    r"on prend quoi",
    r"c est mieux",
    r"(?:plutot|mieux) \w+ ou",
    r"bonne idee",
    r"good idea",
    r"which is better",
    r"is it better",
    r"tu choisirais",
    r"tu dirais",
    r"ca te plait",
    r"t aimes",
    r"tu aimes",
    r"tu kiffes",
    r"tu valides l idee",
    r"tu en penses quoi",
    r"t en penses quoi",
    r"tu penses quoi",
    r"qu en penses tu",
    r"que penses tu",
    r"tu penses que",
    r"tu penses qu",  # elided before a vowel ("tu penses qu'on garde l'entracte ?")
    r"vous pensez qu(?:e)?",
    r"tu crois que",
    r"tu crois qu",
    r"crois tu",
    r"a ton avis",
    r"ton avis",
    r"tu trouves",
    r"tu preferes",
    r"tu ferais quoi",
    r"on devrait",
    r"on fait quoi",
    # an idea for a kind of thing ("une idée de cadeau pour Marc ?"), not knowledge of a given one
    # ("une idée de l'heure du standup ?", a request frame)
    r"(?:une )?idee d(?:e|es) (?!(?:le|la|les|l|du|des|son|sa|ses|leur|qui|quoi|ou|quand|comment|combien|"
    r"pourquoi|quel|quelle|quels|quelles|ce|cette|ces)(?![^ ]))[^ ]+ pour",
    # offers and proposals to the room ("quelqu'un veut un café ?", "qui est chaud pour un foot ?")
    r"quelqu un veut",
    r"qui (?:veut|veux|en veut|est partant|est partante)",
    r"c est l heure (?:de|du|d)",  # "c'est l'heure de la pause ?": a proposal
    r"who wants",
    # a superlative of judgment asks Eko's taste ("qui c'est le plus beau ?"; "meilleur" is above)
    r"(?:le|la|les) (?:plus|moins) (?:beau|belle|beaux|belles|fort|forte|sympa|drole|cool|nul|nulle|"
    r"intelligent|intelligente|mignon|mignonne|joli|jolie|marrant|marrante)",
    r"(?:le|la|les) (?:pire|pires)",
    r"qu est ce qu on \w+ (?:ce soir|ce midi|ce matin|cet aprem|demain|aujourd hui|ce week end|ce we)",
    r"qui (?:est|serait) (?:chaud|chaude|partant|partante|dispo|motive|motivee)",
    r"ca (?:te|vous) dit",
    # where the group goes now, or to eat ("on va où ce midi ?"), not where one goes for a purpose
    # ("on va où pour faire passer le CT à la Golf ?": probe conversation of a garage, read as asking
    # Eko's opinion)
    r"on va ou(?= $| (?:ce soir|ce midi|ce matin|cet aprem|demain|aujourd hui|ce week end|ce we|manger|"
    r"boire|dejeuner|diner|apres)(?![^ ]))",
    r"on mange ou",
    r"on mange quoi",
    # what the group does in the hours ahead is the group's plan to make ("on commande quoi ce
    # soir ?"); "on bosse où à Toulouse ?" asks where the office is
    r"on \w+ (?:quoi|ou) (?:ce soir|ce midi|ce matin|cet aprem|demain|aujourd hui|ce week end|ce we)",
    r"le mieux",
    r"what do you (?:think|reckon)",
    r"do you (?:think|reckon)",
    # spoken forms ("what d'you reckon", "u think", Québécois "tu penses-tu"), negated ("d'you not
    # think the coffee machine is mingin'?", probe conversation of a veterinary clinic)
    r"(?:you|u) (?:not )?(?:think|reckon)",
    r"tu penses tu",
    r"your opinion",
    r"would you",
    r"should we",
    r"do you prefer",
)
_AGREEMENT = phrases(
    r"d accord",
    r"tu valides",
    r"tu confirmes",
    r"on est bon",
    r"ok pour toi",
    r"ca te va",
    r"tu es ok",
    r"t es ok",
    r"agree",
    r"agreed",
    r"right eko",
    r"n est ce pas",
    r"c est bien ca",
    r"j ai raison",
    r"tu approuves",
    r"tu es ok",
    r"right",
    r"you agree",
    r"c est valide",
    r"pas vrai",
    r"on dit comme ca",
    r"ca marche pour toi",
    r"ca marche pour (?:demain|ce soir|ce midi|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\d)",
)
# Requests for action: an imperative (or "tu peux + verb") that asks Eko to do something.
_ACTION_VERBS = (
    r"rappelle|rappelez|envoie|envoyez|oublie|oubliez|arrete|arretez|demande|demandez|resume|resumez|"
    r"previens|prevenez|note|notez|ecris|ecrivez|poste|postez|cherche|cherchez|trouve|trouvez|"
    r"supprime|supprimez|efface|effacez|ajoute|ajoutez|lance|lancez|relance|transmets|reponds|"
    r"pose|posez|tais|taire|tag|tague|mentionne|calcule|calculez|verifie|verifiez|regarde|regardez|"
    r"va voir|allez voir|traduis|traduisez|remind|send|forget|stop|ask|summarize|summarise|"
    r"note|write|post|delete|add|tell|check|translate|compute|"
    # infinitives the imperatives above do not begin ("tu peux m'envoyer…"); reminding of doing
    # something, not of a thing ("rappeler le code du wifi" asks for it)
    r"envoyer|prevenir|ecrire|transmettre|repondre|traduire|rappeler (?:de|d)"
)
_ACTION = re.compile(
    rf"^ (?:(?:stp|svp|please|allez) )?(?:ne |n )?(?:{_ACTION_VERBS}|fais|faites|retiens|retenez|"
    rf"souviens toi|memorise|memorisez|dis plus|dis a|dites a|remember)\b"
    rf"| (?:tu peux|tu pourrais|peux tu|pourrais tu|tu veux bien|can you|could you|would you) "
    rf"(?:me |m |nous |lui |leur |te |t )?(?:(?:{_ACTION_VERBS})\w*|faire|dire a|taire)\b"
)
# "Please" or "kindly" opening an English sentence, then a verb: an imperative, a request for
# action, unless the verb asks for a piece of information ("kindly tell me…", "please let me know…").
_PLEASE_DO = re.compile(
    r"^ (?:please|pls|kindly) (?!(?:tell|let|say|explain|remind|give|show|confirm|who|what|where|when|how|"
    r"which|why|whose)\b)[a-z]"
)
# Greeting, welcoming or thanking someone for the speaker ("Benvenutu Kevin ! Eko, dis bonjour au
# petit nouveau stp" was kept as a curiosity: probe conversation of a hotel in Corsica): something
# to do, wherever it stands after a greeting of the speaker's own.
_GREET_FOR_ME = phrases(
    r"(?:dis|dites|souhaite|souhaitez) (?:bonjour|salut|bienvenue|coucou|bonsoir|au revoir|merci|"
    r"bon anniversaire|bonne chance) (?:a|au|aux|de ma part)",
    r"say (?:hi|hello|goodbye|bye|welcome|thanks|thank you) to",
)
# "merci de" and an infinitive asks for it to be done (a polite imperative of French).
# Not thanks for what was done ("merci d'avoir répondu"), nor a request for information ("merci de
# me dire où…": a frame).
_THANKS_TO_DO = re.compile(
    r"^ (?:merci|mercie) (?:de|d) (?!(?:me|m|nous) (?:dire|indiquer|donner|rappeler|confirmer|preciser) )"
    r"(?:(?:me|m|nous|lui|leur|le|la|les|l|y|en) )*(?!(?:avoir|etre) )\w+(?:er|ir|re) "
)
# Asking Eko whether it can do something ("can you book the big room?", "tu peux réserver la
# salle ?"): the modal, its object pronouns, a verb. Not the verbs that ask for a piece of
# information ("tu peux me dire / donner / rappeler…", "can you tell / give / show me…").
_CAN_YOU = (("tu", "peux"), ("peux", "tu"), ("tu", "pourrais"), ("pourrais", "tu"), ("can", "you"),
            ("could", "you"), ("would", "you"),
            # the formal "vous" ("Eko, pourriez-vous rappeler à chacun de régler sa cotisation ?":
            # probe conversation of an orchestra, kept as a curiosity)
            ("vous", "pouvez"), ("pouvez", "vous"), ("vous", "pourriez"), ("pourriez", "vous"),
            # the Antillean créoles' "you can" ("Eko, ou pé ba mwen on ti kout men pou chajé
            # bato-a ?": probe conversation of a dive centre, kept as a curiosity and asked)
            ("ou", "pe"))  # fmt: skip
_OBJECT_PRONOUNS = folded_words("me m nous lui leur te t le la les l us")
_NOT = folded_words("pas point not")
_OPENING_WORDS = folded_words("dis hey et and so alors bon ok")
_TO_THE_SPEAKER = folded_words("me m nous")
_TELLING_VERBS = folded_words(
    "dire redire donner filer passer expliquer rappeler montrer indiquer tell give show explain remind"
)


def _tells(verb: str) -> bool:
    """A folded infinitive that gives or tells something, again too ("redonner", "redire")."""
    return verb in _TELLING_VERBS or (verb.startswith("re") and verb[2:] in _TELLING_VERBS)


def _asks_to_do(words: list[str]) -> bool:
    for i in range(len(words) - 2):
        if (words[i], words[i + 1]) not in _CAN_YOU:
            continue
        if any(
            word not in POLITE and word not in _OPENING_WORDS and word not in GREETING_WORDS
            for word in words[:i]
        ):
            # "what would you recommend?" asks something else of Eko; a greeting before it does not
            # ("Eko bonjour, tu peux rappeler à tout le monde de porter les lunettes ?": probe
            # conversation of a shipyard crew, answered as a question about Eko)
            return False
        rest = words[i + 2 :]
        told_to_me = False
        # (and a negation: "tu pourrais point envoyer un message au veto ?", Norman French: probe
        # conversation of a dairy co-op, answered as a question about Eko)
        while rest and (rest[0] in _OBJECT_PRONOUNS or rest[0] in POLITE or rest[0] in _NOT):
            told_to_me = told_to_me or rest[0] in _TO_THE_SPEAKER
            rest = rest[1:]
        if not rest or not rest[0].isalpha():
            return False
        # (again, with French "re-": "pourriez-vous me redonner le portable du DAF ?" was read as
        # something to do: probe conversation of a law firm)
        telling = _tells(rest[0])
        if telling and (told_to_me or words[i] in ("can", "could", "would")):
            return False  # "tu peux me rappeler le code ?" asks it; "tu peux rappeler à tous la réu" acts
        # after the modal, the verb is in its base form: an infinitive's ending in French, any
        # word that is no function word in English ("can you book…")
        if words[i] in ("tu", "peux", "pourrais", "vous", "pouvez", "pourriez"):
            return INFINITIVE_ENDING.search(rest[0]) is not None
        return rest[0] not in FUNCTION_WORDS  # … and the créoles' verb has no ending of its own
    return False


# An imperative opening what is said, its object pronoun joined to it by a hyphen ("réserve-moi
# l'AMB 2 pour demain matin stp", "garde-lui une part"): no subject pronoun is ever written so
# (unlike "peux-tu", "avons-nous"), so the verb is told to Eko. "-nous" after a verb ending in
# "-ons" is its subject ("avons-nous un contrat ?"); "-toi" makes Eko the object ("réveille-toi").
_IMPERATIVE_WITH_PRONOUN = re.compile(
    r"^\W*([^\W\d_]+)-(?:(moi|lui|leur|le|la|les|en|y)|(nous))(?![\w'’-])", re.IGNORECASE
)


def _told_to_do(said: str) -> bool:
    """``said`` opens with an imperative and its object pronoun, and the verb does not give or tell
    something ("Eko réserve-moi l'AMB 2 pour demain matin stp" was kept as a curiosity and asked to
    the room: probe conversation of an ambulance company; "donne-moi le code wifi" asks for it)."""
    found = _IMPERATIVE_WITH_PRONOUN.match(said)
    if found is None or (found.group(3) and fold(found.group(1)).endswith("ons")):
        return False
    written = fold(found.group(1))
    # the dictionary form, or a first-group imperative's infinitive ("donne" is also a noun)
    verbs = {lemma(written), written + "r"}
    return not any(_tells(verb) for verb in verbs)


# "(can you) tell me what Kraken is": telling the speaker something asked, as "dis-moi" is a
# request frame, not an action done for them.
_TELL_ME_WHAT = phrases(r"tell (?:me|us) (?:what|who|where|when|why|how|which|whose|if|whether)")
# Without a question mark, what someone asked or what nobody knows is told, not asked ("Toinette m'a
# demandé où était la cave, je lui ai expliqué", "on sait toujours pas pourquoi le lot a été
# déclassé").
_REPORTED = phrases(
    r"(?:m a|nous a|t a|lui a|m ont|nous ont) demande "
    r"(?:ou|quand|qui|comment|pourquoi|combien|si|quel|quelle)",
    r"(?:asked me|asked us) (?:where|when|who|how|why|what|which|if|whether)",
    r"on (?:ne )?sait (?:toujours |encore |meme )?(?:pas|plus)",
    r"personne (?:ne )?sait",
    r"(?:nobody|no one) knows",
)
# "Tu sais" set off by a comma is a pause before telling ("tu sais, le permis du Moulinat on
# l'attend toujours…"), not a question frame ("tu sais où est le permis ?").
_YOU_KNOW_AS_A_PAUSE = re.compile(r"^\W*(?:tu sais|vous savez|you know)\s*[,…]")
# Told rather than asked: "tu sais quoi ? X…", "devine qui…", "pour info", "je sais pas qui…".
_STATEMENT = phrases(
    r"tu sais quoi",
    r"devine",
    r"devinez",
    r"pour info",
    r"fyi",
    r"au fait j",
    r"je sais pas",
    r"je ne sais pas",
    r"j en sais rien",
    r"guess what",
    r"guess (?:who|where|when|how|which)",
    r"i don t know",
    r"j ignore",
    r"aucune idee",
    r"no idea",
    r"tu sais pas la meilleure",
    r"tu savais que",
    r"figure toi",
    # the speaker knows now, or marvels ("I finally get what petit-lait is", "qui l'eût cru, …")
    r"(?:i|we) (?:finally |now )?(?:get|understand|know|found out|learned|learnt) "
    r"(?:what|who|where|when|why|how)",
    r"j ai (?:enfin |fini par )?compris (?:ce qu|qui|ou|quand|pourquoi|comment)",
    r"qui l eut cru",
    r"qui l aurait cru",
    r"who (?:would|d) have thought",
)
# Second-person words: a question with them is about Eko, or asks Eko's own view.
# Knowing *some* thing ("tu connais une bonne blague ?", "know any good podcast?"): an indefinite
# determiner after the verb of knowing asks Eko to come up with one (a recommendation, a joke),
# not what a given subject is; "un certain Paul" is still someone. Closed classes (determiners).
_KNOW_SOME = phrases(
    r"(?:tu connais|connais tu|vous connaissez|connaissez vous|you know|know|knows) "
    r"(?:un|une|des|quelques|a|an|any|some)(?! certaine?s?(?![^ ]))"
)
_JOKES = folded_words("blague blagues joke jokes drole droles marrant marrante rigolo rigolote funny")
_YOU = folded_words("tu t toi te ton ta tes t'es t'as you your yours yourself")
# English negations the tokens cut before their "t" ("don't" → "don", "t"): that "t" is no French
# "t'" speaking to Eko ("how much is the card for people who don't live in Grenoble?" was read as a
# question about Eko: probe conversation of a swimming pool).
_NOT_STEMS = folded_words(
    "don doesn didn isn aren wasn weren can couldn shouldn wouldn won haven hasn hadn ain mustn needn"
)


def _speaks_to_you(words: list[str]) -> bool:
    """A word of the second person among the folded ``words``, not the "t" of an English "n't"."""
    return any(
        word in _YOU and not (word == "t" and i > 0 and words[i - 1] in _NOT_STEMS)
        for i, word in enumerate(words)
    )


# Light verbs: they carry the grammar of a question, not what it is about.
_LIGHT_VERBS = folded_words(
    "faire fait fais font aller va vont vas pouvoir peux peut peuvent savoir sais sait devoir dois doit "
    "do does did make made can could will would should"
)
_OKS = folded_words("ok okay oki dac d'ac")
# Question tags: a sentence ending with one asks to be agreed with ("c'était nul, hein ?").
_TAGS = folded_words("non hein")
# A guess put as a negative question, asking to be confirmed ("Eko c'est pas jeudi ?", "isn't it
# Tuesday?"): no interrogative asks anything.
_GUESS = re.compile(
    r"^ ?(?:c est pas|ce n est pas|ce serait pas|c etait pas|ce ne serait pas|isn t it|wasn t it|"
    # … or offered as likely ("je sais pas moi, peut-être mille piasses? 😂" was kept as a curiosity,
    # then asked to the room: probe conversation of a radio station)
    r"is it not|was it not|peut etre|maybe|perhaps|probablement|probably|sans doute)(?![^ ])"
)
_PLACE_GUESS = re.compile(
    r"^ (?:dans|sous|sur|derriere|devant|chez|pres|a cote|au|aux|in|on|under|behind|at|inside) "
    r"(?!fait |passage )(?=[^ ])"
)
# Saying one does not know, opening the message: a question after it with no interrogative is a
# guess put to the room ("Eko je sais pas moi, Chez Delorme ? 😂" was kept as the curiosity "Chez
# Delorme ?" and asked to the room: probe conversation of an oyster farm).
_NOT_KNOWING = re.compile(
    r"^ (?:je sais pas|je ne sais pas|j sais pas|chais pas|jsp|sais pas|j en sais rien|aucune idee|"
    r"no idea|i don t know|i dunno|dunno|not sure)(?![^ ])"
)


def _after_not_knowing(text: str, bot_name: str) -> bool:
    return _NOT_KNOWING.match(said_to(text, bot_name)) is not None


# Interrogatives that ask whatever surrounds them ("qui" and "que" also open relative clauses).
_ASKING_WORDS = INTERROGATIVES - folded_words("qui que qu")
_EXCLAMATIVES = folded_words("quel quelle quels quelles")


def _exclaims(rest: list[str]) -> bool:
    """An exclamation opens the words: "quelle journée…", "what a day" ("what" then an article:
    "what's the floor area of villa X" asks, question mark or not)."""
    if rest[0] == "what":
        return rest[1:2] in (["a"], ["an"])
    return rest[0] in _EXCLAMATIVES


_DETERMINERS = folded_words("le la les l un une the a an ton ta tes son sa ses")
# Auxiliaries and copulas: a noun phrase with one of them is a sentence, not an elliptic request.
_VERB_MARKERS = folded_words("est sont a ont etait avait va vont is are was has have had will")


# "+1" (or "+100") says one agrees, in chat everywhere.
_PLUS_ONE = re.compile(r"^\W*\+\s*\d+\W*$")

# A question about the speaker's own past act ("pourquoi j'ai accepté cette réunion ?", "où j'ai
# mis mes clés ?", "why did I say yes?"): only the speaker knows it, and asked again by Eko later
# its "I" would be Eko. The interrogative, then the first person and its auxiliary (a negation
# may sit between); the participle is checked by :func:`_own_past_act`.
_OWN_PAST = re.compile(
    r" (?:pourquoi|ou|comment|quand|qu est ce que|qu est ce qu)(?: est ce qu| est ce que)? (?:je|j) "
    r"(?:me |m )?(?:ai|suis) (?:(?:pas|jamais|rien|encore|deja|bien|vraiment|toujours|souvent) )*(\w+) |"
    r" (?:why|where|how|when|what) (?:(did)|have|had) i (?:not |never |ever |even |really )*(\w+) "
)


# Wondering whether oneself does something ("je me demande si je vais y aller", "I wonder if I
# should go"): the speaker's own plan, which nobody else can tell, as with _OWN_PAST.
_OWN_WHETHER = re.compile(r" si (?:je|j) | (?:if|whether) i ")
# … not a condition opening the question, what to do then asked after it ("si je veux des plaquettes
# Bosch pr ce matin j'appelle qui ?": probe conversation of a garage, read as small talk).
_CONDITION_FIRST = re.compile(r"^ (?:si|if) ")


def _own_past_act(joined: str) -> bool:
    for match in _OWN_PAST.finditer(joined):
        french, did, english = match.group(1), match.group(2), match.group(3)
        # after "did I" comes the verb itself, in its base form ("where did I put…")
        if (french and is_verb_form(french)) or (english and (did or is_english_verb_form(english))):
            return True
    return False


# The bot's name as the subject of a French "être" ("Eko est encore en panne ?", "Eko était
# où hier ?"): the message speaks of Eko, not to it. Without a comma only (a comma makes the name
# a vocative), and not the question particle "est-ce" ("Eko est-ce que le parking…"). Only French
# at the start of a message: English inverts its questions ("Eko is the wifi down?" asks Eko about
# the wifi); inside a sentence, see _verb_after.
_NAME_AS_SUBJECT = re.compile(r"^[ \t]+(?:est|etait|sera|serait)(?![\w'’-])")


def speaks_of_bot(text: str, bot_name: str = "Eko") -> bool:
    """The message speaks of Eko rather than to it: its name is the subject of a verb ("Eko est
    encore en panne ?", "oh great, so now Eko knows everything")."""
    return any(
        _NAME_AS_SUBJECT.match(fold(text[end:])) or (_words_before(text[:start]) and _verb_after(text[end:]))
        for start, end in mention_spans(text, bot_name)
    )


def _words_before(said: str) -> bool:
    """Words before the name besides those that call out to it ("hey", "ok", "merci", "bon")."""
    return any(word not in _CALLING for word in tokens(said))


# The name inside a sentence, then a verb in the third person without a comma: the message speaks
# of Eko ("oh great, so now Eko knows everything", "du coup Eko sait tout maintenant"), where at the
# start it may ask Eko ("Eko is the wifi down?").
_CALLING = GREETING_WORDS | _OPENING_WORDS | folded_words("merci thanks thx cheers oh ah eh dis")
_THIRD_PERSON = folded_words("is was has does est etait sait fait peut va dit connait")


def _verb_after(rest: str) -> bool:
    found = re.match(r"[ \t]+([^\W\d_]+)", rest)
    if found is None:
        return False
    word = fold(found.group(1))
    return word in _THIRD_PERSON or (
        word.endswith("s") and len(word) > 3 and is_english_verb_form(word) and language_of(word) == "en"
    )


# Asking whether Eko has a thing of its own ("t'as un film préféré ?", "do you have a pet?"): an
# indefinite thing after the verb of having, with no complement saying whose it is or what for.
_ASKS_BOT_HAS = phrases(
    r"(?:t as|tu as|as tu|tu aurais|t aurais|aurais tu) (?:un|une|des)(?! idee)",
    r"(?:do|did) you have (?:a|an|any)(?! idea)",
    r"have you got (?:a|an|any)(?! idea)",
)
_COMPLEMENTS = folded_words("de d du des pour sur of for about on")
# The two sides of an alternative ("pizza ou sushi ?", "Elixir or Go?").
_OR = folded_words("ou or")


def _bare_alternative(said: str, words: list[str]) -> bool:
    """An alternative with nothing asked about it: no verb, no interrogative, a few words ("pizza
    ou sushi ce soir ?", "Elixir ou Go pour Pollen ?"): Eko is asked to choose, an opinion. "Les
    titres resto c'est Swile ou Edenred ?" asks which is true (a copula), "Paul est à Lyon ou à
    Paris ?" too."""
    # "ou" folds like "où": an accented "où" is where, anything else asked is an interrogative
    if (
        not set(words) & _OR
        or len(words) > 8
        or "où" in said
        or set(words) & (_VERB_MARKERS | INTERROGATIVES - _OR)
    ):
        return False
    if words[0] in _OR or words[-1] in _OR:
        return False  # "Pollen ou ?": a "où" written without its accent, not two sides
    if any(word in _OR and after in FILLERS - {"bien"} for word, after in pairwise(words)):
        # nor before an adverb ("on achète les pneus ou déjà ?": probe conversation of a garage,
        # read as a choice asked of Eko); "ou bien" is "or"
        return False
    written = [word for _, word in words_as_written(said) if not word[:1].isupper()]
    return not any(
        word in ("c", "est") or is_verb_form(word) or is_english_verb_form(fold(word)) for word in written
    )


# A yes/no question opening with "on" or "je" and a verb of doing proposes or asks leave ("on se fait
# un resto vendredi ?", "on fait une pause ?", "je peux partir plus tôt ?"): Eko's take is asked, not
# a piece of information; with "avoir" or "être" it asks a fact ("on a une réunion demain ?").
_PROPOSAL = re.compile(
    r"^ (?:est ce qu )?(?:on|je|j) (?:(?:se|s|peux|peut|pourrait|pourrais|devrait|devrais|va|vais|doit|dois"
    r") )?(\w+)"
)
_BE_OR_HAVE = folded_words("a ai avait avais aura aurai est suis etait etais sera serai")


# A cleft statement: "c'est", a noun phrase, then "qui" and its verb ("c'est Capucine qui gère la
# paie", "c'est le certificat qui a expiré"); "c'est qui …" asks.
# anywhere in the message: "il est dans la réserve B, c'est moi qui l'ai rangé ce matin"
_CLEFT_STATEMENT = re.compile(r" (?:c est|c etait|it s|it was) (?!qui |who )\S+(?: \S+){0,5} (?:qui|who) \S")


def _opens_with_participle(said: str, bot_name: str) -> bool:
    """The first word (Eko's name left out) is a French past participle as written, accent and all:
    "noté", "vérifié", "posté" acknowledge what was done, where folding reads the imperative "note",
    "verifie", "poste" ("noté, on fera un gâteau. Merci Eko" was taken as asking Eko to write
    something down: probe conversation of a funeral home)."""
    name = tokens(bot_name)
    written = [found for folded, found in words_as_written(said) if folded not in name]
    if not written or WRITTEN_PAST_PARTICIPLE.search(written[0]) is None:
        return False
    # standing alone, as an acknowledgement does ("noté, …", "vérifié !"); "résumé stp" asks one
    after = said[said.find(written[0]) + len(written[0]) :]
    return _CLAUSE_CLOSES.match(after) is not None


_CLAUSE_CLOSES = re.compile(r"\s*(?:[,.;:!…]|$)")


def _asks_opinion(joined: str) -> bool:
    """An opinion or a proposal asked (:data:`_OPINION`); "qui veut", "qui est partant" right after a
    content word is a relative clause qualifying that noun ("c'est quel tarif pour un étudiant qui
    veut s'abonner à l'année ?": probe conversation of a climbing gym), not a proposal to the room
    ("bon, qui veut un café ?")."""
    for found in _OPINION.finditer(joined):
        before = joined[: found.start()].split()
        if not (
            found.group().startswith("qui ")
            and before
            and before[-1] not in FUNCTION_WORDS | DISCOURSE_WORDS | FILLERS
        ):
            return True
    return False


def _relative_after_a_noun(words: list[str]) -> bool:
    """ "qui" or "who" right after a content word is a relative pronoun ("Salut Eko ! grosse semaine
    qui s'annonce"), not after a preposition ("avec qui") or opening the request ("qui gère la
    paie"); read only where no question mark asks."""
    found = next((i for i, word in enumerate(words) if word in ("qui", "who")), 0)
    return found > 0 and words[found - 1] not in FUNCTION_WORDS and words[found - 1] not in INTERROGATIVES


# Asking to repeat, and nothing else ("pardon ?", "hein ?"): in a sentence the same words repair or
# tag it ("c'est mardi… non mercredi pardon").
_SAY_AGAIN = re.compile(r"^ (?:pardon|hein|comment|sorry|pardon me|excuse me) $")
# A rhetorical question of knowing, and nothing else: nobody knows ("Eko, who knows? ask the ice
# man haha 🧊" was kept as the curiosity "Who knows?": probe conversation of a fishing crew).
_NOBODY_KNOWS = re.compile(
    r"^ (?:(?:who|god|heaven|lord|nobody) knows|qui sait|(?:dieu|le ciel) (?:seul )?sait|va savoir|"
    r"allez savoir|personne (?:ne )?sait) $"
)
# Asking whether what was just said is true, and nothing else ("c'est vrai ?", "sérieux ?").
_REALLY = re.compile(r"^ (?:c est vrai|vraiment|serieux|serieusement|sans rire|really|for real|seriously) $")


def _proposes(joined: str, words: list[str]) -> bool:
    found = _PROPOSAL.match(joined)
    return found is not None and found.group(1) not in _BE_OR_HAVE and not set(words) & INTERROGATIVES


# Asking the one addressed whether they are ready or up for something, no subject named: a state
# of Eko's ("prêt pour la semaine ?", "motivé ?", "ready for Monday?"). Discourse words before it.
_READY = folded_words("pret prete ready motive motivee")
# Discourse words opening what is said, before its content (a closed class of chat, both languages;
# the answer rules read them too: language/saying.py, language/off_topic.py).
DISCOURSE_WORDS = folded_words("alors bon ben bah et allez bref voila ok okay so well right anyway")


# "ça" and one verb, nothing else (greetings aside): a question with no subject of its own, how
# things go.
_CA = folded_words("ca cela")


# Laughter and winks mark a joke ("Eko, trop 😂"): the labelling guide's jokes are not answers,
# and a message that laughs without asking is no question. Read once a letter said again and
# again is said once (expressive lengthening, "mdrrr", "loool": no word of these patterns doubles
# a letter).
_LAUGHTER = re.compile(r"[😂🤣😅😜😝😆🙃😏]|\b(?:mdr|ptdr|lol|haha\w*|hihi\w*|xd)\b", re.IGNORECASE)
_REPEATED_LETTER = re.compile(r"([^\W\d_])\1+", re.IGNORECASE)


def laughs(text: str) -> bool:
    """``text`` laughs or winks (see :data:`_LAUGHTER`)."""
    return _LAUGHTER.search(_REPEATED_LETTER.sub(r"\1", text)) is not None


# Subjects opening a clause: the subject clitics but the reflexive, their elided forms, the English
# pronouns.
_CLAUSE_SUBJECTS = (SUBJECT_CLITICS - {"se"}) | folded_words("j c i you he she we they it")


def _echo_then_joke(asked: str, told: str, words: list[str]) -> bool:
    """A few words put back as a question, then a joke ("Eko, le glossaire ? quelque part entre
    l'Atlantide et le Bermuda-Dreieck 😂" right after Eko asked where the glossary is: probe
    conversation of interpreters, kept as the curiosity "Le glossaire ?"): no question asked."""
    return (
        asked.rstrip().endswith("?")
        and 0 < len(words) <= 4
        and not set(words) & INTERROGATIVES
        and bool(told.strip())
        and laughs(told.replace("😅", " "))  # a sheepish smile asks all the same ("je trouve plus 😅")
    )


def _embedded_interrogatives(words: list[str]) -> bool:
    """Every interrogative of ``words`` opens a clause with a subject of its own ("vu comment ils
    râlent", "je sais pas où il est"), a pronoun or a noun phrase before its verb ("c'est quand les
    poules auront des dents 😂": probe conversation of a test lab, kept as a curiosity; "où est la
    salle" has its verb first): an embedded question, no question asked."""
    places = [i for i, word in enumerate(words) if word in INTERROGATIVES]
    return all(
        i + 1 < len(words)
        and (
            words[i + 1] in _CLAUSE_SUBJECTS
            or (words[i + 1] in _DETERMINERS and any(is_finite_verb(word) for word in words[i + 3 : i + 5]))
        )
        for i in places
    )


# A question mark in a run of marks with no "!" in it.
_QUESTION_MARK = re.compile(r"(?<![?!])\?+(?![?!])")


def _few_besides_wellbeing(rest: list[str]) -> bool:
    """Five words at most besides the phrases asking how Eko is, none of them asking."""
    besides = WELLBEING.sub(" ", space_joined(rest)).split()
    return len(besides) <= 5 and not set(besides) & INTERROGATIVES


def _between_alternatives(words: list[str], conjunction: str) -> bool:
    """Every ``conjunction`` of ``words`` stands between two words of content."""
    places = [i for i, word in enumerate(words) if word == conjunction]
    return bool(places) and all(
        0 < i < len(words) - 1 and words[i - 1] not in FUNCTION_WORDS and words[i + 1] not in FUNCTION_WORDS
        for i in places
    )


def _asks_if_ready(rest: list[str]) -> bool:
    words = list(rest)
    while words and words[0] in DISCOURSE_WORDS:
        words = words[1:]
    return bool(words) and words[0] in _READY


def intent_of(text: str, language: Language = "fr", bot_name: str = "Eko") -> Intent:
    """What ``text`` (a message to Eko, its name included or not) wants (see the module docstring)."""
    if speaks_of_bot(text, bot_name):
        return "about_bot"
    addressed = in_french_second_person(strip_mention(text, bot_name))
    said = asked_part(addressed)
    words = words_to(said, bot_name)
    after = addressed[addressed.find(said) + len(said) :] if said in addressed else ""
    if _echo_then_joke(said, after, words):
        return "small_talk"
    # a "?" with a "!" beside it exclaims ("9°C ?! 😱": probe conversation of a veterinary clinic,
    # stored as a curiosity); an interrogative word still asks ("c'est qui ce type ?!")
    asks = _QUESTION_MARK.search(said) is not None
    joined = space_joined(words)
    if not words:
        return "presence" if asks or not said.strip() else "small_talk"
    if _PLUS_ONE.match(said) or _REALLY.match(joined):
        return "agreement"
    if _SAY_AGAIN.match(joined) or _NOBODY_KNOWS.match(joined):
        return "small_talk"
    if not any(word.isalpha() for word in words):
        return "small_talk"  # numbers alone ask nothing ("Eko 42 ?")
    content = [w for w in words if w not in FUNCTION_WORDS]
    if _PLEASE_DO.match(joined) or _THANKS_TO_DO.match(joined) or _GREET_FOR_ME.search(joined):
        # "please do the needful and drop the link here", "kindly send the deck", "merci de
        # rappeler aux parents…" (probe conversation of a football club: answered as thanks)
        return "action"
    if _STATEMENT.search(joined) or (
        not asks and (_YOU_KNOW_AS_A_PAUSE.match(fold(said)) or _REPORTED.search(joined))
    ):
        return "statement"
    recall = bool(RECALL.search(joined))
    acts = (
        (_ACTION.search(joined) and not _opens_with_participle(said, bot_name))
        or _asks_to_do(words)
        or (_told_to_do(said) and not set(words) & _JOKES)  # a joke asked is small talk
    )
    if acts and not recall and not _TELL_ME_WHAT.search(joined):
        return "action"
    if PRESENCE.search(joined) and len(content) <= 4:
        return "presence"
    # "t'es le meilleur" praises Eko, asks its opinion of nothing
    # (not how one is: "sa ou fè ?", the Antilles' "ça va ?")
    alternative = _bare_alternative(said, words) and not WELLBEING.search(joined)
    if (_asks_opinion(joined) and (asks or not _speaks_to_you(words))) or (
        asks and (alternative or _proposes(joined, words))
    ):
        return "opinion"
    short = len(content) <= 2
    # a tag after a question that asks ("c'était quand déjà l'inventaire, hein ?") only insists; a
    # guess asks to be confirmed unless an interrogative asks
    asking = bool(set(words) & _ASKING_WORDS)
    tagged = words[-1] in _TAGS and not asking
    guess = asks and _GUESS.match(joined) is not None and not asking
    # … or a place put as a question, a preposition and a noun phrase with no verb ("Eko, dans le
    # tiroir de la caisse ?" right after Eko asked where the UV lamps are was kept as a curiosity:
    # probe conversation of an escape-room company)
    guess = guess or (
        asks
        and not asking
        and not set(words) & INTERROGATIVES
        and _PLACE_GUESS.match(joined) is not None
        and not any(is_verb_form(word) for word in words)
    )
    # after saying one does not know, a bare question (no interrogative, no way of asking)
    guess = guess or (
        asks
        and _after_not_knowing(text, bot_name)
        and not set(words) & INTERROGATIVES
        and request_frame_length(words) == 0
    )
    if _AGREEMENT.search(joined) or guess or (asks and (tagged or (short and words[0] in _OKS))):
        return "agreement"
    if THANKS.search(joined) and not asks:
        return "thanks"
    framed = RECALL.sub(" ", REQUEST_FRAMES.sub(" ", joined))
    framed = GREETINGS.sub(" ", framed)
    seeking = {words[index] for index in seeking_frame(words)}  # "je cherche le numéro de Farid"
    rest = [w for w in framed.split() if w not in GREETING_WORDS and w not in POLITE and w not in seeking]
    # a greeting or a farewell and discourse words only ("bon je file, bonne soirée à tous")
    greets = bool(GREETINGS.search(joined) or set(words) & GREETING_WORDS)
    # … and whom it greets ("Morning all! Eko, hello 👋": probe conversation of interpreters, read as
    # a statement)
    besides_addressees = ADDRESSEES.sub(" ", " " + " ".join(rest) + " ").split() if greets else rest
    if not rest or (greets and all(word in DISCOURSE_WORDS for word in besides_addressees)):
        return "thanks" if THANKS.search(joined) else "greeting"
    # how Eko is doing, asked in as many words as it takes ("qué tal, ça va ce matin ?", "ça va ?
    # bien reposé ce week-end ?"): the other words are counted, when none of them asks
    if SMALL_TALK.search(joined) and (len(rest) <= 5 or _few_besides_wellbeing(rest)):
        return "small_talk"
    if asks and len(rest) == 2 and rest[0] in _CA:
        return "small_talk"  # "ça roule ?", "ça joue ?" (Swiss French): how it goes, of nothing named
    if asks and _asks_if_ready(rest):
        return "small_talk"  # "Alors, prêt pour une semaine de fada ?", "ready for Monday?"
    conditional = _CONDITION_FIRST.match(joined) is not None and bool(set(words) & INTERROGATIVES)
    if _own_past_act(joined) or (_OWN_WHETHER.search(joined) and not conditional):
        return "small_talk"
    if _speaks_to_you(rest) or (asks and _ASKS_BOT_HAS.search(joined) and not set(words) & _COMPLEMENTS):
        return "about_bot"  # "t'as un film préféré ?": Eko's own, nobody else's named
    framed_request = recall or bool(seeking) or bool(REQUEST_FRAMES.search(joined))
    if not asks and not framed_request and _exclaims(rest):
        return "small_talk"  # "quelle journée…", "quel temps de fou", "what a day": an exclamation
    if (_KNOW_SOME.search(joined) and not set(words) & INTERROGATIVES) or set(words) & _JOKES:
        return "action"  # come up with one: "tu connais la blague du canard ?"
    if not asks and laughs(said) and not is_question(said, language) and _embedded_interrogatives(words):
        # laughing, with no question mark, and its interrogatives opening clauses of their own ("Eko,
        # genre 3 secondes vu comment ils râlent 😂": a joke answer, kept as a curiosity; probe
        # conversation of a support team)
        return "small_talk"
    reading = read_facet(said, language)
    interrogatives = set(rest) & INTERROGATIVES
    if not asks and "où" not in said.casefold() and _between_alternatives(words, "ou"):
        # the folded "ou" is "or" in a statement, between two words of content ("Eko, uniquement le
        # star tracker, le reste c'est EAR99 ou européen": probe conversation of a space start-up,
        # read as a question); "Eko ou est la salle Ariane" still asks where
        interrogatives -= {"ou"}
    if not asks and (_CLEFT_STATEMENT.search(joined) or _relative_after_a_noun(words)):
        # "c'est le certificat SSL qui a expiré", "grosse semaine qui s'annonce": a relative
        interrogatives -= {"qui", "who"}
    is_request = asks or framed_request or bool(interrogatives)
    polite = bool(set(words) & POLITE)
    elliptic = (
        not is_request
        and (len(rest) <= 6 or (polite and len(rest) <= 10 and not set(rest) & _VERB_MARKERS))
        and (
            # "le code wifi stp", "l'adresse de la ferme du Bief-Noir stp": a noun phrase, or a
            # facet named; not a verb of its own ("fammi un caffè stp": probe conversation of a
            # bistro kitchen, an order for a coffee in Italian)
            (polite and not (len(rest) > 1 and rest[0] not in _DETERMINERS and rest[1] in _DETERMINERS))
            or (reading.facet != "other" and rest[0] in _DETERMINERS and not set(rest) & _VERB_MARKERS)
        )
    )  # "le numéro de Farid": a noun phrase naming what is wanted
    rest = [w for w in rest if w not in _LIGHT_VERBS]
    if not (is_request or elliptic):
        return "statement" if len(content) >= 2 else "small_talk"
    subject_words = [
        w
        for i, w in enumerate(reading.words)
        if i not in reading.cue_positions
        and w not in FUNCTION_WORDS
        and w not in INTERROGATIVES
        and w in rest
    ]
    if not subject_words:
        # "tu as quel âge ?", "c'est quoi ?": nothing asked about anyone but Eko
        return "about_bot" if _speaks_to_you(words) else "small_talk"
    if not (elliptic or asks or framed_request or interrogatives) and reading.facet == "other":
        return "statement"
    return "information"
