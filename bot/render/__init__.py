"""Pure rendering: events and battle views to Japanese replies (no discord imports)."""
