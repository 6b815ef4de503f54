-- More of Flurre's everyday Swedish (the table and its kinds: 0026): what a
-- thing lands on, or the bill, is what it costs ('vad landar ett hembesök på
-- i kronor', 'vad landar notan på').
INSERT OR IGNORE INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["landar", "price"], ["notan", "price"]
]');
