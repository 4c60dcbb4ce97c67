"""Call of Cthulhu 6th edition base mechanics: checks, characters, damage bonus, weapons."""
