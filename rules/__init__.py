"""Pure game logic: dice, Call of Cthulhu 6th edition mechanics, battles and game systems.

Nothing in this package awaits, performs I/O, reads the clock, logs or calls ``random``
directly; dice come in as a :class:`rules.dice.Dice` object.
"""
