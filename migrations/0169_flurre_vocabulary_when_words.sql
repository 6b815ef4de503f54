-- More of Flurre's everyday Swedish (the table and its kinds: 0026): a
-- 'klockslag' asks when a session is ('vilket datum och klockslag är nästa
-- valpkurs'), as 'klockan' does. What the time is now, which the site never
-- says ('vad är klockan': 0070), is read under a word of its own, so that a
-- time asked of a session is not read as that.
UPDATE flurre_vocabulary SET value = 'klockan-nu' WHERE kind = 'phrase' AND value = 'klockslaget';
UPDATE flurre_vocabulary SET word = 'klockan-nu' WHERE kind = 'topic' AND word = 'klockslaget' AND value = 'unsaid';
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) VALUES ('klockslag', 'topic', 'when');
