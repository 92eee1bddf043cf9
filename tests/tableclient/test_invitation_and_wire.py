"""The link and the server's answers, read before the window sees them: one line when bad."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tftmanager.refusal import Refusal
from tftmanager.tableclient.invitation import Invitation, LinkNotUnderstood
from tftmanager.tableclient.wire import FORMAT, NotUnderstood, message_of, read_view

SECRET = "izj8JZWKRA4v5MDNY0A-rLFjL5rOjOv0ZdAFGgBuWrw"


def test_the_gms_link_is_read_as_the_phone_opens_it() -> None:
    found = Invitation.parse(f"  http://192.168.1.20:8765/p/{SECRET}  ")
    assert found == Invitation("http://192.168.1.20:8765", SECRET)
    assert found.host == "192.168.1.20:8765"
    assert found.player_base == f"http://192.168.1.20:8765/p/{SECRET}"
    assert Invitation.parse(f"https://table.example/p/{SECRET}/").base == \
        "https://table.example"
    assert Invitation.parse(f"http://[::1]:8765/p/{SECRET}").base == "http://[::1]:8765"


@pytest.mark.parametrize("text", [
    "", "Ragnar", f"ftp://host/p/{SECRET}", f"http:///p/{SECRET}", "http://host:port/p/x",
    f"http://host/gm/{SECRET}", "http://host/p/short", f"http://host/p/{SECRET}/act",
    f"here is your link: http://host/p/{SECRET}", "http://host/p/" + "x" * 65,
    "http://host/p/<script>alert(1)</script>xxxxxxxxxx",
])
def test_anything_else_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(LinkNotUnderstood) as refused:
        Invitation.parse(text)
    message = refused.value.message
    assert "\n" not in message and message.endswith(("?", ".", ")", "..."))


@given(st.text(max_size=300))
def test_no_text_crashes_the_link_reader(text: str) -> None:
    with contextlib.suppress(Refusal):
        Invitation.parse(text)


def _view(**changes: object) -> dict[str, object]:
    view: dict[str, object] = {
        "name": "Ragnar", "subtitle": "Human hero",
        "boxes": {"st": 11, "wounds": 0, "fatigue": 0, "fight": "",
                  "legend": "ST 11 of 11 · wounds 0 · fatigue 0"}, "dx_reasons": "",
        "front": {"stats": [{"label": "ST", "value": "11", "caption": ""}], "sections": []},
        "back": {"stats": [], "sections": [{"title": "Talents", "columns": ["Talent"],
                                            "rows": [["Shield"]]}]},
        "standing": ["XP 150"], "raises": [{"attribute": "dx", "label": "DX +1"}],
        "memory": None, "holdings": [], "possessions": [], "spells": [],
        "casting": "", "notes": "", "notes_max": 8000}
    view.update(changes)
    return view


def test_a_view_in_the_servers_shape_is_read() -> None:
    view = read_view(json.dumps({"format": FORMAT, "view": _view()}), where="the server at h")
    assert view.name == "Ragnar" and view.raises[0].label == "DX +1"
    assert view.back.sections[0].rows == (("Shield",),)


@pytest.mark.parametrize(("text", "said"), [
    ("<html><body>It works!</body></html>", "not a TFT Manager table server's answer"),
    ("{garbage", "not a TFT Manager table server's answer"),
    ("[1, 2, 3]", "did not answer as a TFT Manager table server"),
    (json.dumps({"ok": True, "message": "hello"}), "did not answer as a TFT Manager"),
    (json.dumps({"format": "tftmanager-player-view/9", "view": {}}), "different version"),
    (json.dumps({"format": FORMAT, "view": _view(boxes={"st": "eleven", "wounds": 0,
                                                        "fatigue": 0, "legend": ""})}),
     "cannot read"),
    (json.dumps({"format": FORMAT, "view": _view(name=None)}), "cannot read"),
    (json.dumps({"format": FORMAT, "view": _view(standing=["x" * 30_000])}), "cannot read"),
    (json.dumps({"format": FORMAT, "view": _view(raises=[{"label": 1}])}), "cannot read"),
    (json.dumps({"format": FORMAT, "view": _view(notes=7)}), "cannot read"),
    (json.dumps({"format": FORMAT}), "cannot read"),
    ("[" * 100_000, "not a TFT Manager table server's answer"),  # past Python's recursion
    (f'{{"format": "{FORMAT}", "view": {"[" * 100_000 + "]" * 100_000}}}',
     "not a TFT Manager table server's answer"),
])
def test_a_bad_answer_is_one_line_naming_the_server(text: str, said: str) -> None:
    with pytest.raises(NotUnderstood) as refused:
        read_view(text, where="the server at 10.0.0.1:80")
    assert said in refused.value.message
    assert refused.value.message.startswith("The server at 10.0.0.1:80")


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=20))
def test_no_json_crashes_the_view_reader(data: object) -> None:
    for wrapped in (data, {"format": FORMAT, "view": data}):
        with contextlib.suppress(NotUnderstood):
            read_view(json.dumps(wrapped), where="the server at h")


def test_a_message_is_one_line_from_json_or_plain_text_never_html() -> None:
    assert message_of(b'{"ok": false, "message": "Needs 100 XP;\\n Ragnar has 50."}', "x") \
        == "Needs 100 XP; Ragnar has 50."
    assert message_of(b"Too many requests: wait a moment.", "x") == \
        "Too many requests: wait a moment."
    assert message_of(b"<html>502 Bad Gateway</html>", "fallback") == "fallback"
    assert message_of(b"\xff\xfe", "fallback") != ""
    nested = message_of(b"[" * 100_000, "fallback")  # nested past the stack: read as text
    assert "\n" not in nested and len(nested) < 1000
