-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- weekends in the plural are the weekend's days, as 'helger' is (0026:
-- 'helgerna är fria', 'har ni pass på helgerna').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('helgerna', 'weekday', '6 7');
