-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what
-- the trainers need to know before they come asks what to prepare, as
-- 'inför' does ('vad behöver ni veta innan ni kommer hem till oss'); a row
-- staff wrote whose question it repeats answers it (decide.ts).
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["vad behöver ni veta", "inför"], ["vad behöver ni få veta", "inför"], ["vad måste ni veta", "inför"]
]');
