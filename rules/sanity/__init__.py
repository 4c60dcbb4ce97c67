"""What both editions share of the SAN flow (issue 32): the loss written ``success/failure``,
the loss taken once the roll is known (fumble, a per-source cap, no loss during a bout, the
window of 不定の狂気, SAN 0), and the madness states that follow, with their timers.

The edition's own roll and its understanding roll (6th アイデア, 7th INT) live in
``rules.coc6.sanity`` and ``rules.coc7.sanity``. Pure: dice come in, nothing is read.
"""
