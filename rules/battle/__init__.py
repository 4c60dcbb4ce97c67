"""What every game system shares: units, rounds, turns, pending questions, events, and the
fold of events into state (decide / evolve, ARCHITECTURE.md)."""
