-- Flurre's grammar (the table and its kinds: 0026): ending, asked when, asks
-- when again ('vilken tid slutar valpkursen', 'när slutar passet'): a
-- session's time says when it ends. Alone it is a word like any other ('hur
-- slutar jag få nyhetsbrevet'). The grammar value 'again': 0051.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'again when' FROM json_each('[
  "slutar", "sluta", "slut", "avslutas"
]');
