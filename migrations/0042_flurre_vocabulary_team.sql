-- More of Flurre's everyday Swedish (the table and its kinds: 0026): the
-- chat is where questions come in, a reward is what reward-based training
-- gives, and fixing something is seeing to it.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["chatten", "frågor"], ["chatt", "frågor"], ["chatta", "frågor"],
  ["belöning", "belöningsbaserat"], ["belöningar", "belöningsbaserat"],
  ["fixar", "sköter"]
]');
