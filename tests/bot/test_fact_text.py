"""bot.curiosity.fact_text: the fact Eko writes from an answer to one of its questions."""

from __future__ import annotations

import pytest

from bot.curiosity import fact_text
from language.replies import Answer, answer_text
from llm import PromptTemplates
from memory import Record


def written(question: str, about: str, facet: str, reply: str, author: str, language: str = "fr") -> str:
    goal = Record("g", "goal", question, about=about, facet=facet)
    templates = PromptTemplates("bot", language)  # type: ignore[arg-type]
    return fact_text(Answer("g", "mention", reply, False), goal, author, templates, language, "Eko")  # type: ignore[arg-type]


def test_a_name_answering_who_makes_the_question_a_statement() -> None:
    assert written("Qui pilote Toucan ?", "Toucan", "agent", "c'est Sixtine", "Rosalie") == (
        "Sixtine pilote Toucan (d'après Rosalie)"
    )
    assert written("Who maintains Lynx?", "Lynx", "agent", "Nils", "Marc", "en") == (
        "Nils maintains Lynx (according to Marc)"
    )
    # not a name: the question's topic heads the answer
    assert written("Qui est Odile ?", "Odile", "identity", "la nouvelle RH", "Marc") == (
        "Odile : la nouvelle RH (d'après Marc)"
    )


def test_a_complement_of_the_verb_asked_completes_it() -> None:
    """The heading of "où bosse Quentin ?" is "Quentin bosse": a place or a price completes it
    ("Quentin bosse : chez Alan" read as a form, probe conversation of 2026-11-28)."""
    assert written(
        "Où bosse Quentin ?", "Quentin", "employer", "je bosse chez Alan depuis 2023", "Quentin"
    ) == ("Quentin bosse chez Alan depuis 2023 (d'après Quentin)")
    assert written("Quentin habite où ?", "Quentin", "place", "à Lorient", "Quentin") == (
        "Quentin habite à Lorient (d'après Quentin)"
    )
    assert written("Combien coûte la licence Figma ?", "licence Figma", "price", "12 € par mois", "Lou") == (
        "La licence Figma coûte 12 € par mois (d'après Lou)"
    )
    # a price said with "est à" loses the "à" under the verb of costing; a time keeps it (probe
    # conversation of a climbing gym)
    assert (
        written(
            "Combien coûte l'abonnement annuel étudiant ?",
            "abonnement annuel étudiant",
            "price",
            "L'abonnement annuel étudiant est à 390 €",
            "Margaux",
        )
        == "L'abonnement annuel étudiant coûte 390 € (d'après Margaux)"
    )
    assert written("Le cours commence quand ?", "cours", "date", "à 9h", "Lou") == (
        "Le cours commence à 9h (d'après Lou)"
    )
    # a number counts the noun after it, whatever verb that noun spells (probe conversation of a
    # recording studio: "… de 30 mètres dans le placard" with no colon)
    assert (
        written(
            "Où on range le multipaire de 30 mètres ?",
            "multipaire de 30 mètres",
            "place",
            "dans le placard",
            "Seb",
        )
        == "Où on range le multipaire de 30 mètres : dans le placard (d'après Seb)"
    )
    # the clause opens with the subject's article, as the question wrote it
    assert written("Le pot d'accueil se passe où ?", "pot d'accueil", "place", "à la cafèt", "Lou") == (
        "Le pot d'accueil se passe à la cafèt (d'après Lou)"
    )
    # a bare name does not complete "habite" as a form would read it; a noun phrase heading keeps
    # its colon
    assert written("Où habite Quentin ?", "Quentin", "place", "Lorient", "Lou") == (
        "Quentin habite : Lorient (d'après Lou)"
    )
    assert written("Où est le bureau de Rouen ?", "bureau de Rouen", "place", "à Rouen", "Lou") == (
        "Bureau de Rouen : à Rouen (d'après Lou)"
    )


def test_english_questions_give_english_statements() -> None:
    """An English Lobby (probe conversation of 2026-11-28): "Charge of the design team: Priya",
    "Priya live: in Bristol" were written."""
    assert written("Who's in charge of the design team?", "design team", "agent", "Priya", "Ben", "en") == (
        "Priya is in charge of the design team (according to Ben)"
    )
    assert written("Where does Priya live?", "Priya", "place", "I live in Bristol", "Priya", "en") == (
        "Priya lives in Bristol (according to Priya)"
    )
    # the verb after the subject of "does" is the question's verb, not part of the subject
    assert written("When does the sprint end?", "sprint", "date", "on Friday", "Ben", "en") == (
        "The sprint ends on Friday (according to Ben)"
    )
    assert written("When does the Q1 planning start?", "Q1", "date", "on January 12th", "Ben", "en") == (
        "The Q1 planning starts on January 12th (according to Ben)"
    )
    # who someone is: a name given is no statement of the question's words
    assert written("Qui est Odile ?", "Odile", "identity", "Odile Martin", "Marc") == (
        "Odile : Odile Martin (d'après Marc)"
    )


def test_a_name_with_the_verb_said_again_or_a_time_makes_the_statement() -> None:
    budget = ("Qui gère le budget formation ?", "budget formation", "agent")
    assert (
        written(*budget, "Sabine s'en occupe", "Clara") == "Sabine gère le budget formation (d'après Clara)"
    )
    assert written(*budget, "c'est Sabine depuis septembre", "Clara") == (
        "Sabine gère le budget formation depuis septembre (d'après Clara)"
    )
    # a cleft's time or partner after its doing (probe conversation of 2026-11-28: "depuis la
    # rentrée" was lost)
    assert written(*budget, "c'est Sabine qui gère ça, depuis la rentrée", "Clara") == (
        "Sabine gère le budget formation depuis la rentrée (d'après Clara)"
    )
    assert written(*budget, "c'est Sabine qui s'en occupe", "Clara") == (
        "Sabine gère le budget formation (d'après Clara)"
    )
    # a clause of its own about the person named is kept after the doing; "that's" names them
    # (English probe conversation, 2026-11-28: "Charge of the office plants: that's Greta, …")
    assert written("Who's in charge of the office plants?", "office plants", "agent",
                   "that's Greta, she waters them every Monday", "Tomasz", "en") == (
        "Greta is in charge of the office plants, she waters them every Monday (according to Tomasz)"
    )  # fmt: skip
    # a question asking who does something to a name is no question of who they are
    assert written("Qui remplace Sophie ?", "Sophie", "identity", "c'est Hugo qui la remplace jusqu'en mars",
                   "Jade") == "Hugo remplace Sophie jusqu'en mars (d'après Jade)"  # fmt: skip
    assert written("Qui est Odile ?", "Odile", "identity", "Odile Martin", "Marc") == (
        "Odile : Odile Martin (d'après Marc)"
    )
    # anything else after the name is no part of the doing: the topic heads the answer
    assert written(*budget, "Sabine mais elle part en congé", "Clara").endswith(
        ": Sabine mais elle part en congé (d'après Clara)"
    )


def test_the_phrase_asked_after_a_preposition_completes_the_question_s_verb() -> None:
    assert written("Léo il bosse sur quel projet ?", "Léo", "definition",
                   "je suis à fond sur la migration de Pingouin", "Léo") == (
        "Léo bosse sur la migration de Pingouin (d'après Léo)"
    )  # fmt: skip
    # no verb of the subject before the preposition: the topic heads the answer
    assert written("Sur quel projet bosse Léo ?", "Léo", "definition", "je bosse sur Pingouin", "Léo") == (
        "Projet de Léo : sur Pingouin (d'après Léo)"
    )


def test_the_subject_s_own_first_person_clause_is_stated_of_them() -> None:
    """English probe conversation (2026-11-28): "Greta: I grew up in Gdansk…" quoted "I"."""
    grew_up = "I grew up in Gdansk, moved to London in 2015"
    assert written("Where is Greta from?", "Greta", "origin", grew_up, "Greta", "en") == (
        "Greta grew up in Gdansk, moved to London in 2015 (according to Greta)"
    )
    assert written("D'où vient Anouk ?", "Anouk", "origin", "j'ai grandi à Clermont, puis Lyon", "Anouk") == (
        "Anouk a grandi à Clermont, puis Lyon (d'après Anouk)"
    )
    # said by someone else, "I" is the speaker: quoted under the topic
    assert written("Where is Greta from?", "Greta", "origin", "I think Gdansk", "Tom", "en") == (
        "Greta: I think Gdansk (according to Tom)"
    )
    # a reflexive verb, and a subject asked in lowercase named as its author writes it ("C qui
    # firmin en fait : Je m'occupe des navettes…", probe conversation of 2026-11-28, late afternoon)
    assert written("c qui firmin en fait ?", "firmin", "identity", "Je m'occupe des navettes", "Firmin") == (
        "Firmin s'occupe des navettes (d'après Firmin)"
    )


def test_a_pronoun_saying_the_subject_again_is_left_out_of_the_heading() -> None:
    assert written("Sophie elle revient quand ?", "Sophie", "date", "je reviens le 3 mars", "Sophie") == (
        "Sophie revient le 3 mars (d'après Sophie)"
    )


def test_a_kind_noun_asks_the_subject_or_the_noun_after_it() -> None:
    """Probe conversation of 2026-11-28: "Type de Mistral d'outil : notre outil de monitoring"."""
    tool = "c'est notre outil de monitoring"
    assert written("Mistral c'est quel type d'outil ?", "Mistral", "definition", tool, "Cyril") == (
        "Mistral : notre outil de monitoring (d'après Cyril)"
    )
    assert written("Wassim écoute quel style de musique ?", "Wassim", "preference", "du jazz", "Cyril") == (
        "Musique de Wassim : du jazz (d'après Cyril)"
    )


def test_a_favourite_the_subject_says_they_like_is_named_alone() -> None:
    assert written(
        "Quel est le plat préféré de Lilou ?", "Lilou", "preference", "j'aime bien les sushis", "Lilou"
    ) == ("Plat préféré de Lilou : les sushis (d'après Lilou)")
    assert written(
        "What's Greta's favourite food?", "Greta", "preference", "I love pierogi", "Greta", "en"
    ) == ("Greta's favourite food: pierogi (according to Greta)")


def test_an_object_completes_a_heading_ending_with_an_infinitive() -> None:
    assert written("Romane aime manger quoi ?", "Romane", "preference", "les lasagnes", "Gaël") == (
        "Romane aime manger les lasagnes (d'après Gaël)"
    )
    # a name closing the heading is no verb
    assert written("C'est qui Clervie ?", "Clervie", "identity", "la nouvelle RH", "Marc").endswith(
        " : la nouvelle RH (d'après Marc)"
    )


def test_a_name_closing_the_question_heads_the_fact() -> None:
    # "où" comes right before the name: the name is no verb asked after an interrogative
    assert written("il vient d'où Anatole ?", "Anatole", "origin", "de Besançon", "Anatole") == (
        "Anatole vient de Besançon (d'après Anatole)"
    )


def test_a_noun_phrase_answer_keeps_what_it_adds_after_a_break() -> None:
    assert written("C'est quand la prochaine soirée d'équipe ?", "soirée d'équipe", "date",
                   "le 12 décembre, au bar du coin", "Octave") == (
        "Prochaine soirée d'équipe : le 12 décembre, au bar du coin (d'après Octave)"
    )  # fmt: skip
    # a favourite named before a comment is the noun phrase alone
    assert written("Quel est le plat préféré de Romane ?", "Romane", "preference",
                   "les lasagnes, sans hésiter", "Gaël") == (
        "Plat préféré de Romane : les lasagnes (d'après Gaël)"
    )  # fmt: skip


def test_several_names_make_the_verb_plural_and_the_speaker_may_name_a_partner() -> None:
    created = ("Qui a créé Pelican ?", "Pelican", "agent")
    assert written(*created, "c'est Hugo et Lina", "Marc") == "Hugo et Lina ont créé Pelican (d'après Marc)"
    # a frequent verb of the third group (probe conversation of a market garden: "Yannick et Jonas
    # tient le stand")
    stall = ("Qui tient le stand au marché samedi ?", "stand", "agent")
    assert written(*stall, "c'est Yannick et Jonas", "Gwen") == (
        "Yannick et Jonas tiennent le stand au marché samedi (d'après Gwen)"
    )
    assert (
        written(*created, "c'est Hugo, avec Lina", "Hugo") == "Hugo a créé Pelican avec Lina (d'après Hugo)"
    )
    assert written("Who runs the canteen?", "canteen", "agent", "Priya and Tariq", "Tom", "en") == (
        "Priya and Tariq run the canteen (according to Tom)"
    )


def test_the_doer_now_after_another_one_before() -> None:
    assert written("Qui pilote Toucan ?", "Toucan", "agent", "Sixtine maintenant", "Léo") == (
        "Sixtine pilote Toucan maintenant (d'après Léo)"
    )


def test_an_answer_opening_with_the_subject_s_pronoun_is_stated_of_them() -> None:
    """Probe conversations (2026-11-28, late morning): "il est à Vannes" was written "Yvan habite : il
    est à Vannes", "he's a staff engineer" "Hallvard: he's a staff engineer"."""
    assert written("Où habite Yvan ?", "Yvan", "place", "il est à Vannes", "Gwen") == (
        "Yvan est à Vannes (d'après Gwen)"
    )
    assert written("What does Hallvard do?", "Hallvard", "role", "he's a staff engineer", "Fenna", "en") == (
        "Hallvard is a staff engineer (according to Fenna)"
    )
    assert written("Where is Hallvard based?", "Hallvard", "place", "he is in Leeds", "Fenna", "en") == (
        "Hallvard is in Leeds (according to Fenna)"
    )
    # asking to wait opens the answer and carries nothing
    waited = answer_text("Eko hold on, he's in Leeds", "en")
    assert written("Where is Hallvard based?", "Hallvard", "place", waited, "Fenna", "en") == (
        "Hallvard is in Leeds (according to Fenna)"
    )
    # the pronoun is the person asked for, or no one
    assert written("Qui gère Kiwano ?", "Kiwano", "agent", "il s'appelle Paul", "Gwen") != (
        "Kiwano s'appelle Paul (d'après Gwen)"
    )
    assert not written("Quel âge a Yvan ?", "Yvan", "age", "il y a un doute", "Gwen").startswith("Yvan y a")


def test_the_subject_introducing_themself_by_name_is_left_out() -> None:
    """Probe conversations (2026-11-28, late morning): "coucou 👋 moi c'est Ferdinand, je suis le
    nouveau PO de Mandragore" and "c'est moi la data analyst !" answered nothing."""
    intro = answer_text("coucou 👋 moi c'est Ferdinand, je suis le nouveau PO de Mandragore", "fr")
    assert written("Quel est le rôle de Ferdinand ?", "Ferdinand", "role", intro, "Ferdinand") == (
        "Ferdinand est le nouveau PO de Mandragore (d'après Ferdinand)"
    )
    assert written(
        "C'est quoi le rôle d'Axelle ?", "Axelle", "role", "c'est moi la data analyst", "Axelle"
    ) == ("Axelle est la data analyst (d'après Axelle)")
    assert written(
        "What's Ferdinand's role?", "Ferdinand", "role", "I'm Ferdinand, the new PO", "Ferdinand", "en"
    ) == ("Ferdinand's role: the new PO (according to Ferdinand)")
    # someone else's name is what they say
    assert written("Qui est Axelle ?", "Axelle", "identity", "moi c'est Paul, son manager", "Paul") == (
        "Axelle : moi c'est Paul, son manager (d'après Paul)"
    )


def test_headings_from_the_probe_conversations() -> None:
    """ "Gravillon sert le nouveau pipeline…", "C'est quand la mise en prod de Gravillon : …", "La
    licence Rhubarbe Ça coûte 49 €…", "Kestrel what do we actually pay per seat: €19…" (2026-11-28)."""
    assert written(
        "Gravillon ça sert à quoi exactement ?", "Gravillon", "definition", "le nouveau pipeline", "Loïc"
    ) == ("Gravillon : le nouveau pipeline (d'après Loïc)")
    assert written(
        "C'est quand la mise en prod de Gravillon ?", "Gravillon", "date", "le 2 juin", "Loïc"
    ) == ("Mise en prod de Gravillon : le 2 juin (d'après Loïc)")
    assert written(
        "Ça coûte combien la licence Rhubarbe ?", "licence Rhubarbe", "price", "49 € par mois", "Lou"
    ) == ("La licence Rhubarbe coûte 49 € par mois (d'après Lou)")
    assert written(
        "Kestrel, what do we actually pay per seat?", "Kestrel", "price", "€19 a month", "Tamsin", "en"
    ) == ("Kestrel: €19 a month (according to Tamsin)")


def test_who_said_it_is_elided_before_a_vowel() -> None:
    """ "(c'est ce que Elouan avait dit)" (probe conversation of 2026-11-28)."""
    templates = PromptTemplates("bot", "fr")
    facts = [
        Record("f1", "fact", "Kiwano : un outil", author="Elouan"),
        Record("f2", "fact", "X", author="Paul"),
    ]
    said = templates.render("offline_known", facts=facts, asker="Capucine", tone="helpful")
    assert "(c'est ce qu'Elouan avait dit)" in said and "(c'est ce que Paul avait dit)" in said


def test_the_speaker_s_cleft_in_a_told_fact_names_them() -> None:
    """ "Kiwano c'est notre outil maison de feature flags, c'est moi qui l'ai monté l'an dernier"
    from Elouan was quoted with its "moi" (probe conversation of 2026-11-28)."""
    goal = Record("g", "goal", "C'est quoi Kiwano ?", about="Kiwano", facet="definition")
    told = "Kiwano c'est notre outil maison de feature flags, c'est moi qui l'ai monté l'an dernier"
    templates = PromptTemplates("bot", "fr")
    assert fact_text(Answer("g", "mention", told, True), goal, "Elouan", templates, "fr", "Eko") == (
        "Kiwano c'est notre outil maison de feature flags, c'est Elouan qui l'a monté l'an dernier"
    )


def test_an_english_participle_after_is_states_the_heading() -> None:
    """ "Hallvard based: in Aberdeen, fully remote" (probe conversation of 2026-11-28)."""
    assert written(
        "Where is Hallvard based?", "Hallvard", "place", "in Aberdeen, fully remote", "Hallvard", "en"
    ) == ("Hallvard is based in Aberdeen, fully remote (according to Hallvard)")
    assert written(
        "Where are the spare keys stored?", "spare keys", "place", "in the drawer", "Paul", "en"
    ) == ("The spare keys are stored in the drawer (according to Paul)")


def test_of_several_sentences_the_one_answering_makes_the_fact() -> None:
    """Probe conversation (2026-11-28): Baptiste's "haha vous préparez un truc ? 😏 Mon anniv c'est le
    17 mars. Et mon dessert préféré c'est le tiramisu, sans hésiter !" answered nothing."""
    from datetime import UTC, datetime, timedelta

    from language.answers import find_answer
    from language.replies import AskedQuestion, Said

    asked_at = datetime(2026, 11, 28, 10, tzinfo=UTC)
    told = (
        "haha vous préparez un truc ? 😏 Mon anniv c'est le 17 mars. "
        "Et mon dessert préféré c'est le tiramisu !"
    )
    said = Said(told, "Baptiste", asked_at + timedelta(seconds=30))
    birthday = AskedQuestion(
        "g", "C'est quand l'anniv de Baptiste ?", "anniv de Baptiste", asked_at, "m", "date"
    )
    answer = find_answer(said, [birthday], window=timedelta(minutes=10))
    assert answer is not None and answer.link == "subject_author"
    goal = Record("g", "goal", "C'est quand l'anniv de Baptiste ?", about="anniv de Baptiste", facet="date")
    templates = PromptTemplates("bot", "fr")
    assert (
        fact_text(answer, goal, "Baptiste", templates, "fr", "Eko")
        == "Anniv de Baptiste : le 17 mars (d'après Baptiste)"
    )


def test_probe_conversations_of_2026_11_28_noon() -> None:
    """Facts the probe conversations of 2026-11-28 (noon) wrote badly."""
    # chat's "im" and lowercase "i" are "I": the subject's clause is said of them
    assert written("when does Wren start on the rota?", "Wren", "date", "im on the rota from may 4th", "Wren",
                   "en") == "Wren is on the rota from may 4th (according to Wren)"  # fmt: skip
    assert written("where does Wren live?", "Wren", "place", "i live in Porto", "Wren", "en") == (
        "Wren lives in Porto (according to Wren)"
    )
    # a noun written with hyphens is one noun; a tag is no part of the subject; a relative clause
    # with "dont" no part of what is asked
    assert written("Prune, elle est d'astreinte quel week-end ?", "Prune", "date", "le 22-23", "Prune") == (
        "Week-end de Prune : le 22-23 (d'après Prune)"
    )
    assert written("c'était quand la dernière réu, hein ?", "dernière réu", "date", "le 11", "Lou") == (
        "Dernière réu : le 11 (d'après Lou)"
    )
    assert written("when's the team lunch, eh?", "team lunch", "date", "friday", "Lou", "en") == (
        "Team lunch: friday (according to Lou)"
    )
    assert written("c'est quoi ce Marlin dont parle le mail ?", "Marlin", "definition", "c'est un outil",
                   "Lou") == "Marlin : un outil (d'après Lou)"  # fmt: skip
    # a clause telling someone in the room what to do is no part of the answer
    assert written("c'est quoi la ligne de Prune ?", "Prune", "definition", "le 214, tu peux transférer",
                   "Lou") == "Ligne de Prune : le 214 (d'après Lou)"  # fmt: skip


def test_the_subject_s_future_is_said_in_the_third_person() -> None:
    fact = written("Inès arrive à quelle heure ?", "Inès", "hours", "je serai au chantier vers 8h15", "Inès")
    assert fact == "Inès sera au chantier vers 8h15 (d'après Inès)"


def test_what_the_team_does_keeps_its_subject() -> None:
    # "Keep the spare dev kits … in the grey locker" read as an order (probe conversation of
    # 2026-11-28, afternoon)
    assert written(
        "Where do we keep the spare keys?", "spare keys", "place", "in the drawer", "Xi", "en"
    ) == ("We keep the spare keys in the drawer (according to Xi)")


def test_a_capitalised_preposition_opening_the_answer_is_lowercase_inside_the_sentence() -> None:
    """ "À Paris, à l'Institut Kérastase…" to "Stéphane il a fait sa formation Kérastase où ?" was
    written "… Kérastase À Paris" (probe conversation of a hair salon, 2026-11-28, night); a name
    opening the answer keeps its capital."""
    told = "À Paris, à l'Institut Kérastase, en mars l'an dernier"
    assert written(
        "Stéphane il a fait sa formation Kérastase où ?", "Stéphane", "place", told, "Stéphane"
    ) == (
        "Stéphane a fait sa formation Kérastase à Paris, à l'Institut Kérastase, en mars l'an dernier"
        " (d'après Stéphane)"
    )


def test_a_verb_whose_subject_is_on_heads_no_clause() -> None:
    """ "combien on facture un balayage ?" wrote "Balayage on facture 85€…" (probe conversation of a
    hair salon, 2026-11-28, night): "on" is the verb's subject, the balayage its object, so the
    heading is the subject alone; "combien coûte la licence Rhubarbe ?" still reads as a clause."""
    assert written(
        "Combien on facture un balayage ?", "balayage", "price", "85€ sur cheveux courts", "Stéphane"
    ) == ("Balayage : 85€ sur cheveux courts (d'après Stéphane)")


def test_the_subject_saying_it_with_the_verb_the_heading_holds_is_said_of_them_whole() -> None:
    """ "Je joue dans l'orchestre depuis 2016, donc bientôt neuf ans" from Stefan to "depuis combien
    de temps Stefan joue dans l'orchestre ?" was written "Nombre de temps de Stefan joue dans
    l'orchestre dans l'orchestre depuis 2016…" (probe conversation of an orchestra, replayed
    2026-11-29); a heading without the verb keeps its value ("Taille de Samia : du 38…")."""
    told = "Je joue dans l'orchestre depuis 2016, donc bientôt neuf ans"
    assert written(
        "Depuis combien de temps Stefan joue dans l'orchestre ?", "Stefan", "quantity", told, "Stefan"
    ) == ("Stefan joue dans l'orchestre depuis 2016, donc bientôt neuf ans (d'après Stefan)")
    assert written(
        "Quelle taille de chaussures fait Samia ?", "Samia", "other", "Je fais du 38", "Samia"
    ).startswith("Taille")


# Replies of the probe conversations of 2026-11-29, day (docs/bot.md, "Probe conversations of the
# day"), linked as Eko links them, and the fact written from each; None: no answer.
@pytest.mark.parametrize(
    ("question", "author", "reply", "fact"),
    [
        # "c'est moi qui" after what was asked names the speaker (a dive centre: "Clé du local
        # compresseur : moi qui l'ai")
        (
            "Eko, qui a la clé du local compresseur ?",
            "Marius",
            "Eko, la clé du compresseur c'est moi qui l'ai, dans la boîte à gants du pick-up",
            "Clé du local compresseur : Marius qui l'a, dans la boîte à gants du pick-up (d'après Marius)",
        ),
        # the speaker stressing the name given is theirs (a test lab: "… : Léa, moi-même"); who
        # holds a role the compound "quality manager" names is an agent, its fact a statement
        (
            "Eko, who is the quality manager for the test campaign?",
            "Léa",
            "Eko, c'est Léa, moi-même 🙋‍♀️",
            "Léa is the quality manager for the test campaign (d'après Léa)",
        ),
        # the subject read without what situates it is named by the reply (a dive centre: "bateau
        # où quand la houle…"; a veterinary clinic: "consult de base depuis janvier")
        (
            "Eko, on amarre le bateau où quand la houle du nord rentre ?",
            "Fred",
            "Le bateau, quand la houle du nord rentre, on le met au ponton de Rivière-Sens",
            "Le bateau, quand la houle du nord rentre, on le met au ponton de Rivière-Sens",
        ),
        (
            "Eko, combien coûte une consult de base depuis janvier ?",
            "Sandrine",
            "La consult de base c'est 45 € depuis janvier, et 55 € le dimanche",
            "La consult de base c'est 45 € depuis janvier, et 55 € le dimanche",
        ),
        (
            "Eko, combien coûte une consult de base depuis janvier ?",
            "Sandrine",
            "La consult c'est galère",
            None,
        ),
        # each laughter closes a sentence (a ski school: thanks and a joke, then the answer)
        (
            "Eko, c'est quoi le diplôme de Bruce ?",
            "Bruce",
            "Haha cheers mate 😂 I'm ISIA certified, Level 4 APSI",
            "Diplôme de Bruce : ISIA certified, Level 4 APSI (d'après Bruce)",
        ),
        ("Eko, c'est quoi le diplôme de Bruce ?", "Bruce", "Haha cheers mate 😂", None),
        # "moi" before "je" only insists (a ski school: "… : Moi j'ai son diplôme…")
        (
            "Eko, when did Matteo get his mountain guide diploma?",
            "Matteo",
            "Moi j'ai mon diplôme de guide UIAGM depuis 2012 😎",
            "Matteo a son diplôme de guide UIAGM depuis 2012 (d'après Matteo)",
        ),
        # the signs joining two words stay in the heading (a ski school: "location d un pack skis
        # chaussures")
        (
            "Eko, quel est le prix de la location d'un pack skis + chaussures enfant ?",
            "Sandrine",
            "Eko 85€ la semaine",
            "Prix de la location d'un pack skis + chaussures enfant : 85€ la semaine (d'après Sandrine)",
        ),
        # "chez moi :" labels what the speaker says of themself (interpreters: lost)
        (
            "Eko, quelle est la combinaison linguistique de Benedikt ?",
            "Benedikt",
            "Alors chez moi : allemand A, français B, anglais C",
            "Combinaison linguistique de Benedikt : allemand A, français B, anglais C (d'après Benedikt)",
        ),
        (
            "Eko, quelle est la combinaison linguistique de Benedikt ?",
            "Benedikt",
            "chez moi : il pleut",
            None,
        ),
        # the subject after a value is what the value counts, no statement's subject (a museum: lost)
        (
            "Eko, l'audioguide, c'est combien la location ?",
            "Nathalie",
            "Eko : 5 € l'audioguide, 3 € en tarif réduit",
            "Audioguide : 5 € l'audioguide, 3 € en tarif réduit (d'après Nathalie)",
        ),
        # a participle after a noun is its adjective, no verb the value completes (a museum: "… visite
        # guidée 25 personnes max")
        (
            "Eko, quelle est la taille max d'un groupe pour une visite guidée ?",
            "Nathalie",
            "Eko, 25 personnes max, accompagnateurs compris",
            "Taille max d'un groupe pour une visite guidée : 25 personnes max, accompagnateurs compris "
            "(d'après Nathalie)",
        ),
        # a day and its part, then the speaker's "je" (a museum: "jeudi matin je fais…")
        (
            "Eko, Julien il fait quelle visite jeudi matin ?",
            "Julien",
            "jeudi matin je fais la visite Sculptures à 10h",
            "Visite de Julien jeudi matin : jeudi matin Julien fait la visite Sculptures à 10h "
            "(d'après Julien)",
        ),
        # a number and its unit names no one (a dairy co-op: "Ch : 4 degres max", a wrong fact); the
        # future's "ce sera" presents the value as "c'est" does (lost)
        ("Eko, ch'est qui qu'on attend mardi pour l'inspection AOP ?", "Bruno", "Eko, 4 degres max", None),
        (
            "Eko, qui vient faire le controle AOP la semaine prochaine ?",
            "Thierry",
            "Le controle AOP ce sera Mme Lefrançois de l'ODG, mardi à 14h",
            "Qui vient faire le controle AOP la semaine prochaine : Mme Lefrançois de l'ODG, mardi à 14h "
            "(d'après Thierry)",
        ),
        # Ch'ti's "ch'est" and chat's "ce ouikend" between the subject and it (a dairy co-op: lost)
        (
            "Eko c qui le veto de garde ce we ?",
            "Gérard",
            "Le veto de garde ce ouikend ch'est le docteur Vauquelin, du cabinet de Vimoutiers",
            "Le veto de garde ce ouikend ch'est le docteur Vauquelin, du cabinet de Vimoutiers",
        ),
        # the subject's nouns in a row, whatever links each leaves out (a rugby club: lost)
        (
            "Eko, c qui qui a les clés du local à matos ?",
            "Gérard",
            "Les clés du local matos c'est moi qui les ai, et Thierry a le double",
            "Les clés du local matos c'est Gérard qui les a, et Thierry a le double",
        ),
        (
            "Eko, c qui qui a les clés du local à matos ?",
            "Gérard",
            "Le local matos c'est moi qui l'ai rangé",
            None,
        ),
        # the subject's own verb, another person of it, then a time (a hospital lab: lost)
        (
            "Eko, Mélanie elle finit sa garde à quelle heure ?",
            "Mélanie",
            "je finis à 7h30",
            "Heure de Mélanie : à 7h30 (d'après Mélanie)",
        ),
        # … and a verb after a subject pronoun, whatever noun it spells (a game studio: "part")
        (
            "Eko, Gwen elle part en congés quand cet été ?",
            "Gwen",
            "Je pars du 4 au 15 août 😇",
            "Gwen part en congés du 4 au 15 août (d'après Gwen)",
        ),
        ("Eko, Gwen elle part en congés quand cet été ?", "Gwen", "Je pars en Bretagne", None),
        # a length of time is no time of day (a hospital lab: stored as when Mélanie finishes) ...
        (
            "Eko, Mélanie elle finit sa garde à quelle heure ?",
            "Thomas",
            "Eko, 1h max entre deux analyses",
            None,
        ),
        # ... and answers a length asked by "combien" (read as a price), its heading a noun phrase
        (
            "Eko, le délai de rendu d'un bilan pour les urgences c'est combien ?",
            "Thomas",
            "Eko, 1h max entre l'enregistrement et la validation",
            "Délai de rendu d'un bilan pour les urgences : 1h max entre l'enregistrement et la validation "
            "(d'après Thomas)",
        ),
        # a later "je" in a statement kept whole is said of the speaker by name (a game studio)
        (
            "Eko, combien on paie la licence FMOD par an ?",
            "Maëlle",
            "La licence FMOD on la paie 2 000 € par an, je viens de retrouver la facture",
            "La licence FMOD on la paie 2 000 € par an, Maëlle vient de retrouver la facture",
        ),
        # a later sentence where another speaker speaks of themself (a removal company)
        (
            "Eko, c'est quelle couleur de vignette sur le camion ?",
            "Théo",
            "Eko, verte. je viens de checker sur le pare-brise",
            "Couleur de vignette du camion : verte (d'après Théo)",
        ),
        # a tag closing the value asks agreement or insists (a removal company: "…, gell")
        (
            "Eko, on a encore combien de caisses de Rugiens en stock ?",
            "Lucas",
            "Eko, 4 cartons, hein",
            "Nombre de caisses de Rugiens en stock : 4 cartons (d'après Lucas)",
        ),
        # the speaker's stressed "moi" before "ça" (a warehouse, replayed: "Mehdi : moi ça fait 6 ans")
        (
            "Eko, Mehdi il est chez nous depuis quand ?",
            "Mehdi",
            "moi ça fait 6 ans, je suis arrivé en septembre 2019",
            "Mehdi : ça fait 6 ans, est arrivé en septembre 2019 (d'après Mehdi)",
        ),
        # how the value was found opens it (a wine merchant: "… : recompté : 4 cartons de 6")
        (
            "Eko, on a encore combien de caisses de Rugiens en stock ?",
            "Lucas",
            "Eko, recompté : 4 cartons de 6",
            "Nombre de caisses de Rugiens en stock : 4 cartons de 6 (d'après Lucas)",
        ),
        # … or whom it came from, as a label (a theatre company, replayed)
        (
            "Eko, c'est combien le défraiement par jour à Edinburgh ?",
            "Manon",
            "Eko, got it from the venue : 55£ par jour et par personne",
            "Défraiement par jour à Edinburgh : 55£ par jour et par personne (d'après Manon)",
        ),
        # Corsican's calling interjection opens the answer (a campsite: stored with "O ciò,")
        (
            "Eko, c'est qui le plombier qu'on appelle pour le chauffe-eau ?",
            "Battì",
            "O ciò, le plombier pour le chauffe-eau c'est Santu Casanova, de Porticcio",
            "Le plombier pour le chauffe-eau c'est Santu Casanova, de Porticcio",
        ),
        # what a unit counts named apart from a number of the unit (a veterinary clinic)
        (
            "Eko, il reste combien de flacons de kétamine dans le coffre ?",
            "Claire",
            "La kétamine il en reste 2 flacons de 10 ml",
            "La kétamine il en reste 2 flacons de 10 ml",
        ),
        (
            "Eko, il reste combien de flacons de kétamine dans le coffre ?",
            "Claire",
            "La kétamine c'est dans le coffre, 2 étagères plus bas",
            None,
        ),
        # the speaker's "moi" beside another name is them (a restaurant's kitchen: "Fermeture
        # samedi soir : Karim et moi"); "déjà" only asked to be reminded ("… chez qui deja : …")
        (
            "Eko, qui fait la fermeture samedi soir ?",
            "Bastien",
            "Eko, c'est Karim et moi qui fermons samedi",
            "Karim et Bastien font la fermeture samedi soir (d'après Bastien)",
        ),
        (
            "Eko, qui fait la fermeture samedi soir ?",
            "Bastien",
            "Eko, Karim et moi-même",
            "Karim et Bastien font la fermeture samedi soir (d'après Bastien)",
        ),
        # a last clause the speaker says to someone named last (an emergency department: "… arrive au
        # 9 Kevin"); a name after a preposition is a partner
        (
            "Eko, quelles langues parle Nadia ?",
            "Nadia",
            "Je parle turc, allemand et alsacien, j'arrive au 9 Kevin",
            "Langues de Nadia : turc, allemand et alsacien (d'après Nadia)",
        ),
        (
            "Eko, où habite Nadia ?",
            "Nadia",
            "à Colmar, je vis chez Kevin",
            "Nadia habite à Colmar, vit chez Kevin (d'après Nadia)",
        ),
        # where one comes from, said in English to a French question (a ski area: "Tom vient from
        # Manchester")
        (
            "Eko, il vient d'où Tom ?",
            "Tom",
            "I'm from Manchester, 4th season here at the Arolles 😎",
            "Tom vient de Manchester, 4th season here at the Arolles (d'après Tom)",
        ),
        (
            "Eko, on commande le poisson chez qui deja ?",
            "Julien",
            "Eko, Maison Pelletier, aux Halles Paul Bocuse",
            "On commande le poisson chez qui : Maison Pelletier, aux Halles Paul Bocuse (d'après Julien)",
        ),
    ],
)
def test_facts_of_the_day_s_probe_conversations(
    question: str, author: str, reply: str, fact: str | None
) -> None:
    from datetime import UTC, datetime, timedelta

    from language.answers import find_answer
    from language.curiosity import read_curiosity
    from language.replies import AskedQuestion, Said

    asked_at = datetime(2026, 11, 29, 10, tzinfo=UTC)
    read = read_curiosity(question)
    assert read is not None
    asked = AskedQuestion("g", read.text, read.subject, asked_at, "m", read.facet)
    answer = find_answer(
        Said(reply, author, asked_at + timedelta(seconds=30)), [asked], window=timedelta(minutes=10)
    )
    if fact is None:
        assert answer is None
        return
    assert answer is not None
    goal = Record("g", "goal", read.text, about=read.subject, facet=read.facet)
    assert fact_text(answer, goal, author, PromptTemplates("bot", "fr"), "fr", "Eko") == fact
