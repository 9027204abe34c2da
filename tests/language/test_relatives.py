"""language.relatives: a fact about someone's relative is not about them (probes with new names)."""

from language.relatives import about_another, asked_person, other_person, relatives, subjects_named


def test_relatives_read_both_constructions() -> None:
    assert relatives("La soeur de Gaspard est pilote.") == {"gaspard": frozenset({"soeur"})}
    assert relatives("Firmin's wife teaches maths.") == {"firmin": frozenset({"conjoint"})}
    assert relatives("Le grand-père de Gaspard était marin.") == {"gaspard": frozenset({"grandparent"})}
    assert relatives("La sœur de Firmin est pilote.") == {"firmin": frozenset({"soeur"})}  # ligature
    assert relatives("Le vélo de Gaspard est rouge.") == {"gaspard": frozenset()}
    assert relatives("Gaspard est pilote.") == {}


def test_a_relative_of_the_asked_person_is_another_person() -> None:
    asked = asked_person("il fait quoi Gaspard dans la vie ?")
    assert other_person(asked, "La soeur de Gaspard est pilote.", about="Gaspard")
    assert not other_person(asked, "Gaspard est pilote de ligne.", about="Gaspard")
    # a relation stated of someone else keeps the fact about its own subject
    assert not other_person(asked_person("c'est qui Firmin ?"), "Firmin est le frère de Gaspard.")


def test_the_asked_person_is_not_their_relative() -> None:
    asked = asked_person("la copine de Gaspard elle bosse où ?")
    assert other_person(asked, "Gaspard travaille chez Zorglub.", about="Gaspard")
    assert not other_person(asked, "Gaspard's girlfriend works at Zorglub.", about="Gaspard")
    assert not other_person(asked, "Gaspard vit à Lyon avec sa copine.", about="Gaspard")
    assert other_person(asked, "La mère de Gaspard est pilote.", about="Gaspard")


def test_unreadable_or_unnamed_questions_are_left_alone() -> None:
    # something of a name that is no known relative: could be a relative the table lacks
    assert not other_person(asked_person("elle est née quand la petite de Gaspard ?"), "La fille de Gaspard…")
    # no name: "maman" is the speaker's
    assert not other_person(asked_person("le village de maman ?"), "La mère de Gaspard vient de Brest.")
    # the fact does not name the asked person
    assert not other_person(asked_person("Gaspard fait quoi ?"), "La sœur de Firmin est pilote.")


def test_a_record_about_another_named_subject_is_told_apart_whatever_the_case() -> None:
    named = subjects_named("malik habite ou ?", ["Tristan", "Malik", None, "bureau de Lyon"])
    assert named == frozenset({"malik"})
    assert about_another(named, "Tristan habite à Pessac.", "Tristan")
    assert not about_another(named, "Malik vit à Lyon.", "Malik")
    assert not about_another(named, "Tristan et Malik habitent ensemble.", "Tristan")  # names him too
    assert not about_another(
        subjects_named("qui habite à Pessac ?", ["Tristan"]), "Tristan habite à Pessac.", "Tristan"
    )
