-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- session taken asks whether it is full, as 'upptaget' does ('går nästa
-- hembesök att boka eller är det taget'); 'tåget' is written with its å.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'topic', 'full' FROM json_each('["taget", "tagen", "tagna", "upptagen", "upptagna"]');
