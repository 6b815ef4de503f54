-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- payments are the business's economy, who sees to them is who keeps the
-- accounts ('vem tar hand om betalningarna', 'jag har en fråga om min
-- betalning, vem ska jag vända mig till'). The word still asks of payment.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('betalning', 'same', 'ekonomi');
