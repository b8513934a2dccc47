from __future__ import annotations

import json

from tests.ui.menus.helpers import click, item, press
from ui.intents import Action
from ui.menus.new_match import NewMatchScene
from ui.persist.choices import load_choice
from ui.table.scene import TableScene


def _open(app):
    click(app, item(app.top, "new"))
    assert isinstance(app.top, NewMatchScene)
    return app.top


def test_variant_choice_shows_its_description(make_app):
    app, profile = make_app("en")
    scene = _open(app)
    press(app, Action.RIGHT)  # the variant row has the focus
    assert scene.choice.variant == profile.catalogue.ids()[1]
    app.draw()
    assert item(scene, "variant").value_text() == "Card count"


def test_fewer_opponents_grey_out_the_empty_seats_rows(make_app):
    app, _ = make_app()
    scene = _open(app)
    levels = [i for i in scene.items if i.name.startswith("level")]
    assert [i.name for i in levels] == ["level0", "level1", "level2"] and all(i.enabled() for i in levels)
    click(app, item(scene, "opponents"), arrow=-1)
    click(app, item(scene, "opponents"), arrow=-1)  # 3 -> 1
    assert len(scene.choice.opponents) == 1
    assert [i.enabled() for i in levels] == [True, False, False] and levels[1].value_text() == "—"
    click(app, levels[2])  # a greyed row does nothing
    assert scene.choice.opponents == ("normal",)
    scene.focus = scene.items.index(item(scene, "level0"))
    press(app, Action.DOWN)  # the keys skip the empty seats
    assert scene.items[scene.focus].name == "bet"


def test_ordered_scales_stop_at_their_ends(make_app):
    app, _ = make_app()
    scene = _open(app)
    click(app, item(scene, "opponents"))  # already 3: stays 3, not round to 1
    assert len(scene.choice.opponents) == 3
    click(app, item(scene, "bet"), arrow=-1)  # already the smallest bet
    assert scene.choice.table_bet == 1
    for _ in range(3):
        click(app, item(scene, "level0"))  # normal -> hard -> expert, then stays
    assert scene.choice.opponents[0] == "expert"


def test_house_rule_is_kept_per_variant_only_where_it_differs(make_app):
    app, _ = make_app()
    scene = _open(app)
    click(app, item(scene, "first_lead"))  # random -> host
    assert scene.choice.house_rules == {"mien-nam": {"first_lead": "host"}}
    click(app, item(scene, "first_lead"))
    click(app, item(scene, "first_lead"))  # back to random, the variant's own
    assert scene.choice.house_rules == {}


def test_start_seats_the_player_saves_the_match_and_remembers_the_choice(make_app, paths):
    app, profile = make_app()
    scene = _open(app)
    click(app, item(scene, "opponents"), arrow=-1)
    click(app, item(scene, "opponents"), arrow=-1)  # one opponent
    click(app, item(scene, "level0"))  # normal -> hard
    click(app, item(scene, "bet"))  # 1 -> 2
    click(app, item(scene, "first_lead"))  # host leads the first game
    click(app, item(scene, "start"))
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.players == 2 and table.session.match.rules.first_lead == "host"
    assert table.session.game.start_leader == 0
    saved = json.loads(paths.save_file.read_text(encoding="utf-8"))
    assert saved["setup"]["opponents"] == ["hard"] and saved["setup"]["table_bet"] == 2
    choice, _ = load_choice(paths)
    assert choice.opponents == ("hard",) and choice.house_rules == {"mien-nam": {"first_lead": "host"}}


def test_back_remembers_the_choice_without_starting(make_app, paths):
    app, _ = make_app()
    scene = _open(app)
    click(app, item(scene, "chips"))
    press(app, Action.BACK)
    assert not paths.save_file.exists()
    assert load_choice(paths)[0].starting_chips == 2000


def test_enter_starts_the_match_from_any_option_row(make_app):
    app, profile = make_app()
    scene = _open(app)
    variant = scene.choice.variant
    press(app, Action.PLAY)  # Enter, with the focus on the variant row
    assert isinstance(app.top, TableScene)
    assert app.top.session.match.rules.id == variant


def test_space_still_changes_the_focused_option(make_app):
    app, profile = make_app()
    scene = _open(app)
    press(app, Action.TOGGLE_FOCUS)
    assert scene.choice.variant == profile.catalogue.ids()[1] and app.top is scene


def test_difficulties_read_easy_medium_hard(make_app):
    app, _ = make_app("vi")
    scene = _open(app)
    assert item(scene, "level0").show("normal") == "Trung bình"
