"""Call of Cthulhu 7th edition (新クトゥルフ神話TRPG) base mechanics: checks, characters,
sanity, luck and growth. Pure: dice come in as an object."""
