"""One screen unit and one panel: every scene scales its text and panels with the window and keeps them inside it,
and nothing outside ``ui/screen.py`` defines a unit of its own or draws rounded boxes its own way."""

from __future__ import annotations

import ast
import statistics
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from tests.ui.menus.helpers import run_table, sit_at_table
from ui import fonts, screen
from ui.about import AboutScene
from ui.menus.dialogs import quit_dialog
from ui.menus.new_match import NewMatchScene
from ui.menus.rules_screen import RulesScene
from ui.menus.settings_screen import SettingsScene
from ui.menus.stats_screen import StatsScene
from ui.results import ResultsScene

UI = Path(__file__).resolve().parents[3] / "ui"
SIZES = ((960, 600), (1280, 720), (1920, 1080))
# Rounded corners are drawn in ui/screen.py (panels, bars, rings) and, for their own pictures, by the
# buttons and the cards.
ROUNDED = {"screen.py", "widgets.py", "card_art.py", "court_art.py"}
SIZED_TEXT = {"text", "fit_text", "font", "wrap"}  # fonts.* functions whose second argument is a text size


class Spy(pygame.Surface):
    """A window that remembers what was blitted where. It keeps each image blitted, not just its ``id``: an
    image drawn once and dropped (an avatar's glow, a shockwave's ring) would otherwise free its ``id`` for
    a text rendered later in the frame, and its place would be taken for that text's."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        size = pygame.Rect(area).size if area is not None else source.get_size()
        self.blits.append((source, pygame.Rect(pygame.Rect(dest).topleft if len(dest) == 4 else dest, size)))
        return super().blit(source, dest, area, special_flags)


def _frame(app, size, monkeypatch) -> tuple[list[pygame.Rect], list[tuple[int, pygame.Rect]]]:
    """Draw the app at ``size``: the panels' rects, and each text's size and rect."""
    app.resize(size)
    # each panel and text made in the frame, kept alive so that no other image can take its id
    panels: dict[int, pygame.Surface] = {}
    texts: dict[int, tuple[pygame.Surface, int]] = {}
    real_image, real_text = screen._image, fonts.text

    def image(*args):  # type: ignore[no-untyped-def]
        out = real_image(*args)
        panels[id(out)] = out
        return out

    def text(value, px, *args):  # type: ignore[no-untyped-def]
        out = real_text(value, px, *args)
        texts[id(out)] = (out, px)
        return out

    monkeypatch.setattr(screen, "_image", image)
    monkeypatch.setattr(fonts, "text", text)
    spy = Spy(size)
    scenes = list(app.stack)
    first = max((i for i, s in enumerate(scenes) if s.opaque), default=0)
    for scene in scenes[first:]:
        scene.draw(spy)
    monkeypatch.setattr(screen, "_image", real_image)
    monkeypatch.setattr(fonts, "text", real_text)
    return ([r for image, r in spy.blits if id(image) in panels],
            [(texts[id(image)][1], r) for image, r in spy.blits if id(image) in texts])


def _scales_and_fits(app, monkeypatch, name: str) -> None:
    seen = {}
    for size in SIZES:
        panels, texts = _frame(app, size, monkeypatch)
        window = pygame.Rect((0, 0), size)
        assert panels, f"{name} at {size}: no panel drawn"
        assert texts, f"{name} at {size}: no text drawn"
        for rect in panels:
            assert window.contains(rect), f"{name} at {size}: a panel at {rect} leaves the window"
        for px, rect in texts:
            assert window.contains(rect), f"{name} at {size}: text of {px} px at {rect} leaves the window"
            assert px >= screen.MIN_TEXT, f"{name} at {size}: text of {px} px is too small to read"
        seen[size] = (statistics.median(px for px, _ in texts), max(r.width * r.height for r in panels))
    (small_text, small_panel), (big_text, big_panel) = seen[SIZES[0]], seen[SIZES[-1]]
    assert big_text >= 1.4 * small_text, f"{name}: text does not grow with the window ({seen})"
    assert big_panel >= 2.0 * small_panel, f"{name}: panels do not grow with the window ({seen})"


@pytest.mark.parametrize("scene", ["settings", "rules", "stats", "about"])
def test_menu_screens_scale_with_the_window_and_stay_inside_it(make_app, monkeypatch, scene):
    app, profile = make_app("en")
    make = {"settings": lambda: SettingsScene(app, profile), "rules": lambda: RulesScene(app, profile),
            "stats": lambda: StatsScene(app, profile), "about": lambda: AboutScene(app)}[scene]  # fmt: skip
    app.push(make())
    app.step(1 / 30)
    _scales_and_fits(app, monkeypatch, scene)


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("practice", [False, True])
def test_new_match_with_every_row_and_its_notes_stays_inside_the_window(make_app, monkeypatch, lang, practice):
    """Three opponents (the most rows), the longest description, and the note under the buttons: the rows make
    room for the notes rather than push them off the bottom of a short window."""
    app, profile = make_app(lang)
    monkeypatch.setattr(type(profile), "can_continue", property(lambda _: True))  # "replaces the match in progress"
    scene = NewMatchScene(app, profile)
    app.push(scene)
    scene.set_opponents(3)
    scene.practice = practice
    longest = max(profile.catalogue.ids(), key=lambda v: len(profile.catalogue.variants[v].description.get(lang, "")))
    scene._set(variant=longest)
    scene.refresh()
    app.step(1 / 30)
    _scales_and_fits(app, monkeypatch, "new match")
    for size in SIZES:
        app.resize(size)
        rows = [i.rect for i in scene.items]
        pairs = zip(rows, rows[1:], strict=False)
        assert all(a.bottom <= b.top for a, b in pairs if a.left == b.left), f"rows overlap at {size}"


def test_the_table_its_dialog_and_its_results_scale_with_the_window(make_app, monkeypatch):
    app, profile = make_app("en")
    table = sit_at_table(app, profile, opponents=("easy", "easy", "easy"))
    run_table(app, table, table.human_turn)
    for _ in range(60):
        app.step(0.1)
    _scales_and_fits(app, monkeypatch, "table")
    game = table.session.game
    app.push(quit_dialog(app, game.rules, 1.0, 4, True, lambda: None))
    _scales_and_fits(app, monkeypatch, "quit dialog")
    app.pop()
    run_table(app, table, lambda: any(isinstance(s, ResultsScene) for s in app.stack))
    for _ in range(10):
        app.step(0.1)
    _scales_and_fits(app, monkeypatch, "results")


class _Dropping:
    """A scene that blits a picture half out of the window and drops it, then blits a new text inside."""

    opaque = True

    def __init__(self) -> None:
        self.frames = 0

    def draw(self, surface: pygame.Surface) -> None:
        self.frames += 1
        surface.blit(pygame.Surface((40, 40)), (-20, 0))
        surface.blit(fonts.text(f"frame {self.frames}", 20, (255, 255, 255)), (10, 10))


def test_a_picture_dropped_in_a_frame_is_not_taken_for_a_text_drawn_after_it(monkeypatch):
    """The spy itself: only the text is reported as a text, whatever id the dropped picture had."""
    app = SimpleNamespace(resize=lambda size: None, stack=[_Dropping()])
    for _ in range(20):
        _, texts = _frame(app, (200, 100), monkeypatch)
        assert [rect.topleft for _, rect in texts] == [(10, 10)]


def _calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            yield (owner.id if isinstance(owner, ast.Name) else ast.unparse(owner)), node.func.attr, node


def test_one_unit_and_one_panel_drawer_in_the_whole_ui():
    """A second screen unit, panel drawer or rounded box, or a text size in plain pixels, fails here."""
    problems = []
    for path in sorted(UI.rglob("*.py")):
        where = path.relative_to(UI.parent)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if path.name == "screen.py" and path.parent == UI:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in ("unit", "panel"):
                problems.append(f"{where}:{node.lineno}: a second {node.name}(); use ui.screen.{node.name}")
            if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.right, ast.Constant)
                    and node.right.value in (720, 1150, 1280)):  # fmt: skip
                problems.append(f"{where}:{node.lineno}: a unit of its own (/ {node.right.value}); use ui.screen.unit")
        for owner, name, call in _calls(tree):
            rounded = owner == "pygame.draw" and name == "rect" and any(k.arg == "border_radius" for k in call.keywords)
            if rounded and path.name not in ROUNDED:
                problems.append(f"{where}:{call.lineno}: a rounded box drawn by hand; use ui.screen.panel")
            if owner == "fonts" and name in SIZED_TEXT and len(call.args) > 1:
                size = call.args[1]
                if isinstance(size, ast.Constant) and isinstance(size.value, int):
                    problems.append(f"{where}:{call.lineno}: text of {size.value} px whatever the window")
    assert not problems, "\n".join(problems)


def test_the_chip_icons_kept_are_bounded():
    from ui.table import painter

    for size in range(10, 200):
        painter.chip_icon(size)
    assert len(painter._icon_cache) <= painter._ICONS_KEPT
    assert painter.chip_icon(199).get_size() == (199, 199)
