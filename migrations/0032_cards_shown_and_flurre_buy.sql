-- Where staff show a card product to visitors besides its sale: on the start
-- page, on /boka, on both, or on neither (the default). A hidden product is
-- shown nowhere, whatever this says.
ALTER TABLE card_products ADD COLUMN shown_on TEXT NOT NULL DEFAULT 'none' CHECK (shown_on IN ('none', 'start', 'boka', 'both'));

-- Flurre's words for buying and selling (the table and its kinds: 0026).
-- 'säljer' and 'köpa' were words of what the site never speaks of, so no
-- answer could account for them and 'säljer ni presentkort?' found none even
-- with cards on sale. They now ask to buy ('buy'), which only the passages
-- on the cards on sale answer: without a card on sale nothing does, and
-- 'säljer ni koppel?' still gets the honest answer.
UPDATE flurre_vocabulary SET value = 'buy' WHERE kind = 'topic' AND word IN ('säljer', 'köpa');
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["sälja", "buy"], ["säljs", "buy"], ["köper", "buy"], ["köpt", "buy"]
]');
