"""Money: the kinds of entry in a character's money ledger, and what is refused."""

from __future__ import annotations

import enum

from tftmanager.rules.text import dollars


class MoneyKind(enum.Enum):
    """Kinds of money entry; job pay arrives from the job engine as just another kind."""

    START = "start"
    BUY = "buy"
    SELL = "sell"
    PAY = "pay"
    FOUND = "found"
    JOB = "job"
    UPKEEP = "upkeep"
    REPAIR = "repair"
    CORRECTION = "correction"

    @property
    def label(self) -> str:
        """Word for the ledger view."""
        return self.value.capitalize() if self is not MoneyKind.START else "Starting money"


SPENDING = frozenset({MoneyKind.BUY, MoneyKind.PAY, MoneyKind.UPKEEP, MoneyKind.REPAIR})
EARNING = frozenset({MoneyKind.START, MoneyKind.SELL, MoneyKind.FOUND, MoneyKind.JOB})
MAX_MONEY = 10_000_000


def signed_amount(amount: int, kind: MoneyKind) -> int:
    """An amount as entered, signed for its kind: pay, upkeep and the like take money away."""
    if kind not in EARNING and kind is not MoneyKind.CORRECTION:
        return -abs(amount)
    return amount


def money_refusal(amount: int, kind: MoneyKind) -> str:
    """Why a money entry is not acceptable ("" when it is); spending is negative."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        return "The amount must be a whole number of dollars."
    if amount == 0:
        return "The amount must not be $0."
    if abs(amount) > MAX_MONEY:
        return f"The amount must be at most ${MAX_MONEY:,} either way."
    if kind in SPENDING and amount > 0:
        return f"A {kind.value} takes money away; it cannot add any."
    if kind in EARNING and amount < 0:
        return f"{kind.label} adds money; to take money away, record a payment or correction."
    return ""


def purchase_refusal(price: int, balance: int, name: str) -> str:
    """Buying checks the balance."""
    if price > balance:
        return f"{name} costs ${price:,}; only {dollars(balance)} on hand."
    return ""
