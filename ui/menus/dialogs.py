"""Small overlays: the start-up notices and the quit confirmation that names the quit charge first."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.rules import Rules
from game.safe_file import KINDS, PROBLEM_CODES
from ui import fonts, theme
from ui.i18n import language, t
from ui.menus.base import MenuScene
from ui.menus.rules_text import amount
from ui.menus.widgets import Item, blit_wrapped, fit_lines
from ui.persist.files import Notice
from ui.screen import DIALOG, panel, px, text_px, unit

if TYPE_CHECKING:
    from ui.scene import Host

Choice = tuple[Callable[[], str], Callable[[], None], bool]  # label, action, primary


class Dialog(MenuScene):
    """A message over the scene beneath, with a row of buttons; Esc means the last button."""

    opaque = False
    modal = True

    def __init__(self, app: Host, title: Callable[[], str], message: Callable[[], str],
                 choices: Sequence[Choice]) -> None:  # fmt: skip
        super().__init__(app)
        self.title, self.message, self.choices = title, message, list(choices)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []  # the message as laid out: wrapped and shortened to fit the window
        self.focus = next((i for i, c in enumerate(self.choices) if c[2]), 0)  # the safe choice first

    def build(self) -> list[Item]:
        return [Item(label, on_activate=act, primary=primary, name=f"choice{i}")
                for i, (label, act, primary) in enumerate(self.choices)]  # fmt: skip

    def back(self) -> None:
        self.choices[-1][1]()

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(size[0] - px(60, u), px(680, u))
        line_h = fonts.font(text_px(20, u)).get_linesize()
        n = len(self.items)
        bh, gap = px(50, u), px(16, u)
        label_px = int(bh * 0.46)
        widest = max((fonts.font(label_px, fonts.BOLD).size(i.label())[0] for i in self.items), default=0)
        bw = min(px(300, u), (w - px(60, u) - (n - 1) * gap) // max(1, n))
        stacked = widest + px(24, u) > bw  # labels too long for one row: one button a row, one size
        if stacked:
            bw = min(w - px(60, u), max(widest + px(48, u), px(300, u)))
        buttons_h = (n * (bh + gap) - gap) if stacked else bh
        room = (size[1] - px(180, u) - buttons_h) // line_h  # a long message never makes a giant dialog
        self.lines = fit_lines(self.message(), text_px(20, u), w - px(60, u), room)
        h = px(140, u) + len(self.lines) * line_h + buttons_h
        self.box = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        top = self.box.bottom - buttons_h - px(24, u)
        left = self.box.centerx - (bw if stacked else n * bw + (n - 1) * gap) // 2
        for i, item in enumerate(self.items):
            x, y = (left, top + i * (bh + gap)) if stacked else (left + i * (bw + gap), top)
            item.rect = pygame.Rect(x, y, bw, bh)
            item.font_px = label_px

    def handle(self, intent):  # type: ignore[no-untyped-def]
        from ui.intents import Action

        # Buttons sit in a row: left/right move between them like up/down.
        if intent.action in (Action.LEFT, Action.RIGHT):
            self.move_focus(-1 if intent.action == Action.LEFT else 1)
            self.app.dirty = True
            return True
        super().handle(intent)
        return True  # modal: nothing reaches the scene beneath

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel(surface, self.box, DIALOG, title=self.title())
        blit_wrapped(surface, "\n".join(self.lines), text_px(20, u), theme.WHITE, self.box.left + px(30, u),
                     self.box.top + px(72, u), self.box.width - px(60, u))
        for i, item in enumerate(self.items):
            item.draw(surface, i == self.focus)


# Why a file could not be used (ui/persist/files.py words it in English) → the player's language.
_WHY = (
    (re.compile(r"the file is empty$"), "empty"),
    (re.compile(r"not valid JSON \(line (?P<line>\d+)"), "not_json"),
    (re.compile(r"expected a JSON object"), "not_object"),
    (re.compile(r"this is an? .* file, not "), "wrong_kind"),
    (re.compile(r"no format version"), "no_version"),
    (re.compile(r"written by a newer version"), "newer"),
    (re.compile(r"format \d+ is too old"), "too_old"),
    (re.compile(r"not UTF-8 text$"), "not_utf8"),
    (re.compile(r"nested too deeply$"), "too_deep"),
    (re.compile(r"not readable: it holds a number thousands of digits long$"), "long_number"),
)


def reason_words(reason: str, fallback: str = "invalid") -> str:
    """A set-aside reason in the current language; one it does not know keeps its words as a detail."""
    for pattern, key in _WHY:
        found = pattern.match(reason)
        if found:
            return t(f"notice.why.{key}", **found.groupdict())
    return t("notice.why.detail", why=t(f"notice.why.{fallback}"), detail=reason)


def notice_text(notice: Notice) -> str:
    fields = dict(notice.fields)
    if "reason" in fields:  # a file's problem (set aside), or the system's error (unreadable, not saved)
        fallback = "invalid" if notice.key in ("notice.file_set_aside", "notice.file_stuck") else "system"
        fields["reason"] = reason_words(fields["reason"], fallback)
    if "why" in fields:  # what the system said, as game.safe_file.problem_code names it
        fields["why"] = t(f"notice.os.{fields['why'] if fields['why'] in PROBLEM_CODES else 'other'}")
    if "kind" in fields:  # what stands where a file should be (game.safe_file.kind_of)
        fields["kind"] = t(f"notice.kind.{fields['kind'] if fields['kind'] in KINDS else 'other'}")
    return t(notice.key, **fields)


def notices_dialog(app: Host, notices: Sequence[Notice]) -> Dialog:
    """Tell the player what was set aside or could not be loaded; OK closes it."""
    return Dialog(app, lambda: t("notice.title"), lambda: "\n\n".join(notice_text(n) for n in notices),
                  [(lambda: t("menu.ok"), app.pop, True)])


def quit_charge(rules: Rules, table_bet: float, players: int) -> tuple[float, float]:
    """What quitting costs the player in chips: to each other seat, and in all."""
    each = rules.quit_charge * table_bet
    return each, each * (players - 1)


def quit_dialog(app: Host, rules: Rules, table_bet: float, players: int, started: bool,
                on_quit: Callable[[], None], on_stay: Callable[[], None] | None = None,
                on_keep: Callable[[], None] | None = None) -> Dialog:  # fmt: skip
    """Ask before quitting a game, saying the quit charge first; ``on_quit`` runs after the dialog closes.

    With ``on_keep``, a "Main menu" button leaves the table and keeps the match, and the message says that
    this costs nothing."""
    each, total = quit_charge(rules, table_bet, players) if started else (0.0, 0.0)

    def message() -> str:
        if not started or not total:
            text = t("confirm.quit_free")
        else:
            name = rules.name.get(language()) or rules.id
            text = t("confirm.quit_charge", variant=name, units=amount(rules.quit_charge), each=amount(each),
                     total=amount(total))  # fmt: skip
        return text + ("\n\n" + t("confirm.keep_free") if on_keep else "")

    def yes() -> None:
        app.pop()
        on_quit()

    def no() -> None:
        app.pop()
        if on_stay:
            on_stay()

    yes_label = (lambda: t("confirm.quit_yes", total=amount(total))) if total else (lambda: t("confirm.quit_game"))
    choices: list[Choice] = [(yes_label, yes, False)]
    if on_keep:
        choices.append((lambda: t("confirm.to_menu"), on_keep, False))
    choices.append((lambda: t("confirm.quit_no"), no, True))
    return Dialog(app, lambda: t("confirm.quit_title"), message, choices)
