"""New match: variant (with its description), opponents and their levels, bet, chips, house rules.

Nothing moves under the pointer while choosing: the description has room for the longest one (in either
language), a seat without an opponent keeps its row (greyed), and the notes under the buttons have their
room whether they show or not, so every row stays where it was whatever is chosen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import FIRST_LEADS
from game.table.choice import DIFFICULTIES, STARTING_CHIPS, TABLE_BETS, Difficulty, MatchChoice
from ui import fonts, theme
from ui.i18n import language, t
from ui.intents import Action, Intent
from ui.menus.base import MenuScene
from ui.menus.widgets import Item, blit_text, fit_lines
from ui.screen import px, text_px, unit

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host

MAX_DESCRIPTION_LINES = 3


class NewMatchScene(MenuScene):
    title_key = "setup.title"
    column_width = 620
    row_height = 42
    gap = 7

    def __init__(self, app: Host, profile: Profile) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        self.choice: MatchChoice = profile.choice
        self.practice = False  # a practice game: undo, hints with reasons, never saved or counted
        self._description_lines: dict[tuple[int, int], int] = {}  # by window size
        if self.choice.variant not in profile.catalogue.variants:
            self.choice = replace(self.choice, variant=profile.catalogue.default)

    # -- the choice ---------------------------------------------------------------------------------------
    def rules_value(self, name: str) -> Any:
        """The house rule's value for the chosen variant: the player's override, else the variant's own."""
        own = self.choice.house_rules.get(self.choice.variant, {})
        if name in own:
            return own[name]
        return getattr(self.profile.catalogue.variants[self.choice.variant], name)

    def set_rule(self, name: str, value: Any) -> None:
        base = getattr(self.profile.catalogue.variants[self.choice.variant], name)
        rules = {k: dict(v) for k, v in self.choice.house_rules.items()}
        own = rules.setdefault(self.choice.variant, {})
        if value == base:
            own.pop(name, None)  # only what differs from the variant is a house rule
        else:
            own[name] = value
        if not own:
            rules.pop(self.choice.variant)
        self.choice = replace(self.choice, house_rules=rules)

    def set_opponents(self, n: int) -> None:
        levels = list(self.choice.opponents) + ["normal"] * 3
        self.choice = replace(self.choice, opponents=tuple(levels[:n]))  # type: ignore[arg-type]

    def set_level(self, seat: int, level: Difficulty) -> None:
        levels = list(self.choice.opponents)
        levels[seat] = level
        self.choice = replace(self.choice, opponents=tuple(levels))

    def variant_name(self, vid: str) -> str:
        rules = self.profile.catalogue.variants[vid]
        return rules.name.get(language()) or vid

    # -- items --------------------------------------------------------------------------------------------
    def _level_item(self, seat: int) -> Item:
        """An opponent's level; greyed (and skipped by the keys) while fewer opponents sit at the table."""
        def seated() -> bool:
            return seat < len(self.choice.opponents)

        return Item(lambda: t("setup.opponent_n", n=seat + 1), values=DIFFICULTIES,
                    get=lambda: self.choice.opponents[seat] if seated() else None,
                    set=lambda v: self.set_level(seat, v), enabled=seated, wrap=False,
                    show=lambda v: t(f"setup.difficulty.{v}") if v else "—", name=f"level{seat}")  # fmt: skip

    def build(self) -> list[Item]:
        items = [  # each reads the choice as it is when drawn
            Item(lambda: t("setup.variant"), values=self.profile.catalogue.ids(), get=lambda: self.choice.variant,
                 set=lambda v: self._set(variant=v), show=self.variant_name, name="variant"),
            Item(lambda: t("setup.opponents"), values=(1, 2, 3), get=lambda: len(self.choice.opponents),
                 set=self.set_opponents, wrap=False, name="opponents"),
        ]  # fmt: skip
        items += [self._level_item(seat) for seat in range(3)]
        items += [
            Item(lambda: t("setup.table_bet"), values=TABLE_BETS, get=lambda: self.choice.table_bet,
                 set=lambda v: self._set(table_bet=v), wrap=False, name="bet"),
            Item(lambda: t("setup.starting_chips"), values=STARTING_CHIPS, get=lambda: self.choice.starting_chips,
                 set=lambda v: self._set(starting_chips=v), wrap=False, name="chips"),
            Item(lambda: t("setup.first_lead"), values=FIRST_LEADS, get=lambda: self.rules_value("first_lead"),
                 set=lambda v: self.set_rule("first_lead", v), show=lambda v: t(f"setup.first_lead.{v}"),
                 name="first_lead"),
            Item(lambda: t("setup.quad_beats_pair_of_twos"), values=(True, False),
                 get=lambda: self.rules_value("quad_beats_pair_of_twos"),
                 set=lambda v: self.set_rule("quad_beats_pair_of_twos", v),
                 show=lambda v: t("menu.on") if v else t("menu.off"), name="quad_rule"),
            Item(lambda: t("practice.option"), values=(False, True), get=lambda: self.practice,
                 set=self._set_practice, show=lambda v: t("menu.on") if v else t("menu.off"), name="practice"),
            Item(lambda: t("setup.start"), self.start, primary=True, name="start"),
            Item(lambda: t("menu.back"), self.back, name="back"),
        ]  # fmt: skip
        return items

    def handle(self, intent: Intent) -> bool:
        # Enter starts the match from any option row (◀ ▶ and Space change values); on a button it presses it.
        focused = self.items[self.focus] if self.items else None
        if intent.action == Action.PLAY and focused is not None and focused.is_option:
            self.start()
            return True
        return super().handle(intent)

    def _set(self, **changes: Any) -> None:
        self.choice = replace(self.choice, **changes)

    def _set_practice(self, on: bool) -> None:
        self.practice = on

    def start(self) -> None:
        from ui.table.keeper import open_table

        if self.practice:
            from ui.learn.practice_scene import open_practice

            self.profile.remember_choice(self.choice)
            self.app.pop()
            open_practice(self.app, self.profile, self.choice)
            return
        match = self.profile.new_match(self.choice)
        self.app.pop()
        open_table(self.app, self.profile, self.choice, match)

    def back(self) -> None:
        self.profile.remember_choice(self.choice)
        self.app.pop()

    def description(self) -> str:
        rules = self.profile.catalogue.variants[self.choice.variant]
        return rules.description.get(language()) or rules.description.get("en", "")

    def description_lines(self, size: tuple[int, int]) -> int:
        """The room the description has: as many lines as the longest one takes, in either language, at most
        ``MAX_DESCRIPTION_LINES`` (a longer one ends in "…"); the same whatever variant is chosen."""
        if size not in self._description_lines:
            u = unit(size)
            size_px, width = text_px(18, u), px(self.column_width, u)
            texts = {text for rules in self.profile.catalogue.variants.values() for text in rules.description.values()}
            self._description_lines = {size: max(
                (len(fit_lines(text, size_px, width, MAX_DESCRIPTION_LINES)) for text in texts), default=1)}
        return self._description_lines[size]

    def title_bottom(self, size: tuple[int, int]) -> int:
        """Below the room for the description."""
        u = unit(size)
        line_h = fonts.font(text_px(18, u)).get_linesize()
        return int(size[1] * 0.06 + 66 * u) + self.description_lines(size) * line_h + px(4, u)

    def notes(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The lines under the buttons: what starting does to a saved match (or what practice is), then the
        keys; each with its text size at 720 px and its colour."""
        lines = []
        if self.practice or self.profile.can_continue:  # practice never touches the saved match
            note, colour = (("practice.option_detail", theme.CREAM) if self.practice
                            else ("setup.replaces_save", theme.WARN))  # fmt: skip
            lines.append((t(note), 15, colour))
        return [*lines, (t("setup.enter_hint"), 14, theme.MUTED)]

    def footer(self, size: tuple[int, int]) -> int:
        """Room for the notes, the warning's line included even when it does not show (it comes and goes with
        the practice option)."""
        u = unit(size)
        sizes = (15, 14)
        return px(10, u) + sum(fonts.font(text_px(pt, u)).get_linesize() + px(2, u) for pt in sizes)

    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        width = px(self.column_width, u)
        top = int(size[1] * 0.06 + 66 * u)
        size_px = text_px(18, u)
        line_h = fonts.font(size_px).get_linesize()
        for line in fit_lines(self.description(), size_px, width, self.description_lines(size)):
            blit_text(surface, line, size_px, theme.CREAM, topleft=((size[0] - width) // 2, top))
            top += line_h
        if not self.items:
            return
        below = self.items[-1].rect.bottom + px(10, u)
        for text, pt, colour in self.notes():
            below = blit_text(surface, text, text_px(pt, u), colour, midtop=(size[0] // 2, below)).bottom + px(2, u)
