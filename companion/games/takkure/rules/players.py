"""Takkure players: characteristics, fatigue, wounds, endurance and injuries.

Fatigue tokens are active, inactive or permanent. Their effects are cumulative
and count only active (and permanent) tokens: 1, the player loses its position
and training skills; 2, only one MOV action per activation; 3, -1 to STR, BaC,
REF and INT. A fourth token injures the player. A new token flips an inactive
one back before a new one is placed. REST removes an inactive token, or else
flips an active one. SCORE A TRY counts every token, active or not, as -1.

ENDURANCE is BDY + PRT. As many wounds as BDY injures the player. Injuries
roll on the common table; a 12 goes to the grave table, whose 1 gives a fatigue
token and another common roll (whose 12 goes to the grave table again). A
characteristic at 0 or less removes the player from the game.

>>> p = PlayerState(YOKOZUNA)
>>> p = p.add_fatigue().add_fatigue().add_fatigue()
>>> p.effective("STR"), p.fatigue_level, p.rest().fatigue
(7, 3, ('active', 'active', 'inactive'))
>>> [i.name for i in resolve_injury([12, 1, 12, 5])]
['Grave injury', "It's not as bad as it looks", 'Grave injury', 'Broken leg']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

FATIGUE_MODIFIED = ("STR", "BaC", "BaCT", "REF", "INT")  # BaC: both of its values
MAX_FATIGUE = 4


@dataclass(frozen=True)
class Characteristics:
    mov_attack: int
    mov_defence: int
    bac: int
    bac_try: int
    str: int
    ref: int
    int: int
    prt: int
    bdy: int

    def get(self, name: str) -> int:
        return {"MOV": self.mov_attack, "MOVD": self.mov_defence, "BaC": self.bac, "BaCT": self.bac_try,
                "STR": self.str, "REF": self.ref, "INT": self.int, "PRT": self.prt, "BDY": self.bdy}[name]


@dataclass(frozen=True)
class PlayerCard:
    name: str
    positions: tuple[str, ...]
    base_mm: int
    chars: Characteristics
    position_skill: str = ""
    skills: tuple[str, ...] = ()


# An example card (not an official one: the rulebook's cards are pictures that were lost).
YOKOZUNA = PlayerCard("Yokozuna", ("Onslaught",), 40,
                      Characteristics(mov_attack=4, mov_defence=2, bac=6, bac_try=7, str=8, ref=5, int=5,
                                      prt=2, bdy=4), "Onslaught", ("Sumo",))


@dataclass(frozen=True)
class Injury:
    name: str
    changes: tuple[tuple[str, int], ...] = ()   # characteristic, change
    fatigue: int = 0
    wound: int = 0
    permanent_fatigue: bool = False
    removed: bool = False
    note: str = ""
    loses_skills: bool = False


COMMON = {
    1: Injury("I'm just tired", fatigue=1, wound=1),
    2: Injury("Simple scratches", (("BDY", -1),)),
    3: Injury("Cut in the head", (("INT", -2),)),
    4: Injury("Damaged shoulder", (("STR", -1),)),
    5: Injury("Broken finger", (("BaC", -1), ("STR", -1))),
    6: Injury("Broken toe", (("REF", -1), ("MOV", -1))),
    7: Injury("Damaged eye", (("BaC", -2),)),
    8: Injury("Fractured rib", permanent_fatigue=True),
    9: Injury("Cervical sprain", (("STR", -1), ("BaC", -1), ("REF", -1))),
    10: Injury("Dislocated shoulder", (("BaC", -2), ("STR", -2))),
    11: Injury("Sprained ankle", (("REF", -2), ("MOV", -2), ("MOVD", -1))),
    12: Injury("Grave injury", note="roll on the grave injuries table"),
}
GRAVE = {
    1: Injury("It's not as bad as it looks", fatigue=1, note="roll on the common table again"),
    **{k: Injury("Broken arm", (("BaC", -3), ("STR", -3))) for k in (2, 3, 4)},
    **{k: Injury("Broken leg", (("REF", -3), ("MOV", -3), ("MOVD", -2))) for k in (5, 6, 7)},
    **{k: Injury("Fractured vertebrae", (("REF", -3), ("STR", -3), ("BaC", -3)),
                 note="a BDY roll before each action") for k in (8, 9, 10)},
    11: Injury("Broken skull", (("INT", -3), ("REF", -3), ("BDY", -2)), note="loses all skills",
               loses_skills=True),
    12: Injury("Severely injured", removed=True),
}


def resolve_injury(dice: list[int]) -> list[Injury]:
    """The injuries a sequence of D12 rolls gives, following the tables' nesting.
    Raises ValueError when more dice are needed (the caller rolls one more)."""
    out, table, k = [], COMMON, 0
    while True:
        if k >= len(dice):
            raise ValueError(f"the injury needs another die (after {len(dice)})")
        injury = table[dice[k]]
        out.append(injury)
        k += 1
        if table is COMMON and dice[k - 1] == 12:
            table = GRAVE
        elif table is GRAVE and dice[k - 1] == 1:
            table = COMMON
        else:
            return out


@dataclass(frozen=True)
class PlayerState:
    card: PlayerCard
    fatigue: tuple[str, ...] = ()        # 'active', 'inactive', 'permanent'
    wounds: int = 0
    grounded: bool = False
    changes: tuple[tuple[str, int], ...] = ()
    injured: bool = False
    removed: bool = False
    notes: tuple[str, ...] = field(default=())
    more_ground: int = 0                 # ground tokens beyond the first (the ruling ground_tokens_stack)
    all_positions: bool = False          # every position on the card adds its die (ruling position_skills)
    skills_lost: bool = False            # L2372, Broken skull: "loses ALL skills, even innate skills"

    # --- characteristics -------------------------------------------------------

    @property
    def fatigue_level(self) -> int:
        """Tokens whose effects apply (active and permanent)."""
        return sum(1 for t in self.fatigue if t != "inactive")

    def base(self, name: str) -> int:
        # An injury that cuts BaC cuts both of its values (L2357-2369: the card's BaC is the
        # pair "pass / try")
        value = self.card.chars.get(name) + sum(d for n, d in self.changes
                                                if n == name or (name == "BaCT" and n == "BaC"))
        return max(1, value) if name in ("MOV", "MOVD") else value

    def effective(self, name: str) -> int:
        value = self.base(name)
        if self.fatigue_level >= 3 and name in FATIGUE_MODIFIED:
            value -= 1
        return value

    @property
    def endurance(self) -> int:
        return self.effective("BDY") + self.effective("PRT")

    @property
    def has_position_skills(self) -> bool:
        return self.fatigue_level < 1 and not self.skills_lost

    @property
    def skills(self) -> tuple[str, ...]:
        """The card's own (innate) skills the player still has."""
        return () if self.skills_lost else self.card.skills

    def position_skill(self, skill: str) -> bool:
        """Whether ``skill`` adds its die now: a position the player plays (ruling
        position_skills), while it has its position skills (no fatigue, no broken skull)."""
        plays = skill in self.card.positions if self.all_positions else skill == self.card.position_skill
        return plays and self.has_position_skills

    @property
    def mov_actions_allowed(self) -> int:
        return 1 if self.fatigue_level >= 2 else 2

    def try_modifier(self) -> int:
        """SCORE A TRY: -1 per fatigue token, active or not."""
        return -len(self.fatigue)

    # --- what happens to the player ---------------------------------------------

    def knocked_down(self, stack: bool = False) -> "PlayerState":
        """A ground token; with ``stack``, one more on a player already GROUNDED."""
        if self.grounded and stack:
            return replace(self, more_ground=self.more_ground + 1)
        return replace(self, grounded=True)

    def stand_up(self) -> "PlayerState":
        """STAND UP removes one ground token (L1676)."""
        if self.more_ground:
            return replace(self, more_ground=self.more_ground - 1)
        return replace(self, grounded=False)

    def add_fatigue(self) -> "PlayerState":
        tokens = list(self.fatigue)
        if "inactive" in tokens:
            tokens[tokens.index("inactive")] = "active"
        else:
            tokens.append("active")
        state = replace(self, fatigue=tuple(tokens))
        return state.injure("max fatigue") if len(tokens) >= MAX_FATIGUE else state

    def rest(self) -> "PlayerState":
        tokens = list(self.fatigue)
        if "inactive" in tokens:
            tokens.remove("inactive")
        elif "active" in tokens:
            tokens[len(tokens) - 1 - tokens[::-1].index("active")] = "inactive"
        return replace(self, fatigue=tuple(tokens))

    def add_wound(self, n: int = 1) -> "PlayerState":
        state = replace(self, wounds=self.wounds + n)
        return state.injure("wounds") if state.wounds >= state.effective("BDY") else state

    def injure(self, why: str) -> "PlayerState":
        """Off the field; wounds and (non-permanent) fatigue removed; roll on the injury table next."""
        return replace(self, injured=True, wounds=0, grounded=False, more_ground=0,
                       fatigue=tuple(t for t in self.fatigue if t == "permanent"), notes=self.notes + (why,))

    def apply_injuries(self, injuries: list[Injury]) -> "PlayerState":
        state = self
        for injury in injuries:
            state = replace(state, changes=state.changes + injury.changes,
                            notes=state.notes + ((injury.note,) if injury.note else ()),
                            skills_lost=state.skills_lost or injury.loses_skills)
            if injury.permanent_fatigue:
                state = replace(state, fatigue=state.fatigue + ("permanent",))
            for _ in range(injury.fatigue):
                tokens = list(state.fatigue) + ["active"]   # off the field: no second injury from it
                state = replace(state, fatigue=tuple(tokens))
            state = replace(state, wounds=state.wounds + injury.wound)
            if injury.removed:
                state = replace(state, removed=True)
        attrs = ("STR", "BaC", "REF", "INT", "BDY", "PRT")
        if any(state.base(a) <= 0 for a in attrs):
            state = replace(state, removed=True, notes=state.notes + ("a characteristic reached 0",))
        return state
