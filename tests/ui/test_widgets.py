"""Widgets and theme, driven headlessly by synthetic events."""

from __future__ import annotations

import pygame
import pytest

from tabletop.ui import widgets as W
from tabletop.ui.theme import (
    OKABE_ITO,
    PALETTES,
    PLAYER_GLYPHS,
    Theme,
    contrast,
    glyph_renders,
)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.fixture
def theme() -> Theme:
    return Theme((1280, 800))


@pytest.fixture
def surface() -> pygame.Surface:
    return pygame.Surface((1280, 800))


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def text(s):
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def wheel(y):
    return pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)
    )


def click(widget_or_group, pos):
    widget_or_group.handle(motion(pos))
    widget_or_group.handle(down(pos))
    return widget_or_group.handle(up(pos))


# -- theme -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "scale"),
    [((1280, 800), 1.0), ((960, 600), 0.75), ((3840, 2160), 2.7), ((400, 300), 0.6)],
)
def test_scale_follows_window(size, scale):
    t = Theme(size)
    assert t.scale == pytest.approx(scale)
    assert t.px(100) == round(100 * scale)


def test_scale_is_clamped_at_the_top():
    assert Theme((10000, 8000)).scale == 3.0


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (3840, 2160)])
def test_fonts_are_readable_at_every_size(size):
    t = Theme(size)
    # body text at least 14 px tall on a small window, and in proportion on 4K
    assert t.body.get_height() >= 14
    assert t.small.get_height() >= 12
    assert (
        t.small.get_height() < t.body.get_height() < t.heading.get_height() < t.title.get_height()
    )
    if size == (3840, 2160):
        assert t.body.get_height() >= 2.5 * Theme((1280, 800)).body.get_height()


def test_fonts_are_cached_and_follow_resize():
    t = Theme((1280, 800))
    assert t.font("body") is t.font("body")
    h = t.body.get_height()
    t.resize((2560, 1600))
    assert t.scale == 2.0
    assert t.body.get_height() > 1.8 * h


@pytest.mark.parametrize("palette", PALETTES)
def test_every_player_and_suit_has_a_renderable_distinct_glyph(palette):
    t = Theme((1280, 800), palette=palette)
    for bold in (False, True):
        font = t.font("body", bold=bold)
        for style in t.players + t.suits:
            assert style.glyph and font.metrics(style.glyph)[0] is not None
            assert glyph_renders(font, style.glyph), style
    assert len(t.players) == 6
    assert len({p.glyph for p in t.players}) == 6
    assert len({p.colour for p in t.players}) == 6
    assert len(t.suits) == 8
    assert len({s.glyph for s in t.suits}) == 8
    assert len({s.colour for s in t.suits}) == 8


def test_glyph_check_rejects_a_missing_glyph(theme):
    assert not glyph_renders(theme.body, "\ue001")  # private use: no font has it


def test_okabe_ito_palette():
    t = Theme((1280, 800), palette="okabe_ito")
    assert t.player(0).colour == (0xE6, 0x9F, 0x00)
    assert t.player(1).colour == (0x56, 0xB4, 0xE9)
    assert t.player(2).colour == (0x00, 0x9E, 0x73)
    assert t.player(3).colour == (0xF0, 0xE4, 0x42)
    assert t.player(4).colour == (0x00, 0x72, 0xB2)
    assert t.player(5).colour == (0xD5, 0x5E, 0x00)
    assert t.player(0).name == "orange"
    palette = set(OKABE_ITO.values())
    assert all(p.colour in palette for p in t.players)
    assert all(s.colour in palette for s in t.suits)
    assert (0, 0, 0) not in palette
    # glyphs stay with the seat when the palette changes
    t.set_palette("default")
    assert tuple(p.glyph for p in t.players) == PLAYER_GLYPHS
    assert t.player(0).colour != (0xE6, 0x9F, 0x00)


def test_palette_errors():
    t = Theme((1280, 800))
    with pytest.raises(ValueError):
        t.set_palette("sepia")
    with pytest.raises(IndexError):
        t.player(6)
    with pytest.raises(IndexError):
        t.suit(8)


@pytest.mark.parametrize("palette", PALETTES)
def test_text_contrast(palette):
    t = Theme((1280, 800), palette=palette)
    assert contrast(t.text, t.background) >= 7
    assert contrast(t.text, t.panel) >= 7
    assert contrast(t.text_dim, t.panel) >= 4.5
    assert contrast(t.text, t.button) >= 4.5
    assert contrast(t.tooltip_text, t.tooltip_bg) >= 7


# -- layout helpers ----------------------------------------------------------------


def test_layout_helpers_do_not_overlap():
    area = pygame.Rect(100, 50, 400, 300)
    col = W.column(area, 5, 10)
    assert len(col) == 5 and not W.no_overlap(col)
    assert all(area.contains(r) for r in col)
    rw = W.row(area, 3, 8)
    assert len(rw) == 3 and not W.no_overlap(rw) and all(area.contains(r) for r in rw)
    cells = W.grid(area, 4, 3, 6)
    assert len(cells) == 12 and not W.no_overlap(cells) and all(area.contains(r) for r in cells)
    fixed = W.column(area, 3, 4, height=40)
    assert [r.h for r in fixed] == [40, 40, 40] and fixed[1].y == area.y + 44
    c = W.centered(area, 100, 50)
    assert c.center == area.center and c.size == (100, 50)


def test_no_overlap_reports_pairs():
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(10, 0, 10, 10), pygame.Rect(5, 5, 10, 10)]
    assert W.no_overlap(rects) == [(0, 2), (1, 2)]


def test_fit_text_adds_an_ellipsis(theme):
    font = theme.body
    long = "A rather long player name that will not fit"
    assert W.fit_text(font, "Short", 500) == "Short"
    cut = W.fit_text(font, long, 120)
    assert cut.endswith("…") and font.size(cut)[0] <= 120


# -- buttons -------------------------------------------------------------------


def test_button_clicks_with_the_mouse():
    hits = []
    b = W.Button("Play", lambda: hits.append(1))
    b.rect = pygame.Rect(100, 100, 200, 50)
    b.handle(motion((150, 120)))
    assert b.hovered
    assert b.handle(down((150, 120)))
    assert b.pressed and hits == []
    assert b.handle(up((150, 120)))
    assert hits == [1] and not b.pressed


def test_button_needs_press_and_release_inside():
    hits = []
    b = W.Button("Play", lambda: hits.append(1))
    b.rect = pygame.Rect(100, 100, 200, 50)
    b.handle(down((150, 120)))
    b.handle(up((500, 500)))  # dragged off: cancelled
    b.handle(down((500, 500)))
    b.handle(up((150, 120)))  # pressed elsewhere: not a click
    b.handle(down((150, 120), button=3))
    b.handle(up((150, 120), button=3))  # right button: not a click
    assert hits == []


def test_button_posted_events_through_the_queue():
    pygame.display.set_mode((320, 200))
    hits = []
    b = W.Button("Go", lambda: hits.append(1))
    b.rect = pygame.Rect(10, 10, 100, 40)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
    for ev in pygame.event.get():
        b.handle(ev)
    assert hits == [1]


def test_disabled_button_does_not_fire_and_gives_its_reason():
    hits = []
    b = W.Button(
        "Undo",
        lambda: hits.append(1),
        enabled=False,
        tooltip="Take back",
        disabled_reason="Nothing to undo",
        hotkey=pygame.K_u,
    )
    b.rect = pygame.Rect(0, 0, 100, 40)
    click(b, (10, 10))
    b.focused = True
    b.handle(key(pygame.K_RETURN))
    b.handle(key(pygame.K_u))
    assert hits == []
    assert b.tooltip_text() == "Nothing to undo"
    b.enabled = True
    assert b.tooltip_text() == "Take back"
    b.handle(key(pygame.K_u))
    assert hits == [1]


def test_button_keyboard_only_when_focused():
    hits = []
    b = W.Button("OK", lambda: hits.append(1))
    b.rect = pygame.Rect(0, 0, 100, 40)
    b.handle(key(pygame.K_RETURN))
    assert hits == []
    b.focused = True
    b.handle(key(pygame.K_RETURN))
    b.handle(key(pygame.K_SPACE))
    assert hits == [1, 1]


def test_focus_group_tab_and_enter():
    hits = []
    a = W.Button("A", lambda: hits.append("a"))
    label = W.Label("not focusable")
    off = W.Button("Off", lambda: hits.append("off"), enabled=False)
    c = W.Button("C", lambda: hits.append("c"))
    for i, w in enumerate((a, label, off, c)):
        w.rect = pygame.Rect(0, i * 50, 100, 40)
    g = W.FocusGroup([a, label, off, c])
    assert g.handle(key(pygame.K_TAB))
    assert g.focused is a and a.focused
    g.handle(key(pygame.K_TAB))
    assert g.focused is c and not a.focused  # label and disabled skipped
    g.handle(key(pygame.K_RETURN))
    assert hits == ["c"]
    g.handle(key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert g.focused is a
    g.handle(key(pygame.K_DOWN))
    assert g.focused is c
    g.handle(key(pygame.K_DOWN))
    assert g.focused is a  # wraps around
    g.handle(key(pygame.K_KP_ENTER))
    assert hits == ["c", "a"]


def test_focus_group_mouse_hover_and_click(theme, surface):
    hits = []
    a = W.Button("A", lambda: hits.append("a"), tooltip="Does A")
    b = W.Button("B", lambda: hits.append("b"), enabled=False, disabled_reason="Not yet")
    a.rect = pygame.Rect(0, 0, 100, 40)
    b.rect = pygame.Rect(0, 50, 100, 40)
    g = W.FocusGroup([a, b], tooltip_delay=0.5)
    click(g, (10, 10))
    assert hits == ["a"] and g.focused is a and not a.show_focus
    g.handle(motion((10, 60)))
    assert g.hovered is b
    g.update(0.1)
    assert g.tooltip.text == ""
    g.update(0.6)
    assert g.tooltip.text == "Not yet"
    g.draw(surface, theme)
    g.handle(motion((500, 500)))
    assert g.hovered is None


def test_hotkey_through_group():
    hits = []
    a = W.Button("Undo", lambda: hits.append("undo"), hotkey=pygame.K_z)
    a.rect = pygame.Rect(0, 0, 100, 40)
    g = W.FocusGroup([a])
    assert g.handle(key(pygame.K_z))
    assert hits == ["undo"]


def test_tooltip_stays_inside_the_window(theme):
    surf = pygame.Surface((640, 400))
    for pos in [(0, 0), (639, 399), (630, 10), (10, 395)]:
        box = W.draw_tooltip(
            surf, theme, "A tooltip with a fair amount of text in it, to wrap", pos
        )
        assert surf.get_rect().contains(box)


# -- controls --------------------------------------------------------------------


def test_slider_drag_changes_value():
    seen = []
    s = W.Slider(50, 0, 100, 5, seen.append)
    s.rect = pygame.Rect(100, 100, 400, 40)
    track = s.track_rect()
    s.handle(down((track.x, track.centery)))
    assert s.value == 0 and s.dragging
    s.handle(motion((track.right, track.centery), buttons=(1, 0, 0)))
    assert s.value == 100
    s.handle(motion((track.x + track.w // 2 + 3, track.centery), buttons=(1, 0, 0)))
    assert s.value == 50
    s.handle(up((track.x + track.w // 2, track.centery)))
    assert not s.dragging
    s.handle(motion((track.right, track.centery)))
    assert s.value == 50  # no longer dragging
    assert seen == [0, 100, 50]


def test_slider_keys_step_and_clamp():
    s = W.Slider(0.5, 0.0, 1.0, 0.1, label="Volume")
    s.rect = pygame.Rect(0, 0, 400, 40)
    s.handle(key(pygame.K_RIGHT))
    assert s.value == 0.5  # not focused
    s.focused = True
    s.handle(key(pygame.K_RIGHT))
    assert s.value == pytest.approx(0.6)
    for _ in range(10):
        s.handle(key(pygame.K_RIGHT))
    assert s.value == 1.0
    s.handle(key(pygame.K_HOME))
    assert s.value == 0.0
    s.handle(key(pygame.K_LEFT))
    assert s.value == 0.0


def test_toggle_by_click_and_key():
    seen = []
    t = W.Toggle(False, seen.append, label="Sound")
    t.rect = pygame.Rect(0, 0, 300, 40)
    click(t, (250, 20))
    assert t.value is True
    t.focused = True
    t.handle(key(pygame.K_SPACE))
    assert t.value is False
    assert seen == [True, False]
    t.enabled = False
    click(t, (250, 20))
    assert t.value is False


def test_choice_cycles_with_arrows_and_clicks():
    seen = []
    c = W.Choice(["easy", "medium", "hard"], 1, seen.append, label="Bot")
    c.rect = pygame.Rect(0, 0, 400, 40)
    c.focused = True
    c.handle(key(pygame.K_RIGHT))
    assert c.value == "hard"
    c.handle(key(pygame.K_RIGHT))
    assert c.value == "easy"  # wraps
    c.handle(key(pygame.K_LEFT))
    assert c.value == "hard"
    left, right = c.arrow_rects()
    click(c, left.center)
    assert c.value == "medium"
    click(c, right.center)
    assert c.value == "hard"
    assert seen == [2, 0, 2, 1, 2]


def test_choice_keeps_left_right_in_a_focus_group():
    c = W.Choice(["a", "b"], 0)
    b = W.Button("x", lambda: None)
    c.rect, b.rect = pygame.Rect(0, 0, 200, 40), pygame.Rect(0, 50, 200, 40)
    g = W.FocusGroup([c, b])
    g.handle(key(pygame.K_TAB))
    g.handle(key(pygame.K_RIGHT))
    assert g.focused is c and c.value == "b"
    g.handle(key(pygame.K_DOWN))
    assert g.focused is b


def test_text_input_typing_backspace_and_limits():
    seen = []
    ti = W.TextInput("Al", seen.append, max_len=6)
    ti.rect = pygame.Rect(0, 0, 300, 40)
    ti.handle(text("x"))
    assert ti.text == "Al"  # not focused
    click(ti, (10, 10))
    assert ti.focused and ti.selected  # a click in selects the text
    ti.handle(key(pygame.K_END))  # a caret key ends the selection
    ti.handle(text("ice"))
    assert ti.text == "Alice"
    ti.handle(text("123"))
    assert ti.text == "Alice1"  # max_len
    ti.handle(key(pygame.K_BACKSPACE))
    ti.handle(key(pygame.K_BACKSPACE))
    assert ti.text == "Alic"
    ti.handle(key(pygame.K_HOME))
    ti.handle(text("M"))
    assert ti.text == "MAlic"
    ti.handle(key(pygame.K_DELETE))
    assert ti.text == "Mlic"
    assert seen[-1] == "Mlic"
    ti.handle(down((900, 900)))
    assert not ti.focused


def test_text_input_selects_all_on_focus_and_ctrl_a_so_typing_replaces_the_name():
    ti = W.TextInput("Player 2")
    other = W.Button("x", lambda: None)
    ti.rect, other.rect = pygame.Rect(0, 0, 300, 40), pygame.Rect(0, 50, 200, 40)
    g = W.FocusGroup([other, ti])
    g.handle(key(pygame.K_TAB))
    g.handle(key(pygame.K_TAB))  # Tab onto the field: its name is selected
    assert g.focused is ti and ti.selected
    g.handle(text("Ada"))
    assert ti.text == "Ada" and not ti.selected
    ti.handle(key(pygame.K_a, mod=pygame.KMOD_CTRL))
    assert ti.selected
    ti.handle(key(pygame.K_BACKSPACE))  # clears the selection
    assert ti.text == ""
    ti.handle(text("Bea"))
    click(ti, (900, 900))
    click(ti, (10, 10))  # a click back in selects it again
    assert ti.selected
    ti.handle(text("Cy"))
    assert ti.text == "Cy"


def test_text_input_allowed_characters_for_a_seed():
    ti = W.TextInput("", allowed="0123456789", max_len=10)
    ti.focused = True
    ti.handle(text("12a3-4"))
    assert ti.text == "1234"
    ti2 = W.TextInput("", allowed=str.isalpha)
    ti2.focused = True
    ti2.handle(text("a1b"))
    assert ti2.text == "ab"


def test_text_input_swallows_printable_keys_so_hotkeys_do_not_fire():
    hits = []
    ti = W.TextInput("")
    b = W.Button("Undo", lambda: hits.append(1), hotkey=pygame.K_z)
    ti.rect, b.rect = pygame.Rect(0, 0, 200, 40), pygame.Rect(0, 50, 200, 40)
    g = W.FocusGroup([ti, b])
    click(g, (10, 10))
    g.handle(key(pygame.K_z, unicode="z"))
    g.handle(text("z"))
    assert ti.text == "z" and hits == []


# -- scrolling -------------------------------------------------------------------


def test_scroll_list_keys_and_click(theme, surface):
    picked = []
    items = [f"Save {i}" for i in range(40)]
    lst = W.ScrollList(items, picked.append)
    lst.rect = pygame.Rect(100, 100, 400, 300)
    lst.draw(surface, theme)  # learns its row height
    lst.focused = True
    lst.handle(key(pygame.K_DOWN))
    assert lst.selected == 0
    lst.handle(key(pygame.K_DOWN))
    assert lst.selected == 1
    lst.handle(key(pygame.K_PAGEDOWN))
    assert lst.selected == 1 + lst.rows_visible
    lst.handle(key(pygame.K_END))
    assert lst.selected == 39
    assert lst.offset == lst.max_offset > 0  # scrolled to show it
    lst.handle(key(pygame.K_HOME))
    assert lst.selected == 0 and lst.offset == 0
    lst.handle(key(pygame.K_UP))
    assert lst.selected == 0
    view = lst.view_rect()
    click(lst, (view.x + 10, view.y + lst.line_height * 2 + 3))
    assert lst.selected == 2
    assert picked == [0, 1, 1 + lst.rows_visible, 39, 0, 2]


def test_scroll_list_wheel_only_when_pointer_is_over_it(theme, surface):
    lst = W.ScrollList([str(i) for i in range(100)])
    lst.rect = pygame.Rect(100, 100, 400, 300)
    lst.draw(surface, theme)
    lst.handle(motion((700, 700)))
    assert not lst.handle(wheel(-1))
    assert lst.offset == 0
    lst.handle(motion((200, 200)))
    assert lst.handle(wheel(-1))
    assert lst.offset == 3 * lst.line_height
    lst.handle(wheel(5))
    assert lst.offset == 0
    for _ in range(100):
        lst.handle(wheel(-1))
    assert lst.offset == lst.max_offset
    view = lst.view_rect()
    assert lst.index_at((view.x + 5, view.bottom - 2)) == 99


def test_scroll_list_scrollbar_drag(theme, surface):
    lst = W.ScrollList([str(i) for i in range(100)])
    lst.rect = pygame.Rect(100, 100, 400, 300)
    lst.draw(surface, theme)
    thumb = lst.thumb_rect()
    assert thumb is not None
    lst.handle(down(thumb.center))
    lst.handle(motion((thumb.centerx, 2000), buttons=(1, 0, 0)))
    assert lst.offset == lst.max_offset
    lst.handle(up((thumb.centerx, 2000)))
    lst.handle(motion((thumb.centerx, 0)))
    assert lst.offset == lst.max_offset  # released


def test_scroll_list_rows_with_columns(theme, surface):
    lst = W.ScrollList([("Alice", "12"), ("Bob", "9")], columns=[3, 1])
    lst.rect = pygame.Rect(0, 0, 300, 200)
    lst.draw(surface, theme)
    assert lst.thumb_rect() is None  # everything fits


def test_scroll_text_wraps_within_width_and_keeps_blank_lines(theme, surface):
    para = "The dealer shuffles and deals seven cards to each player. " * 6
    st = W.ScrollText(f"# Setup\n{para}\n\n{para}\nsupercalifragilistic\n" * 3)
    st.rect = pygame.Rect(50, 50, 360, 300)
    st.draw(surface, theme)
    lines = st.layout(theme)
    width = st.view_rect().w
    body, head = st.fonts(theme)
    assert len(lines) > 20
    for line, heading, _, _ in lines:
        font = head if heading else body
        assert font.size(line)[0] <= width
    assert any(line == "" for line, *_ in lines)
    assert sum(1 for _, heading, _, _ in lines if heading) == 3
    st.focused = True
    st.handle(key(pygame.K_DOWN))
    assert st.offset == st.line_height
    st.handle(key(pygame.K_END))
    assert st.offset == st.max_offset > 0
    st.handle(motion((100, 100)))
    st.handle(wheel(2))
    assert st.offset == st.max_offset - 6 * st.line_height


def test_scroll_text_draws_a_picture_line_with_the_function_it_names(theme, surface):
    text = "Before\n[[picture draw_box 3]]\nAfter\n[[picture draw_missing 2]]"
    drawn = []

    def draw_box(target, rect, th):
        drawn.append(rect.copy())
        pygame.draw.rect(target, (255, 0, 0), rect)

    st = W.ScrollText(text, pictures={"draw_box": draw_box}.get)
    st.rect = pygame.Rect(0, 0, 400, 600)
    st.draw(surface, theme)
    body, _ = st.fonts(theme)
    [(picture_y, picture_h)] = [(y, h) for _, y, h in st._figures]
    assert picture_h == 3 * body.get_linesize()
    # the text after the picture starts below it; neither marker shows as text
    assert [line for line, *_ in st.layout(theme)] == ["Before", "After"]
    after_y = st.layout(theme)[1][2]
    assert after_y == picture_y + picture_h
    assert len(drawn) == 1 and drawn[0].h == picture_h
    # without a way to find pictures, the marker lines are left out
    plain = W.ScrollText(text)
    plain.rect = pygame.Rect(0, 0, 400, 600)
    assert [line for line, *_ in plain.layout(theme)] == ["Before", "After"]


def test_wrap_text_breaks_overlong_words(theme):
    font = theme.body
    lines = W.wrap_text(font, "x" * 200, 100)
    assert len(lines) > 1 and all(font.size(s)[0] <= 100 for s in lines)
    assert "".join(lines) == "x" * 200


def test_label_wraps_inside_its_rect(theme, surface):
    lab = W.Label("word " * 80, wrap=True, align="center")
    lab.rect = pygame.Rect(10, 10, 200, 400)
    lab.draw(surface, theme)
    assert W.wrap_text(theme.body, lab.text, 200)


# -- toasts ----------------------------------------------------------------------


def test_toasts_expire_and_fade(theme, surface):
    toasts = W.Toasts(duration=3.0, fade=0.5)
    toasts.push("Saved")
    toasts.push("That card cannot be played", kind="error")
    assert len(toasts) == 2
    toasts.update(1.0)
    assert toasts.alpha(toasts.items[0]) == 255
    toasts.draw(surface, theme)
    toasts.update(1.75)
    assert 0 < toasts.alpha(toasts.items[0]) < 255
    toasts.update(0.5)
    assert len(toasts) == 0
    with pytest.raises(ValueError):
        toasts.push("x", kind="shout")


def test_toasts_do_not_repeat_and_are_capped():
    toasts = W.Toasts(max_shown=3)
    for i in range(5):
        toasts.push(f"m{i}")
    toasts.push("m4")
    assert [t.text for t in toasts.items] == ["m2", "m3", "m4"]


# -- everything draws at every size -----------------------------------------------


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (3840, 2160)])
@pytest.mark.parametrize("palette", PALETTES)
def test_all_widgets_draw(size, palette):
    t = Theme(size, palette=palette)
    surf = pygame.Surface(size)
    surf.fill(t.background)
    area = pygame.Rect(0, 0, *size).inflate(-t.px(80), -t.px(80))
    panel = W.Panel("Settings")
    panel.rect = area
    ws: list[W.Widget] = [
        W.Label("Hello", size="title"),
        W.Button("Play", lambda: None, kind="primary"),
        W.Button("Quit", lambda: None, enabled=False),
        W.Slider(3, 0, 10, 1, None, label="Speed"),
        W.Toggle(True, None, label="Sound"),
        W.Choice(["easy", "hard"], 0, None, label="Bot"),
        W.TextInput("Ann", None, label="Name"),
        W.ScrollList(["a", "b", "c"]),
        W.ScrollText("Rules\n\nMore rules"),
    ]
    rects = W.column(panel.content_rect(t), len(ws), t.px(8))
    for w, r in zip(ws, rects):
        w.rect = r
    assert not W.no_overlap(rects)
    ws[1].focused = True
    panel.draw(surf, t)
    g = W.FocusGroup(ws)
    g.draw(surf, t)
    toasts = W.Toasts()
    toasts.push("Hi")
    toasts.draw(surf, t)


def test_toasts_in_an_area_stay_inside_it_and_wrap() -> None:
    """A game hands the toasts its log panel: they stack down from its top,
    wrapped to its width, and nothing is drawn outside it."""
    theme = Theme((1280, 800))
    toasts = W.Toasts()
    toasts.push("A long message about what the round did, " * 4)
    toasts.push("Short.", "error")
    toasts.update(1.0)
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    area = pygame.Rect(1020, 46, 260, 754)
    toasts.draw(surface, theme, area)
    pixels = pygame.surfarray.array3d(surface)
    drawn = pixels.any(axis=2)
    assert drawn[area.left : area.right, area.top : area.bottom].any()
    outside = drawn.copy()
    outside[area.left : area.right, area.top : area.bottom] = False
    assert not outside.any()


def test_a_label_too_wide_for_the_body_font_shrinks_before_it_is_cut(theme):
    """ "Face down" in a narrow bold button read "Face do…": it is drawn in the
    small font instead, and cut only when even that does not fit."""
    body = theme.font("body", bold=True)
    width = body.size("Face down")[0] - 4
    font = W.fitting_font(theme, "Face down", width, bold=True)
    assert font is theme.font("small", bold=True)
    assert W.fit_text(font, "Face down", width) == "Face down"
    assert W.fitting_font(theme, "Face down", width + 40, bold=True) is body


def test_draw_text_renders_a_line_once_and_draws_what_a_fresh_render_draws(theme):
    font = theme.body
    rect = pygame.Rect(10, 10, 120, 40)
    long = "a line far too long for the box it is drawn in"

    def drawn(text, colour) -> bytes:
        surface = pygame.Surface((200, 60))
        W.draw_text(surface, font, text, colour, rect)
        return pygame.image.tobytes(surface, "RGB")

    def fresh(text, colour) -> bytes:
        surface = pygame.Surface((200, 60))
        img = font.render(W.fit_text(font, text, rect.w), True, colour)
        surface.blit(img, img.get_rect(midleft=(rect.x, rect.centery)))
        return pygame.image.tobytes(surface, "RGB")

    W._render.cache_clear()
    for text, colour in (
        ("Ada", (200, 40, 40)),
        ("Ada", (40, 200, 40)),
        (long, (250, 250, 250)),
        ("Ada", (200, 40, 40)),
    ):
        assert drawn(text, colour) == fresh(text, colour), (text, colour)
    info = W._render.cache_info()
    assert (info.hits, info.misses) == (
        1,
        3,
    )  # the same words in the same colour and width: rendered once
    assert drawn("Ada", pygame.Color(200, 40, 40)) == fresh(
        "Ada", (200, 40, 40)
    )  # a Color is a key too
    assert info.maxsize == 1024  # bounded


class _Measuring:
    """A font that counts how many characters it was asked to measure."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.measured = 0

    def size(self, text: str) -> tuple[int, int]:
        self.measured += len(text)
        return self.font.size(text)


@pytest.mark.parametrize("text", ["x" * 1_600, "word " * 1_000, "x" * 800 + " y" * 400])
def test_wrapping_and_fitting_cost_grows_with_the_text_never_faster(theme, text):
    """A 1,600-character word took 4 s to wrap (about the cube of its length),
    and a save's long name was wrapped every frame: the characters measured
    now grow in proportion to the text, and a text wrapped once is remembered."""
    costs = []
    for n in (1, 4):
        font = _Measuring(theme.body)
        lines = W.wrap_text(font, text * n, 300)  # type: ignore[arg-type]
        assert all(theme.body.size(line)[0] <= 300 for line in lines)
        assert "".join(lines).replace(" ", "") == (text * n).replace(" ", "")
        costs.append(font.measured)
        again = font.measured
        assert W.wrap_text(font, text * n, 300) == lines and font.measured == again  # type: ignore[arg-type]
        fitting = _Measuring(theme.body)
        cut = W.fit_text(fitting, text * n, 300)  # type: ignore[arg-type]
        assert cut.endswith(W.ELLIPSIS) and theme.body.size(cut)[0] <= 300
        assert fitting.measured < 40 * 300, (
            "a cut measures what fits, not the whole text again and again"
        )
    assert costs[1] <= 5 * costs[0], (
        f"4 times the text cost {costs[1] / costs[0]:.1f} times as much"
    )
