-- More of Flurre's everyday Swedish (the table and its kinds: 0026). A new
-- grammar value, 'question': a word that opens a question for something.
-- A sentence it opens asks, even without a question mark, and is not a need
-- told in passing ('hur ofta ska man träna hemma' is not 'hunden vaktar
-- matskålen').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'question' FROM json_each('[
  "hur", "vad", "va", "vem", "vilka", "vilken", "vilket", "när", "var", "vart", "varför"
]');
