"""A small bilingual concept table for the lexical side of search.

Each concept term stands for words that a question and the fact answering it use for the same thing:
colloquial and plain French, and English (``maman``, ``mère``, ``mother`` → ``mere``), and the kind of
answer a question asks for (``quel âge`` ↔ ``20 ans``; ``il bosse où`` ↔ a profession). Only general
vocabulary goes here: no names, nothing specific to one team or one data set (entries that only
bridged one question of the retrieval set to its fact, such as peanuts/arachides, were removed).
Words are written folded (lowercase, no accents); a word may belong to several concepts.
"""

from __future__ import annotations

import re
from functools import lru_cache

from language.text import lemma

# Guests of the team, in any word: a concept of search and a synonym class of the duplicate rules.
_GUESTS = (
    "invite invites invitee invitees visiteur visiteurs visiteuse visiteuses guest guests visitor visitors"
)

_TABLE: dict[str, str] = {
    # family and people
    "mere": "maman mere mother mom mum mommy moman daronne",
    "pere": "papa pere father dad daddy daron",
    "parent": "parent parents darons vieux famille family",
    "frere": "frere frangin brother bro",
    "soeur": "soeur frangine sister sis",
    "enfant": "enfant gosse mome gamin gamine fils fille child children kid son daughter bebe baby",
    "conjoint": "femme mari epouse epoux copine copain meuf mec conjoint conjointe compagne compagnon "
    "wife husband girlfriend boyfriend partner",
    "ami": "ami amie pote copains friend buddy",
    "collegue": "collegue colleague coworker equipe team",
    "nouveau": "nouveau nouvelle arrive arrivee recrue embauche newcomer joined hired new",
    # work
    "travail": "travail travaille travailler boulot taf taff taffe taffer bosse bosser job work works "
    "working worked "
    "emploi metier poste role profession carriere career freelance stagiaire stage intern internship "
    "cto ceo cfo coo dev developpeur developpeuse developer engineer ingenieur medecin docteur doctor "
    "architecte architect boulanger boulangere baker pilote pilot infirmier infirmiere nurse prof "
    "professeur professeure enseignant teacher manager avocat lawyer comptable designer consultant "
    "chercheur researcher",
    "entreprise": "boite entreprise societe company startup firm agence agency employeur employer",
    "chef": "chef boss patron manager responsable lead dirige head cto ceo",
    "produit": "produit product pm",
    "deploiement": "deploie deployer deploiement deploy deploys deployment release livraison mep",
    "reunion": "reunion meeting standup",
    "ticket": "ticket issue bug tracker tracking",
    "heberge": "heberge heberger hebergement host hosted hosting serveur server datacenter cloud",
    "code": "code coder codee ecrit written langage backend back frontend front stack framework",
    "utilisateur": "utilisateur user client usager",
    "bureau": "bureau locaux office",
    "invite": _GUESTS,
    "creer": "cree creer creation fabrique fabriquer lance lancer fonde fonder monte created built made "
    "founded launched",
    "debut": "debut debute debuter commence commencer started start began",
    "devenir": "devenir deviendra reve become dream future",
    "nom": "nom appelle appeler appellent name named called",
    # places and moves
    "origine": "origine originaire originally vient venait village bled patelin natal natale hometown grandi "
    "grandir",
    "habite": "habite habiter vit vivre crecher creche live lives living reside loge demeure",
    "demenage": "demenage demenager demenagement move moved moving",
    "vacances": "vacances vacs holiday holidays vacation conges conge off repos voyage trip travel",
    # time
    "naissance": "naissance nee born birth anniversaire anniv birthday bday",
    "age": "age ans old",
    "heure": "heure heures horaire time",
    "date": "quand when date janvier fevrier mars avril mai juin juillet aout septembre octobre "
    "novembre decembre january february march april may june july august september october "
    "november december",
    "jour": "jour lundi mardi mercredi jeudi vendredi samedi dimanche day monday tuesday wednesday "
    "thursday friday saturday sunday",
    # money
    "prix": "prix coute couter cout tarif forfait combien cost costs price pricing much dollars euros "
    "balles paye payer pay",
    "argent": "argent fric thune pognon money cash",
    # things and tastes
    "voiture": "voiture bagnole caisse car auto vehicule conduit conduire drive drives",
    "transport": "transport deplace deplacer voiture bagnole car scooter moto velo bike train metro bus "
    "commute commuting",
    # boats, in any word ("Josiane elle navigue sur quel ferry ?" met no "Bateau de Josiane : sur le
    # Méditerranée": probe conversation of a ferry company)
    "bateau": "bateau bateaux navire navires ferry ferries paquebot boat boats ship ships vessel",
    # a vehicle's registration, by its number or by its plate
    "immatriculation": "immatriculation immat plaque registration numberplate",
    "velo": "velo bike cycling cyclisme vtt",
    "livre": "livre bouquin book roman novel lit lire read reads",
    "manger": "manger bouffe bouffer mange eat eats food nourriture cuisine plat dish repas alimentaire "
    "alimentation diet vegetarien vegetarienne vege vegan",
    "aime": "aime adore kiffe kiffer prefere preferee favori favorite favourite like likes love loves "
    "enjoys fan passion passionne",
    "deteste": "deteste horreur blairer supporte hate hates dislike",
    "chien": "chien toutou clebs dog chiot puppy",
    "animal": "animal bestiole pet chien chat lapin hamster cheval dog cat rabbit horse",
    "grandparent": "papi papy pepe mamie mamy grandpere grandmere grandfather grandmother grandpa grandma",
    "chat": "chat minou cat chaton kitten",
    "cafe": "cafe caoua coffee expresso espresso",
    "sport": "sport foot football soccer courir course court running run marathon jogging velo escalade "
    "climbing",
    "course": "courir course court running run marathon jogging",
    "musique": "musique zik music chanson song groupe band rock electro jazz rap",
    "jeu": "jeu game games gaming",
    "film": "film movie cine cinema serie series",
    "langue": "langue parle parler cause causer speaks speak language allemand anglais francais "
    "espagnol italien portugais russe chinois japonais arabe german english french spanish italian "
    "portuguese russian chinese japanese arabic",
    "apprendre": "apprend apprendre apprentissage cours learn learns learning lessons",
    "boire": "boire boit bois boisson alcool apero vin biere drink drinks drinking alcohol wine beer",
    "etudes": "etudes etudie etudier etudiant fac universite university iut ecole school diplome degree "
    "studied study studies master these phd",
}

# The concepts above that name a person's relatives (kinship and close ties): "la femme de Mickael"
# is another person than Mickael (language/relatives.py).
KINSHIP = frozenset({"mere", "pere", "parent", "frere", "soeur", "enfant", "conjoint", "ami", "grandparent"})

CONCEPTS: dict[str, tuple[str, ...]] = {}
for _concept, _words in _TABLE.items():
    for _word in _words.split():
        CONCEPTS[_word] = (*CONCEPTS.get(_word, ()), _concept)

# Multi-word expressions, matched on folded text before splitting into words.
PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bmises? en prod(uction)?\b"), "deploiement"),
    (re.compile(r"\b(fai[st]|faire|font) quoi\b"), "travail"),
    (re.compile(r"\bdans la vie\b"), "travail"),
    (re.compile(r"\bplus tard\b"), "devenir"),
    (re.compile(r"\bwhat does \w+ do\b"), "travail"),
    (re.compile(r"\bfor a living\b"), "travail"),
    (re.compile(r"\bd['’ ]?ou\b"), "origine"),
    (re.compile(r"\bgr[eo]w(s|ing)? up\b"), "origine"),
    (re.compile(r"\bgrand[- ]?(pere|mere|father|mother)s?\b"), "grandparent"),
    (re.compile(r"\b\d{1,2} ?h ?\d{0,2}\b"), "heure"),
)


@lru_cache(maxsize=65536)  # a lemma is looked up for each word no form lists
def concepts_of(word: str) -> tuple[str, ...]:
    """Concepts of a folded word, trying its singular form too (``gosses`` → ``gosse``), and the
    masculine of a feminine in "-ée" (French: a word in "-é" takes an "e", ``creee`` → ``cree``)."""
    found = CONCEPTS.get(word)
    written = word
    if found is None and len(word) > 3 and word[-1] in "sx":
        word = word[:-1]
        found = CONCEPTS.get(word)
    if found is None and len(word) > 3 and word.endswith("ee"):
        found = CONCEPTS.get(word[:-1])
    if found is None and len(word) > 3:
        # another form of a verb the table lists by its infinitive ("appris" → apprendre: "Sophie
        # elle a appris la pâtisserie où ?" met no word of "J'ai fait mon apprentissage chez
        # Kubler…": probe conversation of a bakery)
        found = CONCEPTS.get(lemma(written))
    return found or ()


# Words that all say one thing, rather than name kinds of one category as a concept's members do
# ("chien" and "chat" are both animals): any two of a class are synonyms for the duplicate rules
# (language/readings.py). Search does not read them (its terms come from the concepts above).
_SYNONYM_CLASSES: dict[str, str] = {
    # being in charge of a thing ("gère", "s'occupe de", "est responsable de", "en charge de")
    "in_charge": "gere gerer gerent geres gerait occupe occuper occupent occupait responsable responsible "
    "responsables charge manage manages managed managing manager handle handles handled owner owners "
    "pilote piloter pilotent dirige diriger dirigent chef cheffe lead leads leader referent referente "
    "boss head runs pm po supervise supervises oversees oversee coordonne coordinates coordinate",
    # making a thing ("a créé", "a développé", "a codé", "a fondé", "built"), and who made it
    "made": "cree creer creee crees creent developpe developper developpee developpes code coder codee "
    "codes ecrit ecrire ecrite fonde fonder fondee lance lancer lancee construit construire construite "
    "fabrique fabriquer invente inventer inventee createur creatrice fondateur fondatrice inventeur "
    "inventrice created create creates built build builds made make developed develop develops coded "
    "wrote written founded launched invented creator founder inventor",
    # out of order ("en panne", "HS", "cassée", "broken"; "ne marche plus" is read as "en panne",
    # language/equivalence.py)
    "broken": "panne pannes hs casse cassee casses cassees morte mort broken down dead plante plantee",
    # what a thing runs on or uses ("la CI tourne sur GitLab CI", "on utilise GitLab CI", "hébergé
    # chez Scaleway")
    "runs_on": "tourne tournent tourner utilise utilisent utiliser utilisons heberge hebergee heberges "
    "hebergees heberger hosted uses use using",
    # liking a thing ("aime", "adore", "kiffe", "fan de", "loves"); not preferring it above others
    "likes": "aime aimes aiment adore adores adorent kiffe kiffes kiffent fan fans like likes love loves "
    "enjoys",
    # children, in any register ("2 gamins", "deux gosses", "two kids"); not sons or daughters
    "children": "enfant enfants gosse gosses gamin gamins gamine gamines mome momes kid kids child children",
    # a product coming out ("sort le 15 avril", "la release", "la sortie", "ships")
    "release": "sort sortent sortira sortie sorties release releases released lancement launch ship ships "
    "shipped shipping",
    # a book in any register ("livre", "bouquin"); not a novel, a kind of book
    "book": "livre livres bouquin bouquins book books",
    # guests of the team, in any word ("le wifi invités", "le wifi des visiteurs", "guest wifi")
    "guests": _GUESTS,
    # working again ("réparée", "remarche" read as "réparée", "fixed")
    "repaired": "repare reparee repares reparees reparer fixed repaired",
}
_SYNONYM_CLASS = {word: name for name, words in _SYNONYM_CLASSES.items() for word in words.split()}


def synonym_class(word: str) -> str | None:
    """The synonym class of a folded word (see ``_SYNONYM_CLASSES``), if any."""
    return _SYNONYM_CLASS.get(word)


def narrowest_concept(word: str) -> str | None:
    """The concept of ``word`` with the fewest words: its own meaning rather than a category it
    falls in ("voiture" → voiture, not transport; "bike" → velo)."""
    return min(concepts_of(word), key=lambda concept: (len(_TABLE[concept].split()), concept), default=None)
