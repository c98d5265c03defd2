"""The Tektonpedia (rulebook 650-690): a personality from the places of both laps, and the
Tekton or Mekton verdict from the sabotage meter.

The table's rows are the lap 1 place (yellow), its columns the lap 2 place (brown); places 4
and 5 share a row and a column. The table prints a cell as "lap 2 / lap 1" ("3/2" for 2nd
in lap 1 and 3rd in lap 2); the example above it writes the same cell "#2-3" (lap 1 - lap
2). The ruling ``tektonpedia_cell`` picks the form, "table" by default. The verdict: a
Mekton from ``mekton_at`` sabotages on (5+ in the verdict box, 687-688; the steps say 6+,
658).

>>> personality(2, 3), personality(2, 3, "example")
('3/2', '2-3')
>>> personality(5, 4), personality(6, 1)
('4-5/4-5', '1/6')
>>> verdict(4), verdict(5), verdict(5, mekton_at=6)
('Tekton', 'Mekton', 'Tekton')
"""

from __future__ import annotations

BUCKETS = ("1", "2", "3", "4-5", "4-5", "6")


def bucket(place: int) -> str:
    if not 1 <= place <= 6:
        raise ValueError(f"a place is 1 to 6, not {place}")
    return BUCKETS[place - 1]


def personality(lap1: int, lap2: int, form: str = "table") -> str:
    if form == "example":
        return f"{bucket(lap1)}-{bucket(lap2)}"
    return f"{bucket(lap2)}/{bucket(lap1)}"


def table() -> list[list[str]]:
    """The whole table as printed: rows lap 1 place 1, 2, 3, 4-5, 6; columns lap 2 the same."""
    places = (1, 2, 3, 4, 6)
    return [[personality(a, b) for b in places] for a in places]


def verdict(sabotages: int, mekton_at: int = 5) -> str:
    return "Mekton" if sabotages >= mekton_at else "Tekton"
