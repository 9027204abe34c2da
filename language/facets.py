"""Facets: what a question asks, or a statement says, about its subject.

A facet is read from the words that ask for it (interrogatives and the nouns and verbs that name a
kind of information), in French and English: "où habite X" and "where does X live" ask X's *place*,
"X bosse pour quelle boîte" and "which company is X working for" its *employer*. The cue lists are
general vocabulary for each kind of information, not words of one conversation.

:func:`read_facet` returns the facet and the positions of the words that expressed it, so the rest
of the sentence (the subject and any qualifier: "vacances" in "où part X en vacances") can be
compared on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from language.text import (
    CARDINAL_WORDS,
    DETERMINERS,
    FUNCTION_WORDS,
    INTERROGATIVES,
    Language,
    fold,
    folded_words,
    is_infinitive,
    normalise,
    tokens,
)

FACETS = (
    "identity",  # who is X
    "role",  # X's job or position
    "employer",  # the organisation X works for
    "place",  # where X lives, where a thing is (address, floor, URL)
    "origin",  # where X comes from
    "date",  # when
    "hours",  # at what time (opening hours, a time of day)
    "price",  # how much it costs
    "quantity",  # how many
    "amount",  # a bare "how much": a price or a quantity
    "age",  # how old
    "definition",  # what is X
    "preference",  # X's favourite thing (qualified by the thing: colour, film…)
    "reason",  # why
    "manner",  # how (it works, it is done)
    "contact",  # how to reach X (qualified by the channel: mail, phone)
    "agent",  # who does something to X (creates, leads, maintains, organises X)
    "participant",  # who X does something with or for ("avec qui", "pour qui", "with whom")
    "name",  # what X is called
    "other",
)

# Each facet: patterns over the folded tokens joined by single spaces (" word word "), in priority
# order. Patterns name general ways of asking for a kind of information.
_W = r"(?:\w+ )"  # any one word
# Who holds the role of being in charge of X asks who is in charge of it ("c'est qui le responsable
# du bureau de Nantes ?" = "qui gère le bureau de Nantes ?", "who's the lead of X?").
_ROLE_HOLDER_CUE = (
    r" (?:qui|who|whos)(?: (?:est|etait|c est|s|is|was))? (?:le |la |l |the |en |in )?"
    r"(?:responsable|responsible|charge|chef|cheffe|lead|manager|owner|referent|referente|boss|head|pm|"
    r"po|"
    # … and the English compounds naming a role by what it owns or leads ("product owner", "tech
    # lead", "office manager": "qui est le product owner chez le client ?" was another facet than
    # "chkoun el PO côté client ?", probe conversation of a software company in Tunis)
    r"\w+ (?:owner|lead|manager))(?: de projet)?(?= (?:de|du|des|d|of|for|chez|at) )"
)
_CUES: tuple[tuple[str, str], ...] = (
    # who the contact is asks a person, not a way to reach them ("c'est qui le contact aux Affaires
    # maritimes ?" took "Eko, hangar 3, à côté de la glacière" as a channel: probe conversation of a
    # fishing co-op)
    (
        "identity",
        r" (?:qui|who|whos)(?= (?:(?:est|etait|c est|s|is|was) )?(?:le |la |l |notre |nos |our |the )?"
        r"contacts? )",
    ),
    ("contact", r" (?:joindre|joignable|contacter|contact|(?<! s )appeler|telephoner) "),
    (
        "contact",
        r" (?:e ?mail|mail|courriel|numero|num|telephone|tel|portable|06|07|phone|slack|handle|pseudo|"
        # a phone line of one's own ("sa ligne directe", "his extension")
        r"ligne directe|ligne fixe|extension|extention|ext) ",
    ),
    (
        "preference",
        r" (?:prefere[es]?|preferee?s?|prefs?|favori(?:te)?s?|favou?rite|fav|prefers?|culte|"
        r"fetiche) ",
    ),
    # A verb of liking asked about its object ("Inès elle aime quelle couleur ?", "Anouk aime quoi
    # comme musique ?", "what music does Anouk like?"), through an infinitive too ("Romane aime
    # manger quoi ?", "il aime bien faire quoi le week-end ?"), or a habit of listening, watching or reading
    # asked by its kind ("Anouk écoute quoi comme musique ?"): the favourite of that kind.
    (
        "preference",
        r" (?:aime|aimes|aiment|adore|adores|adorent|kiffe|kiffes|kiffent|prefere|preferes|preferent)"
        r"(?: bien)?(?: \w+(?:er|ir|re))? (?:quel|quelle|quels|quelles|quoi|le plus) |"
        r" (?:ecoute|ecoutes|ecoutent|regarde|regardes|regardent|lit|lis|lisent)"
        r" (?:quoi comme|quel|quelle|quels|quelles) |"
        # … the interrogative put first, the verb closing the question ("qu'est-ce que Josiane aime
        # manger ?", "kosa Josiane i aime manger ?": probe conversation of a food truck, read as
        # what Josiane is)
        r" (?:quoi|qu est ce que|qu est ce qu) (?:\w+ ){1,3}(?:aime|aiment|adore|adorent|kiffe|kiffent|"
        r"prefere|preferent)(?: bien)?(?: \w+(?:er|ir|re))? $|"
        r" (?:what|which) (?:\w+ ){0,2}(?:does|do|did) \w+ (?:like|love|prefer|listen to|watch|read)"
        r"(?: best| most)? |"
        # English "be into" is liking ("what kind of music is Tobias into?")
        r" (?:what|which) (?:\w+ ){0,4}(?:is|are|s) \w+ into $",
    ),
    # The superlative after the object asked is the preference too ("elle kiffe quelle couleur le
    # plus ?"); the object, where any word stands, stays what is asked.
    (
        "preference",
        r" (?:aime|aimes|aiment|adore|adores|adorent|kiffe|kiffes|kiffent|prefere|preferes|preferent)"
        r"(?: bien)? (?:quel|quelle|quels|quelles) \w+ (?:le plus|le mieux) ",
    ),
    # "ans" after a number names a group ("les moins de 13 ans"), it asks no age
    ("age", r" (?:quel age|age|how old|(?<!\d )ans) "),
    # "how long" is "combien de temps": a quantity of time, not a manner (probe conversation of
    # an NGO: "how long is customs clearance taking?" was read as how it is done)
    (
        "quantity",
        r" (?:combien (?:de|d)|how many|how long|nombre (?:de|d)|capacite|capacity|on est combien|"
        r"(?:on )?peut etre combien|sont combien|ont combien|"
        # a length of time asked by "combien", the noun kept in the subject ("le délai de rendu d'un
        # bilan hépatique pour les urgences c'est combien ?": probe conversation of a hospital lab,
        # read as a price)
        r"(?:delai|delais|duree) (?:\w+ ){0,12}(?:c est |ca fait |ca prend )?combien|"
        r"combien (?:\w+ ){0,3}(?:delai|delais|duree)) ",
    ),
    # A date asked in so many words wins over a verb of paying ("until which date is pollen.dev
    # paid?", "jusqu'à quand l'abonnement est payé ?"): the date, not the price.
    ("date", r" (?:until|till|up to)? ?(?:which|what) dates? | (?:until|till) when | jusqu a quand "),
    (
        "price",
        r" (?:prix|cout(?:e|ent|er|e)?|coute|coutait|combien (?:ca )?(?:coute|vaut|valent|paye)|"
        r"vaut|valent|valeur|tarif|budget|how much (?:is|are|does|did|do)?|cost(?:s|ed)?|price|paye|"
        # "paie" is the verb after its subject ("on le paie combien ?"), the pay itself otherwise
        # ("la paie tombe quand ?"); so is billing ("combien on facture un balayage ?": probe
        # conversation of a hair salon, read as a bare amount)
        r"(?:on|je|tu|il|elle|ils|elles|nous|vous)(?: (?:le|la|les|l|lui|leur))? "
        # … and selling or renting ("on les vend combien les bouchons ?": probe conversation of a
        # food truck, read as a bare amount whose verb the answer had to say again)
        r"(?:paie|paient|payent|facture|facturent|facturait|vend|vendent|vendait|loue|louent|louait)|"
        # (the French "pays" after a determiner is a country: "il vient de quel pays ?")
        r"(?<!who )(?:pay|(?<!quel )(?<!le )(?<!du )(?<!de )(?<!au )(?<!son )(?<!ton )(?<!mon )pays|paid)|"
        r"(?:c est|c etait|ca fait|ca coute|ca vaut) combien|combien (?:ca|c est)) ",
    ),
    # A bare "combien" with no price or count word asks an amount, a price or a number
    # ("il a des gosses Kenji ? combien ?", "le parking combien ?"); so does the noun "montant" ("quel
    # est le montant de la provision demandée à Garonne Négoce ?" asked what it is, and was answered
    # with the client's contact: probe conversation of a law firm)
    ("amount", r" (?:combien|how much|montant|montants|amount) "),
    # an hour named by what happens then ("l'heure limite pour les commandes", "l'heure de
    # fermeture de la boutique": probe conversation of a hospital pharmacy, read as a definition)
    (
        "hours",
        r" (?:a quelle heure|quelle heure|horaires?|heures? d ouverture|what time|opening hours|"
        r"l heure (?:limite|de|d|du)|cut off time|cutoff time) ",
    ),
    (
        "date",
        # days asked by their part ("de perm quels soirs ?", "quelles nuits ?"): days all the same
        r" (?:depuis quand|quand|quels? (?:jours?|soirs?|matins?|semaines?)|"
        # a day of the week asked ("la dédicace c'est quel samedi déjà ?": probe conversation of a
        # comic-book shop, read as a definition)
        r"quels? (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|week end|weekend)s?|"
        r"quelles? (?:dates?|nuits?|semaines?)|(?:la|les) dates?(?: de| d)?|"
        r"dates?(?: de| d)?|when|"
        r"since when|what days?|which days?|what dates?|which dates?|until when|till when|"
        # a noun naming a day asked by "quel" ("quel est l'anniversaire de Clémence ?")
        # (the noun stays: it says which day is asked)
        r"(?:(?:quel|quelle) (?:est|etait)|c est quoi|c etait quoi)(?: l| le| la)?"
        r"(?= (?:anniversaire|anniv|deadline|echeance) )|"
        r"(?:what s|what is)(?: the)?(?= (?:\w+ s )?(?:birthday|bday|deadline) )) ",
    ),
    # "what" asking for a day is a date ("what's the last day we can send the build?", "c'est quoi
    # le dernier jour pour rendre le dossier ?"): the noun, maybe after an adjective of order (kept:
    # the first day is not the last), then the clause or complement saying which day.
    (
        "date",
        r" (?:what s|what is|whats|c est quoi|quel est|quelle est|quel sera|c etait quoi)(?: the| le| la| l)?"
        # (whose day, said first: "what's Pieter's day off?", probe conversation of a comic-book
        # shop read as a definition)
        r"(?=(?: \w+ s)?"
        r"(?: last| first| next| final| dernier| derniere| premier| premiere| prochain| prochaine)?"
        r" (?:day|date|jour) (?:we|you|i|they|he|she|it|for|of|to|on|off|pour|de|du|d|des|ou|que|qu) )",
    ),
    (
        "reason",
        r" (?:pourquoi|pour quelle raison|why|la raison(?: de| du| d)?|raison(?: de| du| d)?|"
        r"cause(?: de| du)?|(?:the )?reason(?: why| for)?|"
        r"(?:le|quel) (?:souci|probleme)(?: avec| de| du)?|what s wrong with|elle a quoi|il a quoi) ",
    ),
    # Who is at the origin of a thing made it ("qui est à l'origine de Zibeline ?"): its creator,
    # not where it comes from.
    ("agent", r" (?:qui|who) (?:est|etait|c est) a l origine (?:de|d|du|des) "),
    (
        "origin",
        # Where someone was born is where they come from ("Inès est née où ?"), not where they live.
        r" (?:(?:vient|viens|venait|venir|est|es) d ou|d ou(?: vient| viens| viennent| venait)?|"
        # coming from which town or country ("Ousmane il vient de quelle ville au Sénégal ?": probe
        # conversation of an architecture firm, read as where he lives)
        r"(?:vient|viens|viennent|venait) de (?:quel|quelle|quels|quelles)|"
        # … or the place asked first ("de quelle ville elle vient Giulia ?": probe conversation of a
        # print shop, read as where she lives)
        r"de (?:quel|quelle|quels|quelles) \w+ (?:\w+ )?(?:vient|viens|viennent|venait)|"
        r"originaire(?: de| d)?|origines?|"
        r"(?:est|es|suis|etait) nee? (?:ou|dans quelle ville|dans quel pays)|where was \w+ born|born where|"
        r"a grandi|grandi|(?:de )?quelle region|come[s]? from|grew up|grow up|"
        # "is Wren working from Porto?" asks where she works (below), not where she comes from
        # nor "from" in a noun phrase before the verb ("which tank is the pinot from Charmes going
        # into?": probe conversation of a wine estate, read as where the pinot comes from)
        r"(?:is|are) (?:\w+ ){1,3}(?<!working )(?<!work )from(?! (?:\w+ ){1,2}\w+ing )|"
        r"where s (?:\w+ ){1,3}from|"
        r"village|bled|patelin|"
        r"ville natale|pays natal|hometown) ",
    ),
    (
        "role",
        # "poste" after an auxiliary is the verb ("qui a posté dans #general"), not a position, and
        # after "qui" or a subject clitic ("qui poste sur notre Instagram ?" asked a job: probe
        # conversation of a library)
        r" (?:poste(?<! a poste)(?<! ai poste)(?<! as poste)(?<! ont poste)"
        r"(?<! qui poste)(?<! on poste)(?<! il poste)(?<! elle poste)(?<! je poste)|"
        r"role|metier|job(?: title)?|taf|taff|boulot|fonction|titre|"
        r"fait quoi(?: comme taf| comme boulot| dans la vie| exactement)?|what does \w+ do|do for a living) ",
    ),
    (
        "employer",
        # the company as a complement ("le CTO de la boîte c qui ?") asks about someone in it
        r"(?<! de la)(?<! of the) (?:boite|entreprise|societe|employeur|company|firm|employer) | (?:"
        r"(?:travaille|travailles|bosse|bosses|bossent|travaillent|bossait|travaillait|works?|working) "
        r"(?:ou|chez qui|chez quoi|pour qui|pour quelle?|chez quelle?|for)|(?:est|es) chez qui|"
        # the verb of working after "chez qui" asks it too ("chez qui bosse Anatole ?")
        r"(?:chez|pour) (?:qui|quelle?(?: (?:boite|entreprise|societe|agence|company))?) "
        r"(?:travaille|travailles|travaillent|travaillait|bosse|bosses|bossent|bossait)|"
        r"chez qui|pour qui|(?:salariee?|employee?) (?:ou|chez qui|de qui)|"
        r"(?:ou|where) (?:est ce qu(?:e|i)? )?(?:\w+ ){0,2}(?:travaille|travaillent|bosse|bossent|works?|"
        r"working)) ",
    ),
    # "le nom du village de X" asks for the village: "nom de …" is transparent, "son nom" is not.
    (
        "name",
        # "comment on appelle X", "on l'appelle comment": what X is called, as "comment s'appelle X"
        # ("la vedette Hève on l'appelle comment à la VHF ?" read as a manner: probe conversation
        # of harbour pilots)
        r" (?:comment (?:il |elle |ca )?s appelle|s appelle comment|comment on (?:l |les )?appelle|"
        r"on (?:l |les )?appelle comment|nom(?! (?:du|de|des|d) )|called|"
        r"name(?! of )) ",
    ),
    (
        "place",
        r" (?:ou|where|adresse|address|etage|url|lien|ville|habite|habites|habitait|habiter|vit|vis|vivre|"
        r"lives?|living|(?:est|es|sont|suis) basee?s?|based|situee?|se trouve|trouve|localisation|lieu|"
        r"located|city|town|(?:works?|working) from) ",
    ),
    ("agent", r" (?:par qui|by whom) "),
    ("agent", _ROLE_HOLDER_CUE),
    # "who's got" is "who has got", who holds a thing ("who's got the key to the dépôt?": probe
    # conversation of a bike workshop, read as who someone is).
    (
        "agent",
        r" (?:(?:who s|whos) got |(?:qui|who) (?:a |l a |has |s occupe|gere|pilote|organise|dirige|"
        r"supervise|coordonne|maintient|cree|developpe|code|fait|"
        r"bosse sur|travaille sur|est responsable|made|created|built|runs|leads|maintains|organises|"
        r"organizes|manages|handles|oversees|coordinates|looks after|takes care of))",
    ),
    # An interrogative pronoun after a preposition asks another participant of what X does, not who
    # X is: "Corentin déjeune avec qui ?", "tu bosses pour qui ?", "Nadir reporte à qui ?", "il
    # parle de qui ?", "who does Tom work with?", "who does Tom report to?".
    (
        "participant",
        r" (?:avec|pour|chez|contre|sans|a|de|d|with|for|to) (?:qui|whom|who) |"
        r" (?:who|whom) (?:\w+ ){1,4}(?:with|for|to) $",
    ),
    ("identity", r" (?:qui|who|whos|who s) "),
    ("manner", r" (?:comment|how|de quelle (?:maniere|facon)) "),
    (
        "definition",
        r" (?:quoi|qu est ce qu|qu est ce que|qu est ce|ce qu est|ce que c est|what|whats|what s|kesako|"
        r"kezako|c est quel genre de|quel genre de|quel type de|quelle sorte de) ",
    ),
    # What a thing consists of is what it is ("Cumulus, ça consiste en quoi ?", "en quoi consiste X").
    ("definition", r" (?:consiste en quoi|consistent en quoi|en quoi consiste|en quoi consistent) "),
    # What a word means is what it names ("PEB ça veut dire quoi ?", "what does HMO stand for?")
    (
        "definition",
        r" (?:(?:ca )?veut dire quoi|que veut dire|qu est ce que ca veut dire|signifie|mean|means|"
        r"stand for|stands for) ",
    ),
    # What a thing is for is what it is: "à quoi sert Hibiscus ?", "Hibiscus, ça sert à quoi ?" are
    # answered by "notre outil de facturation".
    ("definition", r" (?:a quoi (?:ca )?(?:sert|servent)|(?:sert|servent) a quoi) "),
    # Wanting to understand or have explained a thing asks what it is ("je veux mieux comprendre le
    # vibe coding", "explain WebRTC to me").
    ("definition", r" (?:comprendre|comprends|expliquer|explique|understand|explain) "),
    # Asking to be reminded of a thing asks what it is ("tu peux me rappeler le code du wifi ?",
    # "remind me the wifi password"); "rappelle-moi d'appeler Paul" asks for a reminder (an action).
    ("definition", r" (?:rappeler|rappelle|remind) (?:moi |me |nous |us )?(?=(?:le|la|les|l|the) )"),
    # "Which X" with no other cue asks which thing X is ("on a quelle carte ticket resto ?").
    ("definition", r" (?:quel|quelle|quels|quelles|which) "),
)
_PATTERNS = tuple((facet, re.compile(pattern)) for facet, pattern in _CUES)
# "Qui" and a verb of doing before its object asks who does it, whatever the object names: "qui gère
# le budget formation ?", "qui décide de la date du séminaire ?", "who sets the price?" ask a person,
# and "budget", "date", "price" belong to what is done (not "qui a / sait / connaît le prix ?",
# which ask the value). So does the holder of a role ("c'est qui le responsable du budget ?").
_WHO_DOES = re.compile(
    r"^ (?:c est qui qui|qui est ce qui|c est qui|qui|who) (?:s |se |en |y )?"
    r"(?!(?:est|etait|sont|a|as|ont|avait|sait|sais|savent|connait|connais|connaissent|peut|veut|"
    r"is|was|are|has|have|had|knows|know|can|could|would|will)\b)\w+ "
    r"(?:de )?(?:le|la|les|l|du|des|de|d|au|aux|the|our|notre|nos|ce|cette|ces) "
)
_ROLE_HOLDER = re.compile(_ROLE_HOLDER_CUE)
# The facets a noun of the object may cue that a question asking who does it does not ask.
_VALUES_DONE = frozenset({"price", "amount", "quantity", "hours", "date"})

# The channel each contact word names: "le numéro", "le tel", "le 06" of someone are one phone
# number, "le mail" and "le courriel" one address (the channel, not the word, says what is asked).
CONTACT_CHANNELS: dict[str, str] = {
    **{word: "channel:mail" for word in ("mail", "email", "mails", "emails", "courriel", "courriels")},
    **{word: "channel:phone" for word in ("numero", "num", "telephone", "tel", "portable", "06", "07",
                                          "phone", "mobile", "number")},
    # a chat handle ("son pseudo Slack", "Nate's slack handle")
    **{word: "channel:handle" for word in ("slack", "handle", "pseudo")},
}  # fmt: skip

# Cue words that also say *which* information of the facet is asked: they stay content words, so
# "le mail de Bob" and "le numéro de Bob", "qui a créé X" and "qui maintient X" remain apart.
_KEPT = frozenset(
    [
        "mail",
        "email",
        "courriel",
        "slack",
        "handle",
        "pseudo",
        "numero",
        "num",
        "telephone",
        "tel",
        "portable",
        "06",
        "07",
        "phone",
        "a",
        "l",
        "s",
        "occupe",
        "gere",
        "pilote",
        "organise",
        "dirige",
        "supervise",
        "coordonne",
        "maintient",
        "cree",
        "developpe",
        "code",
        "fait",
        "bosse",
        "sur",
        "travaille",
        "est",
        "responsable",
        "responsible",
        "charge",
        "chef",
        "cheffe",
        "lead",
        "manager",
        "owner",
        "referent",
        "referente",
        "boss",
        "head",
        "pm",
        "po",
        "made",
        "created",
        "built",
        "runs",
        "leads",
        "maintains",
        "organises",
        "organizes",
        "manages",
        "handles",
        "oversees",
        "coordinates",
    ]
)


# Going away (holidays, a week-end, a trip): where and when someone goes is not where they live or
# when they arrived, so these words qualify the place and date facets.
TRIP_WORDS = frozenset(
    [
        "vacances",
        "vacs",
        "conge",
        "conges",
        "week",
        "weekend",
        "voyage",
        "voyages",
        "holiday",
        "holidays",
        "vacation",
        "trip",
    ]
)


# "off" is time away when said of someone ("est off", "when is Léa off", "day off"), not in "kick
# off": a copula or a day comes at most one word before it.
_OFF_AFTER = frozenset(
    ["est", "etre", "suis", "es", "sera", "is", "s", "be", "are", "am", "day", "days", "jour", "jours"]
)


@dataclass(frozen=True)
class FacetReading:
    facet: str
    words: tuple[str, ...]  # the folded tokens of the text
    cue_positions: frozenset[int]  # tokens that expressed a facet (any facet found)
    # asks who does something to its object, whose nouns naming a value belong to the object
    # ("qui gère le budget formation ?": "budget" is no price asked)
    asks_doer: bool = False

    @property
    def trip(self) -> bool:
        """Whether the facet is about going away ("où part X en vacances ?"); English plurals too
        ("on weekends", "trips"). "week" is the week-end's only before "end": "who has the keys this
        week?" goes nowhere (probe conversation of a sailing school)."""
        return any(
            (
                (word in TRIP_WORDS or word.removesuffix("s") in TRIP_WORDS)
                and (word != "week" or self.words[i + 1 : i + 2] in (("end",), ("ends",)))
            )
            or (word == "off" and not _OFF_AFTER.isdisjoint(self.words[max(i - 2, 0) : i]))
            for i, word in enumerate(self.words)
        )


def _positions(joined: str, start: int, end: int) -> set[int]:
    """Token indexes covered by the character span ``[start, end)`` of ``" " + " ".join(words) + " "``."""
    before = joined[:start].count(" ")
    inside = joined[start:end].strip().count(" ") + 1
    first = before if joined[start] == " " else before - 1
    return set(range(max(first, 0), max(first, 0) + inside))


def _wildcard(pattern: re.Pattern[str], match: re.Match[str], word: str) -> bool:
    """Whether ``word`` stands where a cue pattern accepts any word ("where does Corentin work",
    "what does Bob do"): the cue still matches with another word there, so it is the subject."""
    span = match.group(0)
    swapped = span.replace(f" {word} ", " zqxj ", 1)
    if swapped == span:
        return False
    # matched again in its text, for the patterns whose lookahead reads past the span ("who is the
    # product owner of X": "product" is any word there, "owner" the cue)
    text = match.string
    again = pattern.match(text[: match.start()] + swapped + text[match.end() :], match.start())
    return again is not None and again.end() == match.start() + len(swapped)


# The nouns of a length of time stay words of the subject ("le délai de rendu … c'est combien ?").
_LENGTHS = folded_words("delai delais duree")


def read_facet(text: str, language: Language = "fr") -> FacetReading:
    """The facet ``text`` asks for or states, and which of its words said so (see the module doc)."""
    words = tuple(tokens(text))
    joined = " " + " ".join(words) + " "
    # A relative clause opened by "dont" qualifies a noun ("c'est quoi ce Marlin dont parle le mail
    # ?"): what it says is not asked. The words before it read as the whole text does.
    end = next((i for i, word in enumerate(words) if word == "dont" and i), len(words))
    # A relative "qui" after a noun asks no one ("le conteneur d'attiéké qui part d'Abidjan, il
    # arrive quand au Havre ?" was read as asking who: probe conversation of an importer); the
    # word keeps its length, so that positions in the text stay where they were.
    # (only when another interrogative asks: "c'est qui la personne qui gère la paie ?" asks who does)
    other_asking = bool(set(words) & (INTERROGATIVES - {"qui", "who"}))
    masked = ["rel" if other_asking and _relative(words, i) else word for i, word in enumerate(words[:end])]
    searched = " " + " ".join(masked) + " "
    facet = "other"
    cues: set[int] = set()
    # the noun an interrogative and its article ask for names the facet, whatever the other words
    # cue ("c'est quoi l'adresse de la job de salle de bain à Rosemont ?" asks an address, not a job:
    # probe conversation of a Montréal contractor)
    attribute = _attribute_asked(words[:end])
    attributed: str | None = None
    who_does = _WHO_DOES.search(searched) or _ROLE_HOLDER.search(searched)
    for name, pattern in _PATTERNS:
        if who_does and name in _VALUES_DONE:
            continue
        found = False
        position = 0
        while (match := pattern.search(searched, position)) is not None:
            if (name == "date" and _conjunction_when(searched, match)) or (
                name == "place" and _conjunction_or(text, searched, match)
            ):
                position = match.end() - 1
                continue
            found = True
            kept = _KEPT if name in ("contact", "agent") else _LENGTHS if name == "quantity" else frozenset()
            positions = set(_positions(joined, match.start() + 1, match.end() - 1))
            cues |= {i for i in positions if words[i] not in kept and not _wildcard(pattern, match, words[i])}
            if attribute in positions and attributed is None:
                attributed = name
            position = match.end() - 1
        if found and facet == "other":
            facet = name
    return FacetReading(attributed or facet, words, frozenset(cues), asks_doer=bool(who_does))


def _relative(words: tuple[str, ...], index: int) -> bool:
    """The "qui" at ``index`` opens a relative clause: a noun before it, after its determiner or its
    "de" ("le conteneur qui", "le conteneur d'attiéké qui"), not a copula ("c'est qui")."""
    if words[index] != "qui" or index < 2:
        return False
    noun, before = words[index - 1], words[index - 2]
    return noun not in FUNCTION_WORDS and (
        before in _DETERMINING or (index > 2 and words[index - 3] in _DETERMINING)
    )


# A determiner, or the "de" of a noun's complement ("le conteneur d'attiéké qui").
_DETERMINING = DETERMINERS | folded_words("d de")


_ASKING_A_NOUN = folded_words("quoi quel quelle quels quelles what whats which")
_ITS_ARTICLES = folded_words("le la l les the")
_ATTRIBUTE_OF = folded_words("de du des d of for")


def _attribute_asked(words: tuple[str, ...]) -> int | None:
    """Where the noun stands that an interrogative and an article ask for ("quoi l'adresse", "what's
    the address"), when "de" / "of" follows it: an attribute of what comes after."""
    for i in range(len(words) - 3):
        if words[i] in _ASKING_A_NOUN and words[i + 1] in _ITS_ARTICLES and words[i + 3] in _ATTRIBUTE_OF:
            return i + 2
    return None


# "quand" / "when" after another interrogative opens a clause of time, not the question: "qui on
# appelle quand la radio tombe en panne ?", "who do we call when the X-ray machine breaks down?" ask
# a person. After a verb of knowing or telling it is what is asked ("qui sait quand…", "who knows
# when…").
# (every interrogative but those of time, and "que" of "qu'est-ce que"; "whose" is a determiner)
_ASKING_BEFORE = (INTERROGATIVES | {"que", "qu"}) - {"quand", "when", "whose"}
_KNOW_OR_TELL = folded_words(
    "sait sais savez savent savoir dire dis dites idee know knows knew tell idea remember rappelle"
)


def _conjunction_when(searched: str, match: re.Match[str]) -> bool:
    cue = match.group().strip()
    if cue not in ("quand", "when"):
        return False
    before = searched[: match.start() + 1]
    previous = before.split()[-1:]
    asked_before = not _ASKING_BEFORE.isdisjoint(before.split())
    return asked_before and not (previous and previous[0] in _KNOW_OR_TELL)


def _conjunction_or(text: str, searched: str, match: re.Match[str]) -> bool:
    """The folded "ou" is "or", not "où" ("where"), between two alternatives of one shape: "c'est un
    40 ou un 60 cv ?", "le bleu ou le rouge", "40 ou 60" (probe conversation of a sailing school: the
    engine's power asked where it is). Written "où", it asks where; alternatives opened by a
    preposition of place ("à Lyon ou à Paris ?") are places asked, and stay so."""
    if match.group().strip() != "ou" or "où" in text.casefold():
        return False
    before, after = searched[: match.start() + 1].split(), searched[match.end() - 1 :].split()
    if not before or not after:
        return False
    if before[-1].isdigit() and after[0].isdigit():
        return True
    if _NAMES_OR_NAMES.search(text):
        return True  # "les titres resto c'est Swile ou Edenred ?"
    if len(before) < 2:
        return False
    # "du matin ou de nuit" (probe conversation of a machining shop): "de" and its contractions open
    # alternatives of one shape as well
    same_opener = after[0] == before[-2] or {after[0], before[-2]} <= _OF_FORMS
    return same_opener and _ALTERNATIVE_OPENERS & {after[0], before[-2]} != set()


_OF_FORMS = folded_words("de du des d")
_ALTERNATIVE_OPENERS = folded_words("un une le la les l des du the an")
_NAMES_OR_NAMES = re.compile(r"(?<![\w'’])[A-ZÀ-Þ][\w-]*\s+ou\s+[A-ZÀ-Þ]")


# The predicate words of a statement, per facet, token-aligned like _CUES: "Thibaut travaille chez
# Mirakl", "bosse pour Mirakl", "est salarié de Mirakl" all state Thibaut's employer, and once these
# words are set aside the statements compare by what is left (Thibaut, Mirakl).
_STATEMENT_CUES: tuple[tuple[str, str], ...] = (
    (
        "employer",
        r" (?:travaille|travaillent|travaillait|bosse|bossent|bossait|taffe|taffent|taffait|est salariee?|"
        r"sont salaries|est employee?|works|worked|working|is employed)(?: (?:chez|pour|de|at|for|by))?(?= )|"
        r" est chez(?= )",
    ),
    (
        "place",
        r" (?:habite|habitent|habitait|vit|vivent|vivait|est basee?|sont bases|reside|lives|lived|"
        r"is based|se trouve|se situe|est situee?|est installee?|sont installees?)"
        r"(?: (?:a|au|en|dans|in|at))?(?= )",
    ),
    (
        "origin",
        r" (?:vient|viennent|venait|est originaire|sont originaires|a grandi|ont grandi|comes|grew up|"
        r"is from|was born|(?:est|sont|etait) nee?s?)(?: (?:de|d|du|des|a|au|en|from|in))?(?= )",
    ),
    (
        "preference",
        r" (?:adore|adorent|aime|aiment|kiffe|kiffent|prefere|preferee?s?|favori|favorite|"
        r"favou?rite|loves?|likes?|est fan de|is a fan of)(?= )",
    ),
)
_STATEMENT_PATTERNS = tuple((facet, re.compile(pattern)) for facet, pattern in _STATEMENT_CUES)


# "Venir de" + an infinitive is the recent past ("je viens d'arriver", "il vient de partir"), not
# where one comes from ("il vient d'Angers", "de Montpellier").
_RECENT_PAST = re.compile(
    r"\b(?:vien[st]|viennent|venons|venez|venait|venaient|venais)\s+d(?:e\s+|['’]\s*)(\w+)", re.IGNORECASE
)


def _without_recent_past(text: str) -> str:
    """``text`` with each "venir de" of a recent past left out ("je viens d'arriver" → "je arriver")."""

    def infinitive(match: re.Match[str]) -> str:
        return match.group(1) if is_infinitive(match.group(1)) else match.group(0)

    return _RECENT_PAST.sub(infinitive, text)


def unasked_words(text: str) -> list[str]:
    """The folded words of a question besides those that ask its facet ("sert à quoi", "combien
    coûte", "prix"): what it names, the subject included."""
    reading = read_facet(text)
    asking = {reading.words[i] for i in reading.cue_positions}
    return [word for word in reading.words if word not in asking]


def read_statement(text: str) -> FacetReading:
    """The facet a statement gives and which of its words said so (the predicate words)."""
    words = tuple(tokens(_without_recent_past(text)))
    joined = " " + " ".join(words) + " "
    facet = "other"
    cues: set[int] = set()
    for name, pattern in _STATEMENT_PATTERNS:
        for match in pattern.finditer(joined):
            cues |= _positions(joined, match.start() + 1, match.end())
            if facet == "other":
                facet = name
    return FacetReading(facet, words, frozenset(cues))


# "c'est quoi le TJM de Malik ?", "what's the code of the office?": "quoi" asks for an attribute of
# the subject (the noun after it), not for a definition of the noun.
_ATTRIBUTE = re.compile(
    r" (?:quoi|quel|quelle|quels|quelles|what|whats|what s|which) (?:le|la|l|les|the|son|sa|ses) "
    r"(?:\w+ ){1,2}(?:de|du|des|d|a|au|aux|chez|of|at|for) "
    # "codé avec quelles technos ?", "tourne sur quel langage": after a preposition, the noun the
    # interrogative determiner asks for is an attribute
    r"| (?:avec|sur|en|dans|with|on|in) (?:quel|quelle|quels|quelles|which|what) \w+ "
)


def asks_attribute(text: str) -> bool:
    """Whether a question asks for an attribute of its subject ("c'est quoi le digicode à Bordeaux ?")
    rather than what the subject itself is."""
    return _ATTRIBUTE.search(" " + " ".join(tokens(text)) + " ") is not None


@lru_cache(maxsize=1024)  # a question's facet is read for each hit search re-ranks and quotes
def facet_of(text: str, language: Language = "fr") -> str:
    """The facet ``text`` asks for (one of :data:`FACETS`)."""
    return read_facet(text, language).facet


# French street types (the kinds of public way an address names): "au 8 quai des Chartrons" is an
# address, not a quantity of quays.
_STREET_TYPES = (
    r"(?:rue|avenue|av|boulevard|bd|bld|quai|place|cours|allee|impasse|chemin|route|passage|square|voie)"
)
_STREET = r"(?:\d+ (?:bis |ter )?)?" + _STREET_TYPES + " "

# What a statement says about its subject, read from the words statements use for each facet (a
# fact rarely uses the words of the question it answers: "d'où vient Noé ?" / "Noé a grandi à
# Brest"). Search gives a question's facet and the facets a fact states a shared term.
_STATED: tuple[tuple[str, str], ...] = (
    (
        "origin",
        # born at a place named by its street word too ("née quai Bérigny": probe conversation of
        # harbour pilots), not born in a year ("née en 1985")
        r" (?:vient|viens|venait|venu|venue) d| originaire| a grandi| grandi a| nee? a| born in| "
        r"nee? (?:au|aux|dans|rue|quai|avenue|boulevard|place|en (?!\d))| "
        r"born and raised| raised in| nee? et elevee? a| elevee? a| "
        r"grew up| is from| comes from| natif| native| i come from| i m from| we re from",
    ),
    (
        "place",
        r" habite| vit a| vis a| vivent a| basee? a| se trouve| situee?| etage| adresse| lives in| live in| "
        r"loge | loges | logent | logee? | "
        r"based in| "
        r"located| floor| street| road| avenue| " + _STREET,
    ),
    (
        "employer",
        r" (?:travaille|travaillent|bosse|bossent|salariee?|employee?|est|sont) (?:chez|pour) | "
        r"works? (?:at|for) | employed| (?:entreprise|boite|societe|employeur) (?:de|d) ",
    ),
    (
        "price",
        r"€|\$|£| euros?| dollars?| coute| coutent| cout | tarif| prix| tjm| facture| budget| balles| "
        r"\d+ ?k | per day| par jour| per month| par mois| costs?",
    ),
    (
        "date",
        r" (?:janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|"
        r"january|february|march|april|may|june|july|august|september|october|november|december) | "
        r"\d{1,2}/\d{1,2}| en \d{4}| depuis \d{4}| in \d{4}| since \d{4}| lundi| mardi| mercredi| jeudi| "
        r"vendredi| samedi| dimanche| mondays?| tuesdays?| wednesdays?| thursdays?| fridays?| saturdays?| "
        r"sundays?| (?:tues?|weds?|thu|thurs?|fri|janv|fevr|avr|juil|oct|nov|dec) |"
        # a day of the month by its ordinal ("on the 20th", "the 3rd of June", "le 1er")
        r" on the \d{1,2}(?:st|nd|rd|th) | \d{1,2}(?:st|nd|rd|th) of | le 1er ",
    ),
    ("contact", r"@| 0[67]\d*| \+33| numero| telephone| mail| joignable| phone"),
    # an hour of the clock, in English too ("2am", "5 pm": "Odilon starts at 2am" states the hour
    # "Odilon commence à 2h du mat" does; fourth dev half)
    (
        "hours",
        r" \d{1,2} ?h ?\d{0,2} | \d{1,2}:\d{2}| \d{1,2} ?(?:am|pm) | heures?| ouvre a| ferme a| opens at| "
        r"closes at",
    ),
    # "34 ans", "34 years old", and the English "Léa is 34" (a number closing "is"/"am": an age)
    ("age", r" \d+ ans | years old| (?:is|am|i m|she s|he s) \d{1,3} $"),
    ("preference", r" prefere| favori| adore| fan de| kiffe| favou?rite| loves"),
    ("reason", r" parce qu| a cause| because| due to| vu que"),
    # a copula, present or past ("Cassiopée était notre dashboard"), then a determiner
    (
        "definition",
        r" (?:est|c est|is|sont|are|etait|c etait|etaient|was|were) "
        r"(?:un|une|le|la|l|notre|nos|our|a|an|the) ",
    ),
    ("manner", r" via | en passant par| il faut| faut | through | using "),
    (
        "quantity",
        r" \d+ (?!ans|euros?|dollars?|€|h |(?:bis |ter )?" + _STREET_TYPES + r" |janvier|fevrier|mars|avril|"
        r"mai|juin|juillet|aout|septembre|octobre|novembre|decembre)[a-z]",
    ),
)
# "chez" before a proper name (capitalised) names an organisation: "a travaillé six ans chez
# Decathlon", "gère la paie chez Gravelle" ("chez ses parents" is a home).
_AT_ORGANISATION = re.compile(r"\bchez\s+[A-ZÀ-ÖØ-Þ]")
_STATED_PATTERNS = tuple((facet, re.compile(pattern)) for facet, pattern in _STATED)


# Facets a statement gives through its predicate ("habite à", "vient de", "bosse chez"), not through
# a value that could be of anything (a date, a number): a statement giving one of them does not
# give another of them (language.answers, language.relevance).
PREDICATE_FACETS = frozenset({"place", "origin", "employer"})
# Facets whose answer is a value of a shape (a date, a number, a price, an age): a fact or a reply
# has the kind asked when it holds one (language.value_shapes.fits_facet).
VALUE_FACETS = frozenset({"date", "quantity", "price", "amount", "age"})
# Facets read when nothing narrower is found: every description gives them ("X est un…"), and a
# question is read so when no cue names what it asks ("what do we pay per seat?" before "pay" was
# one). Sharing one says little about a claim (language.equivalence); a fact learned for one may
# answer a value asked when it has the value's shape (language.relevance).
VAGUE_FACETS = frozenset({"definition", "other"})


@lru_cache(maxsize=4096)  # search re-ranks and answers read the same fact texts again and again
def stated_facets(text: str) -> frozenset[str]:
    """The facets a statement gives about its subject ("Noé a grandi à Brest" → origin)."""
    text = _without_recent_past(text)
    # Number words are numbers ("deux enfants" states a quantity like "2 enfants").
    joined = " " + " ".join(CARDINAL_WORDS.get(word, word) for word in tokens(text)) + " "
    folded_text = " " + fold(normalise(text)) + " "  # keeps "€", "@", "/" and ":" for values
    return frozenset(
        facet for facet, pattern in _STATED_PATTERNS if pattern.search(joined) or pattern.search(folded_text)
    )


# A place named after a locative preposition ("à Lorient", "en Islande", "in Leeds", "chez Qonto").
_NAMED_PLACE = re.compile(
    r"(?<![\w'’])(?:à|a|au|aux|en|dans|chez|vers|de|d|du|in|at|to|near|from)(?:\s+|['’]\s*)"
    r"(?:(?:l['’]\s*|la\s+|le\s+|les\s+|the\s+))?[A-ZÀ-Þ]"
)
WHERE_FACETS = frozenset({"place", "origin"})


def is_at_a_named_place(text: str) -> bool:
    """Being or going somewhere named: a copula or a verb of going, then a locative preposition and
    a capitalised name ("le bureau de lemapp est à Nantes", "part en vacances au Japon", "is in
    Leeds"); not "de", whose name may be the subject's own ("le bureau de Bordeaux"). A weaker
    sign of a place than :func:`stated_facets` reads (for the search and the duplicate rules it
    costs more than it gives)."""
    return _AT_A_NAMED_PLACE.search(text) is not None


_AT_A_NAMED_PLACE = re.compile(
    r"\b(?:est|sont|suis|es|part|pars|partent|va|vais|vont|is|are|am|goes|go)\b[^.,;]*?"
    r"(?<![\w'’])(?:à|au|aux|en|dans|in|at|to)\s+(?:l['’]\s*|la\s+|le\s+|les\s+|the\s+)?[A-ZÀ-Þ]"
)
# A cleft putting a person's name first ("C'est Séverin qui pilote Lynx", "It's Léa who runs it"):
# the statement says who does something.
_NAME_WORD = r"[A-ZÀ-Þ][\w'’-]*"
_WHO_CLEFT = re.compile(
    rf"^\s*(?:[cC]['’]est|[cC] est|[iI]t['’]s|[iI]t is)\s+{_NAME_WORD}(?:\s+{_NAME_WORD})?\s+(?:qui|who)\b"
)


def gives_a_date_not_a_place(asked: str, text: str) -> bool:
    """A question asks where (``asked``) and the statement gives a date and no place ("je suis en
    vacances à partir du 4 août" to "où part Joachim ?", "l'offsite est du 24 au 26 juin")."""
    if asked not in WHERE_FACETS:
        return False
    stated = stated_facets(text)
    return "date" in stated and not stated & WHERE_FACETS and _NAMED_PLACE.search(text) is None


def states_another_facet(asked: str, text: str) -> bool:
    """The statement's predicate states a facet (:data:`PREDICATE_FACETS`) and the question asks
    (``asked``, :func:`facet_of`) another of them, or a job: "Octave travaille chez Ledger" does not
    say what his job is, nor where he lives. A date alone does not say where either."""
    if gives_a_date_not_a_place(asked, text):
        return True
    if asked == "definition" and _WHO_CLEFT.match(text):
        return True  # "C'est Séverin qui pilote Lynx" says who, not what Lynx is
    if asked not in PREDICATE_FACETS | {"role"}:
        return False
    stated = stated_facets(text) & PREDICATE_FACETS
    return bool(stated) and asked not in stated


def states_only_other_facets(asked: str, text: str) -> bool:
    """The statement states facets (:func:`stated_facets`, a place named after "est à" too), none of
    the kind ``asked`` asks for: "Il y a 22 postes de travail au bureau de Bordeaux" to "c'est où le
    bureau de Bordeaux ?", "Le bureau de Bordeaux est au 8 quai des Chartrons" to "il ouvre à quelle
    heure ?" say something else about the same subject."""
    given = _GIVEN_BY.get(asked)
    if given is None:
        return False
    at_a_place = is_at_a_named_place(text) or _LOCATIVE_PHRASE.search(text) is not None
    stated = stated_facets(text) | ({"place"} if at_a_place else set())
    return bool(stated) and not stated & given


# A preposition of position before a determiner: where a thing is ("dans la boîte à clés du bureau,
# crochet n°3", "on the hook inside the trailer door"), whatever number follows.
_LOCATIVE_PHRASE = re.compile(
    r"(?<![\w'’])(?i:dans|sur|sous|derri[eè]re|devant|[aà] c[oô]t[eé] d|au fond d|en haut d|en bas d|"
    r"in|on|under|behind|inside|next to|beside|above|below)\s+"
    r"(?i:le|la|les|l['’]|un|une|du|des|the|a|an|our|notre|nos)\b"
)


def states_asked_kind(asked: str, text: str) -> bool:
    """The statement states a value of the kind ``asked`` asks for, among others or not ("6h45,
    porte de derrière rue de la Monnaie" to "le poissonnier arrive à quelle heure ?")."""
    given = _GIVEN_BY.get(asked)
    return given is not None and bool(stated_facets(text) & given)


# The facets a statement may state to answer a question asking one of these (a date may be given
# as a time of day: "quand ouvre le bureau ?").
_GIVEN_BY: dict[str, frozenset[str]] = {
    "place": frozenset({"place"}),
    "origin": frozenset({"origin", "place"}),
    "employer": frozenset({"employer"}),
    "hours": frozenset({"hours"}),
    "date": frozenset({"date", "hours"}),
    "quantity": frozenset({"quantity"}),
    "price": frozenset({"price"}),
    "amount": frozenset({"price", "quantity"}),
    "age": frozenset({"age", "quantity"}),
}


def names_organisation(text: str) -> bool:
    """Whether a statement puts its subject "chez" a proper name: an organisation, so likely the
    employer ("a travaillé six ans chez Decathlon"). A hint for search only: "a passé un entretien
    chez Decathlon" says it too, and is no employer for the duplicate rules."""
    return _AT_ORGANISATION.search(normalise(text)) is not None


# Which stated facets answer a question's facet (a person's identity is told by their role, a
# thing's by its definition).
ANSWERED_BY: dict[str, frozenset[str]] = {
    "identity": frozenset({"identity", "role", "definition"}),
    "definition": frozenset({"definition", "role"}),
    "role": frozenset({"role", "definition"}),
    "amount": frozenset({"price", "quantity"}),
}
