-- Flurre's grammar (the table and its kinds: 0026): a verb that asks whether
-- something is needed ('måste jag ha sele', 'behöver hunden sele'). A text
-- that gives the thing as one of alternatives ('ett halsband eller en sele')
-- answers such a question with neither Ja nor Nej; asked whether it may be
-- had ('kan man betala med swish?' of 'med kort eller Swish'), it is a Ja.
-- The role 'must': yes-no.ts.
UPDATE flurre_vocabulary SET value = value || ' must'
WHERE kind = 'grammar' AND word IN ('måste', 'behöver', 'behövs', 'krävs', 'kräver') AND ' ' || value || ' ' NOT LIKE '% must %';
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT value, 'grammar', 'must' FROM json_each('["måste", "behöver", "behövs", "krävs", "kräver"]');
-- 'när' is no longer read as a condition in a text (0200's role 'clause'):
-- 'Du betalar när du bokar' says when, and 'kan man betala med swish?' is a Ja.
UPDATE flurre_vocabulary SET value = trim(replace(' ' || value || ' ', ' clause ', ' '))
WHERE kind = 'grammar' AND word = 'när' AND ' ' || value || ' ' LIKE '% clause %';
