"""End of a game: every hand revealed, the finishing order, each payment and the match totals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ui import fonts, screen, theme
from ui.card_art import art_for
from ui.i18n import language, t
from ui.intents import Action, Intent
from ui.scene import Scene
from ui.table.words import amount, chop_chains, pays_text, place_name, tie_notes, transfer_reason
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.scene import Host
    from ui.table.scene import TableScene


DEMO_PAUSE = 4.0


class ResultsScene(Scene):
    """An overlay on the table; "next game" deals again with the previous winner leading."""

    opaque = False
    keys_hint = "results.keys"  # the keys under the panel when Esc leads to the menu

    def __init__(self, app: Host, table: TableScene, on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.on_menu = on_menu  # leave for the main menu, the match kept (Esc, or the button)
        self.game = table.session.game
        self.result = self.game.result
        self.number = len(table.session.match.results)
        self.next_button = Button("results.next", Action.CONFIRM, primary=True)
        self.review_button = Button("results.review", Action.CONFIRM)
        self.replay_button = Button("results.replay", Action.CONFIRM)
        self.menu_button = Button("confirm.to_menu", Action.BACK)
        self.age = 0.0
        self._lines: tuple[str, tuple[str, ...]] | None = None
        self.box = pygame.Rect(0, 0, 0, 0)  # the panel; it and the buttons' places are set by layout()

    @property
    def looking_back(self) -> list[tuple[Button, str]]:
        """The buttons beside "next game" that look back at this game (not in a demo, nor after an instant win)."""
        if self.table.session.human is None or not self.game.actions:
            return []
        return [(self.review_button, "results.review"), (self.replay_button, "results.replay")]

    def look_back(self, button: Button) -> None:
        from ui.replay.open import open_replay, open_review
        from ui.replay.shown import ShownGame

        shown = ShownGame.from_session(self.table.session)
        if button is self.review_button:
            open_review(self.app, shown)
        else:
            open_replay(self.app, shown)

    def handle(self, intent: Intent) -> bool:
        a = intent.action
        if a in (Action.CONFIRM, Action.PLAY, Action.TOGGLE_FOCUS):
            self.next_game()
            return True
        if a == Action.BACK and self.on_menu is not None:
            self.on_menu()
            return True
        buttons = [self.next_button] + [b for b, _ in self.looking_back] + ([self.menu_button] if self.on_menu else [])
        if a == Action.HOVER:
            for b in buttons:
                b.hover = b.contains(intent.pos)
            return True
        if a == Action.POINTER_DOWN:
            for b in buttons:
                b.pressed = b.contains(intent.pos)
            return True
        if a == Action.POINTER_UP:
            hit = next((b for b in buttons if b.pressed and b.contains(intent.pos)), None)
            for b in buttons:
                b.pressed = False
            if hit is self.next_button:
                self.next_game()
            elif hit is self.menu_button and self.on_menu is not None:
                self.on_menu()
            elif hit is not None:
                self.look_back(hit)
            return True
        return a not in (Action.QUIT, Action.FULLSCREEN, Action.MUTE, Action.BACK)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """The panel and the buttons' places for a window of ``size``, so a click finds them before any drawing."""
        w, h = size
        unit = screen.unit(size)
        pw, ph = int(w * 0.84), int(h * 0.88)
        self.box = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bw, bh = screen.px(220, unit), max(36, screen.px(50, unit))
        self.next_button.rect = pygame.Rect(w // 2 - bw // 2, self.box.bottom - bh - screen.px(20, unit), bw, bh)
        top, gap = self.next_button.rect.top, screen.px(14, unit)
        self.menu_button.rect = pygame.Rect(self.next_button.rect.right + gap, top, int(bw * 0.9), bh)
        x = self.next_button.rect.left
        for button, _ in self.looking_back:  # to the left of "next game"
            small = int(bw * 0.72)
            x -= small + gap
            button.rect = pygame.Rect(x, top, small, bh)

    def next_game(self) -> None:
        self.table.session.next_game()
        self.table.start_game()
        self.app.pop()

    def update(self, dt: float) -> None:
        self.age += dt
        if self.table.session.human is None and self.age >= DEMO_PAUSE:
            self.next_game()  # a demo match carries on by itself

    def animating(self) -> bool:
        return self.age < 0.3  # the shade fading in

    def next_due(self) -> float | None:
        """A demo match's next game, after its pause."""
        return max(0.0, DEMO_PAUSE - self.age) if self.table.session.human is None else None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        unit = screen.unit((w, h))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, int(150 * min(1.0, self.age / 0.3))))
        surface.blit(shade, (0, 0))
        x0, y0, pw, ph = self.box
        title = t("results.title", n=self.number)
        body = screen.panel(surface, self.box, screen.GOLDEN, title=title)
        session = self.table.session
        if self.result is None:
            return
        y = body.top + int(12 * unit)
        fs = max(13, int(18 * unit))
        chips = session.has_chips
        right = (340, 220, 110) if chips else (260, 120)  # the money columns, from the panel's right edge
        cols = [x0 + int(28 * unit), x0 + int(110 * unit), x0 + int(280 * unit)] + [x0 + pw - int(r * unit)
                                                                                   for r in right]
        heads: tuple[str, ...] = ("results.place", "results.player", "results.hand", "results.game", "results.total")
        heads += ("results.chips",) if chips else ()
        for x, key in zip(cols, heads, strict=True):
            surface.blit(fonts.text(t(key), fs - 2, theme.MUTED, fonts.BOLD), (x, y))
        y += int(28 * unit)
        art = art_for(max(24, int(40 * unit)), self.app.settings.four_colour, self.app.settings.card_back)
        row_h = art.h + int(10 * unit)
        for place, seat in enumerate(self.result.order, start=1):
            if place % 2:
                stripe = pygame.Surface((pw - int(30 * unit), row_h), pygame.SRCALPHA)
                stripe.fill((255, 255, 255, 14))
                surface.blit(stripe, (x0 + int(15 * unit), y - int(5 * unit)))
            mid = y + art.h // 2 - fs // 2
            colour = theme.GOLD if place == 1 else theme.WHITE
            surface.blit(fonts.text(place_name(place, len(self.result.order)), fs, colour, fonts.BOLD), (cols[0], mid))
            name = self.table.seat_name(seat)
            if seat in self.result.cong:
                name += f" · {t('results.cong_tag')}"
            surface.blit(fonts.fit_text(name, fs, colour, cols[2] - cols[1] - 10, fonts.BOLD), (cols[1], mid))
            hand = self.game.hands[seat]
            if hand:
                step = min(art.w * 0.62, (cols[3] - cols[2] - art.w - 20) / max(1, len(hand) - 1))
                for i, card in enumerate(hand):
                    surface.blit(art.face(card), (cols[2] + int(i * step), y))
            else:
                surface.blit(fonts.text(t("results.empty_hand"), fs, theme.MUTED), (cols[2], mid))
            net = self.result.payments[seat]
            surface.blit(self._money(net, fs), (cols[3], mid))
            surface.blit(self._money(session.totals[seat], fs), (cols[4], mid))
            held = session.chips(seat)
            if held is not None:
                surface.blit(fonts.text(amount(held), fs, theme.GOLD, fonts.BOLD), (cols[5], mid))
            y += row_h
        y += int(8 * unit)
        surface.blit(fonts.text(t("results.payments"), fs, theme.GOLD, fonts.BOLD), (cols[0], y))
        y += int(26 * unit)
        lines = list(self.payment_lines())
        if any(self.result.place_payouts):
            parts = [f"{self.table.seat_name(s)} {amount(v, True)}" for s, v in enumerate(self.result.place_payouts)]
            lines.append(f"{t('results.place_payout')}: " + ", ".join(parts))
        if not lines:
            lines = [t("results.none")]
        bottom = y0 + ph - int(104 * unit)
        small = max(12, fs - 2)
        ties = tie_notes(self.result, self.game.rules, self.table.seat_name)  # how equal counts were placed
        for line, colour in [(line, theme.WHITE) for line in lines] + [(line, theme.MUTED) for line in ties]:
            if y > bottom - small:
                break
            surface.blit(fonts.fit_text(line, small, colour, pw - int(60 * unit)), (cols[0] + int(10 * unit), y))
            y += small + int(6 * unit)
        self.next_button.draw(surface, t("results.next"), int(20 * unit))
        hint = fonts.text(t("results.next_hint" if self.on_menu is None else self.keys_hint), max(11, int(14 * unit)),
                          theme.MUTED)  # fmt: skip
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, self.next_button.rect.top - int(8 * unit))))
        if self.on_menu is not None:
            self.menu_button.draw(surface, t("confirm.to_menu"), int(18 * unit))
        for button, key in self.looking_back:
            button.draw(surface, t(key), int(18 * unit))

    def payment_lines(self) -> tuple[str, ...]:
        """One line per payment, worded once per language (the reasons read the hands)."""
        lang = language()
        if self._lines is None or self._lines[0] != lang:
            assert self.result is not None
            human, name, game = self.table.session.human, self.table.seat_name, self.game
            chains = chop_chains(game.log, self.result.transfers)  # what each chặt chopped, and with what
            self._lines = (lang, tuple(
                t("results.line", pays=pays_text(tr.payer, tr.payee, amount(tr.amount), human, name),
                  reason=transfer_reason(tr, game.rules, self.result.priced_hands[tr.payer], chain))
                for tr, chain in zip(self.result.transfers, chains, strict=True)))  # fmt: skip
        return self._lines[1]

    def _money(self, value: float, size: int) -> pygame.Surface:
        colour = theme.GREEN_OK if value > 0 else theme.WARN if value < 0 else theme.MUTED
        return fonts.text(amount(value, True), size, colour, fonts.BOLD)
