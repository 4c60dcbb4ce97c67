"""Call of Cthulhu 6th edition combat, shared by the house rules (``coc6-house``, seed 000)
and the book parry rule (``coc6``, seed 001); each is a :class:`Coc6System` configured in
``house.py`` and ``book.py``."""
